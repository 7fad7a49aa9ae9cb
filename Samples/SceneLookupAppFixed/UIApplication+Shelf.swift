import UIKit

extension UIApplication {
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

extension UIViewController {
    /// The scene this controller is on screen in, if it is on screen at all.
    /// Prefer this over asking UIApplication: on iPad there can be several.
    var hostWindowScene: UIWindowScene? {
        view.window?.windowScene
    }

    /// Walks up the chain of modally presented controllers.
    var topmostPresentedViewController: UIViewController {
        presentedViewController?.topmostPresentedViewController ?? self
    }
}
