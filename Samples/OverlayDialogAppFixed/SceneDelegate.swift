import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    private var orderStore: OrderStore {
        (UIApplication.shared.delegate as! AppDelegate).orderStore
    }

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let ordersViewController = OrdersViewController(store: orderStore)
        ordersViewController.navigationItem.rightBarButtonItem = ordersViewController.makeHelpButton()
        let navigationController = UINavigationController(rootViewController: ordersViewController)
        navigationController.navigationBar.prefersLargeTitles = true

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = navigationController
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        // Statuses change fast while an order is out for delivery.
        Task { await orderStore.refresh() }
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        orderStore.cancelPolling()
    }
}
