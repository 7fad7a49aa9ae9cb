import LinkPresentation
import UIKit

/// Presents the system share sheet from anywhere in the app: the invite link
/// on the Account screen, diagnostics for support, quotes from the reader.
enum ShareCoordinator {
    static func shareInviteLink(_ url: URL) {
        let source = LinkItemSource(url: url, title: "Join me on Shelf")
        present(UIActivityViewController(activityItems: [source], applicationActivities: nil))
    }

    static func share(_ items: [Any], excluding excludedTypes: [UIActivity.ActivityType] = []) {
        let activityController = UIActivityViewController(activityItems: items, applicationActivities: nil)
        activityController.excludedActivityTypes = excludedTypes
        present(activityController)
    }

    private static func present(_ activityController: UIActivityViewController) {
        let scenes = UIApplication.shared.connectedScenes
        let windowScene = scenes.first as? UIWindowScene
        guard let root = windowScene?.keyWindow?.rootViewController else { return }

        let presenter = root.topmostPresentedViewController
        // iPad shows the sheet in a popover, which needs an anchor. We don't
        // know which control triggered it, so center it without an arrow.
        if let popover = activityController.popoverPresentationController {
            let bounds = presenter.view.bounds
            popover.sourceView = presenter.view
            popover.sourceRect = CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
            popover.permittedArrowDirections = []
        }
        presenter.present(activityController, animated: true)
    }
}

extension UIViewController {
    /// Walks up the chain of modally presented controllers.
    var topmostPresentedViewController: UIViewController {
        presentedViewController?.topmostPresentedViewController ?? self
    }
}

/// Gives the share sheet a proper title and icon instead of a bare URL.
final class LinkItemSource: NSObject, UIActivityItemSource {
    private let url: URL
    private let title: String

    init(url: URL, title: String) {
        self.url = url
        self.title = title
    }

    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any {
        url
    }

    func activityViewController(
        _ activityViewController: UIActivityViewController,
        itemForActivityType activityType: UIActivity.ActivityType?
    ) -> Any? {
        url
    }

    func activityViewControllerLinkMetadata(_ activityViewController: UIActivityViewController) -> LPLinkMetadata? {
        let metadata = LPLinkMetadata()
        metadata.title = title
        metadata.originalURL = url
        metadata.url = url
        if let icon = UIImage(named: "AppIcon-Share") {
            metadata.iconProvider = NSItemProvider(object: icon)
        }
        return metadata
    }
}
