/// Compile-time (`#if`) and run-time (`#available`, `@available`) conditions around code.
public struct ConditionTable: Sendable {
    /// One branch of an `#if … #endif` block.
    public struct Clause: Sendable {
        /// Code index of `#if`, `#elseif` or `#else`.
        public var directive: Int
        /// Code indices of the condition (empty for `#else`).
        public var condition: Range<Int>
        /// Code indices the branch covers (after the directive line, up to the next directive).
        public var body: Range<Int>
        /// Conditions of earlier branches of the same block (all false when this branch is taken).
        public var earlierConditions: ArraySlice<Range<Int>> { block.conditions[..<position] }
        /// Shared by the block's branches, so a long `#elseif` chain costs linear time and memory.
        let block: Block
        /// This branch's place in `block`.
        let position: Int
    }

    /// The conditions of one `#if` block's branches, in order: appended while scanning, then read-only.
    final class Block: @unchecked Sendable {
        var conditions: [Range<Int>] = []
        /// Per branch: whether an earlier branch's condition requires iOS (filled on first use).
        var earlierRequiresIOS: [Bool]?
    }

    /// A range of code where the iOS version is known to be at least `minimum` or below `below`.
    public struct AvailabilityRegion: Sendable {
        public var range: ClosedRange<Int>
        public var minimum: Version?
        public var below: Version?
    }

    public private(set) var clauses: [Clause] = []
    public private(set) var availability: [AvailabilityRegion] = []
    /// Built when there are more than a few regions or branches (ConditionIndex.swift).
    private(set) var availabilityIndex: AvailabilityIndex?
    private(set) var clauseIndex: ClauseIndex?

    init(file: SourceFile) {
        scanDirectives(file)
        scanAvailabilityChecks(file)
        scanAvailableAttributes(file)
        if availability.count > AvailabilityIndex.threshold {
            availabilityIndex = AvailabilityIndex(regions: availability, codeCount: file.code.count)
        }
        if clauses.count > ClauseIndex.threshold {
            clauseIndex = ClauseIndex(clauses: clauses, codeCount: file.code.count)
        }
    }

    private mutating func scanDirectives(_ file: SourceFile) {
        // Open blocks: indices into `clauses` of the branches of each nested `#if`.
        var open: [(branches: [Int], block: Block)] = []
        for index in file.code.indices where file.code[index].kind == .poundDirective {
            let conditionEnd = lineEnd(after: index, file)
            // Objective-C also opens blocks with `#ifdef` / `#ifndef` and continues them with `#elif`.
            if file.tokenIs(index, "#if") || file.tokenIs(index, "#ifdef") || file.tokenIs(index, "#ifndef") {
                open.append(([], Block()))
                addClause(index, index + 1..<conditionEnd, &open)
            } else if file.tokenIs(index, "#elseif") || file.tokenIs(index, "#elif") || file.tokenIs(index, "#else") {
                closeLast(at: index, &open)
                let condition = file.tokenIs(index, "#else") ? index + 1..<index + 1 : index + 1..<conditionEnd
                addClause(index, condition, &open)
            } else if file.tokenIs(index, "#endif") {
                closeLast(at: index, &open)
                if !open.isEmpty { open.removeLast() }
            }
        }
        // Unterminated blocks run to the end of the file.
        for block in open { for clause in block.branches where clauses[clause].body.isEmpty {
            clauses[clause].body = clauses[clause].body.lowerBound..<file.code.count
        } }
    }

    private mutating func addClause(_ directive: Int, _ condition: Range<Int>,
                                    _ open: inout [(branches: [Int], block: Block)]) {
        guard let block = open.last?.block else { return }
        clauses.append(Clause(directive: directive, condition: condition, body: condition.upperBound..<condition.upperBound,
                              block: block, position: block.conditions.count))
        block.conditions.append(condition)
        open[open.count - 1].branches.append(clauses.count - 1)
    }

    private mutating func closeLast(at index: Int, _ open: inout [(branches: [Int], block: Block)]) {
        guard let last = open.last?.branches.last else { return }
        let start = clauses[last].body.lowerBound
        clauses[last].body = start..<max(start, index)
    }

    /// The end of a directive's condition: the end of its line, or the next directive on the same
    /// line (`#if A #endif`, which the compiler rejects but a file may hold).
    private func lineEnd(after index: Int, _ file: SourceFile) -> Int {
        var end = index + 1
        while end < file.code.count && !file.code[end].flags.contains(.lineStart) && file.code[end].kind != .poundDirective {
            end += 1
        }
        return end
    }

    /// `if #available(iOS N, *) { … } else { … }`, `guard #available … else { … }` and `#unavailable`.
    private mutating func scanAvailabilityChecks(_ file: SourceFile) {
        let code = file.code
        for index in code.indices where code[index].kind == .poundKeyword {
            let isAvailable = file.tokenIs(index, "#available")
            guard isAvailable || file.tokenIs(index, "#unavailable"),
                  index + 1 < code.count, code[index + 1].kind == .leftParen, file.matching[index + 1] > index + 1,
                  let version = iosVersion(in: index + 2..<Int(file.matching[index + 1]), file),
                  let statement = statementKeyword(before: index, file) else { continue }
            var cursor = Int(file.matching[index + 1]) + 1
            // Find the body `{` of the if/guard (skipping further conditions).
            while cursor < code.count && code[cursor].kind != .leftBrace {
                if code[cursor].kind.isOpeningBracket, file.matching[cursor] > cursor { cursor = Int(file.matching[cursor]) }
                cursor += 1
            }
            guard cursor < code.count, file.matching[cursor] > cursor else { continue }
            let bodyClose = Int(file.matching[cursor])
            // What holds where the check passes, and where it fails.
            let passMinimum: Version? = isAvailable ? version : nil
            let passBelow: Version? = isAvailable ? nil : version
            let inside = (passMinimum, passBelow)
            let outside = (passBelow, passMinimum)
            if code[statement].keyword == .guard {
                // The guard's else block runs when the check fails; the rest of the scope when it passes.
                availability.append(AvailabilityRegion(range: cursor...bodyClose, minimum: outside.0, below: outside.1))
                let scopeClose = file.parent[statement] >= 0 ? Int(file.matching[Int(file.parent[statement])]) : code.count - 1
                if scopeClose > bodyClose {
                    availability.append(AvailabilityRegion(range: bodyClose...scopeClose, minimum: inside.0, below: inside.1))
                }
            } else if code[statement].keyword == .if {
                availability.append(AvailabilityRegion(range: cursor...bodyClose, minimum: inside.0, below: inside.1))
                let elseIndex = bodyClose + 1
                if elseIndex + 1 < code.count, code[elseIndex].keyword == .else, code[elseIndex + 1].kind == .leftBrace,
                   file.matching[elseIndex + 1] > elseIndex + 1 {
                    availability.append(AvailabilityRegion(range: elseIndex + 1...Int(file.matching[elseIndex + 1]),
                                                           minimum: outside.0, below: outside.1))
                }
            }
        }
    }

    /// `@available(iOS 17, *)` / `@available(iOS, introduced: 17)` on a declaration.
    private mutating func scanAvailableAttributes(_ file: SourceFile) {
        for declaration in file.declarations {
            for attribute in declaration.attributes where file.attributeIs(attribute, "available") {
                let open = attribute + 1
                guard open < file.code.count, file.code[open].kind == .leftParen, file.matching[open] > open,
                      let version = iosVersion(in: open + 1..<Int(file.matching[open]), file) else { continue }
                availability.append(AvailabilityRegion(range: declaration.start...declaration.end, minimum: version, below: nil))
            }
        }
    }

    /// The version after `iOS` (or `iOS, introduced:`) in an availability argument list.
    private func iosVersion(in range: Range<Int>, _ file: SourceFile) -> Version? {
        var index = range.lowerBound
        while index < range.upperBound {
            if file.isName(index, "iOS") {
                var cursor = index + 1
                if cursor < range.upperBound, file.code[cursor].kind == .comma { cursor += 1 }
                if cursor < range.upperBound, file.isName(cursor, "introduced") { cursor += 2 }
                guard cursor < range.upperBound else { return nil }
                let kind = file.code[cursor].kind
                guard kind == .integerLiteral || kind == .floatLiteral else { return nil }
                var text = file.text(at: cursor)
                // `17.0.1` lexes as a float and a member.
                if cursor + 2 < range.upperBound, file.code[cursor + 1].kind == .period,
                   file.code[cursor + 2].kind == .integerLiteral {
                    text += "." + file.text(at: cursor + 2)
                }
                return Version(text)
            }
            index += 1
        }
        return nil
    }

    private func statementKeyword(before index: Int, _ file: SourceFile) -> Int? {
        var cursor = index - 1
        while cursor >= 0 {
            let token = file.code[cursor]
            if token.keyword == .if || token.keyword == .guard || token.keyword == .while { return cursor }
            if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon { return nil }
            if token.kind.isClosingBracket, file.matching[cursor] >= 0 { cursor = Int(file.matching[cursor]) }
            cursor -= 1
        }
        return nil
    }
}

extension SourceFile {
    /// The `#if` branches that contain code index `index`, innermost last.
    public func activeClauses(at index: Int) -> [ConditionTable.Clause] {
        let table = conditions
        if let positions = table.clauseIndex?.clauses(at: index) { return positions.map { table.clauses[$0] } }
        ScalingCounter.add(table.clauses.count)
        return table.clauses.filter { $0.body.contains(index) }
    }

    /// True when code at `index` cannot run on iOS: inside `#if os(macOS)` (or another OS
    /// without iOS), `#if targetEnvironment(macCatalyst)`, or the `#else` of `#if os(iOS)` / `canImport(UIKit)`.
    /// Objective-C: `#if TARGET_OS_OSX` (`TARGET_OS_TV`, `TARGET_OS_WATCH`, `TARGET_OS_MACCATALYST`),
    /// `#if !TARGET_OS_IPHONE`, or the `#else` of `#if TARGET_OS_IPHONE` / `TARGET_OS_IOS`.
    public func isExcludedFromIOS(at index: Int) -> Bool {
        let table = conditions
        if let clauseIndex = table.clauseIndex, let innermost = clauseIndex.innermostClause(at: index) {
            return innermost >= 0 && isExcludedFromIOS(clause: Int(innermost), table, clauseIndex)
        }
        for clause in activeClauses(at: index) where excludesIOS(clause) { return true }
        return false
    }

    /// True when branch `clause` or one around it excludes iOS; remembered per branch, so the
    /// questions about code at every level of deeply nested `#if`s cost linear time in all.
    private func isExcludedFromIOS(clause: Int, _ table: ConditionTable, _ clauseIndex: ClauseIndex) -> Bool {
        if clauseExclusionMemo.isEmpty { clauseExclusionMemo = [Int8](repeating: -1, count: table.clauses.count) }
        var passed: [Int] = []
        var current = clause
        var answer = false
        while current >= 0 {
            if clauseExclusionMemo[current] >= 0 { answer = clauseExclusionMemo[current] == 1; break }
            passed.append(current)
            if excludesIOS(table.clauses[current]) { answer = true; break }
            current = Int(clauseIndex.parents[current])
        }
        for position in passed { clauseExclusionMemo[position] = answer ? 1 : 0 }
        ScalingCounter.add(passed.count + 1)
        return answer
    }

    /// True when code in this branch cannot run on iOS (its own condition, or an earlier
    /// branch's that requires iOS before an `#else`/`#elseif`).
    private func excludesIOS(_ clause: ConditionTable.Clause) -> Bool {
        // `#ifdef NAME` asks whether a macro is defined, and the `TARGET_OS_…` macros always are.
        if tokenIs(clause.directive, "#ifdef") || tokenIs(clause.directive, "#ifndef") { return false }
        if conditionExcludesIOS(clause.condition) { return true }
        guard clause.condition.isEmpty || file_isElseIf(clause) else { return false }
        let block = clause.block
        if block.earlierRequiresIOS == nil {
            var prefix: [Bool] = []
            var any = false
            for condition in block.conditions {
                prefix.append(any)
                any = any || conditionRequiresIOS(condition)
            }
            block.earlierRequiresIOS = prefix
        }
        return block.earlierRequiresIOS![clause.position]
    }

    private func file_isElseIf(_ clause: ConditionTable.Clause) -> Bool {
        tokenIs(clause.directive, "#elseif") || tokenIs(clause.directive, "#elif")
    }

    private func conditionExcludesIOS(_ condition: Range<Int>) -> Bool {
        var mentionsOtherOS = false
        var index = condition.lowerBound
        while index < condition.upperBound {
            if isName(index, "os"), index + 2 < condition.upperBound {
                let name = index + 2
                if isName(name, "iOS") || isName(name, "visionOS") || isName(name, "xrOS") {
                    // `!os(iOS)` excludes iOS; `os(iOS)` does not.
                    if index > condition.lowerBound, tokenIs(index - 1, "!") { return true }
                    return false
                }
                // `!os(tvOS)` includes iOS.
                if !(index > condition.lowerBound && tokenIs(index - 1, "!")) { mentionsOtherOS = true }
            }
            // Objective-C: `TARGET_OS_IPHONE` / `TARGET_OS_IOS` include iOS unless negated; the other
            // platforms' macros exclude it unless negated.
            if isName(index, "TARGET_OS_IPHONE") || isName(index, "TARGET_OS_IOS") {
                return index > condition.lowerBound && tokenIs(index - 1, "!")
            }
            if isName(index, "TARGET_OS_OSX") || isName(index, "TARGET_OS_TV") || isName(index, "TARGET_OS_WATCH")
                || isName(index, "TARGET_OS_MACCATALYST") || isName(index, "TARGET_OS_VISION") {
                if !(index > condition.lowerBound && tokenIs(index - 1, "!")) { mentionsOtherOS = true }
            }
            // `targetEnvironment(macCatalyst)` excludes iOS; `!targetEnvironment(macCatalyst)` does not.
            if isName(index, "macCatalyst"),
               !(index >= condition.lowerBound + 3 && isName(index - 2, "targetEnvironment") && tokenIs(index - 3, "!")) {
                return true
            }
            index += 1
        }
        return mentionsOtherOS && !condition.contains { tokenIs($0, "||") }
    }

    private func conditionRequiresIOS(_ condition: Range<Int>) -> Bool {
        var index = condition.lowerBound
        while index < condition.upperBound {
            if isName(index, "iOS") || isName(index, "UIKit") || isName(index, "TARGET_OS_IPHONE") || isName(index, "TARGET_OS_IOS") {
                // `#if !os(iOS)`: its `#else` is the iOS branch.
                let negation = code[index - 1].kind == .leftParen ? index - 3 : index - 1
                if negation >= condition.lowerBound, tokenIs(negation, "!") { return false }
                return !condition.contains { tokenIs($0, "||") }
            }
            index += 1
        }
        return false
    }

    /// What is known of the iOS version at `index` from `#available` checks and `@available`.
    /// (With many regions, an equal version may come from another region than the first.)
    public func iosAvailability(at index: Int) -> (minimum: Version?, below: Version?) {
        let table = conditions
        if let availabilityIndex = table.availabilityIndex, index >= 0 && index < code.count {
            return availabilityIndex.bounds(at: index)
        }
        var minimum: Version?
        var below: Version?
        ScalingCounter.add(table.availability.count)
        for region in table.availability where region.range.contains(index) {
            if let value = region.minimum, minimum.map({ value > $0 }) ?? true { minimum = value }
            if let value = region.below, below.map({ value < $0 }) ?? true { below = value }
        }
        return (minimum, below)
    }
}
