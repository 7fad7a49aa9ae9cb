/// The project facts of the menu touch-through family. Each kind is recorded by one rule (its
/// owner) and may be read by the others.
enum MenuFact {
    // Owner: ContextMenuWorkaroundScope (read by MenuTouchThrough too).
    /// A `UIWindow` subclass that recognises `_UIContextMenuContainerView`; at the class name.
    /// Details: `type`, `gated` ("true" when its interaction toggling runs only below iOS 18).
    static let workaroundWindow = "menu.workaroundWindow"
    /// A hook (`didAddSubview` …) of a workaround window; details `type`, `gated`.
    static let workaroundHook = "menu.workaroundHook"
    /// `SomeWindow(windowScene:)` / `SomeWindow(frame:)`; details `type`, `gated`.
    static let windowCreation = "menu.windowCreation"

    // Owner: MenuTouchThrough.
    /// A SwiftUI `Menu`, or a `Picker` given the menu style; details `kind`, `targetSource`.
    static let menuSite = "menu.site"
}
