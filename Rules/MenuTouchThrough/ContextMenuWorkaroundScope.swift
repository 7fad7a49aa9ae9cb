import SeamLintCore

/// Flags a menu touch-through workaround window whose toggling also runs on iOS 18 and later, and
/// the whole workaround when the deployment target is iOS 18 or later.
///
/// Facts: records `menu.workaroundWindow`, `menu.workaroundHook` and `menu.windowCreation`, from
/// Swift and Objective-C files (`MenuTouchThrough` reads `menu.workaroundWindow`).
public struct ContextMenuWorkaroundScope: ProjectRule, ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "context_menu_workaround_scope",
        summary: "A menu touch-through workaround window also runs on iOS 18, where the bug is fixed",
        rationale: """
        ### What it does
        Finds `UIWindow` subclasses that watch for `_UIContextMenuContainerView` (in `didAddSubview(_:)`, \
        `willRemoveSubview(_:)`, `hitTest(_:with:)` or `sendEvent(_:)`) to stop taps from reaching SwiftUI \
        views behind an open menu, and flags each hook whose work is not limited to iOS 17 and earlier \
        (`if #unavailable(iOS 18)`, `guard #unavailable(iOS 18) else { return }`, or an early return \
        under `if #available(iOS 18, *)`). It stays quiet when every place the window is created is \
        itself limited to iOS 17 and earlier. When the deployment target is iOS 18 or later, it flags \
        the window class itself: the whole workaround is dead code.

        ### Why is this bad?
        iOS 18 fixed the underlying bug ("SwiftUI gestures no longer errantly trigger when dismissing a \
        menu"). On iOS 18 and later the workaround only adds risk: it switches off interaction on views \
        that work correctly, depends on the name of a private UIKit class that can change in any update \
        (when it does, views can be left disabled), and does extra work on every subview change.

        ### Use instead
        Limit the toggling to the systems that need it: start each hook with \
        `guard #unavailable(iOS 18) else { return }` (after calling `super`), or wrap its body in \
        `if #unavailable(iOS 18) { … }`. Once the deployment target reaches iOS 18, delete the window \
        subclass and create a plain `UIWindow`.
        """,
        documentation: [
            "https://developer.apple.com/documentation/ios-ipados-release-notes/ios-ipados-18-release-notes",
            "https://developer.apple.com/documentation/uikit/uiview/didaddsubview(_:)",
            "https://developer.apple.com/documentation/uikit/uiview/willremovesubview(_:)",
        ],
        severity: .warning,
        triggering: [
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                ↓override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard "\\(type(of: subview))" == "_UIContextMenuContainerView" else { return }
                    for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
                }

                ↓override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    guard "\\(type(of: subview))" == "_UIContextMenuContainerView" else { return }
                    for view in subviews { view.isUserInteractionEnabled = true }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A hit-testing workaround with no availability check at all.
            Example("""
            import UIKit

            final class TouchShieldWindow: UIWindow {
                ↓override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                    let view = super.hitTest(point, with: event)
                    if let menu = subviews.last(where: { NSStringFromClass(type(of: $0)) == "_UIContextMenuContainerView" }) {
                        return menu.hitTest(convert(point, to: menu), with: event) ?? menu
                    }
                    return view
                }
            }
            """, iosDeploymentTarget: Version(15)),
            // Deployment target iOS 18: the whole workaround is dead code.
            Example("""
            import UIKit

            ↓final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard #unavailable(iOS 18) else { return }
                    if String(describing: type(of: subview)) == "_UIContextMenuContainerView" {
                        subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                    }
                }
            }
            """, iosDeploymentTarget: Version(18)),
            // Gated in one hook only; the creation site is not gated either.
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    if #unavailable(iOS 18), isMenuContainer(subview) {
                        subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                    }
                }

                ↓override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    if isMenuContainer(subview) { subviews.forEach { $0.isUserInteractionEnabled = true } }
                }

                private func isMenuContainer(_ view: UIView) -> Bool {
                    String(describing: type(of: view)).hasSuffix("ContextMenuContainerView")
                }
            }
            """, companions: ["""
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    window = MenuWindow(windowScene: windowScene)
                }
            }
            """]),
        ],
        nonTriggering: [
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard #unavailable(iOS 18) else { return }
                    guard String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                    for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
                }

                override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    if #unavailable(iOS 18) {
                        for view in subviews { view.isUserInteractionEnabled = true }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // Early return under `#available(iOS 18, *)`.
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    if #available(iOS 18, *) {
                        return
                    }
                    if String(describing: type(of: subview)) == "_UIContextMenuContainerView" {
                        subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // The toggling lives in a helper whose work is limited to iOS 17 and earlier.
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    updateInteraction(adding: subview)
                }

                private func updateInteraction(adding subview: UIView) {
                    if #available(iOS 18, *) {} else {
                        guard "\\(type(of: subview))" == "_UIContextMenuContainerView" else { return }
                        subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // The window is only created below iOS 18.
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    if "\\(type(of: subview))" == "_UIContextMenuContainerView" {
                        subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                    }
                }
            }
            """, companions: ["""
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                           options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    if #available(iOS 18, *) {
                        window = UIWindow(windowScene: windowScene)
                    } else {
                        window = MenuWindow(windowScene: windowScene)
                    }
                }
            }
            """], iosDeploymentTarget: Version(16)),
            // The availability check and the private class check in one condition list.
            Example("""
            import UIKit

            final class MenuWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard #unavailable(iOS 18), "\\(type(of: subview))" == "_UIContextMenuContainerView" else { return }
                    subviews.forEach { $0.isUserInteractionEnabled = $0 === subview }
                }
            }
            """, iosDeploymentTarget: Version(17)),
            // Helpers that only look for an open menu, without a window subclass: not a workaround.
            Example("""
            import SwiftUI
            import UIKit

            extension View {
                func menuIsOpen(in window: UIWindow?) -> Bool {
                    window?.subviews.contains { NSStringFromClass(type(of: $0)) == "_UIContextMenuContainerView" } ?? false
                }
            }

            enum HoverEffects {
                static func skips(_ view: UIView) -> Bool {
                    // Private containers ("_UIContextMenuContainerView" …) handle pointers themselves.
                    String(describing: type(of: view)).hasPrefix("_")
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // Windows that do other things, and a view (not a window) mentioning the class.
            Example("""
            import UIKit

            final class ShakeWindow: UIWindow {
                override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
                    NotificationCenter.default.post(name: .deviceDidShake, object: nil)
                }
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    subview.isUserInteractionEnabled = true
                }
            }

            final class MenuSpy: UIView {
                override func didAddSubview(_ subview: UIView) {
                    print("_UIContextMenuContainerView")
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // Mentions only in comments.
            Example("""
            import UIKit

            // A window that would watch _UIContextMenuContainerView could go here.
            final class AppWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    /* _UIContextMenuContainerView */
                    subviews.forEach { $0.isUserInteractionEnabled = true }
                }
            }
            """, iosDeploymentTarget: Version(16)),
        ]
    )

    /// What the Swift and Objective-C window queries look for first.
    public static var factTriggerWords: [String] { ["ContextMenuContainer", "Window(", "Window alloc"] }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        record(context.file.contextMenuWorkaroundWindows(), context.file.customWindowCreations(), context, into: &facts)
    }

    public func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts) {
        record(context.file.objectiveCContextMenuWorkaroundWindows(), context.file.objectiveCCustomWindowCreations(),
               context, into: &facts)
    }

    private func record(_ windows: [ContextMenuWorkaroundWindow], _ creations: [(name: Int, isGated: Bool)],
                        _ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        for window in windows {
            let type = file.text(at: window.name)
            let line = file.declarationLine(naming: window.name)
            facts.windows.append(WorkaroundWindow(site: context.factLocation(from: line.first, through: line.last, anchor: window.name),
                                                  type: type,
                                                  isGated: window.isGated,
                                                  iosDeploymentTarget: context.deploymentTarget.version))
            for hook in window.hooks {
                let hookLine = file.declarationLine(naming: hook.name)
                facts.hooks.append(WorkaroundHook(site: context.factLocation(from: hookLine.first, through: hookLine.last,
                                                                             anchor: hook.name), type: type,
                                                  isGated: hook.isGated || window.isGated))
            }
        }
        for creation in creations {
            facts.creations.append(WindowCreation(site: context.factLocation(at: creation.name),
                                                  type: file.text(at: creation.name), isGated: creation.isGated))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        // Grouped by type once: filtering every list for every window was quadratic in big projects.
        let creations = Dictionary(grouping: facts.creations, by: \.type)
        let hooks = Dictionary(grouping: facts.hooks, by: \.type)
        for window in facts.windows {
            let type = window.type
            if let target = window.iosDeploymentTarget, target >= Version(18) {
                context.report(at: window.site, "The `\(type)` menu workaround is dead code with an iOS \(target) deployment target",
                               help: "Delete the workaround and create a plain `UIWindow`: SwiftUI menus stopped leaking taps "
                                   + "in iOS 18.")
                continue
            }
            if window.isGated { continue }
            let created = creations[type] ?? []
            if !created.isEmpty && created.allSatisfy(\.isGated) { continue }
            for hook in hooks[type] ?? [] where !hook.isGated {
                let name = hook.site.location.file == window.site.location.file ? "" : " of `\(type)`"
                context.report(at: hook.site, "This workaround hook\(name) also runs on iOS 18 and later, where menus no longer leak taps",
                               help: "Start it with `guard #unavailable(iOS 18) else { return }` (after calling `super`), or "
                                   + "wrap its body in `if #unavailable(iOS 18) { … }`.")
            }
        }
    }
}
