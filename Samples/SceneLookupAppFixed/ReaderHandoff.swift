import StoreKit
import UIKit

/// Shows "Continue on this device" when a Handoff activity for a book
/// arrives, and opens the subscription sheet from the reader's menu.
/// The reader passes itself in: the banner and the sheet go to its window.
@MainActor
final class ReaderHandoff {
    static let shared = ReaderHandoff()

    func showContinueBanner(for title: String, in reader: UIViewController) {
        let banner = UILabel()
        banner.text = "Continue reading \(title)"
        banner.textAlignment = .center
        banner.backgroundColor = .secondarySystemBackground
        guard let window = reader.view.window else { return }
        banner.frame = CGRect(x: 0, y: window.safeAreaInsets.top, width: window.bounds.width, height: 44)
        window.addSubview(banner)
    }

    /// Landscape readers get the two-page spread.
    func prefersSpread(in reader: UIViewController) -> Bool {
        reader.hostWindowScene?.interfaceOrientation.isLandscape ?? false
    }

    func manageSubscription(from reader: UIViewController) async {
        guard let scene = reader.hostWindowScene else { return }
        try? await AppStore.showManageSubscriptions(in: scene)
    }
}
