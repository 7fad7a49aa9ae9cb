import UIKit

extension UIApplication {
    /// `UIApplication.keyWindow` was deprecated in iOS 13. This brings it back
    /// for the places that just need "the window on screen right now"
    /// (toasts, the sign-out flow) without sprinkling deprecation warnings.
    var keyWindow: UIWindow? {
        connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
            .first { $0.isKeyWindow }
    }

    /// The scene the user is interacting with, for the reader's Handoff and
    /// Spotlight code.
    var activeWindowScene: UIWindowScene? {
        connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
    }

    /// Every window scene that's currently on screen. The diagnostics report
    /// uses it to record how many windows the user had open.
    var foregroundWindowScenes: [UIWindowScene] {
        connectedScenes
            .filter { $0.activationState == .foregroundActive }
            .compactMap { $0 as? UIWindowScene }
    }

    /// Opens Shelf's page in the Settings app (notifications, cellular data).
    func openAppSettings() {
        guard let url = URL(string: UIApplication.openSettingsURLString),
              canOpenURL(url) else {
            return
        }
        open(url)
    }

    /// Opens the App Store's "Write a Review" page directly, for the
    /// button in Account > About. Never rate limited, unlike the prompt.
    func openWriteReviewPage() {
        let appID = "1234567890"
        guard let url = URL(string: "https://apps.apple.com/app/id\(appID)?action=write-review") else {
            return
        }
        open(url)
    }
}
