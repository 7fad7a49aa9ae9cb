import SwiftUI
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    private var store: TrailStore {
        (UIApplication.shared.delegate as! AppDelegate).store
    }

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let store = self.store

        let rootView = NavigationStack {
            TrailListView()
        }
        .environmentObject(store)
        .task {
            await store.loadIfNeeded()
        }

        let window = MenuWorkaroundWindow(windowScene: windowScene)
        window.rootViewController = UIHostingController(rootView: rootView)
        window.tintColor = .systemGreen
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        store.refreshConditionsIfStale()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        // What the old App struct did from its scenePhase handler: favorites
        // and notes are tiny, so write them out on every trip to the background.
        store.save()
    }
}
