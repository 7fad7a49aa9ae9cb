import Foundation
import SeamLintCore
import Testing

/// `--diff`/`--staged` when the change alters a project fact: the project rules' new findings in
/// files the change leaves alone are reported, each naming the change; old ones are not.
@Suite struct FactChangeTests {
    static let workaroundWindow = """
        import UIKit

        final class MenuWorkaroundWindow: UIWindow {
            override func didAddSubview(_ subview: UIView) {
                super.didAddSubview(subview)
                guard #unavailable(iOS 18),
                      String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
            }

            override func willRemoveSubview(_ subview: UIView) {
                super.willRemoveSubview(subview)
                for view in subviews { view.isUserInteractionEnabled = true }
            }
        }

        """
    static let sortButton = """
        import SwiftUI

        struct SortButton: View {
            var body: some View {
                Menu("Sort") {
                    Button("Name") {}
                }
            }
        }

        """
    static let arguments = ["--no-config", "--quiet", "--only-rule", "menu_touch_through"]

    static func manifest(iOS version: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v\(version))], targets: [.target(name: "App", path: "Sources")])

        """
    }

    /// A committed project: a manifest, the workaround window and a `Menu` in another file.
    static func project(iOS version: String = "16", workaround: Bool = true) -> ConfigurationScratch {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Package.swift", manifest(iOS: version))
        if workaround { repo.write("Sources/MenuWorkaroundWindow.swift", workaroundWindow) }
        repo.write("Sources/SortButton.swift", sortButton)
        repo.write("Sources/Other.swift", "let answer = 42\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        return repo
    }

    @Test func deletingTheWorkaroundLightsUpMenusInUnchangedFiles() {
        let repo = Self.project()
        repo.remove("Sources/MenuWorkaroundWindow.swift")
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", repo.root])
        #expect(run.output.contains("SortButton.swift:5:9: warning:"), "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("MenuWorkaroundWindow.swift:1:1: note: deleted by this change"))
        #expect(run.status == 0)  // a warning: the exit code is --strict's business
        // Staged the same way.
        repo.git("add", "-A")
        let staged = ConfigurationCommandLineTests.run(Self.arguments + ["--staged", "--strict", repo.root])
        #expect(staged.output.contains("SortButton.swift:5:9: warning:"))
        #expect(staged.status == 1)
        // --changed-lines-only keeps it: the change decided it, not a line of its file.
        let lines = ConfigurationCommandLineTests.run(Self.arguments + ["--staged", "--changed-lines-only", repo.root])
        #expect(lines.output.contains("SortButton.swift:5:9: warning:"))
    }

    @Test func anUnrelatedChangeReportsNothingInUnchangedFiles() {
        let repo = Self.project()
        repo.remove("Sources/SortButton.swift")
        repo.write("Sources/Lookup.swift", "let window = UIApplication.shared.keyWindow\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "a lookup")
        repo.write("Sources/Other.swift", "let answer = 43\n")
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", repo.root])
        #expect(run.output.isEmpty, "\(run.output)")
        // The unchanged lookup is not reported either, though key_window_lookup reads every Swift
        // file for helpers (any file may define one): the base has the same finding.
        let lookups = ConfigurationCommandLineTests.run(["--no-config", "--only-rule", "key_window_lookup", "--diff", "HEAD",
                                                         "--verbose", repo.root])
        #expect(lookups.output.isEmpty, "\(lookups.output)")
    }

    /// A changed file that mentions none of a rule's fact words cannot change its facts: no base run.
    /// (uncontained_hosting_controller: every collector it reads has words.)
    @Test func aChangeWithoutFactWordsRunsNoBase() {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Package.swift", Self.manifest(iOS: "16"))
        repo.write("Sources/Player.swift", """
            import SwiftUI
            import UIKit
            final class PlayerViewController: UIViewController {
                let controls = UIHostingController(rootView: Text("Play"))
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(controls.view)
                }
            }

            """)
        repo.write("Sources/Other.swift", "let answer = 42\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        let arguments = ["--no-config", "--only-rule", "uncontained_hosting_controller", "--diff", "HEAD", "--verbose", repo.root]
        let full = ConfigurationCommandLineTests.run(["--no-config", "--only-rule", "uncontained_hosting_controller", repo.root])
        #expect(full.output.contains("Player.swift:"), "the unchanged file has a finding: \(full.output)")
        repo.write("Sources/Other.swift", "let answer = 43\n")
        let run = ConfigurationCommandLineTests.run(arguments)
        #expect(run.output.isEmpty, "\(run.output)")
        #expect(!run.errors.contains("fact changes:"), "\(run.errors)")
        // Control: a change that mentions a fact word does compare with the base.
        repo.write("Sources/Other.swift", "let answer = 43 // addChild\n")
        let worded = ConfigurationCommandLineTests.run(arguments)
        #expect(worded.errors.contains("fact changes:"), "\(worded.errors)")
    }

    /// Findings the base already had are not the change's doing, even when a changed file could
    /// have changed the facts.
    @Test func findingsTheBaseHadStayQuiet() {
        let repo = Self.project(workaround: false)
        repo.write("Sources/Other.swift", "import SwiftUI\nstruct Other: View {\n    var body: some View { Text(\"Menu\") }\n}\n")
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", "--verbose", repo.root])
        #expect(!run.output.contains("SortButton.swift"), "\(run.output)")
        #expect(run.errors.contains("can change project facts; compared with 1 finding(s) at the base"), "\(run.errors)")
    }

    @Test func loweringTheDeploymentTargetLightsUpMenus() {
        let repo = Self.project(iOS: "18", workaround: false)
        let before = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", repo.root])
        #expect(before.output.isEmpty)
        repo.write("Package.swift", Self.manifest(iOS: "16"))
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", repo.root])
        #expect(run.output.contains("SortButton.swift:5:9: warning:"), "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("Package.swift:3:1: note: changed here"))
    }

    /// A new file that brings a fact (a scene delegate that builds the windows) makes findings in
    /// unchanged files new.
    @Test func addingASceneDelegateLightsUpOpenURLHandlers() {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Package.swift", Self.manifest(iOS: "16"))
        repo.write("Sources/AppDelegate.swift", """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {}

            """)
        repo.write("Sources/RootView.swift", """
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    Text("Home")
                        .onOpenURL { url in print(url) }
                }
            }

            """)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        let arguments = ["--no-config", "--quiet", "--only-rule", "scene_lifecycle_not_forwarded"]
        #expect(ConfigurationCommandLineTests.run(arguments + [repo.root]).output.isEmpty)
        repo.write("Sources/SceneDelegate.swift", """
            import SwiftUI
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    window = UIWindow(windowScene: windowScene)
                    window?.rootViewController = UIHostingController(rootView: RootView())
                    window?.makeKeyAndVisible()
                }
            }

            """)
        #expect(ConfigurationCommandLineTests.run(arguments + [repo.root]).output.contains("RootView.swift:6:"))
        let run = ConfigurationCommandLineTests.run(arguments + ["--diff", "HEAD", repo.root])
        #expect(run.output.contains("RootView.swift:6:"), "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("SceneDelegate.swift:1:1: note: changed here"))
    }

    /// `--fix` in changed-files mode writes only changed files, whatever unchanged ones report.
    @Test func fixLeavesUnchangedFilesAlone() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        let representable = """
            import SwiftUI

            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView { MKMapView() }
                func updateUIView(_ uiView: MKMapView, context: Context) {}
                func dismantleUIView(_ uiView: MKMapView, coordinator: ()) {
                    uiView.removeAnnotations(uiView.annotations)
                }
            }

            """
        repo.write("Old.swift", representable)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        repo.write("New.swift", representable.replacingOccurrences(of: "MapView:", with: "OtherMapView:"))
        let run = ConfigurationCommandLineTests.run(["--no-config", "--quiet", "--fix", "--diff", "HEAD", repo.root])
        #expect(run.status != 2, "\(run.errors)")
        #expect(try String(contentsOfFile: repo.path("New.swift"), encoding: .utf8).contains("static func dismantleUIView"))
        #expect(try String(contentsOfFile: repo.path("Old.swift"), encoding: .utf8) == representable)
    }
}
