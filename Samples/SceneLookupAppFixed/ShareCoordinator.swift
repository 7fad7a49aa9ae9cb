import LinkPresentation
import UIKit

/// Presents the system share sheet: the invite link on the Account screen,
/// diagnostics for support, quotes from the reader. Callers pass the view
/// controller (and ideally the control) the share started from, so the sheet
/// opens in the right window on iPad and the popover points at something.
enum ShareCoordinator {
    static func shareInviteLink(_ url: URL, from viewController: UIViewController, sourceView: UIView? = nil) {
        let source = LinkItemSource(url: url, title: "Join me on Shelf")
        let activityController = UIActivityViewController(activityItems: [source], applicationActivities: nil)
        present(activityController, from: viewController, sourceView: sourceView)
    }

    static func share(
        _ items: [Any],
        excluding excludedTypes: [UIActivity.ActivityType] = [],
        from viewController: UIViewController,
        sourceView: UIView? = nil
    ) {
        let activityController = UIActivityViewController(activityItems: items, applicationActivities: nil)
        activityController.excludedActivityTypes = excludedTypes
        present(activityController, from: viewController, sourceView: sourceView)
    }

    private static func present(
        _ activityController: UIActivityViewController,
        from viewController: UIViewController,
        sourceView: UIView?
    ) {
        let presenter = viewController.topmostPresentedViewController
        if let popover = activityController.popoverPresentationController {
            let anchor = sourceView ?? presenter.view!
            popover.sourceView = anchor
            popover.sourceRect = anchor.bounds
        }
        presenter.present(activityController, animated: true)
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
