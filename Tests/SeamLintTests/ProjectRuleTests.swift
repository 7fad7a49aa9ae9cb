import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Cross-file behaviour of the project rules (`menu_touch_through`, `context_menu_workaround_scope`,
/// `scene_lifecycle_not_forwarded`, `scroll_edge_overlay`): facts from one file decide findings in
/// another, related locations point across files, and deployment targets come from manifests.
@Suite("Project rules")
struct ProjectRuleTests {
    private func lint(_ files: [(String, String)], rules: [any Rule.Type], target: Version? = nil) -> [Diagnostic] {
        InMemoryLint.diagnostics(files.map { (path: $0.0, code: $0.1) }, rules: rules, target: target, workers: 2)
    }

    /// Lints files written to a folder on disk, so deployment targets come from its manifests.
    private func lintOnDisk(_ folder: ProjectScratchFolder, _ files: [String], rules: [any Rule.Type]) -> [Diagnostic] {
        let sources = files.map { (path: folder.path($0), code: (try? String(contentsOfFile: folder.path($0), encoding: .utf8)) ?? "") }
        return InMemoryLint.run(sources, rules: rules, workers: 2) { $0.discoverDeploymentTargets = true }.diagnostics
    }

    /// Deferred facts (`ProjectRule.defersFacts`): the second pass runs only in a project whose
    /// first pass leaves an instance `dismantle…` unexplained, and then conformance declared
    /// through another file still counts.
    @Test func deferredFactsRunOnlyWhereNeeded() {
        let refinement = ("Cleanable.swift", "protocol CleanableRepresentable: UIViewRepresentable {}")
        let staticOnly = ("Scanner.swift", """
            struct Scanner: CleanableRepresentable {
                static func dismantleUIView(_ uiView: ScannerView, coordinator: ()) { uiView.stop() }
            }
            """)
        let instance = ("Scanner.swift", """
            struct Scanner: CleanableRepresentable {
                func dismantleUIView(_ uiView: ScannerView, coordinator: ()) { uiView.stop() }
            }
            """)
        func run(_ files: [(String, String)]) -> LintResult {
            InMemoryLint.run(files.map { (path: $0.0, code: $0.1) }, rules: [RepresentableDismantleNotStatic.self], workers: 2)
        }
        let clean = run([refinement, staticOnly])
        #expect(clean.diagnostics.isEmpty)
        #expect(clean.deferredFactFiles == 0, "no instance dismantle: no second pass")
        let buggy = run([refinement, instance])
        #expect(buggy.diagnostics.map(\.location.file) == ["Scanner.swift"])
        #expect(buggy.deferredFactFiles == 2, "conformance through another file's protocol: both files read again")
        // Conformance the first pass sees (the type names the protocol itself): no second pass.
        let direct = ("Map.swift", """
            struct Map: UIViewRepresentable {
                func dismantleUIView(_ uiView: MapView, coordinator: ()) { uiView.stop() }
            }
            """)
        let found = run([refinement, direct])
        #expect(found.diagnostics.map(\.location.file) == ["Map.swift"])
        #expect(found.deferredFactFiles == 0)
    }

    static let sortMenu = """
    import SwiftUI

    struct SortMenu: View {
        var body: some View {
            Menu("Sort") {
                Button("Name") {}
                Button("Date") {}
            }
        }
    }
    """

    static let app = """
    import SwiftUI

    @main
    struct TrailsApp: App {
        var body: some Scene {
            WindowGroup { SortMenu() }
        }
    }
    """

    static func workaroundWindow(gated: Bool) -> String {
        """
        import UIKit

        final class MenuWindow: UIWindow {
            override func didAddSubview(_ subview: UIView) {
                super.didAddSubview(subview)
                \(gated ? "guard #unavailable(iOS 18) else { return }" : "")
                guard String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
            }
        }
        """
    }

    // MARK: menu_touch_through

    @Test("a workaround window in another file covers every menu")
    func workaroundInAnotherFile() {
        let without = lint([("SortMenu.swift", Self.sortMenu), ("TrailsApp.swift", Self.app)],
                           rules: [MenuTouchThrough.self], target: Version(16))
        #expect(without.count == 1)
        let finding = without.first
        #expect(finding?.location.file == "SortMenu.swift")
        #expect(finding?.location.line == 5)
        // The related location is the `@main … App` that lets SwiftUI create the windows.
        #expect(finding?.related.first?.location.file == "TrailsApp.swift")
        #expect(finding?.related.first?.location.line == 4)
        #expect(finding?.help?.contains("iOS 16") == true)

        let with = lint([("SortMenu.swift", Self.sortMenu), ("TrailsApp.swift", Self.app),
                         ("MenuWindow.swift", Self.workaroundWindow(gated: true))],
                        rules: [MenuTouchThrough.self], target: Version(16))
        #expect(with.isEmpty)
    }

    @Test("the workaround window counts even when context_menu_workaround_scope is disabled")
    func factsFromDisabledRule() {
        // Only menu_touch_through runs; the window fact is recorded by the other rule's collector.
        let found = lint([("SortMenu.swift", Self.sortMenu), ("MenuWindow.swift", Self.workaroundWindow(gated: false))],
                         rules: [MenuTouchThrough.self], target: Version(16))
        #expect(found.isEmpty)
    }

    @Test("an unknown deployment target is treated as older and says how to set it")
    func unknownTarget() {
        let found = lint([("SortMenu.swift", Self.sortMenu)], rules: [MenuTouchThrough.self])
        #expect(found.count == 1)
        #expect(found.first?.help?.contains(DeploymentTarget.unknownHint) == true)
    }

    @Test("deployment targets from Package.swift files on disk, per package")
    func targetsFromManifests() throws {
        let folder = try ProjectScratchFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("Package.swift", "let package = Package(name: \"App\", platforms: [.iOS(.v16)])")
        try folder.write("Sources/App/SortMenu.swift", Self.sortMenu)
        try folder.write("Modules/Modern/Package.swift", "let package = Package(name: \"Modern\", platforms: [.iOS(.v18)])")
        try folder.write("Modules/Modern/Sources/Modern/FilterMenu.swift",
                         Self.sortMenu.replacingOccurrences(of: "SortMenu", with: "FilterMenu"))
        let found = lintOnDisk(folder, ["Sources/App/SortMenu.swift", "Modules/Modern/Sources/Modern/FilterMenu.swift"],
                               rules: [MenuTouchThrough.self])
        #expect(found.count == 1)
        #expect(found.first?.location.file.hasSuffix("Sources/App/SortMenu.swift") == true)
        #expect(found.first?.help?.contains("iOS 16, from Package.swift") == true)

        // Raising the app's target to 18 silences it too.
        try folder.write("Package.swift", "let package = Package(name: \"App\", platforms: [.iOS(\"18.0\")])")
        #expect(lintOnDisk(folder, ["Sources/App/SortMenu.swift"], rules: [MenuTouchThrough.self]).isEmpty)
    }

    @Test("a macOS-only Xcode project is not flagged, even in files without an AppKit import")
    func macOSProject() throws {
        let folder = try ProjectScratchFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("Editor.xcodeproj/project.pbxproj",
                         DeploymentTargetTests.pbxproj.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = macosx;"))
        try folder.write("Editor/SortMenu.swift", Self.sortMenu)
        #expect(lintOnDisk(folder, ["Editor/SortMenu.swift"], rules: [MenuTouchThrough.self]).isEmpty)
    }

    @Test("a scene delegate app points at its scene delegate instead of an App")
    func relatedSceneDelegate() {
        let delegate = """
        import SwiftUI
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                window = UIWindow(windowScene: windowScene)
                window?.rootViewController = UIHostingController(rootView: SortMenu())
            }
        }
        """
        let found = lint([("SortMenu.swift", Self.sortMenu), ("SceneDelegate.swift", delegate)],
                         rules: [MenuTouchThrough.self], target: Version(17))
        #expect(found.count == 1)
        #expect(found.first?.related.first?.location.file == "SceneDelegate.swift")
        #expect(found.first?.help?.contains("scene delegate's window") == true)
    }

    // MARK: context_menu_workaround_scope

    @Test("workaround scope: ungated hook, gated hook, dead code at iOS 18")
    func workaroundScope() {
        let ungated = lint([("MenuWindow.swift", Self.workaroundWindow(gated: false))],
                           rules: [ContextMenuWorkaroundScope.self], target: Version(16))
        #expect(ungated.map(\.location.line) == [4])
        #expect(ungated.first?.help?.contains("guard #unavailable(iOS 18)") == true)

        let gated = lint([("MenuWindow.swift", Self.workaroundWindow(gated: true))],
                         rules: [ContextMenuWorkaroundScope.self], target: Version(16))
        #expect(gated.isEmpty)

        let dead = lint([("MenuWindow.swift", Self.workaroundWindow(gated: true))],
                        rules: [ContextMenuWorkaroundScope.self], target: Version(18))
        #expect(dead.map(\.location.line) == [3])
        #expect(dead.first?.message.contains("dead code") == true)
    }

    @Test("workaround scope: a window created only below iOS 18 in another file is fine")
    func gatedCreation() {
        let delegate = """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                if #unavailable(iOS 18) {
                    window = MenuWindow(windowScene: windowScene)
                } else {
                    window = UIWindow(windowScene: windowScene)
                }
            }
        }
        """
        let found = lint([("MenuWindow.swift", Self.workaroundWindow(gated: false)), ("SceneDelegate.swift", delegate)],
                         rules: [ContextMenuWorkaroundScope.self], target: Version(16))
        #expect(found.isEmpty)
    }

    // MARK: scene_lifecycle_not_forwarded

    @Test("scene lifecycle: related location is the scene delegate; an App anywhere silences it")
    func sceneLifecycle() {
        let view = """
        import SwiftUI

        struct TimerView: View {
            @Environment(\\.scenePhase) private var phase
            var body: some View { Text("Timer").onOpenURL { _ in } }
        }
        """
        let delegate = """
        import SwiftUI
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options connectionOptions: UIScene.ConnectionOptions) {
                let window = UIWindow(windowScene: scene as! UIWindowScene)
                window.rootViewController = UIHostingController(rootView: TimerView())
                self.window = window
            }
        }
        """
        let found = lint([("TimerView.swift", view), ("SceneDelegate.swift", delegate)],
                         rules: [SceneLifecycleNotForwarded.self])
        #expect(found.map(\.location.line) == [4, 5])
        #expect(found.allSatisfy { $0.related.first?.location.file == "SceneDelegate.swift" })
        #expect(found.first?.message.contains("SceneDelegate") == true)

        let withApp = lint([("TimerView.swift", view), ("SceneDelegate.swift", delegate), ("App.swift", Self.app)],
                           rules: [SceneLifecycleNotForwarded.self])
        #expect(withApp.isEmpty)
    }

    // MARK: scroll_edge_overlay

    @Test("scroll edge overlay: three files, related locations at the appearance and the hosting site")
    func scrollEdgeOverlay() {
        let theme = """
        import UIKit

        enum Theme {
            static func apply() {
                let appearance = UINavigationBarAppearance()
                appearance.configureWithOpaqueBackground()
                UINavigationBar.appearance().scrollEdgeAppearance = appearance
            }
        }
        """
        let list = """
        import SwiftUI
        import UIKit

        final class ListViewController: UITableViewController {
            func open() {
                let detail = UIHostingController(rootView: DetailView())
                navigationController?.pushViewController(detail, animated: true)
            }
        }
        """
        let detail = """
        import SwiftUI

        struct DetailView: View {
            @State private var confirming = false
            var body: some View {
                Form { Button("Delete") { confirming = true } }
                    .overlay {
                        if confirming {
                            Color.black.opacity(0.4).ignoresSafeArea()
                        }
                    }
            }
        }
        """
        let found = lint([("Theme.swift", theme), ("ListViewController.swift", list), ("DetailView.swift", detail)],
                         rules: [ScrollEdgeOverlay.self])
        #expect(found.count == 1)
        #expect(found.first?.location.file == "DetailView.swift")
        #expect(found.first?.location.line == 7)
        let related = found.first?.related ?? []
        #expect(related.map(\.location.file) == ["Theme.swift", "ListViewController.swift"])
        #expect(related.map(\.location.line) == [7, 7])

        // A dialog in a modifier that a hosted view applies through a `View` extension counts too;
        // the same modifier used only by a modally presented view does not.
        let modifier = """
        import SwiftUI

        struct BusyOverlay: ViewModifier {
            var busy: Bool
            func body(content: Content) -> some View {
                ZStack {
                    content
                    if busy {
                        Color.black.opacity(0.3).ignoresSafeArea()
                        ProgressView()
                    }
                }
            }
        }

        extension View {
            func busyOverlay(_ busy: Bool) -> some View { modifier(BusyOverlay(busy: busy)) }
        }
        """
        let pushedUser = detail.replacingOccurrences(of: "Form { Button(\"Delete\") { confirming = true } }",
                                                     with: "Form { Text(\"Saving\") }.busyOverlay(confirming)")
        let viaModifier = lint([("Theme.swift", theme), ("ListViewController.swift", list), ("DetailView.swift", pushedUser),
                                ("BusyOverlay.swift", modifier)], rules: [ScrollEdgeOverlay.self])
        #expect(viaModifier.map(\.location.file) == ["BusyOverlay.swift", "DetailView.swift"])
        let modalList = list.replacingOccurrences(of: "navigationController?.pushViewController(detail, animated: true)",
                                                  with: "present(detail, animated: true)")
        let modalOnly = lint([("Theme.swift", theme), ("ListViewController.swift", modalList), ("DetailView.swift", pushedUser),
                              ("BusyOverlay.swift", modifier)], rules: [ScrollEdgeOverlay.self])
        #expect(modalOnly.isEmpty)

        // Without the hosting file, or with a transparent appearance, nothing.
        #expect(lint([("Theme.swift", theme), ("DetailView.swift", detail)], rules: [ScrollEdgeOverlay.self]).isEmpty)
        let transparent = theme.replacingOccurrences(of: "configureWithOpaqueBackground", with: "configureWithTransparentBackground")
        #expect(lint([("Theme.swift", transparent), ("ListViewController.swift", list), ("DetailView.swift", detail)],
                     rules: [ScrollEdgeOverlay.self]).isEmpty)
    }
}
