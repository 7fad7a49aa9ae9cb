import StoreKit
import UIKit

/// Asks for an App Store rating once the reader has finished a few books,
/// at most once per app version. Apple rate limits the prompt on top of this.
///
/// The prompt appears in whichever scene we hand it, so callers pass the scene
/// the reader is actually looking at (`hostWindowScene` from a view controller).
@MainActor
final class ReviewPrompter {
    static let shared = ReviewPrompter()

    private enum Key {
        static let launchCount = "review.launchCount"
        static let finishedBooks = "review.finishedBooks"
        static let lastPromptedVersion = "review.lastPromptedVersion"
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    private var currentVersion: String {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
    }

    func recordLaunch() {
        defaults.set(defaults.integer(forKey: Key.launchCount) + 1, forKey: Key.launchCount)
    }

    /// Called by the reader when the last page of a book is turned.
    func recordFinishedBook(in scene: UIWindowScene?) {
        let finished = defaults.integer(forKey: Key.finishedBooks) + 1
        defaults.set(finished, forKey: Key.finishedBooks)
        if finished >= 3, let scene {
            requestReviewIfAppropriate(in: scene)
        }
    }

    func requestReviewIfAppropriate(in scene: UIWindowScene) {
        guard defaults.integer(forKey: Key.launchCount) >= 5,
              defaults.string(forKey: Key.lastPromptedVersion) != currentVersion,
              scene.activationState == .foregroundActive else {
            return
        }

        defaults.set(currentVersion, forKey: Key.lastPromptedVersion)
        if #available(iOS 16, *) {
            AppStore.requestReview(in: scene)
        } else {
            SKStoreReviewController.requestReview(in: scene)
        }
    }
}
