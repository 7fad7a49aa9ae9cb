import SeamLintCore

/// The Objective-C menu workaround windows and custom window creations, in the Swift recognisers'
/// models (`ContextMenuWorkaroundWindows.swift`).
extension SourceFile {
    /// `UIWindow` subclasses whose `didAddSubview:`, `willRemoveSubview:`, `hitTest:withEvent:` or
    /// `sendEvent:` recognises `_UIContextMenuContainerView` (by a string literal naming it). The
    /// superclass comes from an `@interface` in this file; an implementation whose interface is in a
    /// header counts when the class name ends in `Window`. Work inside `if (@available(iOS 18, *))
    /// {…} else {…}`'s else branch, or after `if (@available(iOS 18, *)) { return; }`, is gated.
    func objectiveCContextMenuWorkaroundWindows() -> [ContextMenuWorkaroundWindow] {
        guard mentionsText("ContextMenuContainer") else { return [] }
        let containers = objectiveCContainers()
        var result: [ContextMenuWorkaroundWindow] = []
        // A window compiled for another platform only (`#if TARGET_OS_OSX`) does not work around iOS menus.
        for container in containers where container.kind == .implementation && !isExcludedFromIOS(at: container.start) {
            guard let name = container.name else { continue }
            let superclass = objectiveCSuperclass(of: name, in: containers)
            guard tokenHasSuffix(superclass ?? name, "Window"),
                  (container.start..<container.end).contains(where: { isContextMenuContainerString($0) }) else { continue }
            var hooks: [ContextMenuWorkaroundWindow.Hook] = []
            var toggles: [Int] = []
            for method in container.methods where !method.isClassMethod && !isExcludedFromIOS(at: method.start) {
                guard let open = method.bodyOpen, let close = method.bodyClose else { continue }
                for index in open..<close where isName(index, "userInteractionEnabled") || isName(index, "setUserInteractionEnabled") {
                    toggles.append(index)
                }
                let selector = objectiveCSelector(of: method)
                guard ["didAddSubview:", "willRemoveSubview:", "hitTest:withEvent:", "sendEvent:"].contains(selector) else { continue }
                let gated = (open + 1..<close).allSatisfy { index in
                    let isWork = isContextMenuContainerString(index) || isName(index, "userInteractionEnabled")
                        || isName(index, "setUserInteractionEnabled") || isName(index, "subviews")
                    return !isWork || objectiveCRunsOnlyBelowIOS18(at: index, body: open)
                }
                hooks.append(.init(name: method.pieces[0], isGated: gated))
            }
            guard !hooks.isEmpty else { continue }
            let togglesGated = !toggles.isEmpty && toggles.allSatisfy { index in
                guard let (_, method) = objectiveCMethod(containing: index, in: [container]), let open = method.bodyOpen
                else { return false }
                return objectiveCRunsOnlyBelowIOS18(at: index, body: open)
            }
            result.append(ContextMenuWorkaroundWindow(name: name, hooks: hooks,
                                                      isGated: togglesGated || hooks.allSatisfy(\.isGated)))
        }
        return result
    }

    private func isContextMenuContainerString(_ index: Int) -> Bool {
        code[index].kind == .stringSegment && tokenContains(index, "ContextMenuContainer")
    }

    /// `[[MenuWindow alloc] initWithWindowScene:…]` / `initWithFrame:` for window classes other than
    /// `UIWindow`: the class name token and whether the creation runs only below iOS 18.
    func objectiveCCustomWindowCreations() -> [(name: Int, isGated: Bool)] {
        guard mentionsText("Window alloc") else { return [] }
        let containers = objectiveCContainers()
        var result: [(name: Int, isGated: Bool)] = []
        for index in code.indices where code[index].kind == .leftSquare && !isExcludedFromIOS(at: index) {
            guard let message = objectiveCMessage(at: index),
                  tokenIs(message.pieces[0], "initWithWindowScene") || tokenIs(message.pieces[0], "initWithFrame"),
                  let allocation = objectiveCMessage(at: message.receiver.lowerBound),
                  allocation.close == message.receiver.upperBound, allocation.isUnary,
                  tokenIs(allocation.pieces[0], "alloc"), allocation.receiver.count == 1 else { continue }
            let name = allocation.receiver.lowerBound
            guard tokenHasSuffix(name, "Window"), !isName(name, "UIWindow") else { continue }
            let body = objectiveCMethod(containing: index, in: containers)?.method.bodyOpen
            result.append((name, body.map { objectiveCRunsOnlyBelowIOS18(at: index, body: $0) } ?? false))
        }
        return result
    }

    /// True when code index `index` runs only below iOS 18 within the method body opening at `body`:
    /// in the `else` branch of `if (@available(iOS 18, *))`, or after an early
    /// `if (@available(iOS 18, *)) { return; }` at the top of the body.
    func objectiveCRunsOnlyBelowIOS18(at index: Int, body: Int) -> Bool {
        var open = Int(parent[index])
        while open > body {
            // The `else` that introduces this block or `else if (…)` condition, if any.
            var introducer: Int?
            if code[open].kind == .leftBrace, open >= 1 {
                if isName(open - 1, "else") {
                    introducer = open - 1
                } else if code[open - 1].kind == .rightParen, matching[open - 1] >= 2 {
                    let condition = Int(matching[open - 1])
                    if isName(condition - 1, "if"), isName(condition - 2, "else") { introducer = condition - 2 }
                }
            } else if code[open].kind == .leftParen, open >= 2, isName(open - 1, "if"), isName(open - 2, "else") {
                introducer = open - 2
            }
            if let introducer, followsAvailable18(elseAt: introducer) { return true }
            open = Int(parent[open])
        }
        var statement = body + 1
        while statement < index {
            defer { statement += 1 }
            guard parent[statement] == Int32(body), isName(statement, "if"), statement + 1 < code.count,
                  code[statement + 1].kind == .leftParen, matching[statement + 1] > statement + 1 else { continue }
            let close = Int(matching[statement + 1])
            guard availableFrom18((statement + 2)..<close) else { continue }
            var then = close + 1
            if then < code.count, code[then].kind == .leftBrace { then += 1 }
            if isName(then, "return") { return true }
        }
        return false
    }

    /// True when the `else` at `elseIndex` continues an `if (…) {…} else if (…) {…}` chain with an
    /// `@available(iOS 18+)` condition before it.
    private func followsAvailable18(elseAt elseIndex: Int) -> Bool {
        var elseIndex = elseIndex
        while elseIndex >= 1, code[elseIndex - 1].kind == .rightBrace {
            let block = Int(matching[elseIndex - 1])
            guard block >= 2, code[block - 1].kind == .rightParen else { return false }
            let condition = Int(matching[block - 1])
            guard condition >= 1, isName(condition - 1, "if") else { return false }
            if availableFrom18((condition + 1)..<(block - 1)) { return true }
            guard condition >= 2, isName(condition - 2, "else") else { return false }
            elseIndex = condition - 2
        }
        return false
    }

    /// `@available(iOS 18, *)` / `__builtin_available(iOS 18.0, *)` with iOS 18 or later.
    private func availableFrom18(_ range: Range<Int>) -> Bool {
        for index in range where tokenIs(index, "@available") || isName(index, "__builtin_available") {
            guard index + 3 < range.upperBound, isName(index + 2, "iOS") else { continue }
            let version = index + 3
            guard code[version].kind == .integerLiteral || code[version].kind == .floatLiteral,
                  let parsed = Version(text(at: version)) else { continue }
            if parsed >= Version(18) { return true }
        }
        return false
    }
}
