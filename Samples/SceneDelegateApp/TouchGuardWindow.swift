import UIKit

/// The tap that dismisses a SwiftUI `Menu` is also delivered to whatever is
/// underneath it, so closing the sort menu can start a step timer or open
/// a recipe. UIKit puts every context menu in one private container view,
/// added directly to the window; while that container is present we turn off
/// interaction for the window's other subviews.
final class TouchGuardWindow: UIWindow {
    private static let contextMenuContainerClass: AnyClass? = NSClassFromString("_UIContextMenuContainerView")

    /// The views we switched off, so we only turn back on what we touched.
    private var guardedViews: [UIView] = []

    override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        guard isContextMenuContainer(subview) else { return }
        guardedViews = subviews.filter { $0 !== subview && $0.isUserInteractionEnabled }
        for view in guardedViews {
            view.isUserInteractionEnabled = false
        }
    }

    override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
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
