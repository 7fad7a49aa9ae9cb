import os
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let logger = Logger(subsystem: "com.example.shelf", category: "lifecycle")

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        ReviewPrompter.shared.recordLaunch()

        let tint = UIColor(named: "AccentColor") ?? .systemIndigo
        UINavigationBar.appearance().tintColor = tint
        UITabBar.appearance().tintColor = tint
        return true
    }

    // MARK: UISceneSession Lifecycle

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        // Handy when chasing iPad multi-window bugs.
        logger.debug("Connecting a scene, \(application.connectedScenes.count) already connected")

        let configuration = UISceneConfiguration(
            name: "Default Configuration",
            sessionRole: connectingSceneSession.role
        )
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func application(
        _ application: UIApplication,
        didDiscardSceneSessions sceneSessions: Set<UISceneSession>
    ) {
        logger.debug("Discarded \(sceneSessions.count) scene session(s)")
    }
}
