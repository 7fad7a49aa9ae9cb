import Foundation
import Testing
import SeamLintCore
@testable import SeamLintEngine

/// Reading iOS deployment targets from manifests, and which manifest governs a file.
@Suite("Deployment targets")
struct DeploymentTargetTests {
    // MARK: Package.swift and Tuist

    @Test("SwiftPM platform spellings")
    func swiftPackageSpellings() {
        #expect(ManifestParser.swiftManifestTarget("platforms: [.iOS(.v16)]") == Version(16))
        #expect(ManifestParser.swiftManifestTarget("platforms: [.iOS(.v16_4)]") == Version(16, 4))
        #expect(ManifestParser.swiftManifestTarget("platforms: [.iOS(\"16.4\")]") == Version(16, 4))
        #expect(ManifestParser.swiftManifestTarget("platforms: [.iOS(SupportedPlatform.IOSVersion.v17)]") == Version(17))
        #expect(ManifestParser.swiftManifestTarget("platforms: [.macOS(.v13), .iOS(.v15), .watchOS(.v9)]") == Version(15))
        #expect(ManifestParser.swiftManifestTarget("platforms: [.macOS(.v13)]") == nil)
    }

    @Test("comments, conditions and product types in Package.swift are not targets")
    func swiftPackageNoise() {
        let manifest = """
        // swift-tools-version: 5.9
        // Was .iOS(.v13) until 2024; "Requires iOS 16.0 or later".
        /* platforms: [.iOS(.v12)] */
        let package = Package(
            name: "Trails",
            platforms: [
                .iOS(.v16), // keep in sync with the App Store listing
            ],
            products: [.iOSApplication(name: "Trails", targets: ["App"])],
            targets: [
                .target(name: "App", swiftSettings: [.define("PHONE", .when(platforms: [.iOS]))]),
            ]
        )
        """
        #expect(ManifestParser.swiftManifestTarget(manifest) == Version(16))
    }

    @Test("Tuist Project.swift spellings")
    func tuist() {
        let old = """
        let project = Project(name: "App", targets: [
            Target(name: "App", platform: .iOS, product: .app,
                   deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone, .ipad]))
        ])
        """
        #expect(ManifestParser.swiftManifestTarget(old) == Version(15))
        let new = """
        .target(name: "App", destinations: .iOS, product: .app, deploymentTargets: .iOS("17.0"))
        .target(name: "Kit", destinations: [.iPhone, .mac], product: .framework,
                deploymentTargets: .multiplatform(iOS: "16.4", macOS: "14.0"))
        """
        #expect(ManifestParser.swiftManifestTarget(new) == Version(16, 4))
    }

    // MARK: Build settings

    /// 2,000 texts of 1 to 30 of `pieces` each, drawn by a fixed linear congruential sequence.
    static func randomTexts(of pieces: [String], seed: UInt64) -> [String] {
        var state = seed
        return (0..<2_000).map { round in
            (0...(round % 30)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return pieces[Int(state >> 33) % pieces.count]
            }.joined()
        }
    }

    /// An `.xcconfig` read by bytes where it is ASCII gives the lines read by `Character`s: random
    /// texts of settings, includes, comments, conditions, quotes, `;`, spaces, tabs, every newline,
    /// non-ASCII letters and spaces, and combining marks on the bytes the reader looks for.
    @Test func xcconfigByteLinesMatchCharacterLines() {
        let pieces = ["KEY", "OTHER_LDFLAGS", " = ", "=", "$(inherited)", " // note", "//", "/", "#include \"a.xcconfig\"",
                      "#include? \"b\"", "#include", "[sdk=iphoneos*]", "[", "]", "\t", ";", " ;", "\r\n", "\n", "\r",
                      "\u{0B}", "\u{0C}", "\"", "x y", " ", "16.0", "-l\"c++\"", "\u{85}", "\u{2028}", "\u{2029}",
                      "\u{A9}", "caf\u{E9}", "\u{A0}", "\u{3000}", "\"\u{301}", "=\u{301}", "/\u{301}", "[\u{301}"]
        var compared = 0
        for text in Self.randomTexts(of: pieces, seed: 7) {
            let expected = XcconfigReader.characterLines(text)
            compared += expected.count
            #expect(XcconfigReader.lines(text) == expected, "\(text.debugDescription)")
        }
        #expect(compared > 500)
    }

    /// An XcodeGen spec read by bytes where it is ASCII gives the lines read by `Character`s:
    /// random texts of keys, values, list markers, quotes, comments, indents, every newline,
    /// non-ASCII letters and spaces, and combining marks on the bytes the reader looks for.
    @Test func xcodeGenByteLinesMatchCharacterLines() {
        let pieces = ["  ", "\t", "- ", "-", "targets", ":", " ", "\"", "'", "#", " #", "16.0", "type", "application", "\n",
                      "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "caf\u{E9}", "\u{A0}", "#\u{301}", ":\u{301}",
                      "-\u{301}", " \u{301}", "\"\u{301}"]
        var compared = 0
        for text in Self.randomTexts(of: pieces, seed: 11) {
            let expected = XcodeGenSpec.characterLines(text)
            compared += expected.count
            #expect(XcodeGenSpec(text).lines == expected, "\(text.debugDescription)")
        }
        #expect(compared > 1_000)
    }

    @Test("xcconfig values with comments, conditions and variables")
    func xcconfig() {
        let text = """
        // Oldest release still above 1% of active users.
        IPHONEOS_DEPLOYMENT_TARGET = 16.4 // see analytics
        IPHONEOS_DEPLOYMENT_TARGET[sdk=iphonesimulator*] = $(inherited)
        // IPHONEOS_DEPLOYMENT_TARGET = 12.0
        MACOSX_DEPLOYMENT_TARGET = 11.0
        """
        #expect(ManifestParser.buildSettingTarget(text) == Version(16, 4))
        #expect(ManifestParser.buildSettingTarget("IPHONEOS_DEPLOYMENT_TARGET = $(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)") == nil)
    }

    @Test("pbxproj: targets override the project level; test and macOS targets do not count")
    func pbxproj() {
        #expect(ManifestParser.pbxprojTarget(Self.pbxproj) == Version(17))
    }

    @Test("pbxproj: a target without its own setting inherits the project level")
    func pbxprojInherited() {
        let inherited = Self.pbxproj.replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;", with: "")
            .replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 17.2;", with: "")
        #expect(ManifestParser.pbxprojTarget(inherited) == Version(15, 4))
    }

    @Test("pbxproj: a read setting named through settings of other levels (xcconfig, conditional, project)")
    func pbxprojChainedVariables() {
        let chained = Self.pbxproj
            .replacingOccurrences(of: "A1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0;",
                                  with: "A1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = \"$(APP_MINIMUM)\";")
            .replacingOccurrences(of: "\t\tL1 = ", with: "\t\tX1 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = SOURCE_ROOT; };\n\t\tL1 = ")
        func target(_ projectLevel: String) -> Version? {
            let text = chained.replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 15.4;\n", with: "IPHONEOS_DEPLOYMENT_TARGET = 15.4;\n" + projectLevel)
            return ManifestParser.pbxprojFinding(text, folder: "/p", read: { path in
                path == "/p/App.xcconfig" ? "APP_MINIMUM[sdk=iphoneos*] = $(SHARED_MINIMUM) // from the project\nOTHER = $(UNRELATED)\n" : ""
            }).version
        }
        #expect(target("SHARED_MINIMUM = 14.2;\nUNRELATED = 9.0;\n") == Version(14, 2))
        // Unresolved: the app's setting reads as no version, and the widget's 17.2 governs.
        #expect(target("UNRELATED = 9.0;\n") == Version(17, 2))
    }

    @Test("the settings layered: the read ones and, through every level, the ones their values name")
    func neededSettings() {
        let needed = XcodeProjectSettings.neededSettings([
            ["IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]": "$(A) ${B}", "A": "x", "UNRELATED": "$(C)"],
            ["B": "$(inherited) $(D_$(E))", "D": "1"],
        ])
        // `inherited` too: more than `substitute` looks up is harmless.
        #expect(needed == XcodeProjectSettings.readSettings.union(["A", "B", "D_$(E", "E", "inherited"]))
        #expect(XcodeProjectSettings.namedSettings("$(A)$$(B) ${C) $(D") == ["A", "B"])
    }

    @Test("pbxproj that is not a property list falls back to reading lines")
    func pbxprojFallback() {
        #expect(ManifestParser.pbxprojTarget("garbage {\n\tIPHONEOS_DEPLOYMENT_TARGET = 14.0;\n") == Version(14))
    }

    @Test("an Xcode project whose targets all build for macOS is not an iOS project")
    func macOSProject() throws {
        let mac = Self.pbxproj.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = macosx;")
        #expect(ManifestParser.pbxprojFinding(mac) == .otherPlatformsOnly)
        #expect(ManifestParser.pbxprojFinding(Self.pbxproj) == .iOS(Version(17)))

        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "")
        try root.write("Editor.xcodeproj/project.pbxproj", mac)
        try root.write("Editor/Sidebar.swift", "")
        let target = DeploymentTargetResolver(override: nil, enabled: true).target(forFile: root.path("Editor/Sidebar.swift"))
        #expect(target.buildsForIOS == false)
        #expect(target.version == nil)
        #expect(target.source?.hasSuffix("Editor.xcodeproj/project.pbxproj") == true)
    }

    // MARK: XcodeGen

    @Test("XcodeGen project.yml spellings")
    func xcodeGen() {
        let options = """
        name: Mise
        options:
          bundleIdPrefix: com.example
          deploymentTarget:
            iOS: "17.0"
            macOS: "12.0"
          createIntermediateGroups: true
        """
        #expect(ManifestParser.xcodeGenTarget(options) == Version(17))
        let targets = """
        targets:
          MacHelper:
            type: tool
            platform: macOS
            deploymentTarget: "12.0"
          Sketch:
            type: application
            deploymentTarget: "15.0"   # iPad users on old hardware
            platform: iOS
          Widgets:
            type: app-extension
            platform: iOS
            settings:
              base:
                IPHONEOS_DEPLOYMENT_TARGET: 16.1
        """
        #expect(ManifestParser.xcodeGenTarget(targets) == Version(15))
        #expect(ManifestParser.xcodeGenTarget("options:\n  deploymentTarget: {iOS: 16.2, macOS: 13}\n") == Version(16, 2))
        #expect(ManifestParser.xcodeGenTarget("# deploymentTarget: 12.0\nname: App\n") == nil)
        let macOnly = "targets:\n  Menubar:\n    type: application\n    platform: macOS\n    deploymentTarget: \"13.0\"\n"
        #expect(ManifestParser.xcodeGenFinding(macOnly) == .otherPlatformsOnly)
    }

    // MARK: Which manifest governs a file

    @Test("a package inside the repository has its own, lower target than the app")
    func nestedPackage() throws {
        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "ref: refs/heads/main\n")
        try root.write("App.xcodeproj/project.pbxproj", Self.pbxproj)
        try root.write("App/ContentView.swift", "")
        try root.write("Packages/Legacy/Package.swift", "let package = Package(platforms: [.iOS(.v15)])")
        try root.write("Packages/Legacy/Sources/Legacy/Widget.swift", "")
        try root.write("Packages/Modern/Package.swift", "let package = Package(platforms: [.iOS(\"18.0\")])")
        try root.write("Packages/Modern/Sources/Modern/Card.swift", "")

        let resolver = DeploymentTargetResolver(override: nil, enabled: true)
        let app = resolver.target(forFile: root.path("App/ContentView.swift"))
        #expect(app.version == Version(17))
        #expect(app.source?.hasSuffix("App.xcodeproj/project.pbxproj") == true)
        #expect(resolver.target(forFile: root.path("Packages/Legacy/Sources/Legacy/Widget.swift")).version == Version(15))
        let modern = resolver.target(forFile: root.path("Packages/Modern/Sources/Modern/Card.swift"))
        #expect(modern.version == Version(18))
        #expect(modern.source?.hasSuffix("Modern/Package.swift") == true)
        #expect(resolver.lowestTarget().version == Version(15))
    }

    @Test("an Xcode project whose target lives in xcconfig files")
    func xcconfigBesideProject() throws {
        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "")
        try root.write("Reader.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { }; }\n")
        try root.write("Configuration/Shared.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        try root.write("Reader/Feed.swift", "")
        let target = DeploymentTargetResolver(override: nil, enabled: true).target(forFile: root.path("Reader/Feed.swift"))
        #expect(target.version == Version(16))
        #expect(target.source?.hasSuffix("Configuration/Shared.xcconfig") == true)
    }

    @Test("no manifest up to the git root: unknown; an override wins over manifests")
    func unknownAndOverride() throws {
        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "")
        try root.write("Sources/A.swift", "")
        #expect(DeploymentTargetResolver(override: nil, enabled: true).target(forFile: root.path("Sources/A.swift")) == .unknown)
        try root.write("Package.swift", "platforms: [.iOS(.v15)]")
        let override = DeploymentTarget(version: Version(17), source: "--ios-deployment-target")
        #expect(DeploymentTargetResolver(override: override, enabled: true).target(forFile: root.path("Sources/A.swift")) == override)
    }

    @Test("the samples' manifests")
    func samples() {
        let samples = PackageRoot.url.appendingPathComponent("Samples").path
        let menu = DeploymentTargetResolver.targetDeclared(in: samples + "/MenuApp")
        #expect(menu?.version == Version(16))
        let overlay = DeploymentTargetResolver.targetDeclared(in: samples + "/OverlayDialogApp")
        #expect(overlay?.version == Version(16, 4))
        let scenes = DeploymentTargetResolver.targetDeclared(in: samples + "/SceneDelegateApp")
        #expect(scenes?.version == Version(17))
    }

    /// A project with a project-level 15.4, an app at 17.0, an extension at 17.2, a unit-test
    /// target at 12.0 and a macOS helper (which inherits the project-level 15.4).
    static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjects = {
    \t\tP1 /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tbuildConfigurationList = PL /* Build configuration list for PBXProject "App" */;
    \t\t\ttargets = (T1, T2, T3, T4);
    \t\t};
    \t\tT1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
    \t\tT2 /* Widgets */ = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Widgets; productType = "com.apple.product-type.app-extension"; };
    \t\tT3 /* AppTests */ = {isa = PBXNativeTarget; buildConfigurationList = L3; name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
    \t\tT4 /* MacHelper */ = {isa = PBXNativeTarget; buildConfigurationList = L4; name = MacHelper; productType = "com.apple.product-type.tool"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD /* Debug */, PR /* Release */, ); };
    \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (A1, ); };
    \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (A2, ); };
    \t\tL3 = {isa = XCConfigurationList; buildConfigurations = (A3, ); };
    \t\tL4 = {isa = XCConfigurationList; buildConfigurations = (A4, ); };
    \t\tPD /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\t"GCC_PREPROCESSOR_DEFINITIONS[arch=*]" = ("DEBUG=1", "$(inherited)");
    \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.4;
    \t\t\t\tSDKROOT = iphoneos;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t\tPR /* Release */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 15.4; SDKROOT = iphoneos; }; name = Release; };
    \t\tA1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; INFOPLIST_KEY_CFBundleDisplayName = "Trail Guide"; }; name = Debug; };
    \t\tA2 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.2; }; name = Debug; };
    \t\tA3 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 12.0; }; name = Debug; };
    \t\tA4 = {isa = XCBuildConfiguration; buildSettings = {MACOSX_DEPLOYMENT_TARGET = 13.0; SDKROOT = macosx; }; name = Debug; };
    \t};
    \trootObject = P1 /* Project object */;
    }
    """
}

/// A temporary folder removed when the value is released.
final class ProjectScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
