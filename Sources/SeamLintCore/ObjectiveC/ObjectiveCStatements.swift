/// Where an Objective-C statement starts, and which braces open block literals.
extension SourceFile {
    /// The first code index of the Objective-C statement around `index`: back to a `;`, a `{` or a
    /// `}` that closes a statement block (block literals `^{ … }` are stepped over).
    public func objectiveCStatementStart(containing index: Int) -> Int {
        var current = min(max(index, 0), code.count)
        while current > 0 {
            let previous = current - 1
            let token = code[previous]
            if token.kind == .semicolon || token.kind == .leftBrace || token.kind == .attribute
                || token.kind == .poundDirective { break }
            if token.kind.isClosingBracket, matching[previous] >= 0 {
                let open = Int(matching[previous])
                if token.kind == .rightBrace && !isObjectiveCBlockBody(open) { break }
                current = open
                continue
            }
            if token.kind == .rightBrace { break }
            current = previous
        }
        return current
    }

    /// True when the `{` at `open` starts a block literal: `^{`, `^(BOOL finished) {`, `^NSString *(id x) {`.
    public func isObjectiveCBlockBody(_ open: Int) -> Bool {
        var index = open - 1
        if index >= 0, code[index].kind == .rightParen, matching[index] >= 0 { index = Int(matching[index]) - 1 }
        for _ in 0..<3 {
            guard index >= 0 else { return false }
            if tokenIs(index, "^") { return true }
            guard isNameLike(index) || tokenIs(index, "*") else { return false }
            index -= 1
        }
        return false
    }
}
