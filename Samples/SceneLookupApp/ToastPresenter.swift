import UIKit

/// Small, non-blocking confirmation banners ("Added to Want to Read").
/// Shown on top of everything, including sheets, so they live in the window.
@MainActor
final class ToastPresenter {
    static let shared = ToastPresenter()

    private weak var currentToast: UIView?

    func show(_ message: String, systemImage: String = "checkmark.circle.fill", duration: TimeInterval = 2) {
        let hostWindow = UIApplication.shared.windows.filter { $0.isKeyWindow }.first
        guard let window = hostWindow else { return }

        currentToast?.removeFromSuperview()
        let toast = makeToast(message: message, systemImage: systemImage)
        window.addSubview(toast)
        NSLayoutConstraint.activate([
            toast.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            toast.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor, constant: 8),
            toast.widthAnchor.constraint(lessThanOrEqualTo: window.widthAnchor, constant: -32),
        ])
        currentToast = toast

        toast.alpha = 0
        toast.transform = CGAffineTransform(translationX: 0, y: -20)
        UIView.animate(withDuration: 0.25) {
            toast.alpha = 1
            toast.transform = .identity
        }
        UIView.animate(withDuration: 0.25, delay: duration, options: [.beginFromCurrentState]) {
            toast.alpha = 0
        } completion: { _ in
            toast.removeFromSuperview()
        }
        UIAccessibility.post(notification: .announcement, argument: message)
    }

    private func makeToast(message: String, systemImage: String) -> UIView {
        let background = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
        background.translatesAutoresizingMaskIntoConstraints = false
        background.layer.cornerRadius = 20
        background.layer.cornerCurve = .continuous
        background.clipsToBounds = true

        let icon = UIImageView(image: UIImage(systemName: systemImage))
        icon.tintColor = .systemGreen
        let label = UILabel()
        label.text = message
        label.font = .preferredFont(forTextStyle: .subheadline)
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 2

        let stack = UIStackView(arrangedSubviews: [icon, label])
        stack.spacing = 8
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        background.contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: background.contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: background.contentView.trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: background.contentView.topAnchor, constant: 10),
            stack.bottomAnchor.constraint(equalTo: background.contentView.bottomAnchor, constant: -10),
        ])
        return background
    }
}
