import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    static let documentURLKey = "documentURL"

    var window: UIWindow?

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let document: SketchDocument
        if let path = session.userInfo?[Self.documentURLKey] as? String,
           let restored = SketchDocument(contentsOf: URL(fileURLWithPath: path)) {
            document = restored
        } else {
            document = SketchDocument.untitled()
            session.userInfo = [Self.documentURLKey: document.fileURL.path]
        }

        let navigationController = UINavigationController(
            rootViewController: CanvasViewController(document: document)
        )
        navigationController.navigationBar.prefersLargeTitles = false

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = navigationController
        window.tintColor = .systemPink
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        guard let navigationController = window?.rootViewController as? UINavigationController,
              let canvas = navigationController.viewControllers.first as? CanvasViewController else {
            return
        }
        canvas.saveDocument()
    }
}
