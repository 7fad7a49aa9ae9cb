import UIKit

/// On iOS 16 and 17, the tap that dismisses a SwiftUI `Menu` (or a menu-style
/// `Picker`) is also delivered to whatever sits underneath it. Tapping "outside"
/// the sort menu could open a trail, or toggle a favorite in the detail toolbar.
///
/// UIKit shows every context menu in a private container view that it adds
/// straight to the window. While that container is on screen we switch off
/// hit-testing for the window's other subviews, and restore it when the
/// container goes away. iOS 18 fixed the underlying problem, so we leave the
/// window alone there.
final class MenuWorkaroundWindow: UIWindow {
    /// Views we disabled, so we only re-enable what we touched.
    private var suspendedSubviews: [UIView] = []

    override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        if #unavailable(iOS 18) {
            guard Self.isContextMenuContainer(subview) else { return }
            suspendedSubviews = subviews.filter { $0 !== subview && $0.isUserInteractionEnabled }
            for view in suspendedSubviews {
                view.isUserInteractionEnabled = false
            }
        }
    }

    override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if #unavailable(iOS 18) {
            guard Self.isContextMenuContainer(subview) else { return }
            for view in suspendedSubviews {
                view.isUserInteractionEnabled = true
            }
            suspendedSubviews.removeAll()
        }
    }

    private static func isContextMenuContainer(_ view: UIView) -> Bool {
        // Matching on the name rather than NSClassFromString so nothing breaks
        // (we just stop matching) if UIKit ever renames the class.
        // seamlint:disable:next private_uikit_class - the one private name we rely on, iOS 16/17 only
        String(describing: type(of: view)) == "_UIContextMenuContainerView"
    }
}
