import SwiftUI
import UIKit

/// Mise used to be a SwiftUI `App`. It moved to a scene delegate so every
/// window can be a TouchGuardWindow; the UI itself is still all SwiftUI.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    private var library: RecipeLibrary {
        (UIApplication.shared.delegate as! AppDelegate).library
    }

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let rootView = RecipeRootView()
            .environmentObject(library)

        let window = TouchGuardWindow(windowScene: windowScene)
        window.rootViewController = UIHostingController(rootView: rootView)
        window.tintColor = UIColor(named: "AccentColor")
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        // Keep the screen on while a recipe is open; hands are usually messy.
        UIApplication.shared.isIdleTimerDisabled = true
    }

    func sceneWillResignActive(_ scene: UIScene) {
        UIApplication.shared.isIdleTimerDisabled = false
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        library.saveIfNeeded()
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        scene.userActivity
    }
}
