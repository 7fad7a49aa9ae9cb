import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let orderStore = OrderStore()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        AppTheme.apply()
        Task { await orderStore.refresh() }
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

    func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        // Order status pushes ("Your courier is 2 minutes away").
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        Task { await orderStore.registerPushToken(token) }
    }
}
