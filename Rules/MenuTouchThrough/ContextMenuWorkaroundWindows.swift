import SeamLintCore

/// A `UIWindow` subclass that watches for `_UIContextMenuContainerView` and switches off the
/// interaction of its other subviews while a menu is open.
struct ContextMenuWorkaroundWindow: Sendable {
    struct Hook: Sendable {
        /// The hook's name token (`didAddSubview`, `willRemoveSubview`, `hitTest`, `sendEvent`).
        var name: Int
        /// True when the hook's work runs only below iOS 18.
        var isGated: Bool
    }

    /// The class name token.
    var name: Int
    var hooks: [Hook]
    /// True when the interaction toggling runs only below iOS 18.
    var isGated: Bool
}

extension SourceFile {
    /// The context-menu workaround windows declared in this file.
    func contextMenuWorkaroundWindows() -> [ContextMenuWorkaroundWindow] {
        guard mentionsText("ContextMenuContainer") else { return [] }
        let below18 = Version(18)
        var result: [ContextMenuWorkaroundWindow] = []
        for (classIndex, declaration) in declarations.enumerated() where declaration.kind == .class {
            guard let name = declaration.name, declaration.bodyOpen != nil,
                  declaration.inheritance.contains(where: { tokenHasSuffix($0, "Window") }) else { continue }
            // The class body and same-file extensions of it.
            var owners = [classIndex]
            let nameBytes = Array(bytes(at: name))
            for (index, other) in declarations.enumerated()
            where other.kind == .extension && other.bodyOpen != nil && other.name.map({ tokenIs($0, nameBytes) }) == true {
                owners.append(index)
            }
            let ranges = owners.compactMap { owner -> ClosedRange<Int>? in
                guard let open = declarations[owner].bodyOpen, let close = declarations[owner].bodyClose else { return nil }
                return open...close
            }
            var mentionsContainer = false
            var toggles: [Int] = []
            for range in ranges {
                for index in range {
                    let token = code[index]
                    if token.kind == .stringSegment, tokenContains(index, "ContextMenuContainer") { mentionsContainer = true }
                    if token.kind == .identifier, isName(index, "isUserInteractionEnabled"), tokenIs(index + 1, "=") {
                        toggles.append(index)
                    }
                }
            }
            guard mentionsContainer else { continue }
            let members = declarations.indices.filter { index in
                declarations[index].kind == .function && declarations[index].parent.map(owners.contains) == true
            }
            let hookMembers = members.filter { index in
                guard let hookName = declarations[index].name else { return false }
                return isName(hookName, "didAddSubview") || isName(hookName, "willRemoveSubview")
                    || isName(hookName, "hitTest") || isName(hookName, "sendEvent")
            }
            guard !hookMembers.isEmpty else { continue }
            let helperNames = members.filter { !hookMembers.contains($0) }.compactMap { declarations[$0].name }
            var hooks: [ContextMenuWorkaroundWindow.Hook] = []
            for member in hookMembers {
                let hook = declarations[member]
                guard let hookName = hook.name, let open = hook.bodyOpen, let close = hook.bodyClose else { continue }
                // The hook's work: toggling, the private class check, helper calls, subview walks.
                var gated = true
                var index = open + 1
                while index < close && gated {
                    let token = code[index]
                    var isWork = false
                    if token.kind == .stringSegment, tokenContains(index, "ContextMenuContainer") { isWork = true }
                    if token.kind == .identifier {
                        if isName(index, "isUserInteractionEnabled") || isName(index, "subviews") { isWork = true }
                        if code[index + 1].kind == .leftParen, !tokenIs(index - 1, "."),
                           helperNames.contains(where: { sameText($0, index) }) { isWork = true }
                        if tokenIs(index - 1, "."), isName(index - 2, "self") || isName(index - 2, "Self"),
                           helperNames.contains(where: { sameText($0, index) }) { isWork = true }
                    }
                    if isWork && !runsOnlyBelowIOS(below18, at: index) { gated = false }
                    index += 1
                }
                hooks.append(.init(name: hookName, isGated: gated))
            }
            let togglesGated = !toggles.isEmpty && toggles.allSatisfy { runsOnlyBelowIOS(below18, at: $0) }
            let isGated = togglesGated || hooks.allSatisfy(\.isGated)
            result.append(ContextMenuWorkaroundWindow(name: name, hooks: hooks, isGated: isGated))
        }
        return result
    }

    /// `SomeWindow(windowScene:)` and `SomeWindow(frame:)` for window classes other than `UIWindow`:
    /// the name token and whether the creation runs only below iOS 18.
    func customWindowCreations() -> [(name: Int, isGated: Bool)] {
        guard mentionsText("Window(") else { return [] }
        var result: [(name: Int, isGated: Bool)] = []
        for index in code.indices where code[index].kind == .identifier && tokenHasSuffix(index, "Window") {
            let open = index + 1
            guard open < code.count, code[open].kind == .leftParen, !code[open].flags.contains(.lineStart),
                  !isName(index, "UIWindow"), index == 0 || code[index - 1].kind != .period,
                  isName(open + 1, "windowScene") || isName(open + 1, "frame"), tokenIs(open + 2, ":") else { continue }
            result.append((index, runsOnlyBelowIOS(Version(18), at: index)))
        }
        return result
    }
}
