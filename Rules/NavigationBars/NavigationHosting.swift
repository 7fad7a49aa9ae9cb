import SeamLintCore

extension SourceFile {
    /// Hosting controllers put into a navigation controller: `UINavigationController(rootViewController:
    /// UIHostingController(…))`, `pushViewController(hosting, …)`, `setViewControllers([hosting], …)`,
    /// `show(hosting, sender:)`. `hosting` lists each site with the root view types it hosts (name
    /// tokens; empty when the root cannot be read) and, when the root view argument is itself a
    /// SwiftUI navigation container (`rootView: NavigationView { … }`), that container's name token;
    /// `pushedTypes` lists sites pushing `Name(…)` where `Name` may be a hosting controller subclass
    /// declared elsewhere.
    ///
    /// One pass: locals (`let controller = UIHostingController(…)`) are tracked as the pass reaches
    /// them, so a site costs no scan of its function.
    ///
    /// `scroll_edge_overlay` and `nested_navigation_container` both read them: built once per file.
    func navigationHostingSites() -> (hosting: [(site: Int, roots: [Int], container: Int?)], pushedTypes: [(site: Int, type: Int)]) {
        shared(NavigationHostingSitesKey.self) { findNavigationHostingSites() }
    }

    private enum NavigationHostingSitesKey {}

    private func findNavigationHostingSites() -> (hosting: [(site: Int, roots: [Int], container: Int?)], pushedTypes: [(site: Int, type: Int)]) {
        guard mentionsText("NavigationController") || mentionsText("pushViewController")
            || mentionsText("setViewControllers") || mentionsText("show(") else { return ([], []) }
        var hosting: [(site: Int, roots: [Int], container: Int?)] = []
        var pushed: [(site: Int, type: Int)] = []
        let views = LocalViewIndex(self)
        var locals = LocalHostingTracker()
        func consider(_ value: Int, site: Int) {
            switch hostingKind(ofExpressionAt: value, site: site, locals: locals, views: views) {
            case .hosting(let roots, let container): hosting.append((site, roots, container))
            case .type(let name): pushed.append((site, name))
            case .other: break
            }
        }
        for index in code.indices {
            if LocalHostingTracker.mayObserve(code[index], next: code[index + 1]) { locals.observe(index, in: self, views: views) }
            guard code[index].kind == .identifier || code[index].keyword == .`init`,
                  tokenIs(index + 1, "("), !code[index + 1].flags.contains(.lineStart) else { continue }
            let open = index + 1
            // `UINavigationController(rootViewController:)`, `super.init(rootViewController:)` in a subclass.
            if tokenHasSuffix(index, "NavigationController") || code[index].keyword == .`init`,
               let value = argument("rootViewController", inCall: open) {
                consider(value, site: index)
            } else if isName(index, "pushViewController") || isName(index, "show"), let value = firstArgument(ofCall: open) {
                if isName(index, "show"), argument("sender", inCall: open) == nil { continue }
                consider(value, site: index)
            } else if isName(index, "setViewControllers"), let value = firstArgument(ofCall: open),
                      code[value].kind == .leftSquare, matching[value] > value {
                var element = value + 1
                while element < Int(matching[value]) {
                    if parent[element] == Int32(value), element == value + 1 || code[element - 1].kind == .comma {
                        consider(element, site: index)
                    }
                    element += 1
                }
            }
        }
        return (hosting, pushed)
    }

    fileprivate enum HostingKind { case hosting([Int], container: Int?), type(Int), other }

    private func hostingKind(ofExpressionAt start: Int, site: Int, locals: LocalHostingTracker, views: LocalViewIndex) -> HostingKind {
        guard start < code.count, code[start].kind == .identifier else { return .other }
        if tokenHasSuffix(start, "HostingController") {
            let roots = rootViews(ofHostingAt: start, views: views)
            // `InboxHostingController()`: a subclass whose root view its declaration names.
            if roots.isEmpty, !isName(start, "UIHostingController"), isUppercase(start), argument("rootView", inCall: start + 1) == nil {
                return .type(start)
            }
            return .hosting(roots, container: navigationContainer(ofHostingAt: start))
        }
        let next = start + 1
        let isCall = next < code.count && (code[next].kind == .leftParen || tokenIs(next, "<"))
        if isCall {
            return isUppercase(start) ? .type(start) : .other
        }
        // A local: what the pass has seen assigned to it so far in the site's function.
        return locals.kind(of: start, at: site, in: self)
    }

    /// `XHostingController(rootView: NavigationStack { … })`: the container's name token.
    func navigationContainer(ofHostingAt name: Int) -> Int? {
        var open = name + 1
        if tokenIs(open, "<") {
            while open < code.count && !(code[open].kind == .leftParen) && !code[open].flags.contains(.lineStart) { open += 1 }
        }
        guard open < code.count, code[open].kind == .leftParen, let value = argument("rootView", inCall: open),
              isNavigationContainer(at: value) else { return nil }
        return value
    }

    /// True when code token `index` names a SwiftUI navigation container that is built here:
    /// `NavigationView {`, `NavigationStack(path: …) {`, `NavigationSplitView {`.
    func isNavigationContainer(at index: Int) -> Bool {
        guard isName(index, "NavigationView") || isName(index, "NavigationStack") || isName(index, "NavigationSplitView"),
              code[index - 1].kind != .period else { return false }
        let next = code[index + 1]
        return (next.kind == .leftBrace || next.kind == .leftParen || tokenIs(index + 1, "<")) && !next.flags.contains(.lineStart)
    }

    /// The root view types of `XHostingController(rootView: Root(…))` or `XHostingController<Root>`.
    fileprivate func rootViews(ofHostingAt name: Int, views: LocalViewIndex) -> [Int] {
        var roots = genericRootView(after: name)
        var open = name + 1
        if tokenIs(open, "<") {
            while open < code.count && !(code[open].kind == .leftParen) && !code[open].flags.contains(.lineStart) { open += 1 }
        }
        if open < code.count, code[open].kind == .leftParen, let value = argument("rootView", inCall: open),
           let root = viewTypeName(at: value, depth: 0, views: views) {
            roots.append(root)
        }
        return roots
    }

    /// `UIHostingController<Root>`: `Root`, unless it is a generic parameter or `AnyView`.
    fileprivate func genericRootView(after name: Int) -> [Int] {
        guard tokenIs(name + 1, "<"), name + 2 < code.count, code[name + 2].kind == .identifier,
              !isName(name + 2, "AnyView"), !isName(name + 2, "Content"), tokenHasPrefix(name + 3, ">") else { return [] }
        return [name + 2]
    }

    /// The view type an expression builds: `Root(…)`, through `AnyView(…)`, `NavigationStack { … }`
    /// and a local `let root = Root(…).modifier(…)`.
    private func viewTypeName(at start: Int, depth: Int, views: LocalViewIndex) -> Int? {
        guard start < code.count, depth < 4, code[start].kind == .identifier else { return nil }
        if isUppercase(start) {
            let wrappers: [StaticString] = ["AnyView", "NavigationView", "NavigationStack", "Group", "ZStack", "VStack"]
            guard wrappers.contains(where: { isName(start, $0) }) else { return start }
            let next = start + 1
            if code[next].kind == .leftParen, matching[next] > next + 1 {
                if let inner = viewTypeName(at: firstArgument(ofCall: next) ?? next + 1, depth: depth + 1, views: views) { return inner }
                let close = Int(matching[next])
                if close + 1 < code.count, code[close + 1].kind == .leftBrace {
                    return viewTypeName(at: close + 2, depth: depth + 1, views: views)
                }
            } else if code[next].kind == .leftBrace {
                return viewTypeName(at: next + 1, depth: depth + 1, views: views)
            }
            return nil
        }
        // A local whose initializer builds the view.
        guard let value = views.initializer(ofLocal: start, in: self) else { return nil }
        return viewTypeName(at: value, depth: depth + 1, views: views)
    }

    func isUppercase(_ index: Int) -> Bool {
        let byte = firstByte(of: index)
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Class names declared as `UIHostingController` subclasses, with the root view types they host
    /// (`UIHostingController<Root>`, `super.init(rootView: Root(…))`).
    func hostingControllerSubclasses() -> [(name: Int, roots: [Int])] {
        guard mentionsText("UIHostingController") else { return [] }
        let views = LocalViewIndex(self)
        let declarations = self.declarations
        // Only classes are copied out (a copy retains a declaration's arrays).
        return declarations.indices.compactMap { position in
            guard declarations[position].kind == .class else { return nil }
            let declaration = declarations[position]
            guard let name = declaration.name, self.declaration(declaration, inheritsFrom: "UIHostingController") else { return nil }
            var roots: [Int] = []
            for index in declaration.keyword..<(declaration.bodyOpen ?? declaration.end) where isName(index, "UIHostingController") {
                roots += genericRootView(after: index)
            }
            if let open = declaration.bodyOpen, let close = declaration.bodyClose {
                for index in open..<close where isName(index, "rootView") && tokenIs(index + 1, ":") {
                    if let root = viewTypeName(at: index + 2, depth: 0, views: views) { roots.append(root) }
                }
            }
            return (name, roots)
        }
    }

    /// SwiftUI composition nodes: each `View`/`ViewModifier` type (and extension of a type) with the
    /// type names and member calls its body uses, and each function or property of `extension View`
    /// (a modifier such as `.activityIndicator(…)`). Preview code is left out.
    func viewCompositionNodes() -> [(name: Int, references: [Int])] {
        guard mentionsText("View") else { return [] }
        var result: [(name: Int, references: [Int])] = []
        for declaration in declarations {
            guard let name = declaration.name, let open = declaration.bodyOpen, let close = declaration.bodyClose else { continue }
            if declaration.isType, declaration.kind != .protocol {
                if self.declaration(declaration, inheritsFrom: "PreviewProvider") { continue }
                if declaration.kind == .extension && isName(name, "View") { continue }
                let isView = self.declaration(declaration, inheritsFrom: "View")
                    || self.declaration(declaration, inheritsFrom: "ViewModifier") || declaration.kind == .extension
                guard isView else { continue }
                result.append((name, references(in: open..<close)))
            } else if declaration.kind == .function || declaration.kind == .variable,
                      let owner = declaration.parent, declarations[owner].kind == .extension,
                      let extended = declarations[owner].name, isName(extended, "View") {
                result.append((name, references(in: open..<close)))
            }
        }
        return result
    }

    /// Capitalised calls (`Card(`, `Card {`, `Card<`) and member calls (`.activityIndicator(`) in a range.
    private func references(in range: Range<Int>) -> [Int] {
        var found: [Int] = []
        // Names seen, by a hash of their bytes in an open-addressed table: comparing each name with
        // every one found so far was quadratic in long extension bodies, and a dictionary's hashing
        // cost more than the names.
        var seen = TokenTextSet()
        for index in range where code[index].kind == .identifier && index + 1 < code.count {
            let next = code[index + 1]
            guard next.kind == .leftParen || next.kind == .leftBrace || tokenIs(index + 1, "<") else { continue }
            let member = code[index - 1].kind == .period
            guard member || isUppercase(index) else { continue }
            if seen.insert(index, in: self) { found.append(index) }
        }
        return found
    }

    /// The composition node that code at `index` belongs to: the enclosing type's name, or for code in
    /// `extension View { func … }`, the function's name.
    func compositionNode(of index: Int) -> Int? {
        var node: Int?
        for owner in enclosingDeclarations(of: index) {
            let declaration = declarations[owner]
            if declaration.isType, let name = declaration.name {
                if declaration.kind == .extension && isName(name, "View") { return node }
                return name
            }
            if declaration.kind == .function || declaration.kind == .variable { node = declaration.name }
        }
        return nil
    }
}

/// Code tokens by their text, without repeats: open addressing over a hash of the bytes, a
/// colliding slot confirmed by comparing the tokens' bytes.
private struct TokenTextSet {
    private var hashes: [UInt64] = []
    private var indices: [Int32] = []
    private var count = 0

    /// Adds code token `index`; false when a token with its text is already in.
    mutating func insert(_ index: Int, in file: SourceFile) -> Bool {
        if (count + 1) * 2 > indices.count { grow(file) }
        let hash = Self.textHash(index, file)
        let mask = indices.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while indices[slot] >= 0 {
            if hashes[slot] == hash && file.sameText(Int(indices[slot]), index) { return false }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        indices[slot] = Int32(truncatingIfNeeded: index)
        count += 1
        return true
    }

    private mutating func grow(_ file: SourceFile) {
        let old = indices
        let oldHashes = hashes
        let size = max(16, old.count * 2)
        hashes = [UInt64](repeating: 0, count: size)
        indices = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (position, index) in old.enumerated() where index >= 0 {
            var slot = Int(truncatingIfNeeded: oldHashes[position]) & mask
            while indices[slot] >= 0 { slot = (slot + 1) & mask }
            hashes[slot] = oldHashes[position]
            indices[slot] = index
        }
    }

    /// FNV-1a over a code token's bytes, its high bits folded down (slots come from the low bits).
    private static func textHash(_ index: Int, _ file: SourceFile) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in file.bytes[file.code[index].range] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash &>> 29)
    }
}

/// Local constants and variables by name, to find the one a use refers to without a scan of the
/// file's declarations per use.
struct LocalViewIndex {
    private var byName: [NameKey: [Int]] = [:]

    init(_ file: SourceFile) {
        for (position, declaration) in file.declarations.enumerated()
        where (declaration.kind == .constant || declaration.kind == .variable) && declaration.initializer != nil {
            guard let name = declaration.name, let owner = declaration.parent, !file.declarations[owner].isType else { continue }
            byName[file.nameKey(at: name), default: []].append(position)
        }
    }

    /// The initializer of the nearest local declared before `use` with its name, in the same
    /// function. A few candidates are looked at, nearest first: a bound that keeps each use constant.
    func initializer(ofLocal use: Int, in file: SourceFile) -> Int? {
        guard let candidates = byName[file.nameKey(at: use)] else { return nil }
        // The last declaration before `use` (declarations are in source order).
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if file.declarations[candidates[middle]].keyword < use { low = middle + 1 } else { high = middle }
        }
        let function = file.enclosingFunctionBody(of: use)
        var position = low - 1
        while position >= 0 && low - position <= 8 {
            let declaration = file.declarations[candidates[position]]
            if file.enclosingFunctionBody(of: declaration.keyword) == function { return declaration.initializer }
            position -= 1
        }
        return nil
    }
}

/// What each local of each function has been assigned, as one forward pass over the file reaches
/// it: a hosting controller (with its root views), an instance of another type, or nothing known.
/// A declaration the pass leaves (its block closes, or the next `case` of its switch starts) is
/// forgotten: another case may declare its own `hostingController`. Plain assignments in branches
/// all count.
struct LocalHostingTracker {
    private struct Local {
        var isHosting = false
        var roots: [Int] = []
        var container: Int?
        var typeName: Int?
        /// The block (its `{`) a `let`/`var` declared it in; nil for a name only assigned.
        var scope: Int?
    }

    /// By function body (its `{`), then by local name.
    private var locals: [Int: [NameKey: Local]] = [:]
    /// Names declared in each block, to forget when it closes or its switch moves to another case.
    private var declaredIn: [Int: [(function: Int, name: NameKey)]] = [:]

    /// False when `observe` would change nothing at `token`: it reads closing braces, `case` and
    /// `default`, and names followed by `:` or `=`. Asked inline for every token of the file, so
    /// that the call (and its read of the file's tokens) is made only where it may matter.
    @inline(__always)
    static func mayObserve(_ token: Token, next: Token) -> Bool {
        token.kind == .rightBrace || token.kind == .keyword
            || (token.kind == .identifier && (next.kind == .colon || (next.kind == .operator && next.length == 1)))
    }

    mutating func observe(_ index: Int, in file: SourceFile, views: LocalViewIndex) {
        let code = file.code
        let token = code[index]
        if token.kind == .rightBrace, file.matching[index] >= 0 {
            forget(scope: Int(file.matching[index]))
            return
        }
        if token.keyword == .default && code[index + 1].kind == .colon
            || token.keyword == .case && code[index - 1].kind != .comma && !Self.opensCondition(code[index - 1].keyword) {
            forget(scope: Int(file.parent[index]))
            return
        }
        guard token.kind == .identifier, code[index - 1].kind != .period else { return }
        let next = code[index + 1]
        guard next.kind == .colon || file.tokenIs(index + 1, "=") else { return }
        let isDeclaration = code[index - 1].keyword == .let || code[index - 1].keyword == .var
        // `name: T` outside a declaration is a label or a dictionary entry.
        if next.kind == .colon && !isDeclaration { return }
        guard let function = file.enclosingFunctionBody(of: index) else { return }
        let name = file.nameKey(at: index)
        var local = isDeclaration ? Local() : (locals[function]?[name] ?? Local())
        if isDeclaration {
            local.scope = Int(file.parent[index])
            declaredIn[Int(file.parent[index]), default: []].append((function, name))
        }
        // `let name = X(`, `let name: T = X(`, `name = X(`
        var value = index + 1
        if next.kind == .colon {
            while value < code.count && !file.tokenIs(value, "=") && !code[value].flags.contains(.lineStart) {
                if file.tokenHasSuffix(value, "HostingController") {
                    local.isHosting = true
                    local.roots += file.genericRootView(after: value)
                }
                value += 1
            }
        }
        if file.tokenIs(value, "="), code[value + 1].kind == .identifier {
            if file.tokenHasSuffix(value + 1, "HostingController") {
                local.isHosting = true
                local.roots += file.rootViews(ofHostingAt: value + 1, views: views)
                local.container = local.container ?? file.navigationContainer(ofHostingAt: value + 1)
            } else if file.isUppercase(value + 1), file.tokenIs(value + 2, "("), !local.isHosting, local.typeName == nil {
                local.typeName = value + 1
            }
        }
        locals[function, default: [:]][name] = local
    }

    /// `if case`, `guard case`, `while case`, `for case`: a pattern, not a switch case.
    private static func opensCondition(_ keyword: Keyword) -> Bool {
        keyword == .if || keyword == .guard || keyword == .while || keyword == .for
    }

    private mutating func forget(scope: Int) {
        guard let names = declaredIn.removeValue(forKey: scope) else { return }
        for (function, name) in names where locals[function]?[name]?.scope == scope {
            locals[function]?[name] = nil
        }
    }

    /// What the local at `use` holds at the site `site`.
    fileprivate func kind(of use: Int, at site: Int, in file: SourceFile) -> SourceFile.HostingKind {
        guard let function = file.enclosingFunctionBody(of: site),
              let local = locals[function]?[file.nameKey(at: use)] else { return .other }
        if local.isHosting { return .hosting(local.roots, container: local.container) }
        return local.typeName.map { .type($0) } ?? .other
    }
}
