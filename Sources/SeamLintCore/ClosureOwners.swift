/// The name that owns a bracket or closure (`ZStack { … }`, `.overlay { … }`, `f(content: { … })`).
extension SourceFile {
    /// The name token that owns bracket `open`: `ZStack` for `ZStack { … }`, `overlay` for
    /// `.overlay { … }` or `.overlay(…)`, the callee for a closure passed in parentheses.
    /// Nil for declaration bodies and control-flow blocks.
    public func ownerName(ofBracket open: Int) -> Int? {
        guard open > 0, open < code.count else { return nil }
        if code[open].kind == .leftParen || code[open].kind == .leftSquare {
            let before = open - 1
            if !code[open].flags.contains(.lineStart), code[before].kind == .identifier || code[before].kind == .keyword {
                return before
            }
            return nil
        }
        guard code[open].kind == .leftBrace, isClosure(open) else { return nil }
        // A closure argument inside parentheses: `overlay(content: { … })`.
        let enclosing = Int(parent[open])
        if enclosing >= 0, code[enclosing].kind == .leftParen,
           code[open - 1].kind == .colon || code[open - 1].kind == .comma || open - 1 == enclosing {
            return ownerName(ofBracket: enclosing)
        }
        let chain = self.chain(containing: open)
        guard let position = chain.links.firstIndex(where: { $0.token == open }) else { return nil }
        var link = position - 1
        while link >= 0 {
            switch chain.links[link].kind {
            case .name, .member: return chain.links[link].token
            case .call, .trailingClosure, .optional: link -= 1
            default: return nil
            }
        }
        return nil
    }

    /// True when the `{` at `open` is a closure owned by a name in `names`.
    public func closureOwner(_ open: Int, isOneOf names: [StaticString]) -> Bool {
        guard let owner = ownerName(ofBracket: open) else { return false }
        return names.contains { tokenIs(owner, $0) }
    }
}
