import Foundation
import SeamLintCore
import SeamLintCLI
@testable import SeamLintEngine
import Testing

/// Scene and window lookups are notes in an app whose Info.plist gives it one scene today.
@Suite("Single-scene apps")
struct SingleSceneAppTests {
    static let lookups = """
        import UIKit

        func present(_ controller: UIViewController) {
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            UIApplication.shared.windows.first?.rootViewController?.present(controller, animated: true)
        }
        """

    static func plist(multipleScenes: Bool?, roles: [String] = ["UIWindowSceneSessionRoleApplication"], manifest: Bool = true) -> String {
        let flag = multipleScenes.map { "<key>UIApplicationSupportsMultipleScenes</key><\($0 ? "true" : "false")/>" } ?? ""
        let configurations = roles.map { "<key>\($0)</key><array><dict><key>UISceneConfigurationName</key><string>Default</string></dict></array>" }
        let sceneManifest = manifest
            ? "<key>UIApplicationSceneManifest</key><dict>\(flag)<key>UISceneConfigurations</key><dict>\(configurations.joined())</dict></dict>"
            : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            \(sceneManifest)
            </dict></plist>
            """
    }

    /// An Xcode project whose app target (listed after its widget) names its plist through an
    /// xcconfig, `$(SRCROOT)` and all, or sets the generated key.
    static func pbxproj(appSettings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T2, T1); };
        \t\tG0 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Trails; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PR); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (A1); };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (A2); };
        \t\tPR = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 16.0; SDKROOT = iphoneos; }; name = Release; };
        \t\tA1 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {\(appSettings)}; name = Release; };
        \t\tA2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Widget/Info.plist; }; name = Release; };
        \t};
        \trootObject = P1;
        }
        """
    }

    /// Lints `file` (`Trails/Share.swift`) of a project written by `setUp`; the lookups' severities and helps.
    static func lint(options: [String: RuleOptions] = [:], file: String = "Trails/Share.swift",
                     _ setUp: (ProjectScratchFolder) throws -> Void) throws
        -> [(rule: String, severity: Severity, help: String)] {
        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "")
        try root.write(file, Self.lookups)
        try root.write("Widget/Info.plist", plist(multipleScenes: nil, manifest: false).replacingOccurrences(
            of: "<key>UILaunchStoryboardName</key>", with: "<key>NSExtension</key><dict/><key>X</key>"))
        try setUp(root)
        let rules = allRules.filter { ["connected_scenes_first", "key_window_lookup"].contains($0.description.id) }
        let linter = InMemoryLint.linter(rules: rules, ruleOptions: options) { $0.discoverDeploymentTargets = true }
        let result = linter.lint([SourceFileRef(path: file, absolutePath: root.path(file), language: .swift)])
        return result.diagnostics.map { ($0.ruleID, $0.severity, $0.help ?? "") }
    }

    @Test("INFOPLIST_FILE of the app target, from its xcconfig: one scene, so notes that say why")
    func infoPlistFileOfTheAppTarget() throws {
        let found = try Self.lint { root in
            try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings: "PRODUCT_NAME = Trails; "))
            try root.write("App.xcconfig", "INFOPLIST_FILE = $(SRCROOT)/$(TARGET_NAME)/Info.plist\n")
            try root.write("Trails/Info.plist", Self.plist(multipleScenes: false))
        }
        #expect(found.map(\.severity) == [.note, .note])
        #expect(found.allSatisfy { $0.help.contains("Today this app has one scene (UIApplicationSupportsMultipleScenes = false in Trails/Info.plist)") })
    }

    @Test("multiple windows, an external display or CarPlay: warnings")
    func severalScenes() throws {
        for plist in [Self.plist(multipleScenes: true),
                      Self.plist(multipleScenes: false, roles: ["UIWindowSceneSessionRoleApplication", "UIWindowSceneSessionRoleExternalDisplayNonInteractive"]),
                      Self.plist(multipleScenes: false, roles: ["CPTemplateApplicationSceneSessionRoleApplication"])] {
            let found = try Self.lint { root in
                try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings: "INFOPLIST_FILE = Trails/Info.plist; "))
                try root.write("Trails/Info.plist", plist)
            }
            #expect(found.map(\.severity) == [.warning, .warning])
        }
    }

    @Test("generated INFOPLIST_KEY_UIApplicationSupportsMultipleScenes; the option keeps warnings")
    func generatedKeyAndOption() throws {
        let project = { (root: ProjectScratchFolder) in
            try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings:
                "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES; INFOPLIST_KEY_UIApplicationSupportsMultipleScenes = NO; "))
        }
        #expect(try Self.lint(project).map(\.severity) == [.note, .note])
        let off = ["connected_scenes_first": RuleOptions(["note_in_single_scene_apps": .bool(false)]),
                   "key_window_lookup": RuleOptions(["note_in_single_scene_apps": .bool(false)])]
        #expect(try Self.lint(options: off, project).map(\.severity) == [.warning, .warning])
        // Generated without the key: Xcode's manifest enables multiple windows.
        let generated = try Self.lint { root in
            try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings:
                "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES; "))
        }
        #expect(generated.map(\.severity) == [.warning, .warning])
        // The same with an INFOPLIST_FILE that has no scene manifest: Xcode merges the generated one in.
        let merged = try Self.lint { root in
            try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings:
                "INFOPLIST_FILE = Trails/Info.plist; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES; "))
            try root.write("Trails/Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(merged.map(\.severity) == [.warning, .warning])
    }

    @Test("XcodeGen info properties and path; an app Info.plist beside the sources; none at all")
    func otherLayouts() throws {
        let properties = try Self.lint { root in
            try root.write("project.yml", """
                name: Trails
                targets:
                  Trails:
                    type: application
                    platform: iOS
                    info:
                      path: Trails/Info.plist
                      properties:
                        UIApplicationSceneManifest:
                          UIApplicationSupportsMultipleScenes: false
                """)
        }
        #expect(properties.map(\.severity) == [.note, .note])
        let path = try Self.lint { root in
            try root.write("project.yml", "targets:\n  Trails:\n    type: application\n    info:\n      path: Config/App-Info.plist\n")
            try root.write("Config/App-Info.plist", Self.plist(multipleScenes: true))
        }
        #expect(path.map(\.severity) == [.warning, .warning])
        // A package with the app's plist beside the sources, without a scene manifest: one scene.
        let beside = try Self.lint { root in
            try root.write("Package.swift", "let package = Package(platforms: [.iOS(.v16)])")
            try root.write("Trails/Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(beside.map(\.severity) == [.note, .note])
        #expect(beside.first?.help.contains("no UIApplicationSceneManifest in Trails/Info.plist") == true)
        let unknown = try Self.lint { root in try root.write("Package.swift", "let package = Package()") }
        #expect(unknown.map(\.severity) == [.warning, .warning])
    }

    /// `Trails: type: application, info: properties:` saying one scene.
    static let singleSceneSpec = """
        name: Trails
        targets:
          Trails:
            type: application
            platform: iOS
            info:
              path: Trails/Info.plist
              properties:
                UIApplicationSceneManifest:
                  UIApplicationSupportsMultipleScenes: false
        """

    @Test("XcodeGen: included specs are followed, and a target's configFiles xcconfig names its INFOPLIST_FILE")
    func xcodeGenIncludeAndConfigFiles() throws {
        let found = try Self.lint { root in
            try root.write("project.yml", """
                name: Riot
                configFiles:
                  Release: Config/Project-Release.xcconfig
                include:
                  - path: Riot/target.yml
                  # - path: Disabled/target.yml
                """)
            try root.write("Riot/target.yml", """
                targets:
                  Riot:
                    type: application
                    platform: iOS
                    configFiles:
                      Debug: Debug.xcconfig
                      Release: Release.xcconfig
                """)
            try root.write("Riot/Release.xcconfig", "#include \"Common.xcconfig\"\n")
            try root.write("Riot/Common.xcconfig", "INFOPLIST_FILE = Riot/SupportingFiles/Info.plist\n")
            try root.write("Riot/SupportingFiles/Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(found.map(\.severity) == [.note, .note])
        #expect(found.first?.help.contains("no UIApplicationSceneManifest in Riot/SupportingFiles/Info.plist") == true)
        // The included target's plist enables multiple windows: warnings.
        let several = try Self.lint { root in
            try root.write("project.yml", "name: Riot\ninclude: [Riot/target.yml]\n")
            try root.write("Riot/target.yml", "targets:\n  Riot:\n    type: application\n    configFiles:\n      Release: Release.xcconfig\n")
            try root.write("Riot/Release.xcconfig", "INFOPLIST_FILE = $(SRCROOT)/Riot/Info.plist\n")
            try root.write("Riot/Info.plist", Self.plist(multipleScenes: true))
        }
        #expect(several.map(\.severity) == [.warning, .warning])
    }

    @Test("INFOPLIST_FILE written with $(SRCROOT) in the project itself (a password manager's three app targets)")
    func sourceRootInProjectSettings() throws {
        let found = try Self.lint { root in
            try root.write("Trails.xcodeproj/project.pbxproj", Self.pbxproj(appSettings: "INFOPLIST_FILE = \"$(SRCROOT)/Trails/Info.plist\"; "))
            // Preprocessed by Xcode (INFOPLIST_PREPROCESS = YES): `#ifdef` lines in the XML.
            try root.write("Trails/Info.plist", Self.plist(multipleScenes: false).replacingOccurrences(
                of: "<key>UILaunchStoryboardName</key>",
                with: "\n#ifdef INTUNE\n<key>IntuneMAMSettings</key><dict/>\n#endif\n<key>UILaunchStoryboardName</key>"))
        }
        #expect(found.map(\.severity) == [.note, .note])
    }

    @Test("Info.plists in build or dependency folders, and test-harness app targets, never decide")
    func buildFoldersAndHarnesses() throws {
        // A CMake build folder's Info.plist beside the file: no verdict, so warnings.
        let cmake = try Self.lint(file: "cmake/Source/CMakeFiles/Formatter.dir/Share.swift") { root in
            try root.write("Package.swift", "let package = Package()")
            try root.write("cmake/Source/CMakeFiles/Formatter.dir/Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(cmake.map(\.severity) == [.warning, .warning])
        // A core's own project whose only app target is a test harness with one scene: the app
        // above (several scenes) decides.
        let harness = try Self.lint(file: "Cores/Retro/Share.swift") { root in
            try root.write("project.yml", "targets:\n  Trails:\n    type: application\n    info:\n      path: App/Info.plist\n")
            try root.write("App/Info.plist", Self.plist(multipleScenes: true))
            try root.write("Cores/Retro/Retro.xcodeproj/project.pbxproj", Self.pbxproj(appSettings: "INFOPLIST_FILE = Retro-Test-Info.plist; ")
                .replacingOccurrences(of: "name = Trails;", with: "name = Retro_Test;"))
            try root.write("Cores/Retro/Retro-Test-Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(harness.map(\.severity) == [.warning, .warning])
        // A CMake-generated project whose app target's INFOPLIST_FILE lies in its build folder: the app above decides.
        let generated = try Self.lint(file: "Cores/Play/Share.swift") { root in
            try root.write("project.yml", "targets:\n  Trails:\n    type: application\n    info:\n      path: App/Info.plist\n")
            try root.write("App/Info.plist", Self.plist(multipleScenes: true))
            try root.write("Cores/Play/Play.xcodeproj/project.pbxproj", Self.pbxproj(appSettings: "INFOPLIST_FILE = ../cmake/CMakeFiles/Play.dir/Info.plist; "))
            try root.write("Cores/cmake/CMakeFiles/Play.dir/Info.plist", Self.plist(multipleScenes: nil, manifest: false))
        }
        #expect(generated.map(\.severity) == [.warning, .warning])
    }

    /// Runs the real command line on `root` with the JSON reporter; the severities it prints.
    static func commandLineSeverities(_ root: ProjectScratchFolder) throws -> [String] {
        let run = ConfigurationCommandLineTests.run(["--reporter", "json", "--quiet", root.path("")])
        let data = Data(run.output.utf8)
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "\(run.errors)")
        return diagnostics.compactMap { $0["severity"] as? String }
    }

    @Test("the command line: folders without a manifest inherit the project's verdict; notes survive per-file settings")
    func commandLineNotes() throws {
        let root = try ProjectScratchFolder()
        try root.write(".git/HEAD", "")
        try root.write("project.yml", Self.singleSceneSpec)
        try root.write("Trails/Features/Sharing/Share.swift", Self.lookups)
        #expect(try Self.commandLineSeverities(root) == ["note", "note"])
        // A configuration file in a subfolder gives the files there their own settings: the
        // single-scene notes stay notes, even at a configured severity.
        try root.write("Trails/Features/.seamlint.json", "{ rules: { key_window_lookup: { severity: \"error\" } } }\n")
        #expect(try Self.commandLineSeverities(root) == ["note", "note"])
    }
}
