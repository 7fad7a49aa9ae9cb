import SeamLintCore

extension MenuTouchThrough {
    /// One file's on-screen menus and pickers, and the names it refers to in each environment (to
    /// tell, across files, whether a helper that builds a menu is only ever used inside another menu).
    struct Scan {
        struct Site {
            /// The `Menu` or `Picker` name token.
            var report: Int
            var isPicker: Bool
            /// A `Picker` left to the automatic style: a menu in most containers on iOS 16 and 17.
            var isAutomatic: Bool
            /// The `.pickerStyle(.menu)` that makes the `Picker` a menu.
            var styleModifier: Int?
            /// The property, function or view type that builds it.
            var helper: String?
        }

        var sites: [Site] = []
        /// Names referred to inside a menu's content.
        var menuUses: Set<String> = []
        /// Names referred to (outside menus) under a picker style that is not a menu.
        var styledUses: Set<String> = []
        /// Names referred to anywhere else, outside previews, with the helper they are used in, in
        /// the order first seen (deterministic without a sort).
        var otherUses = HelperUses()
    }

    /// One sweep over `file`: sites (when `sites`), and the uses of names in each environment
    /// (`menuUses`/`styledUses` when `sites`, `otherUses` when `otherUses`).
    static func scan(_ file: SourceFile, sites recordSites: Bool, otherUses recordOthers: Bool) -> Scan {
        var scan = Scan()
        let code = file.code
        var cursor = MenuEnvironment.Cursor(MenuEnvironment(file))
        // Declared names, met in order by the sweep.
        let declared = file.declarations.compactMap(\.name).sorted()
        var nextDeclared = 0
        var lastContainer: (index: Int, position: Int32) = (-1, -1)  // the container's name, looked up once
        var seen = UseSet()
        var names = NameTable()
        // The container each name was last recorded with: most repeated uses are in the same helper.
        var lastRecorded: [Int32] = []
        for index in code.indices where code[index].kind == .identifier {
            let state = cursor.state(at: index)
            if state.insidePreview { continue }
            if recordSites, !state.insideMenu, let site = site(at: index, state, file) { scan.sites.append(site) }
            while nextDeclared < declared.count, declared[nextDeclared] < index { nextDeclared += 1 }
            guard nextDeclared == declared.count || declared[nextDeclared] != index, isReference(index, file) else { continue }
            if state.insideMenu {
                if recordSites { scan.menuUses.insert(file.text(at: index)) }
            } else if state.style?.style == .other {
                if recordSites { scan.styledUses.insert(file.text(at: index)) }
            } else if recordOthers {
                if let container = state.container, container != lastContainer.index {
                    lastContainer = (container, names.position(ofNameAt: container, file, in: &scan.otherUses))
                }
                let use = HelperUses.Use(name: names.position(ofNameAt: index, file, in: &scan.otherUses),
                                         container: state.container == nil ? -1 : lastContainer.position)
                if lastRecorded.count < scan.otherUses.names.count {
                    lastRecorded += repeatElement(-2, count: scan.otherUses.names.count - lastRecorded.count)
                }
                if lastRecorded[Int(use.name)] == use.container { continue }
                lastRecorded[Int(use.name)] = use.container
                if seen.insert(use) { scan.otherUses.add(use) }
            }
        }
        return scan
    }

    /// The position in a file's `HelperUses` of each name token's text, found by the token's bytes:
    /// a name met again (most are) costs neither a `String` nor a `Hasher`.
    private struct NameTable {
        /// Open addressing: the first token with each text, plus one (0: empty), and its position.
        private var tokens = [Int32](repeating: 0, count: 256)
        private var positions = [Int32](repeating: 0, count: 256)
        private var count = 0

        mutating func position(ofNameAt index: Int, _ file: SourceFile, in uses: inout HelperUses) -> Int32 {
            let token = file.code[index]
            let hash = Self.hash(file.bytes, Int(token.start), Int(token.length))
            var slot = hash & (tokens.count - 1)
            while tokens[slot] != 0 {
                let other = file.code[Int(tokens[slot]) - 1]
                if other.length == token.length, Self.equal(file.bytes, Int(other.start), Int(token.start), Int(token.length)) {
                    return positions[slot]
                }
                slot = (slot + 1) & (tokens.count - 1)
            }
            // A plain name's bytes are its text's: their hash is the one `HelperUses` takes.
            let plain = token.kind == .keyword || token.flags.isDisjoint(with: .notPlainName)
            let text = file.text(at: index)
            let position = plain ? uses.position(of: text, hash: Self.textHash(file.bytes, Int(token.start), Int(token.length)))
                : uses.position(of: text)
            tokens[slot] = Int32(index + 1)
            positions[slot] = position
            count += 1
            if count * 2 > tokens.count { grow(file) }
            return position
        }

        private mutating func grow(_ file: SourceFile) {
            let oldTokens = tokens, oldPositions = positions
            tokens = [Int32](repeating: 0, count: oldTokens.count * 2)
            positions = [Int32](repeating: 0, count: oldTokens.count * 2)
            for (slot, entry) in oldTokens.enumerated() where entry != 0 {
                let token = file.code[Int(entry) - 1]
                var target = Self.hash(file.bytes, Int(token.start), Int(token.length)) & (tokens.count - 1)
                while tokens[target] != 0 { target = (target + 1) & (tokens.count - 1) }
                tokens[target] = entry
                positions[target] = oldPositions[slot]
            }
        }

        private static func hash(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int {
            let hash = textHash(bytes, start, length)
            return Int(truncatingIfNeeded: hash ^ hash >> 29)
        }

        /// `HelperUses.hash` of the bytes (FNV-1a).
        private static func textHash(_ bytes: [UInt8], _ start: Int, _ length: Int) -> UInt64 {
            var hash: UInt64 = 14_695_981_039_346_656_037
            for offset in start..<start + length { hash = (hash ^ UInt64(bytes[offset])) &* 1_099_511_628_211 }
            return hash
        }

        private static func equal(_ bytes: [UInt8], _ first: Int, _ second: Int, _ length: Int) -> Bool {
            for offset in 0..<length where bytes[first + offset] != bytes[second + offset] { return false }
            return true
        }
    }

    /// The uses a scan has recorded: open addressing over the pair as one integer (a `Set` of
    /// them hashed each pair through `Hasher` and grew from empty in every file).
    struct UseSet {
        /// `name << 32 | container`, plus one (0: empty); a power of two in size.
        private var slots = [UInt64](repeating: 0, count: 256)
        private var count = 0

        /// False when `use` was already in.
        mutating func insert(_ use: HelperUses.Use) -> Bool {
            let key = (UInt64(UInt32(bitPattern: use.name)) << 32 | UInt64(UInt32(bitPattern: use.container))) &+ 1
            var slot = Self.slot(key, slots.count)
            while slots[slot] != 0 {
                if slots[slot] == key { return false }
                slot = (slot + 1) & (slots.count - 1)
            }
            slots[slot] = key
            count += 1
            if count * 2 > slots.count {
                let old = slots
                slots = [UInt64](repeating: 0, count: old.count * 2)
                for key in old where key != 0 {
                    var slot = Self.slot(key, slots.count)
                    while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                    slots[slot] = key
                }
            }
            return true
        }

        private static func slot(_ key: UInt64, _ size: Int) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (size - 1)
        }
    }

    /// A name read here, not a member of something else (`self.sortMenu` is).
    private static func isReference(_ index: Int, _ file: SourceFile) -> Bool {
        guard index > 0, file.code[index - 1].kind == .period else { return true }
        return index >= 2 && file.code[index - 2].keyword == .self
    }

    private static func site(at index: Int, _ state: MenuEnvironment.State, _ file: SourceFile) -> Scan.Site? {
        if file.isName(index, "Menu") {
            guard isSwiftUIMenu(file, index), isAffected(file, index) else { return nil }
            return Scan.Site(report: index, isPicker: false, isAutomatic: false, styleModifier: nil,
                             helper: state.container.map(file.text(at:)))
        }
        guard file.isName(index, "Picker"), isSwiftUIPicker(file, index) else { return nil }
        var modifier: Int?
        switch state.style?.style {
        case .other?: return nil
        case .menu?: modifier = state.style?.modifier
        case .automatic?, nil: break
        }
        guard isAffected(file, index) else { return nil }
        return Scan.Site(report: index, isPicker: true, isAutomatic: modifier == nil, styleModifier: modifier,
                         helper: state.container.map(file.text(at:)))
    }

    /// The name at `index` is used, not declared (`struct Menu`, `func Picker`), and is SwiftUI's,
    /// not a member of another type (`.Menu` unless `SwiftUI.Menu`).
    private static func usesSwiftUIViewName(_ file: SourceFile, _ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = file.code[index - 1]
        if previous.kind == .period && !file.isName(index - 2, "SwiftUI") { return false }
        switch previous.keyword {
        case .struct, .class, .enum, .extension, .typealias, .protocol, .func, .actor: return false
        default: return true
        }
    }

    /// `Menu {`, `Menu("Title") {`, `Menu(content:label:)`: SwiftUI's view with its content.
    private static func isSwiftUIMenu(_ file: SourceFile, _ index: Int) -> Bool {
        let code = file.code
        // `-> Menu<…>`; a `:` before it is a `case` label or a dictionary value, both fine.
        guard usesSwiftUIViewName(file, index), index == 0 || !file.tokenIs(index - 1, "->") else { return false }
        guard index + 1 < code.count else { return false }
        let next = code[index + 1]
        if next.kind == .leftBrace { return file.isClosure(index + 1) }
        guard next.kind == .leftParen, !next.flags.contains(.lineStart), file.matching[index + 1] > index + 1 else {
            return false
        }
        let close = Int(file.matching[index + 1])
        if close + 1 < code.count, code[close + 1].kind == .leftBrace, file.isClosure(close + 1) { return true }
        return file.argument("content", inCall: index + 1) != nil
    }

    /// `Picker("Sort", selection: $order) { … }`, `Picker(selection:label:content:)`: SwiftUI's
    /// view, which always takes a selection.
    private static func isSwiftUIPicker(_ file: SourceFile, _ index: Int) -> Bool {
        let code = file.code
        guard usesSwiftUIViewName(file, index) else { return false }
        guard index + 1 < code.count, code[index + 1].kind == .leftParen, !code[index + 1].flags.contains(.lineStart),
              file.matching[index + 1] > index + 1 else { return false }
        return file.argument("selection", inCall: index + 1) != nil
    }

    /// Not macOS-only, not in previews or the menu bar, not iOS 18+ only.
    private static func isAffected(_ file: SourceFile, _ index: Int) -> Bool {
        if file.isOutsideIOS(at: index) || file.requiresIOS(Version(18), at: index) { return false }
        for owner in file.enclosingDeclarations(of: index) {
            let declaration = file.declarations[owner]
            if declaration.isType, file.declaration(declaration, inheritsFrom: "Commands")
                || file.declaration(declaration, inheritsFrom: "MenuStyle") { return false }
        }
        return true
    }
}
