import SeamLintCore

/// The project facts of the menu touch-through family, one type per recording rule;
/// `menu_touch_through` reads the workaround windows too.
extension ContextMenuWorkaroundScope {
    public struct Facts: ProjectFacts {
        /// `UIWindow` subclasses that recognise `_UIContextMenuContainerView`, at the class name.
        var windows: [WorkaroundWindow] = []
        /// Their hooks (`didAddSubview` …), at the method name.
        var hooks: [WorkaroundHook] = []
        /// `SomeWindow(windowScene:)` / `SomeWindow(frame:)`, at the type name.
        var creations: [WindowCreation] = []

        public init() {}

        public mutating func append(_ later: Self) {
            windows += later.windows
            hooks += later.hooks
            creations += later.creations
        }
    }

    struct WorkaroundWindow: Sendable, Equatable {
        var site: FactLocation
        var type: String
        /// Its interaction toggling runs only below iOS 18.
        var isGated: Bool
        /// The deployment target of its file.
        var iosDeploymentTarget: Version?
    }

    struct WorkaroundHook: Sendable, Equatable {
        var site: FactLocation
        /// The window type it belongs to.
        var type: String
        /// It, or its whole window, runs only below iOS 18.
        var isGated: Bool
    }

    struct WindowCreation: Sendable, Equatable {
        var site: FactLocation
        var type: String
        var isGated: Bool
    }
}

extension MenuTouchThrough {
    public struct Facts: ProjectFacts {
        /// SwiftUI `Menu`s, and `Picker`s that are menus (given the menu style, or left to the automatic one).
        var sites: [MenuSite] = []
        /// Names referred to inside a menu's content, under a picker style that is not a menu, and
        /// elsewhere (the last only in the deferred pass), each once per file.
        var menuUses: [String] = []
        var styledUses: [String] = []
        var otherUses: [HelperUse] = []

        public init() {}

        public mutating func append(_ later: Self) {
            sites += later.sites
            menuUses += later.menuUses
            styledUses += later.styledUses
            otherUses += later.otherUses
        }
    }

    /// A name used outside menus, and the helper (property, function or view type) it is used in.
    struct HelperUse: Sendable, Hashable, Comparable {
        var name: String
        var container: String?

        static func < (left: Self, right: Self) -> Bool {
            (left.name, left.container ?? "") < (right.name, right.container ?? "")
        }
    }

    struct MenuSite: Sendable, Equatable {
        var site: FactLocation
        /// A menu-style `Picker`, not a `Menu`.
        var isPicker: Bool
        /// A `Picker` left to the automatic style.
        var isAutomaticPicker: Bool
        /// The `.pickerStyle(.menu)` that makes the `Picker` a menu.
        var styleModifier: FactLocation?
        /// The property, function or view type that builds it.
        var helper: String?
        /// The deployment target of its file, and the manifest it comes from.
        var iosDeploymentTarget: Version?
        var targetSource: String?
    }
}
