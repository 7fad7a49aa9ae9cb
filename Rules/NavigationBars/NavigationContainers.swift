import SeamLintCore

extension SourceFile {
    /// SwiftUI view types by what their `body` is rooted in. `rooted`: the body is one navigation
    /// container with modifiers (`NavigationView { … }.navigationViewStyle(.stack)`), or an `if`
    /// whose every branch, `else` included, is one (`if #available(iOS 16, *) { NavigationStack … }
    /// else { NavigationView … }`): the type's name token, and the first container's name token and
    /// the end of its head (`{`, or `)` without a trailing closure). `forwarding`: the body is one
    /// other view (`SettingsContent(model: model).environmentObject(store)`): the type's name token
    /// and that view's name token, whose root is this view's root.
    func navigationRootedViews() -> (rooted: [(type: Int, container: Int, headEnd: Int)], forwarding: [(type: Int, target: Int)]) {
        guard mentionsText("body") else { return ([], []) }
        var rooted: [(type: Int, container: Int, headEnd: Int)] = []
        var forwarding: [(type: Int, target: Int)] = []
        for declaration in declarations where declaration.kind == .variable {
            guard let name = declaration.name, isName(name, "body"), let open = declaration.bodyOpen,
                  let close = declaration.bodyClose, let owner = declaration.parent,
                  declarations[owner].isType, let type = declarations[owner].name,
                  let typeStart = declaration.typeStart, isName(typeStart, "some") || isName(typeStart, "View")
                    || isName(typeStart, "AnyView") else { continue }
            switch viewRoot(from: open + 1, through: close - 1, depth: 0) {
            case .container(let container, let headEnd): rooted.append((type, container, headEnd))
            case .view(let target): forwarding.append((type, target))
            case .other: break
            }
        }
        return (rooted, forwarding)
    }

    private enum ViewRoot { case container(Int, headEnd: Int), view(Int), other }

    /// What the code from `start` through `last` (a whole body or branch) is rooted in.
    private func viewRoot(from start: Int, through last: Int, depth: Int) -> ViewRoot {
        var start = start
        guard start <= last, depth < 8 else { return .other }
        if code[start].keyword == .return { start += 1 }
        if code[start].keyword == .if { return ifRoot(at: start, through: last, depth: depth) }
        guard code[start].kind == .identifier, isCapitalized(start), code[start - 1].kind != .period else { return .other }
        let chain = self.chain(from: start)
        guard chain.end == last, chain.links.count >= 2 else { return .other }
        if isNavigationContainer(at: start) {
            // The head: through the trailing closure's `{`, else through the call's `)`.
            let head = chain.links.dropFirst().prefix { $0.kind == .call || $0.kind == .trailingClosure }
            guard let end = head.first(where: { $0.kind == .trailingClosure })?.token ?? head.first?.close else { return .other }
            return .container(start, headEnd: end)
        }
        let built = chain.links[1].kind == .call || chain.links[1].kind == .trailingClosure
        return built && !isLayoutContainer(start) ? .view(start) : .other
    }

    /// `if … { A } else if … { B } else { C }` spanning exactly `start…last`: a container when every
    /// branch is rooted in one (the first is reported).
    private func ifRoot(at start: Int, through last: Int, depth: Int) -> ViewRoot {
        var index = start
        var first: (Int, Int)?
        while index <= last {
            guard code[index].keyword == .if else { return .other }
            // The branch's `{`: the first brace at this level after the condition.
            var open = index + 1
            while open <= last, !(code[open].kind == .leftBrace && parent[open] == parent[index] && !isClosure(open)) {
                if code[open].kind.isOpeningBracket, matching[open] > open { open = Int(matching[open]) }
                open += 1
            }
            guard open <= last, matching[open] > open else { return .other }
            let close = Int(matching[open])
            guard case .container(let container, let headEnd) = viewRoot(from: open + 1, through: close - 1, depth: depth + 1) else {
                return .other
            }
            if first == nil { first = (container, headEnd) }
            guard close < last, code[close + 1].keyword == .else else { return .other }
            let next = close + 2
            if code[next].keyword == .if { index = next; continue }
            guard code[next].kind == .leftBrace, Int(matching[next]) == last,
                  case .container = viewRoot(from: next + 1, through: last - 1, depth: depth + 1),
                  let first else { return .other }
            return .container(first.0, headEnd: first.1)
        }
        return .other
    }

    /// SwiftUI's own layout and grouping views: a body rooted in one is not one other view type.
    private func isLayoutContainer(_ index: Int) -> Bool {
        let names: [StaticString] = ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Group", "List", "Form",
                                     "ScrollView", "TabView", "GeometryReader", "ForEach", "Section", "AnyView", "Text",
                                     "Button", "Image", "Color", "EmptyView", "ViewThatFits", "Grid"]
        return names.contains { isName(index, $0) }
    }
}

extension SourceFile {
    /// Type declarations (indices into `declarations`) whose code hides a UIKit navigation bar:
    /// `setNavigationBarHidden(true, …)`, `isNavigationBarHidden = true`, `navigationBar.isHidden = true`.
    /// A SwiftUI container shown in such a navigation controller draws the only bar there.
    func typesHidingNavigationBar() -> Set<Int> {
        guard mentionsText("NavigationBarHidden") || mentionsText("navigationBar") else { return [] }
        var types: Set<Int> = []
        for index in code.indices {
            let hides: Bool
            if isName(index, "setNavigationBarHidden"), code[index + 1].kind == .leftParen {
                hides = code[index + 2].keyword == .true
            } else if isName(index, "isNavigationBarHidden")
                        || (isName(index, "isHidden") && code[index - 1].kind == .period && isName(index - 2, "navigationBar")) {
                hides = tokenIs(index + 1, "=") && code[index + 2].keyword == .true
            } else {
                continue
            }
            guard hides, let owner = enclosingDeclarations(of: index).first(where: { declarations[$0].isType }) else { continue }
            types.insert(owner)
        }
        return types
    }

    /// The innermost type declaration around code index `index` (its index in `declarations`).
    func enclosingTypeIndex(of index: Int) -> Int? {
        enclosingDeclarations(of: index).first { declarations[$0].isType }
    }
}
