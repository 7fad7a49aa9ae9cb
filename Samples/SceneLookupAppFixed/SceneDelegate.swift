import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = makeRootViewController()
        if let rawStyle = UserDefaults.standard.object(forKey: "appearance") as? Int,
           let style = UIUserInterfaceStyle(rawValue: rawStyle) {
            window.overrideUserInterfaceStyle = style
        }
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        // Cheap enough to do on every activation; the API call is rate limited
        // server side anyway.
        AccountService.shared.refreshProfileIfNeeded()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        AccountService.shared.persistCaches()
    }

    private func makeRootViewController() -> UIViewController {
        let account = UINavigationController(rootViewController: AccountViewController())
        account.navigationBar.prefersLargeTitles = true
        account.tabBarItem = UITabBarItem(
            title: "Account",
            image: UIImage(systemName: "person.crop.circle"),
            selectedImage: UIImage(systemName: "person.crop.circle.fill")
        )

        let tabs = UITabBarController()
        tabs.viewControllers = [account]
        return tabs
    }
}
