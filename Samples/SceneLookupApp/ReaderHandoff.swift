import StoreKit
import UIKit

/// Shows "Continue on this device" when a Handoff activity for a book
/// arrives, and opens the subscription sheet from the reader's menu.
/// The scene comes from `activeWindowScene` (UIApplication+KeyWindow.swift).
@MainActor
final class ReaderHandoff {
    static let shared = ReaderHandoff()

    func showContinueBanner(for title: String) {
        let banner = UILabel()
        banner.text = "Continue reading \(title)"
        banner.textAlignment = .center
        banner.backgroundColor = .secondarySystemBackground
        guard let window = UIApplication.shared.activeWindowScene?.keyWindow else { return }
        banner.frame = CGRect(x: 0, y: window.safeAreaInsets.top, width: window.bounds.width, height: 44)
        window.addSubview(banner)
    }

    /// Landscape readers get the two-page spread.
    var prefersSpread: Bool {
        UIApplication.shared.activeWindowScene?.interfaceOrientation.isLandscape ?? false
    }

    func manageSubscription() async {
        guard let scene = UIApplication.shared.activeWindowScene else { return }
        try? await AppStore.showManageSubscriptions(in: scene)
    }
}
