import UIKit

// Trailhead used to be a SwiftUI `App`. SwiftUI's WindowGroup creates its own
// UIWindow, though, and we need our windows to be MenuWorkaroundWindow (see
// that file), so the app now goes through a classic app/scene delegate pair.
// Everything below the window is still the same SwiftUI view tree.

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Shared by every scene; iPad users often keep two trails side by side.
    let store = TrailStore()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Trail photos come from a CDN with long max-age headers; give them
        // enough room that flipping between trails doesn't refetch everything.
        URLCache.shared = URLCache(
            memoryCapacity: 20 * 1024 * 1024,
            diskCapacity: 150 * 1024 * 1024
        )
        return true
    }

    // MARK: UISceneSession Lifecycle

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(
            name: "Default Configuration",
            sessionRole: connectingSceneSession.role
        )
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func applicationWillTerminate(_ application: UIApplication) {
        store.save()
    }
}
