import UIKit

/// Before iOS 18, the tap that dismisses a SwiftUI `Menu` is also delivered
/// to whatever is underneath it, so closing the sort menu can start a step
/// timer or open a recipe. UIKit puts every context menu in one private
/// container view, added directly to the window; while that container is
/// present we turn off interaction for the window's other subviews.
///
/// iOS 18 handles the dismissing tap itself. There this window must behave
/// exactly like a plain UIWindow, hence the early returns.
final class TouchGuardWindow: UIWindow {
    // seamlint:disable:next private_uikit_class - the pre-iOS 18 menu workaround needs this one name
    private static let contextMenuContainerClass: AnyClass? = NSClassFromString("_UIContextMenuContainerView")

    /// The views we switched off, so we only turn back on what we touched.
    private var guardedViews: [UIView] = []

    override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        if #available(iOS 18, *) { return }
        guard isContextMenuContainer(subview) else { return }
        guardedViews = subviews.filter { $0 !== subview && $0.isUserInteractionEnabled }
        for view in guardedViews {
            view.isUserInteractionEnabled = false
        }
    }

    override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if #available(iOS 18, *) { return }
        guard isContextMenuContainer(subview) else { return }
        for view in guardedViews {
            view.isUserInteractionEnabled = true
        }
        guardedViews.removeAll()
    }

    private func isContextMenuContainer(_ view: UIView) -> Bool {
        // If the class ever disappears we simply stop matching.
        guard let containerClass = Self.contextMenuContainerClass else { return false }
        return view.isKind(of: containerClass)
    }
}
