import SwiftUI
import UIKit

/// Mise used to be a SwiftUI `App`. It moved to a scene delegate so every
/// window can be a TouchGuardWindow; the UI itself is still all SwiftUI.
///
/// Without an `App`, SwiftUI gets nothing from the scene on its own: the
/// phase never changes and URLs and Handoff activities aren't delivered. This
/// delegate tracks the phase and passes it down as `scenePhase`, and hands
/// links and activities to the DeepLinkRouter the views observe.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    private let sceneState = SceneState()
    private let router = DeepLinkRouter()

    private var library: RecipeLibrary {
        (UIApplication.shared.delegate as! AppDelegate).library
    }

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let library = self.library
        let router = self.router
        let rootView = SceneRoot(state: sceneState) {
            RecipeRootView()
                .environmentObject(library)
                .environmentObject(router)
        }

        let window = TouchGuardWindow(windowScene: windowScene)
        window.rootViewController = UIHostingController(rootView: rootView)
        window.tintColor = UIColor(named: "AccentColor")
        self.window = window
        window.makeKeyAndVisible()

        // On a cold launch the link or activity comes in with the connection
        // options rather than through the callbacks below.
        for context in connectionOptions.urlContexts {
            router.handle(context.url)
        }
        for activity in connectionOptions.userActivities {
            router.handle(activity)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts {
            router.handle(context.url)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        router.handle(userActivity)
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        sceneState.phase = .inactive
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        sceneState.phase = .active
        // Keep the screen on while a recipe is open; hands are usually messy.
        UIApplication.shared.isIdleTimerDisabled = true
    }

    func sceneWillResignActive(_ scene: UIScene) {
        sceneState.phase = .inactive
        UIApplication.shared.isIdleTimerDisabled = false
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        sceneState.phase = .background
        library.saveIfNeeded()
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        scene.userActivity
    }
}

/// The scene's activation state as UIKit reports it.
final class SceneState: ObservableObject {
    @Published var phase: ScenePhase = .inactive
}

/// Root of every window: passes the UIKit-tracked phase down as SwiftUI's
/// `scenePhase`, so `@Environment(\.scenePhase)` works in the views below.
private struct SceneRoot<Content: View>: View {
    @ObservedObject var state: SceneState
    @ViewBuilder let content: Content

    var body: some View {
        content
            .environment(\.scenePhase, state.phase)
    }
}
