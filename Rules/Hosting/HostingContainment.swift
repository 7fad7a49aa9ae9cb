import SeamLintCore

/// A hosting controller's view put into a UIKit view hierarchy, and what the type around it does
/// to contain the controller. Built in one pass over a file (`SourceFile.hostingContainment()`).
struct HostingContainment {
    /// One place where a hosting controller's view joins a hierarchy.
    struct Site {
        /// First and last code index of the call or assignment that adds the view.
        var start: Int
        var end: Int
        /// The controller's name token (a local or a stored property); nil for a controller built
        /// in place (`addSubview(UIHostingController(rootView: …).view)`).
        var controller: Int?
        /// How the view is written, for messages (`host.view`).
        var viewText: String
        /// The type whose members may contain the controller (by name; "" outside any type).
        var owner: [UInt8]
        /// The block the call is in, and the local holding the view when it is added through one.
        var block: Int
        var viewLocal: [UInt8]?
    }

    /// `removeFromSuperview()` of a controller's view (`host.view.removeFromSuperview()`) or of a
    /// local holding it: the name, where, and the block it is in.
    struct Removal {
        var name: [UInt8]
        var index: Int
        var block: Int
    }

    var sites: [Site] = []
    /// Per type name: names known to hold a hosting controller (created here or declared with a
    /// hosting controller type).
    var hostingNames: [[UInt8]: Set<[UInt8]>] = [:]
    /// Per type name: names given to `addChild(_:)` and names whose `didMove(toParent:)` is called.
    var addedAsChild: [[UInt8]: Set<[UInt8]>] = [:]
    var movedToParent: [[UInt8]: Set<[UInt8]>] = [:]
    /// Per type name: `a = b` between plain names (`self.host = host`), both ways.
    var aliases: [[UInt8]: [[UInt8]: [[UInt8]]]] = [:]
    /// Per type name and controller name: the names of the calls the name is handed to (`embed(host)`).
    var handedTo: [[UInt8]: [[UInt8]: [String]]] = [:]
    /// Per type name: locals holding a controller's view (`let hostView = host.view!`) → the controller.
    var viewAliases: [[UInt8]: [[UInt8]: Int?]] = [:]
    /// Per type name: views taken out again.
    var removals: [[UInt8]: [Removal]] = [:]

    /// True when the same block takes the site's view out again after adding it: a view added only
    /// to be measured (`systemLayoutSizeFitting`) and removed, never shown.
    func isRemovedAgain(_ site: Site, names: Set<[UInt8]>) -> Bool {
        for removal in removals[site.owner] ?? [] where removal.block == site.block && removal.index > site.end {
            if names.contains(removal.name) || removal.name == site.viewLocal { return true }
        }
        return false
    }

    /// The names in `name`'s alias group (itself included) within `owner`.
    func group(of name: [UInt8], in owner: [UInt8]) -> Set<[UInt8]> {
        var seen: Set<[UInt8]> = [name]
        var pending = [name]
        let links = aliases[owner] ?? [:]
        while let next = pending.popLast() {
            for other in links[next] ?? [] where seen.insert(other).inserted { pending.append(other) }
        }
        return seen
    }
}

extension SourceFile {
    /// The sites where a `UIHostingController`'s `view` is added to a view (`addSubview`,
    /// `insertSubview`, `addArrangedSubview`, `insertArrangedSubview`, and assignment to
    /// `tableHeaderView`, `tableFooterView`, `backgroundView`, `titleView`), with what each type does
    /// with its controllers: `addChild`, `didMove(toParent:)`, aliases, calls they are handed to.
    /// Controllers are followed by name through locals and stored properties of the type (and its
    /// extensions in this file); parameters are the caller's to contain and are not followed.
    func hostingContainment() -> HostingContainment {
        var result = HostingContainment()
        var owners: [Int: [UInt8]] = [:]
        func owner(of index: Int) -> [UInt8] {
            let key = enclosingType(of: index).map { $0.keyword } ?? -1
            if let known = owners[key] { return known }
            let name = enclosingType(of: index)?.name.map { Array(bytes(at: $0)) } ?? []
            owners[key] = name
            return name
        }
        for index in code.indices where code[index].kind == .identifier {
            let next = index + 1
            if code[next].kind == .leftParen, !code[next].flags.contains(.lineStart), code[index - 1].keyword != .func {
                if isName(index, "addSubview") || isName(index, "insertSubview") || isName(index, "addArrangedSubview")
                    || isName(index, "insertArrangedSubview") {
                    guard let argument = firstArgument(ofCall: next) else { continue }
                    let type = owner(of: index)
                    if let view = hostedView(at: argument, end: Int(matching[next]), owner: type, result) {
                        let start = chainStart(containing: index)
                        result.sites.append(.init(start: start, end: Int(matching[next]), controller: view.controller,
                                                  viewText: view.text, owner: type, block: Int(parent[index]),
                                                  viewLocal: view.local))
                    }
                    continue
                }
                if isName(index, "removeFromSuperview"), code[index - 1].kind == .period {
                    var receiver = index - 2
                    if tokenIs(receiver, "?") || tokenIs(receiver, "!") { receiver -= 1 }
                    if isName(receiver, "view"), code[receiver - 1].kind == .period { receiver -= 2 }
                    if let name = receiverName(endingAt: receiver) {
                        result.removals[owner(of: index), default: []].append(
                            .init(name: Array(bytes(at: name)), index: index, block: Int(parent[index])))
                    }
                    continue
                }
                if isName(index, "addChild") || isName(index, "addChildViewController") {
                    if let argument = firstArgument(ofCall: next), let name = controllerName(at: argument, end: Int(matching[next])) {
                        result.addedAsChild[owner(of: index), default: []].insert(Array(bytes(at: name)))
                    }
                    continue
                }
                if isName(index, "didMove"), argument("toParent", inCall: next) != nil {
                    if code[index - 1].kind == .period, let name = receiverName(endingAt: index - 2) {
                        result.movedToParent[owner(of: index), default: []].insert(Array(bytes(at: name)))
                    }
                    continue
                }
                recordHandedNames(call: index, open: next, into: &result) { owner(of: index) }
                continue
            }
            // Declarations and assignments: `let host = UIHostingController(…)`, `var host: UIHostingController<V>?`,
            // `self.host = host`, `let hostView = host.view!`.
            recordBinding(at: index, into: &result) { owner(of: index) }
        }
        return result
    }

    /// `UIHostingController`, a generic `UIHostingController<V>` or a project's `…HostingController`;
    /// not AppKit's `NSHostingController`.
    func isHostingControllerType(_ index: Int) -> Bool {
        code[index].kind == .identifier && tokenHasSuffix(index, "HostingController") && !isName(index, "NSHostingController")
            && firstByte(of: index) >= UInt8(ascii: "A") && firstByte(of: index) <= UInt8(ascii: "Z")
    }

    /// `Name(…)` or `Name<…>(…)` (also `.init(…)`) at `index` where `Name` is a hosting controller
    /// type: the index of the call's `)`.
    func hostingConstruction(at index: Int) -> Int? {
        guard isHostingControllerType(index), code[index - 1].kind != .period else { return nil }
        var open = index + 1
        if tokenIs(open, "<") || tokenHasPrefix(open, "<") { open = skipAngleBrackets(from: open, limit: min(code.count, open + 64)) }
        if code[open].kind == .period, isName(open + 1, "init") { open += 2 }
        guard code[open].kind == .leftParen, !code[open].flags.contains(.lineStart), matching[open] > open else { return nil }
        return Int(matching[open])
    }

    /// The controller behind a view argument: `host.view`, `self.host.view!`, `host?.view`,
    /// `hostView` (a local holding `host.view`), or a controller built in place. Nil for anything else.
    private func hostedView(at start: Int, end: Int, owner: [UInt8], _ result: HostingContainment)
        -> (controller: Int?, text: String, local: [UInt8]?)? {
        var index = start
        if let close = hostingConstruction(at: index) {
            guard code[close + 1].kind == .period, isName(close + 2, "view"), endsArgument(close + 3, end) else { return nil }
            return (nil, "UIHostingController(…).view", nil)
        }
        if isName(index, "self"), code[index + 1].kind == .period { index += 2 }
        guard code[index].kind == .identifier else { return nil }
        let name = index
        var cursor = index + 1
        if tokenIs(cursor, "?") || tokenIs(cursor, "!") { cursor += 1 }
        let spelling = Array(bytes(at: name))
        // Whether `name` holds a hosting controller is decided once the whole file is read.
        if code[cursor].kind == .period, isName(cursor + 1, "view"), endsArgument(cursor + 2, end) {
            return (name, text(Int(code[start].start)..<code[cursor + 1].end), nil)
        }
        guard endsArgument(cursor, end), let held = result.viewAliases[owner]?[spelling] else { return nil }
        return (held, text(at: name), spelling)
    }

    /// True when the argument ends at `index` (after an optional `!`/`?` or `as UIView`).
    private func endsArgument(_ index: Int, _ end: Int) -> Bool {
        var cursor = index
        if tokenIs(cursor, "!") || tokenIs(cursor, "?") { cursor += 1 }
        return cursor == end || code[cursor].kind == .comma
    }

    /// `host`, `self.host`, `host!` as a whole argument: the name token.
    private func controllerName(at start: Int, end: Int) -> Int? {
        var index = start
        if isName(index, "self"), code[index + 1].kind == .period { index += 2 }
        guard code[index].kind == .identifier, endsArgument(index + 1, end) else { return nil }
        return index
    }

    /// The name a member call is sent to: `host` in `host.didMove`, `self.host?.didMove`.
    private func receiverName(endingAt end: Int) -> Int? {
        var index = end
        if tokenIs(index, "?") || tokenIs(index, "!") { index -= 1 }
        guard code[index].kind == .identifier else { return nil }
        if code[index - 1].kind == .period { guard isName(index - 2, "self"), code[index - 3].kind != .period else { return nil } }
        return index
    }

    /// Plain names passed as whole arguments of a call (`embed(host, in: view)`), by callee name.
    private func recordHandedNames(call: Int, open: Int, into result: inout HostingContainment, owner: () -> [UInt8]) {
        let close = Int(matching[open])
        guard close > open + 1 else { return }
        var type: [UInt8]?
        for argument in callArguments(open: open) {
            guard let name = controllerName(at: argument.value.lowerBound, end: argument.value.upperBound) else { continue }
            let key = type ?? owner()
            type = key
            result.handedTo[key, default: [:]][Array(bytes(at: name)), default: []].append(text(at: call))
        }
    }

    /// `let/var name = HostingController(…)`, `name: HostingController<…>`, `[self.]name = other`,
    /// `let name = host.view` (also `guard let` / `if let`).
    private func recordBinding(at index: Int, into result: inout HostingContainment, owner: () -> [UInt8]) {
        var name = index
        let declared = code[index - 1].keyword == .let || code[index - 1].keyword == .var
        if !declared {
            // `self.name = …` or `name = …` at the start of a statement.
            if code[index - 1].kind == .period {
                guard isName(index - 2, "self"), code[index - 3].kind != .period else { return }
            } else if !code[index].flags.contains(.lineStart), code[index - 1].kind != .semicolon,
                      code[index - 1].kind != .leftBrace {
                return
            }
            guard tokenIs(index + 1, "=") else { return }
        }
        name = index
        var value = index + 1
        if code[value].kind == .colon {
            // A declared type: `UIHostingController<V>`, `HostingController<V>?`, `UIKit.UIHostingController`.
            var type = value + 1
            if isName(type, "SwiftUI"), code[type + 1].kind == .period { type += 2 }
            if isHostingControllerType(type) {
                result.hostingNames[owner(), default: []].insert(Array(bytes(at: name)))
                return
            }
            // `let host: UIViewController = UIHostingController(…)`: read on to the value.
            while value < code.count, !tokenIs(value, "="), !code[value].flags.contains(.lineStart) || value == index + 1 {
                if code[value].kind.isOpeningBracket, matching[value] > value { value = Int(matching[value]) }
                value += 1
            }
        }
        guard tokenIs(value, "=") else { return }
        let start = value + 1
        let spelling = Array(bytes(at: name))
        if hostingConstruction(at: start) != nil {
            // `let hostView = UIHostingController(…).view` is a view of a controller nobody keeps.
            if let close = hostingConstruction(at: start), code[close + 1].kind == .period, isName(close + 2, "view") {
                result.viewAliases[owner(), default: [:]][spelling] = .some(nil)
                return
            }
            result.hostingNames[owner(), default: []].insert(spelling)
            return
        }
        var source = start
        if isName(source, "self"), code[source + 1].kind == .period { source += 2 }
        guard code[source].kind == .identifier else { return }
        var after = source + 1
        if tokenIs(after, "!") || tokenIs(after, "?") { after += 1 }
        if code[after].kind == .period, isName(after + 1, "view") {
            var end = after + 2
            if tokenIs(end, "!") || tokenIs(end, "?") { end += 1 }
            guard code[end].flags.contains(.lineStart) || code[end].kind == .comma || code[end].kind == .leftBrace
                || code[end].kind == .semicolon || code[end].keyword == .else || code[end].kind == .rightBrace else { return }
            let type = owner()
            // Recorded for any name: whether `source` holds a hosting controller is known at the end.
            result.viewAliases[type, default: [:]][spelling] = .some(source)
            return
        }
        guard code[after].flags.contains(.lineStart) || code[after].kind == .semicolon || code[after].kind == .rightBrace
            || code[after].kind == .comma else { return }
        let type = owner()
        let other = Array(bytes(at: source))
        guard other != spelling else { return }
        result.aliases[type, default: [:]][spelling, default: []].append(other)
        result.aliases[type, default: [:]][other, default: []].append(spelling)
    }
}
