/// The project facts `scroll_edge_overlay` records across files.
enum NavigationBarFact {
    /// `….scrollEdgeAppearance = x` on a navigation bar or item; details `opacity`
    /// (`opaque`, `transparent`, `unknown`), `source` (the helper the appearance comes from).
    static let scrollEdgeAssignment = "navbar.scrollEdgeAssignment"
    /// A function or property that builds a `UINavigationBarAppearance`; details `name`, `opacity`.
    static let appearanceFactory = "navbar.appearanceFactory"
    /// A hosting controller put into a navigation controller (root, push, `setViewControllers`);
    /// details `roots` (comma-separated root view types, when they can be read).
    static let hostedInNavigation = "navigation.hostsSwiftUI"
    /// `Name(…)` put into a navigation controller, when `Name` is declared elsewhere; details `type`.
    static let pushedType = "navigation.pushedType"
    /// `class Name: UIHostingController<…>`; details `type`, `roots` (the root view types it hosts).
    static let hostingSubclass = "swiftui.hostingSubclass"
    /// A SwiftUI composition node (a view type, or a function of `extension View`); details `name`,
    /// `references` (comma-separated type names and member calls it uses).
    static let viewNode = "swiftui.viewNode"
    /// An `.overlay` or `ZStack` dialog with a full-screen dimming layer, at `overlay`/`ZStack`;
    /// details `node` (the view type or `View` extension function it is in).
    static let dimmingDialog = "overlay.dialog"
    /// A view type whose body is a full-screen dimming layer under a dialog; details `type`.
    static let dimmingViewType = "overlay.dimmingViewType"
    /// `.overlay { … }` that builds views by type name; details `types` (comma-separated), `node`.
    static let overlayCalls = "overlay.calls"
}
