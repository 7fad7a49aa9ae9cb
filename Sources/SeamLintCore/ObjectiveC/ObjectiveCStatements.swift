/// Where an Objective-C statement starts, and which braces open block literals.
extension SourceFile {
    /// The first code index of the Objective-C statement around `index`: back to a `;`, a `{` or a
    /// `}` that closes a statement block (block literals `^{ … }` are stepped over).
    public func objectiveCStatementStart(containing index: Int) -> Int {
        let first = min(max(index, 0), code.count)
        // The walk from a position depends only on it: every position passed is remembered with
        // the answer, so the thousands of arguments of one message walk back once in all.
        if objectiveCStatementStartMemo.isEmpty { objectiveCStatementStartMemo = [Int32](repeating: -1, count: code.count) }
        func remembered(_ position: Int) -> Int? {
            guard position < code.count, objectiveCStatementStartMemo[position] >= 0 else { return nil }
            return Int(objectiveCStatementStartMemo[position])
        }
        var current = first
        var steps = 0
        var answer: Int
        while true {
            steps += 1
            if let known = remembered(current) { answer = known; break }
            guard let next = objectiveCStatementStep(from: current) else { answer = current; break }
            current = next
        }
        var position = first
        while position != answer && position < code.count && objectiveCStatementStartMemo[position] < 0 {
            steps += 1
            objectiveCStatementStartMemo[position] = Int32(truncatingIfNeeded: answer)
            guard let next = objectiveCStatementStep(from: position) else { break }
            position = next
        }
        ScalingCounter.add(steps)
        return answer
    }

    /// One step back within an Objective-C statement, or nil where it starts.
    private func objectiveCStatementStep(from current: Int) -> Int? {
        guard current > 0 else { return nil }
        let previous = current - 1
        let token = code[previous]
        if token.kind == .semicolon || token.kind == .leftBrace || token.kind == .attribute
            || token.kind == .poundDirective { return nil }
        if token.kind.isClosingBracket, matching[previous] >= 0 {
            let open = Int(matching[previous])
            if token.kind == .rightBrace && !isObjectiveCBlockBody(open) { return nil }
            return open
        }
        if token.kind == .rightBrace { return nil }
        return previous
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
