import SeamLintCore

/// Full-screen dimming dialogs: `.overlay` / `ZStack` sites that dim everything behind a dialog.
struct DimmingDialogs: Sendable {
    /// `overlay` or `ZStack` tokens of dialogs found here, with their composition node (see
    /// `compositionNode(of:)`).
    var dialogs: [(site: Int, node: Int?)] = []
    /// Name tokens of view types whose body is a dimming layer plus a dialog (used by name elsewhere).
    var dimmingViewTypes: [Int] = []
    /// `.overlay` tokens with the type names of the views they build (for cross-file matching).
    var overlayCalls: [(overlay: Int, types: [Int], node: Int?)] = []
}

extension SourceFile {
    /// Finds overlay dialogs with a full-screen dimming layer (`Color.black.opacity(…)` that ignores
    /// the safe area), and view types that are such a dialog.
    func dimmingDialogs() -> DimmingDialogs {
        var result = DimmingDialogs()
        guard mentionsText("overlay") || mentionsText("ZStack") else { return result }
        let mayDim = mentionsText("opacity") && mentionsText("afeArea")
        var dialogSet = Set<Int>()
        var typeSet = Set<Int>()
        for index in code.indices where mayDim && isDimmingLayer(at: index) {
            guard !isPreviewCode(at: index), !isOutsideIOS(at: index) else { continue }
            var conditional = false
            var open = Int(parent[index])
            var zStackCandidate: Int?
            var stop = false
            while open >= 0 && !stop {
                if bodyOwner[Int32(open)] != nil { break }
                if code[open].kind == .leftBrace && !isClosure(open) {
                    conditional = true   // an `if`/`switch` block: the layer appears on demand
                } else if let owner = ownerName(ofBracket: open) {
                    if isName(owner, "overlay") {
                        if regionIgnoresSafeArea(open) || zStackCandidate.map(regionIgnoresSafeArea) == true {
                            dialogSet.insert(owner)
                        }
                        stop = true
                        zStackCandidate = nil
                        continue
                    } else if isName(owner, "fullScreenCover") || isName(owner, "sheet") || isName(owner, "popover") {
                        stop = true
                        zStackCandidate = nil
                        continue
                    } else if isName(owner, "ZStack"), zStackCandidate == nil, code[open].kind == .leftBrace {
                        guard regionIgnoresSafeArea(open) else { stop = true; continue }
                        let first = chainStart(containing: index) == open + 1
                        if conditional || !first {
                            dialogSet.insert(owner)
                            stop = true
                            continue
                        }
                        zStackCandidate = open
                    } else if zStackCandidate == nil, !isName(owner, "Group"), !isName(owner, "GeometryReader") {
                        // Not yet a layer of a stack: inside another container (`VStack`, `ScrollView`, a row)
                        // it is that container's, and behind or inside a view of its own size (`.background(…)`
                        // of a card) it is that view's, unless that view itself reaches under the bars.
                        if code[open].kind == .leftBrace
                            || (Self.layerModifiers.contains { isName(owner, $0) } && !regionIgnoresSafeArea(open)) {
                            stop = true
                            continue
                        }
                    }
                }
                open = Int(parent[open])
            }
            if !stop, let zStack = zStackCandidate, let type = enclosingType(of: zStack), let name = type.name,
               declaration(type, inheritsFrom: "View") {
                typeSet.insert(name)
            }
        }
        result.dialogs = dialogSet.sorted().map { ($0, compositionNode(of: $0)) }
        result.dimmingViewTypes = typeSet.sorted()
        // Overlays that build views by name, for types declared elsewhere.
        for index in code.indices where isName(index, "overlay") && tokenIs(index - 1, ".") && !dialogSet.contains(index) {
            let open = index + 1
            guard open < code.count, code[open].kind == .leftParen || code[open].kind == .leftBrace,
                  matching[open] > open else { continue }
            var end = Int(matching[open])
            if code[open].kind == .leftParen, end + 1 < code.count, code[end + 1].kind == .leftBrace, matching[end + 1] > end {
                end = Int(matching[end + 1])
            }
            var types: [Int] = []
            for inner in open + 1..<end where code[inner].kind == .identifier && isUppercase(inner)
                && code[inner - 1].kind != .period && (tokenIs(inner + 1, "(") || tokenIs(inner + 1, "{")) {
                if !types.contains(where: { sameText($0, inner) }) { types.append(inner) }
                if types.count == 8 { break }
            }
            if !types.isEmpty, !isPreviewCode(at: index) { result.overlayCalls.append((index, types, compositionNode(of: index))) }
        }
        return result
    }

    /// Modifiers whose argument is drawn behind, inside or over the view they modify, at its size.
    private static let layerModifiers: [StaticString] = ["background", "fill", "foregroundColor", "foregroundStyle"]

    /// `Color.black.opacity(…)`, `.black.opacity(…)`, `Color(white: 0, opacity: …)`, `Color.gray.opacity(…)`.
    private func isDimmingLayer(at index: Int) -> Bool {
        let token = code[index]
        let startsChain: Bool
        if isName(index, "Color"), index == 0 || code[index - 1].kind != .period {
            startsChain = true
        } else if token.kind == .period, isName(index + 1, "black") || isName(index + 1, "gray"),
                  index > 0, !(code[index - 1].kind == .identifier || code[index - 1].kind.isClosingBracket
                               || code[index - 1].kind == .keyword) {
            startsChain = true
        } else {
            startsChain = false
        }
        guard startsChain, isViewLayer(index) else { return false }
        let chain = self.chain(from: index)
        var dark = false
        var translucent = false
        for (position, link) in chain.links.enumerated() {
            switch link.kind {
            case .name, .member:
                if isName(link.token, "black") || isName(link.token, "gray") { dark = true }
                if isName(link.token, "opacity"), position + 1 < chain.links.count, chain.links[position + 1].kind == .call,
                   !(code[chain.links[position + 1].token + 1].kind == .integerLiteral && tokenIs(chain.links[position + 1].token + 1, "0")) {
                    translucent = true
                }
            case .call:
                guard position == 1, let close = link.close else { break }
                // `Color(.black)`, `Color(white: 0, opacity: 0.4)`, `Color(uiColor: .black)`
                for inner in link.token + 1..<close {
                    if isName(inner, "black") || isName(inner, "white") && tokenIs(inner + 1, ":") { dark = true }
                    if isName(inner, "opacity") && tokenIs(inner + 1, ":") { translucent = true }
                }
            default:
                break
            }
        }
        return dark && translucent
    }

    /// True when the colour at `index` is drawn as a layer of its own: a statement in a view builder,
    /// or the argument of `.background`, `.overlay`, `.fill`, `.foregroundColor`, `.foregroundStyle`
    /// — not a shadow, gradient stop, border or tint.
    private func isViewLayer(_ index: Int) -> Bool {
        var open = Int(parent[index])
        while open >= 0 {
            switch code[open].kind {
            case .leftBrace:
                return true
            case .leftParen:
                guard let owner = ownerName(ofBracket: open) else { return false }
                let layers: [StaticString] = ["background", "overlay", "fill", "foregroundColor", "foregroundStyle", "Rectangle"]
                guard layers.contains(where: { isName(owner, $0) }) else { return false }
            default:
                return false
            }
            open = Int(parent[open])
        }
        return false
    }

    /// True when a bracket's region (and the chain it belongs to) ignores the safe area.
    private func regionIgnoresSafeArea(_ open: Int) -> Bool {
        let close = Int(matching[open])
        guard close > open else { return false }
        let chain = self.chain(containing: open)
        let end = max(close, chain.end)
        for index in open..<end where isName(index, "ignoresSafeArea") || isName(index, "edgesIgnoringSafeArea") {
            return true
        }
        return false
    }
}
