// swift-tools-version: 5.9

// Trailhead ships as an app package so it can be opened in both Xcode and
// Swift Playgrounds. Keep the deployment target in sync with the App Store
// listing ("Requires iOS 16.0 or later").

import PackageDescription
import AppleProductTypes

let package = Package(
    name: "Trailhead",
    platforms: [
        .iOS(.v16)
    ],
    products: [
        .iOSApplication(
            name: "Trailhead",
            targets: ["AppModule"],
            bundleIdentifier: "com.example.trailhead",
            teamIdentifier: "",
            displayVersion: "1.3.1",
            bundleVersion: "28",
            appIcon: .placeholder(icon: .map),
            accentColor: .presetColor(.green),
            supportedDeviceFamilies: [
                .pad,
                .phone
            ],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad]))
            ]
        )
    ],
    targets: [
        .executableTarget(
            name: "AppModule",
            path: "."
        )
    ]
)
