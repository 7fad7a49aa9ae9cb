import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// Which target's settings govern an app's sources, through the levels Xcode and XcodeGen layer.
@Suite("Governing deployment targets")
struct GoverningTargetTests {
    /// A previews target and a widget listed before the app; the app's setting sits in its
    /// `.xcconfig`, the widget inherits the project's (from the project-level `.xcconfig`).
    static let layered = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T0, T2, T1, T3); };
    \t\tG0 = {isa = PBXGroup; children = (G1, F9); sourceTree = "<group>"; };
    \t\tG1 = {isa = PBXGroup; children = (F1, F2); path = Configuration; sourceTree = "<group>"; };
    \t\tF1 = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Project.xcconfig; sourceTree = "<group>"; };
    \t\tF2 = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = App.xcconfig; sourceTree = "<group>"; };
    \t\tF9 = {isa = PBXFileReference; path = Tests.xcconfig; sourceTree = SOURCE_ROOT; };
    \t\tT0 = {isa = PBXNativeTarget; buildConfigurationList = L0; name = Previews; productType = "com.apple.product-type.bundle"; };
    \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Widget; productType = "com.apple.product-type.app-extension"; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Trails; productType = "com.apple.product-type.application"; };
    \t\tT3 = {isa = PBXNativeTarget; buildConfigurationList = L3; name = TrailsTests; productType = "com.apple.product-type.bundle.unit-test"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PR, PD); };
    \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (A0); };
    \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (A1, B1); };
    \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (A2); };
    \t\tL3 = {isa = XCConfigurationList; buildConfigurations = (A3); };
    \t\tPR = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
    \t\tPD = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
    \t\tA0 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; name = Release; };
    \t\tA1 = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {PRODUCT_NAME = Trails; }; name = Release; };
    \t\tB1 = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = "$(inherited)"; }; name = Debug; };
    \t\tA2 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = Widget; }; name = Release; };
    \t\tA3 = {isa = XCBuildConfiguration; baseConfigurationReference = F9; buildSettings = {}; name = Release; };
    \t};
    \trootObject = P1;
    }
    """

    static func write(_ root: ProjectScratchFolder, appXcconfig: String = "#include \"Shared.xcconfig\"\n") throws {
        try root.write(".git/HEAD", "")
        try root.write("Trails.xcodeproj/project.pbxproj", Self.layered)
        try root.write("Configuration/Project.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.0\nSWIFT_VERSION = 5.0\n")
        try root.write("Configuration/App.xcconfig", appXcconfig)
        try root.write("Configuration/Shared.xcconfig", "// the app's floor\nIPHONEOS_DEPLOYMENT_TARGET = 16.4 // analytics\n")
        try root.write("Tests.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 12.0\n")
        try root.write("Trails/TrailList.swift", "")
    }

    @Test("the app target governs, its setting read from an included xcconfig; previews, widget and tests do not")
    func applicationTargetGoverns() throws {
        let root = try ProjectScratchFolder()
        try Self.write(root)
        let target = DeploymentTargetResolver(override: nil, enabled: true).target(forFile: root.path("Trails/TrailList.swift"))
        #expect(target.version == Version(16, 4))
        #expect(target.source?.hasSuffix("Trails.xcodeproj/project.pbxproj") == true)
    }

    @Test("an app target without its own setting inherits the project level's xcconfig")
    func applicationInheritsProjectXcconfig() throws {
        let root = try ProjectScratchFolder()
        try Self.write(root, appXcconfig: "SWIFT_VERSION = 6.0\n")
        let target = DeploymentTargetResolver(override: nil, enabled: true).target(forFile: root.path("Trails/TrailList.swift"))
        #expect(target.version == Version(15))
    }

    @Test("settings resolved per level: $(inherited), conditional keys, variables")
    func settingsLayers() {
        var settings = ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"]
        XcodeProjectSettings.merge(["IPHONEOS_DEPLOYMENT_TARGET": "$(inherited)", "INFOPLIST_FILE": "$(SRCROOT)/$(TARGET_NAME)/Info.plist",
                                    "OTHER[sdk=macosx*]": "1", "SDK_ONLY[sdk=iphoneos*]": "2"],
                                   into: &settings, context: ["SRCROOT": "/p", "TARGET_NAME": "App"])
        #expect(settings == ["IPHONEOS_DEPLOYMENT_TARGET": "15.0", "INFOPLIST_FILE": "/p/App/Info.plist", "SDK_ONLY": "2"])
    }

    @Test("variables: both spellings, the context over the settings below, unknown and malformed ones kept")
    func variableSubstitution() {
        var settings = ["BASE": "9.0", "TARGET_NAME": "Below", "PRODUCT": "$(UNSET)"]
        XcodeProjectSettings.merge(["A": "${BASE}-$(TARGET_NAME)", "B": "$(NOPE) $(PRODUCT_NAME:c99extidentifier) $", "C": "$(BASE",
                                    "D": "$(PRODUCT)", "E": "$$(BASE)"],
                                   into: &settings, context: ["TARGET_NAME": "App"])
        #expect(settings["A"] == "9.0-App")
        #expect(settings["B"] == "$(NOPE) $(PRODUCT_NAME:c99extidentifier) $")
        #expect(settings["C"] == "$(BASE")
        #expect(settings["D"] == "$(UNSET)")
        #expect(settings["E"] == "$9.0")
    }

    @Test("an xcconfig's conditional keys: the `=` after the condition ends the key")
    func xcconfigConditionalKeys() {
        var visited = Set<String>()
        let settings = XcconfigReader.settings(at: "/c/A.xcconfig", read: { _ in
            "A[sdk=iphoneos*] = 1\nB[sdk=macosx*] = 2\nC[config=Debug][sdk=iphoneos*] = 3\nD = x=y\nE[sdk=iphoneos* = 4\n"
        }, visited: &visited)
        #expect(settings == ["A": "1", "D": "x=y"])
    }

    @Test("an xcconfig that includes itself is read once")
    func includeCycle() {
        var visited = Set<String>()
        let settings = XcconfigReader.settings(at: "/c/A.xcconfig", read: { path in
            path.hasSuffix("A.xcconfig") ? "#include \"B.xcconfig\"\nX = 1\n" : "#include \"A.xcconfig\"\nY = 2\n"
        }, visited: &visited)
        #expect(settings == ["X": "1", "Y": "2"])
    }

    @Test("XcodeGen: the application target governs; configFiles xcconfigs resolve; tests never count")
    func xcodeGen() throws {
        let spec = """
        name: Trails
        options:
          deploymentTarget:
            iOS: "15.0"
        configFiles:
          Debug: Configs/Project.xcconfig
        targets:
          TrailsWidget:
            type: app-extension
            platform: iOS
            deploymentTarget: "14.0"
          Trails:
            type: application
            platform: iOS
            configFiles:
              Debug: Configs/App.xcconfig
              Release: Configs/App.xcconfig
          TrailsTests:
            type: bundle.unit-test
            platform: iOS
            deploymentTarget: "12.0"
        """
        let files = ["/p/Configs/App.xcconfig": "#include \"Base.xcconfig\"\n", "/p/Configs/Base.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 16.2\n",
                     "/p/Configs/Project.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 15.5\n"]
        #expect(ManifestParser.xcodeGenFinding(spec, folder: "/p", read: { files[$0] ?? "" }) == .iOS(Version(16, 2)))
        // Without the app's xcconfig, the project level stands for it (its lowest value).
        #expect(ManifestParser.xcodeGenFinding(spec, folder: "/p", read: { $0.hasSuffix("Project.xcconfig") ? files[$0]! : "" })
                == .iOS(Version(15)))
        // Without a folder no xcconfig is read, and the options' value governs.
        #expect(ManifestParser.xcodeGenFinding(spec) == .iOS(Version(15)))
    }
}
