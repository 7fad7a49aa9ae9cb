/// Where a Swift statement starts.
extension SourceFile {
    /// The first code index of the statement around `index`: walks back over the enclosing postfix
    /// chain and the tokens at the same bracket level until a `;`, the enclosing bracket, or a line
    /// that does not continue the previous one (`.member`, a binary operator, a trailing `=`/`,`).
    public func statementStart(containing index: Int) -> Int {
        statementStart(containing: index, after: nil)
    }

    /// `statementStart(containing:)` for positions met in file order: `earlier` is the chain start
    /// and statement start of an earlier position. When the walk back reaches that chain start, its
    /// statement start is the answer, so many positions in one long statement cost one walk over it.
    public func statementStart(containing index: Int, after earlier: (chainStart: Int, statementStart: Int)?) -> Int {
        var current = chainStart(containing: index)
        let level = parent[current]
        while current > 0 {
            if let earlier, current == earlier.chainStart { return earlier.statementStart }
            let previous = current - 1
            let before = code[previous]
            if before.kind == .semicolon { break }
            if before.kind.isOpeningBracket && Int32(previous) == level { break }
            if code[current].flags.contains(.lineStart) {
                let token = code[current]
                let continues = token.kind == .period || (token.kind == .operator && !tokenIs(current, "!"))
                    || before.kind == .operator || before.kind == .comma || before.kind == .colon
                    || before.keyword == .as || before.keyword == .is || before.keyword == .await || before.keyword == .try
                    || before.keyword == .return
                if !continues { break }
            }
            if before.kind.isClosingBracket, matching[previous] >= 0 {
                current = Int(matching[previous])
            } else {
                current = previous
            }
        }
        return current
    }
}
