import UIKit

/// Blocking spinner for the few things the user has to wait for: cancelling
/// an order, placing a reorder. Covers the whole window it's shown in, bars
/// included, so nothing can be tapped while the request is in flight.
/// Callers pass their own `view.window`.
@MainActor
enum LoadingHUD {
    private static weak var current: UIView?

    static func show(_ message: String, in window: UIWindow?) {
        guard let window else { return }
        hide()

        let hud = makeHUD(message: message)
        hud.frame = window.bounds
        hud.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        hud.alpha = 0
        window.addSubview(hud)
        current = hud

        UIView.animate(withDuration: 0.2) { hud.alpha = 1 }
        UIAccessibility.post(notification: .announcement, argument: message)
    }

    static func hide() {
        guard let hud = current else { return }
        current = nil
        UIView.animate(withDuration: 0.2) {
            hud.alpha = 0
        } completion: { _ in
            hud.removeFromSuperview()
        }
    }

    private static func makeHUD(message: String) -> UIView {
        let dimming = UIView()
        dimming.backgroundColor = UIColor.black.withAlphaComponent(0.25)

        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating()
        let label = UILabel()
        label.text = message
        label.font = .preferredFont(forTextStyle: .headline)
        label.textAlignment = .center

        let stack = UIStackView(arrangedSubviews: [spinner, label])
        stack.axis = .vertical
        stack.spacing = 12
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 24, leading: 24, bottom: 24, trailing: 24)
        stack.backgroundColor = .systemBackground
        stack.layer.cornerRadius = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        dimming.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: dimming.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: dimming.centerYAnchor),
            stack.widthAnchor.constraint(greaterThanOrEqualToConstant: 160),
        ])
        return dimming
    }
}
