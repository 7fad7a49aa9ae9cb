import SeamLintCore

/// The project facts `scroll_edge_overlay` records across files.
extension ScrollEdgeOverlay {
    public struct Facts: ProjectFacts {
        /// `….scrollEdgeAppearance = x` on a navigation bar or item.
        var scrollEdgeAssignments: [AppearanceAssignment] = []
        /// Functions and properties that build a `UINavigationBarAppearance`.
        var appearanceFactories: [AppearanceFactory] = []
        /// Hosting controllers put into a navigation controller (root, push, `setViewControllers`).
        var hostedInNavigation: [NavigationHost] = []
        /// `Name(…)` put into a navigation controller, when `Name` is declared elsewhere.
        var pushedTypes: [NamedSite] = []
        /// `class Name: UIHostingController<…>`, with the root view types it hosts.
        var hostingSubclasses: [HostingSubclass] = []
        /// SwiftUI composition nodes: view types, and functions of `extension View`.
        var viewNodes: [ViewNode] = []
        /// `.overlay` or `ZStack` dialogs with a full-screen dimming layer, at `overlay`/`ZStack`.
        var dimmingDialogs: [DimmingDialog] = []
        /// View types whose body is a full-screen dimming layer under a dialog.
        var dimmingViewTypes: [String] = []
        /// `.overlay { … }` that builds views by type name.
        var overlayCalls: [OverlayCall] = []

        public init() {}

        public mutating func append(_ later: Self) {
            scrollEdgeAssignments += later.scrollEdgeAssignments
            appearanceFactories += later.appearanceFactories
            hostedInNavigation += later.hostedInNavigation
            pushedTypes += later.pushedTypes
            hostingSubclasses += later.hostingSubclasses
            viewNodes += later.viewNodes
            dimmingDialogs += later.dimmingDialogs
            dimmingViewTypes += later.dimmingViewTypes
            overlayCalls += later.overlayCalls
        }
    }

    struct AppearanceAssignment: Sendable, Equatable {
        var site: FactLocation
        var opacity: AppearanceOpacity
        /// The helper the appearance comes from.
        var source: String?
        /// What made it opaque, for the message: "`configureWithOpaqueBackground()` on line 4".
        var evidence: String?
    }

    struct AppearanceFactory: Sendable, Equatable {
        var name: String
        var opacity: AppearanceOpacity
    }

    struct NavigationHost: Sendable, Equatable {
        var site: FactLocation
        /// The root view types, when they can be read.
        var roots: [String]
    }

    struct NamedSite: Sendable, Equatable {
        var site: FactLocation
        var type: String
    }

    struct HostingSubclass: Sendable, Equatable {
        var type: String
        var roots: [String]
    }

    struct ViewNode: Sendable, Equatable {
        var name: String
        /// The type names and member calls it uses.
        var references: [String]
    }

    struct DimmingDialog: Sendable, Equatable {
        var site: FactLocation
        /// The view type or `View` extension function it is in.
        var node: String?
    }

    struct OverlayCall: Sendable, Equatable {
        var site: FactLocation
        var types: [String]
        var node: String?
    }
}
