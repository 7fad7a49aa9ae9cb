import SeamLintCore

/// How a `UINavigationBarAppearance` draws its background, as far as the file shows.
enum AppearanceOpacity: String, Sendable {
    case opaque, transparent, unknown
}

/// `….scrollEdgeAppearance = value` on a navigation bar or navigation item.
struct ScrollEdgeAssignment: Sendable {
    /// The `scrollEdgeAppearance` token.
    var member: Int
    var opacity: AppearanceOpacity
    /// When the appearance comes from a helper (`Theme.navigationBarAppearance()`), its name.
    var source: String?
    /// The configuration that made a local appearance opaque (`configureWithOpaqueBackground`,
    /// `backgroundColor`), for messages.
    var evidence: Int?
}

extension SourceFile {
    /// Assignments of a scroll-edge appearance to a navigation bar (`UINavigationBar.appearance()`,
    /// `navigationController?.navigationBar`, a bar variable) or a navigation item.
    func navigationScrollEdgeAssignments() -> [ScrollEdgeAssignment] {
        guard mentionsText("scrollEdgeAppearance") else { return [] }
        var result: [ScrollEdgeAssignment] = []
        for index in code.indices where isName(index, "scrollEdgeAppearance") && tokenIs(index + 1, "=") {
            guard isNavigationBarReceiver(ofMember: index), index + 2 < code.count else { continue }
            let (opacity, source) = appearanceOpacity(ofExpressionAt: index + 2, before: index, depth: 0)
            let evidence = opacity == .opaque ? opaqueConfiguration(ofExpressionAt: index + 2, before: index) : nil
            result.append(ScrollEdgeAssignment(member: index, opacity: opacity, source: source, evidence: evidence))
        }
        return result
    }

    /// The last `name.configureWithOpaqueBackground()` / `name.backgroundColor = …` before `limit` in
    /// the function, where `name` is the variable the expression at `start` reads.
    private func opaqueConfiguration(ofExpressionAt start: Int, before limit: Int) -> Int? {
        guard start < code.count, code[start].kind == .identifier else { return nil }
        let scope = enclosingFunctionBody(of: limit) ?? max(0, Int(parent[limit]))
        var configured: Int?
        var colored: Int?
        var index = scope
        while index < limit {
            if sameText(index, start), tokenIs(index + 1, "."), index == 0 || code[index - 1].kind != .period {
                let member = index + 2
                if isName(member, "configureWithOpaqueBackground") {
                    configured = member
                } else if (isName(member, "backgroundColor") || isName(member, "backgroundImage")) && tokenIs(member + 1, "=") {
                    colored = member
                }
            }
            index += 1
        }
        return configured ?? colored
    }

    private func isNavigationBarReceiver(ofMember member: Int) -> Bool {
        if code[member - 1].kind != .period {
            // Implicit self: inside a navigation bar subclass or extension.
            return enclosingTypeIsNavigationBar(member)
        }
        let chain = self.chain(containing: member)
        var sawName = false
        for link in chain.links where link.token < member && (link.kind == .name || link.kind == .member) {
            let token = link.token
            if isName(token, "navigationBar") || isName(token, "UINavigationBar") || isName(token, "navigationItem")
                || isName(token, "UINavigationItem") { return true }
            if isName(token, "toolbar") || isName(token, "UIToolbar") || isName(token, "tabBar") || isName(token, "UITabBar") {
                return false
            }
            sawName = true
        }
        guard sawName, let first = chain.links.first, first.kind == .name else { return false }
        if isName(first.token, "self") { return enclosingTypeIsNavigationBar(member) }
        // A local or parameter: `let bar = navigationController.navigationBar`, `bar: UINavigationBar`.
        return variableIsNavigationBar(first.token, before: member)
    }

    private func enclosingTypeIsNavigationBar(_ index: Int) -> Bool {
        guard let type = enclosingType(of: index) else { return false }
        if type.kind == .extension, let name = type.name {
            return isName(name, "UINavigationBar") || isName(name, "UINavigationItem")
        }
        return declaration(type, inheritsFrom: "UINavigationBar") || declaration(type, inheritsFrom: "UINavigationItem")
    }

    private func variableIsNavigationBar(_ name: Int, before limit: Int) -> Bool {
        guard let function = enclosingFunction(of: limit) else { return false }
        for parameter in function.parameters where sameText(parameter.name, name) {
            if let type = parameter.typeStart { return isName(type, "UINavigationBar") || isName(type, "UINavigationItem") }
        }
        guard let open = function.bodyOpen else { return false }
        for declaration in declarations where (declaration.kind == .constant || declaration.kind == .variable)
            && declaration.keyword > open && declaration.keyword < limit {
            guard let declared = declaration.name, sameText(declared, name) else { continue }
            let start = declaration.typeStart ?? declaration.initializer ?? declaration.keyword
            for index in start...max(start, declaration.end) {
                if isName(index, "navigationBar") || isName(index, "UINavigationBar") || isName(index, "navigationItem") {
                    return true
                }
            }
        }
        return false
    }

    /// Works out whether the appearance expression at `start` is opaque, following a local variable
    /// through its configuration calls, or `standardAppearance` to what was assigned to it.
    private func appearanceOpacity(ofExpressionAt start: Int, before limit: Int, depth: Int) -> (AppearanceOpacity, String?) {
        let chain = self.chain(from: start)
        guard let first = chain.links.first, depth < 3 else { return (.unknown, nil) }
        var named = chain.namedLinks.map { chain.links[$0].token }
        // `….copy()` draws like what it copies.
        if named.count > 1, let last = named.last, isName(last, "copy") { named.removeLast() }
        // `navigationBar.standardAppearance`, `standardAppearance`: follow the earlier assignment.
        if let last = named.last, isName(last, "standardAppearance") || isName(last, "compactAppearance") {
            let scope = enclosingFunctionBody(of: limit) ?? 0
            var index = limit - 1
            while index > scope {
                if sameText(index, last), tokenIs(index + 1, "=") {
                    return appearanceOpacity(ofExpressionAt: index + 2, before: index, depth: depth + 1)
                }
                index -= 1
            }
            return (.unknown, nil)
        }
        if first.kind == .name, isName(first.token, "UINavigationBarAppearance") {
            var opacity = AppearanceState.defaultBackground
            for index in chain.start...chain.end { opacity.apply(self, at: index) }
            return (opacity.result, nil)
        }
        // A local variable (possibly `.copy()`-ed).
        if first.kind == .name, code[first.token].kind == .identifier, named.count == 1 {
            if let result = localAppearanceOpacity(first.token, before: limit) { return result }
        }
        // A parameter: whoever calls this decides, which the file does not show.
        if first.kind == .name, named.count == 1, !chain.links.contains(where: { $0.kind == .call }),
           let function = enclosingFunction(of: limit),
           function.parameters.contains(where: { sameText($0.name, first.token) }) {
            return (.unknown, nil)
        }
        // Built elsewhere: name the helper so the project can look it up.
        if let last = named.last, code[last].kind == .identifier {
            return (.unknown, text(at: last))
        }
        return (.unknown, nil)
    }

    private func localAppearanceOpacity(_ name: Int, before limit: Int) -> (AppearanceOpacity, String?)? {
        let scopeOpen = enclosingFunctionBody(of: limit) ?? Int(parent[limit])
        var declared: Declaration?
        for declaration in declarations where (declaration.kind == .constant || declaration.kind == .variable)
            && declaration.keyword > scopeOpen && declaration.keyword < limit {
            if let declaredName = declaration.name, sameText(declaredName, name) { declared = declaration }
        }
        guard let declared else { return nil }
        var state = AppearanceState.unknown
        if let initializer = declared.initializer {
            if isName(initializer, "UINavigationBarAppearance") { state = .defaultBackground }
            for index in initializer...max(initializer, declared.end) { state.apply(self, at: index) }
            if state == .unknown {
                let (opacity, source) = appearanceOpacity(ofExpressionAt: initializer, before: declared.keyword, depth: 1)
                if opacity != .unknown || source != nil {
                    state = opacity == .opaque ? .opaque : (opacity == .transparent ? .transparent : .unknown)
                    if state == .unknown {
                        // Configured further below? Otherwise report where it comes from.
                        var local = AppearanceState.unknown
                        applyConfiguration(of: name, from: declared.end + 1, to: limit, &local)
                        return local == .unknown ? (.unknown, source) : (local.result, nil)
                    }
                }
            }
        }
        applyConfiguration(of: name, from: declared.end + 1, to: limit, &state)
        return state == .unknown ? nil : (state.result, nil)
    }

    private func applyConfiguration(of name: Int, from start: Int, to limit: Int, _ state: inout AppearanceState) {
        var index = start
        while index < limit {
            if sameText(index, name), code[index].kind == .identifier, tokenIs(index + 1, "."),
               index == 0 || code[index - 1].kind != .period {
                state.apply(self, at: index + 2)
            }
            index += 1
        }
    }

    /// Functions and properties that build a `UINavigationBarAppearance`: name token and opacity.
    func navigationAppearanceFactories() -> [(name: Int, opacity: AppearanceOpacity)] {
        guard mentionsText("UINavigationBarAppearance") else { return [] }
        var result: [(name: Int, opacity: AppearanceOpacity)] = []
        for declaration in declarations where declaration.kind == .function || declaration.kind == .variable
            || declaration.kind == .constant {
            guard let name = declaration.name, declaration.parent.map({ declarations[$0].isType }) ?? true,
                  declaration.kind != .function || declaration.typeStart != nil else { continue }
            let start = declaration.bodyOpen ?? declaration.initializer ?? declaration.end
            guard start < declaration.end else { continue }
            var mentions = false
            var state = AppearanceState.unknown
            for index in start...declaration.end {
                if isName(index, "UINavigationBarAppearance") {
                    mentions = true
                    if state == .unknown { state = .defaultBackground }
                }
                state.apply(self, at: index)
            }
            if mentions { result.append((name, state.result)) }
        }
        return result
    }
}

/// The background state of a navigation bar appearance while its configuration is replayed.
private enum AppearanceState: Equatable {
    case unknown, defaultBackground, transparent, opaque

    var result: AppearanceOpacity {
        switch self {
        case .opaque: return .opaque
        case .transparent, .defaultBackground: return .transparent
        case .unknown: return .unknown
        }
    }

    /// Applies the configuration member at `index` (`configureWithOpaqueBackground`,
    /// `backgroundColor = …`, `backgroundImage = …`), if it is one.
    mutating func apply(_ file: SourceFile, at index: Int) {
        guard index < file.code.count, file.code[index].kind == .identifier else { return }
        if file.isName(index, "configureWithOpaqueBackground") {
            self = .opaque
        } else if file.isName(index, "configureWithTransparentBackground") {
            self = .transparent
        } else if file.isName(index, "configureWithDefaultBackground") {
            self = .defaultBackground
        } else if file.isName(index, "backgroundColor") || file.isName(index, "backgroundImage"),
                  file.tokenIs(index - 1, "."), file.tokenIs(index + 1, "=") {
            let value = index + 2
            guard value < file.code.count else { return }
            let isClear = file.code[value].keyword == .nil
                || (file.tokenIs(value, ".") && file.isName(value + 1, "clear"))
                || (file.isName(value, "UIColor") && file.tokenIs(value + 1, ".") && file.isName(value + 2, "clear"))
            if isClear {
                if self == .opaque || self == .unknown { self = .transparent }
            } else {
                self = .opaque
            }
        }
    }
}
