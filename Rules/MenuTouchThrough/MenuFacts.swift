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
        /// Names referred to inside a menu's content and under a picker style that is not a menu,
        /// each once per file.
        var menuUses: [String] = []
        var styledUses: [String] = []
        /// Names referred to elsewhere, with the helper each is used in (only in the deferred pass),
        /// each pair once per file.
        var otherUses = HelperUses()

        public init() {}

        public mutating func append(_ later: Self) {
            sites += later.sites
            menuUses += later.menuUses
            styledUses += later.styledUses
            otherUses.append(later.otherUses)
        }
    }

    /// Names used outside menus, each with the helper (property, function or view type) it is used
    /// in, as positions in a table that holds each name once. A project's uses are many (every name
    /// of the files read in the deferred pass) and walked in every deferred round and in `finish`:
    /// the names are looked up once, when a file's facts are appended, and the walks compare integers.
    /// The lookups hash each name's bytes once, in the worker that records it (`hashes`), and
    /// appending a file's names probes with those hashes: merging hashes no string.
    struct HelperUses: Sendable, Equatable {
        struct Use: Sendable, Hashable {
            /// Positions in `names`; `container` is -1 for a use outside every helper.
            var name: Int32
            var container: Int32
        }

        /// Each name once, in the order first used, and the hash of its bytes (`hash(_:)`).
        private(set) var names: [String] = []
        private var hashes: [UInt64] = []
        /// Open addressing over `hashes`: a position plus one (0: empty); a power of two in size.
        private var slots: [Int32] = []
        private(set) var uses: [Use] = []

        var isEmpty: Bool { uses.isEmpty }

        /// The position of `name` in `names`, adding it when new; `hash` is `hash(name.utf8)`.
        mutating func position(of name: String, hash: UInt64) -> Int32 {
            if slots.isEmpty { slots = [Int32](repeating: 0, count: 64) }
            let found = probe(name, hash: hash)
            if let existing = found.position { return existing }
            let position = Int32(names.count)
            names.append(name)
            hashes.append(hash)
            slots[found.slot] = position + 1
            if names.count * 2 > slots.count { grow() }
            return position
        }

        mutating func position(of name: String) -> Int32 { position(of: name, hash: Self.hash(name.utf8)) }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (position, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash ^ hash >> 29) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(position + 1)
            }
        }

        /// FNV-1a over a name's bytes.
        static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
            return hash
        }

        /// The position of `name` when some use names it.
        func existingPosition(of name: String) -> Int32? {
            guard !slots.isEmpty else { return nil }
            return probe(name, hash: Self.hash(name.utf8)).position
        }

        /// The slot holding `name` and its position, or the empty slot where it would go (`slots` not empty).
        private func probe(_ name: String, hash: UInt64) -> (slot: Int, position: Int32?) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash ^ hash >> 29) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot] - 1)
                if hashes[position] == hash, names[position] == name { return (slot, Int32(position)) }
                slot = (slot + 1) & mask
            }
            return (slot, nil)
        }

        /// Records a use given as positions in `names` (see `position(of:)`).
        mutating func add(_ use: Use) { uses.append(use) }

        /// Appends a later file's uses, looking up each of its names once (by its hash).
        mutating func append(_ later: Self) {
            guard !later.uses.isEmpty else { return }
            guard !uses.isEmpty || !names.isEmpty else { self = later; return }
            let map = later.names.indices.map { position(of: later.names[$0], hash: later.hashes[$0]) }
            // No `reserveCapacity` here: asked for a little more on every append, it would copy
            // the whole array each time instead of growing it geometrically.
            for use in later.uses {
                uses.append(Use(name: map[Int(use.name)], container: use.container < 0 ? -1 : map[Int(use.container)]))
            }
        }

        /// The table of positions follows from `names`.
        static func == (left: Self, right: Self) -> Bool { left.names == right.names && left.uses == right.uses }
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
