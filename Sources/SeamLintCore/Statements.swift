/// Where a Swift statement starts.
extension SourceFile {
    /// The first code index of the statement around `index`: walks back over the enclosing postfix
    /// chain and the tokens at the same bracket level until a `;`, the enclosing bracket, or a line
    /// that does not continue the previous one (`.member`, a binary operator, a trailing `=`/`,`).
    ///
    /// Every position the walk passes is remembered with the answer, so asking for each of the
    /// thousands of arguments of one call, or the interpolations of one string, walks the
    /// statement once in all instead of once per question.
    public func statementStart(containing index: Int) -> Int {
        let first = chainStart(containing: index)
        let level = parent[first]
        var current = first
        var steps = 0
        // The walk from a position depends only on it and `level`; positions inside the file
        // with that parent share one memo.
        func remembered(_ position: Int) -> Int? {
            guard position >= 0 && position < code.count && parent[position] == level else { return nil }
            let known = statementStartMemo[position]
            return known >= 0 ? Int(known) : nil
        }
        if statementStartMemo.isEmpty { statementStartMemo = [Int32](repeating: -1, count: code.count) }
        var answer: Int?
        while answer == nil {
            steps += 1
            if let known = remembered(current) { answer = known; break }
            guard let next = statementStep(from: current, level: level) else { answer = current; break }
            current = next
        }
        // The same walk again, remembering the answer at every position passed.
        var position = first
        while position != answer! && remembered(position) == nil {
            steps += 1
            if position >= 0 && position < code.count && parent[position] == level {
                statementStartMemo[position] = Int32(truncatingIfNeeded: answer!)
            }
            guard let next = statementStep(from: position, level: level) else { break }
            position = next
        }
        ScalingCounter.add(steps)
        return answer!
    }

    /// `statementStart(containing:)` for positions met in file order, `earlier` being an earlier
    /// position's chain start and statement start. Kept for its callers: every walk is remembered
    /// now, so the hint adds nothing.
    public func statementStart(containing index: Int, after earlier: (chainStart: Int, statementStart: Int)?) -> Int {
        statementStart(containing: index)
    }

    /// One step back within a statement at bracket level `level`, or nil where the statement starts.
    private func statementStep(from current: Int, level: Int32) -> Int? {
        guard current > 0 else { return nil }
        let previous = current - 1
        let before = code[previous]
        if before.kind == .semicolon { return nil }
        if before.kind.isOpeningBracket && Int32(previous) == level { return nil }
        if code[current].flags.contains(.lineStart) {
            let token = code[current]
            let continues = token.kind == .period || (token.kind == .operator && !tokenIs(current, "!"))
                || before.kind == .operator || before.kind == .comma || before.kind == .colon
                || before.keyword == .as || before.keyword == .is || before.keyword == .await || before.keyword == .try
                || before.keyword == .return
            if !continues { return nil }
        }
        if before.kind.isClosingBracket, matching[previous] >= 0 { return Int(matching[previous]) }
        return previous
    }
}
