import SeamLintCore

/// Flags SwiftUI scene-lifecycle APIs used in an app whose windows come from a UIKit scene delegate.
///
/// Facts: records `app.main`, `app.sceneDelegate`, `swiftui.hosting`, `scene.phaseRead`,
/// `scene.phaseInjected`, `scene.onOpenURL`, `scene.onContinueUserActivity`,
/// `scene.opensURLContexts`, `scene.continuesUserActivity` (`MenuTouchThrough` reads `app.main`
/// and `app.sceneDelegate`).
public struct SceneLifecycleNotForwarded: ProjectRule {
    public init() {}

    /// Every fact needs one of these: an `@main` App, a `UIWindowSceneDelegate`, a
    /// `…HostingController`, a `func scene(…)` callback or the `scenePhase` key path (both spell
    /// `scene`), `.onOpenURL` or `.onContinueUserActivity`.
    public static let factTriggerWords = ["@main", "UIWindowSceneDelegate", "HostingController", "scene", "onOpenURL",
                                          "onContinueUserActivity"]

    public static let description = RuleDescription(
        id: "scene_lifecycle_not_forwarded",
        summary: "SwiftUI scene phase and URL handlers stay silent when a UIKit scene delegate builds the windows",
        rationale: """
        ### What it does
        When the app has no `@main` type conforming to SwiftUI's `App` and a `UIWindowSceneDelegate` \
        creates the windows (hosting SwiftUI in a `UIHostingController`), flags \
        `@Environment(\\.scenePhase)` unless some code injects it with `.environment(\\.scenePhase, …)`, \
        `.onOpenURL` unless the delegate implements `scene(_:openURLContexts:)`, and \
        `.onContinueUserActivity` unless it implements `scene(_:continue:)`. The scene delegate is the \
        related location.

        ### Why is this bad?
        SwiftUI feeds these APIs from the scenes it manages itself (`WindowGroup` in an `App`). A \
        hosting controller in a window that UIKit's scene delegate created is not such a scene: \
        `scenePhase` keeps the value it started with through backgrounding and foregrounding, so \
        "save when going to the background" code never runs, and incoming URLs and Handoff or \
        universal-link activities go to the scene delegate, never to `.onOpenURL` / \
        `.onContinueUserActivity`. Nothing fails at build time: links just do nothing.

        ### Use instead
        Handle the lifecycle where it arrives: implement `sceneDidEnterBackground(_:)`, \
        `sceneDidBecomeActive(_:)`, `scene(_:openURLContexts:)` and `scene(_:continue:)` in the scene \
        delegate (URLs that launch the app arrive in `connectionOptions.urlContexts` and \
        `connectionOptions.userActivities` of `scene(_:willConnectTo:options:)`), and pass the phase or \
        the URL into SwiftUI — inject the phase with `.environment(\\.scenePhase, phase)` on the root \
        view, or publish URLs through an observable model the views read. Or move the app to the SwiftUI \
        `App` lifecycle.
        """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/scenephase",
            "https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)",
            "https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)",
            "https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)",
        ],
        severity: .warning,
        triggering: [
            Example("""
            import SwiftUI

            struct EditorView: View {
                ↓@Environment(\\.scenePhase) private var scenePhase
                @State private var draft = ""

                var body: some View {
                    TextEditor(text: $draft)
                        .onChange(of: scenePhase) { phase in
                            if phase == .background { save() }
                        }
                }

                func save() {}
            }
            """, companions: ["""
            import SwiftUI
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    let window = UIWindow(windowScene: windowScene)
                    window.rootViewController = UIHostingController(rootView: EditorView())
                    self.window = window
                    window.makeKeyAndVisible()
                }
            }
            """]),
            Example("""
            import SwiftUI

            struct RootView: View {
                @StateObject private var router = Router()

                var body: some View {
                    NavigationStack(path: $router.path) {
                        HomeView()
                    }
                    .↓onOpenURL { url in router.open(url) }
                    .↓onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                        if let url = activity.webpageURL { router.open(url) }
                    }
                }
            }
            """, companions: ["""
            import SwiftUI
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {}

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
            """]),
            // The delegate forwards URLs but not activities, and nobody injects the phase.
            Example("""
            import SwiftUI
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let router = Router()

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    let window = UIWindow(windowScene: windowScene)
                    window.rootViewController = HostingController(rootView: ContentView().environmentObject(router))
                    self.window = window
                    window.makeKeyAndVisible()
                }

                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    URLContexts.first.map { router.open($0.url) }
                }
            }

            final class HostingController<Content: View>: UIHostingController<Content> {}

            struct ContentView: View {
                ↓@Environment(\\.scenePhase) var phase
                var body: some View {
                    Text("Hello")
                        .onOpenURL { _ in }
                        .↓onContinueUserActivity("com.example.view") { _ in }
                }
            }
            """),
        ],
        nonTriggering: [
            // The SwiftUI App lifecycle: SwiftUI manages the scenes.
            Example("""
            import SwiftUI

            @main
            struct NotesApp: App {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some Scene {
                    WindowGroup {
                        ContentView().onOpenURL { _ in }
                    }
                }
            }

            struct ContentView: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View { Text("Notes") }
            }
            """),
            // The delegate injects the phase and forwards URLs and activities.
            Example("""
            import SwiftUI
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let model = SceneModel()

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    let root = RootView().environment(\\.scenePhase, model.phase).environmentObject(model)
                    window = UIWindow(windowScene: windowScene)
                    window?.rootViewController = UIHostingController(rootView: root)
                    window?.makeKeyAndVisible()
                }

                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    URLContexts.forEach { model.open($0.url) }
                }

                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    model.continueActivity(userActivity)
                }
            }

            struct RootView: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View {
                    Text("Root")
                        .onOpenURL { _ in }
                        .onContinueUserActivity("com.example.view") { _ in }
                }
            }
            """),
            // No scene delegate in the project: nothing to say.
            Example("""
            import SwiftUI

            struct EditorView: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View { Text("Editor").onOpenURL { _ in } }
            }
            """),
            // A scene delegate that SwiftUI's App uses for quick actions does not create windows.
            Example("""
            import SwiftUI
            import UIKit

            struct EditorView: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View { Text("Editor") }
            }

            final class QuickActionSceneDelegate: NSObject, UIWindowSceneDelegate {
                func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                                 completionHandler: @escaping (Bool) -> Void) {
                    completionHandler(true)
                }
            }
            """),
            // Other environment values and a `scenePhase` model property.
            Example("""
            import SwiftUI
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    window = UIWindow(windowScene: scene as! UIWindowScene)
                    window?.rootViewController = UIHostingController(rootView: StatusView())
                }
            }

            struct StatusView: View {
                @Environment(\\.colorScheme) private var colorScheme
                @Environment(\\.openURL) private var openURL
                @ObservedObject var model: SceneModel
                var body: some View {
                    Text(model.scenePhase == .active ? "Active" : "Inactive")
                }
            }
            """),
        ]
    )

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        for name in file.mainAppTypes() {
            let runsOnIOS = context.deploymentTarget.buildsForIOS && !file.mainAppIsForOtherPlatform(name)
            facts.mainApps.append(MainApp(site: context.factLocation(at: name), type: file.text(at: name), runsOnIOS: runsOnIOS))
        }
        for delegate in file.windowSceneDelegates() {
            facts.sceneDelegates.append(SceneDelegate(site: context.factLocation(at: delegate.name), type: file.text(at: delegate.name),
                                                      hostsSwiftUI: delegate.hostsSwiftUI))
        }
        if file.mentionsText("HostingController"),
           let first = file.code.indices.first(where: { file.code[$0].kind == .identifier && file.tokenHasSuffix($0, "HostingController") }) {
            facts.hostingControllers.append(context.factLocation(at: first))
        }
        facts.openURLContextsCallbacks += file.sceneCallbacks(withLabel: "openURLContexts").map(context.factLocation)
        facts.continueUserActivityCallbacks += file.sceneCallbacks(withLabel: "continue").map(context.factLocation)
        facts.scenePhaseInjections += file.scenePhaseInjections().map(context.factLocation)

        guard !context.isTestFile, context.deploymentTarget.buildsForIOS, !file.importsAppKitOnly,
              !file.pathNamesOtherPlatform else { return }
        func inIOSViewCode(_ index: Int) -> Bool {
            !file.isOutsideIOS(at: index) && !file.isPreviewCode(at: index)
        }
        for index in file.scenePhaseReads() where inIOSViewCode(index) {
            // Inside an `App` the SwiftUI lifecycle is in use anyway (and `mainApps` says so).
            if let type = file.enclosingType(of: index), file.declaration(type, inheritsFrom: "App") { continue }
            facts.scenePhaseReads.append(context.factLocation(at: index))
        }
        for index in file.modifierUses("onOpenURL") where inIOSViewCode(index) {
            facts.onOpenURLs.append(context.factLocation(at: index))
        }
        for index in file.modifierUses("onContinueUserActivity") where inIOSViewCode(index) {
            facts.onContinueUserActivities.append(context.factLocation(at: index))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        // A watchOS or macOS App beside it does not feed the iOS app's scenes.
        guard facts.iosMainApp == nil else { return }
        let delegates = facts.sceneDelegates
        let hostsAnywhere = !facts.hostingControllers.isEmpty
        guard let delegate = delegates.first(where: \.hostsSwiftUI) ?? (hostsAnywhere ? delegates.first : nil) else { return }
        let type = delegate.type
        let related = [RelatedLocation(location: delegate.site.location,
                                       message: "this scene delegate creates the windows")]
        let cause = "`\(type)` creates the windows"
        let lifecycle = " Or move the app to the SwiftUI `App` lifecycle, whose scenes feed it."
        // Each SwiftUI hook, the delegate-side facts that feed it, and what to write instead.
        let hooks: [(fed: [FactLocation], uses: [FactLocation], headline: String, help: String)] = [
            (facts.scenePhaseInjections, facts.scenePhaseReads,
             "`@Environment(\\.scenePhase)` never changes here: \(cause)",
             "Inject the phase from the delegate's `sceneDidBecomeActive(_:)` / `sceneDidEnterBackground(_:)` with "
                + "`.environment(\\.scenePhase, …)` on the root view.\(lifecycle)"),
            (facts.openURLContextsCallbacks, facts.onOpenURLs,
             "`.onOpenURL` never fires here: \(cause)",
             "Implement `scene(_:openURLContexts:)` in `\(type)` (and read `connectionOptions.urlContexts` at launch) "
                + "and pass the URL to this view.\(lifecycle)"),
            (facts.continueUserActivityCallbacks, facts.onContinueUserActivities,
             "`.onContinueUserActivity` never fires here: \(cause)",
             "Implement `scene(_:continue:)` in `\(type)` (and read `connectionOptions.userActivities` at launch) "
                + "and pass the activity to this view.\(lifecycle)"),
        ]
        for hook in hooks where hook.fed.isEmpty {
            for use in hook.uses { context.report(at: use, hook.headline, help: hook.help, related: related) }
        }
    }
}
