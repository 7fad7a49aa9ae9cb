/// Compile-time (`#if`) and run-time (`#available`, `@available`) conditions around code.
/// A class: built once per file and only read after, and read per token by the rules
/// (`isExcludedFromIOS`); as a struct, each read through `SourceFile.conditions` copied (retained
/// and released) every one of its tables.
public final class ConditionTable: @unchecked Sendable {
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
    }

    /// A range of code where the iOS version is known to be at least `minimum` or below `below`.
    public struct AvailabilityRegion: Sendable {
        public var range: ClosedRange<Int>
        public var minimum: Version?
        public var below: Version?
    }

    public private(set) var clauses: [Clause] = []
    public private(set) var availability: [AvailabilityRegion] = []
    /// Code not compiled for iOS, sorted and disjoint (see `excludedRanges`).
    public private(set) var excludedFromIOS: [Range<Int>] = []
    /// Built when there are more than a few regions or branches (ConditionIndex.swift).
    private(set) var availabilityIndex: AvailabilityIndex?
    private(set) var clauseIndex: ClauseIndex?

    init(file: SourceFile) {
        scanDirectives(file)
        excludedFromIOS = Self.excludedRanges(clauses, file)
        scanAvailabilityChecks(file)
        scanAvailableAttributes(file)
        if availability.count > AvailabilityIndex.threshold {
            availabilityIndex = AvailabilityIndex(regions: availability, codeCount: file.code.count)
        }
        if clauses.count > ClauseIndex.threshold {
            clauseIndex = ClauseIndex(clauses: clauses, codeCount: file.code.count)
        }
    }

    private func scanDirectives(_ file: SourceFile) {
        // Open blocks: indices into `clauses` of the branches of each nested `#if`. A list, not
        // recursion: ten thousand nested `#if`s cost memory in proportion, nothing more.
        var open: [(branches: [Int], block: Block)] = []
        for index in file.code.indices where file.code[index].kind == .poundDirective {
            switch Self.directiveKind(index, file) {
            case .opening:
                open.append(([], Block()))
                addClause(index, index + 1..<lineEnd(after: index, file), &open)
            case .branch(let hasCondition):
                closeLast(at: index, &open)
                let conditionEnd = hasCondition ? lineEnd(after: index, file) : index + 1
                addClause(index, index + 1..<conditionEnd, &open)
            case .closing:
                closeLast(at: index, &open)
                if !open.isEmpty { open.removeLast() }
            case .other:
                continue
            }
        }
        // Unterminated blocks run to the end of the file.
        for block in open { for clause in block.branches where clauses[clause].body.isEmpty {
            clauses[clause].body = clauses[clause].body.lowerBound..<file.code.count
        } }
    }

    private enum DirectiveKind { case opening, branch(hasCondition: Bool), closing, other }

    /// Swift's `#if`/`#elseif`/`#else`/`#endif` and the preprocessor's `#ifdef`, `#ifndef`, `#elif`,
    /// `#elifdef` and `#elifndef` (Objective-C).
    private static func directiveKind(_ index: Int, _ file: SourceFile) -> DirectiveKind {
        if file.tokenIs(index, "#if") || file.tokenIs(index, "#ifdef") || file.tokenIs(index, "#ifndef") { return .opening }
        if file.tokenIs(index, "#else") { return .branch(hasCondition: false) }
        if file.tokenIs(index, "#elseif") || file.tokenIs(index, "#elif") || file.tokenIs(index, "#elifdef")
            || file.tokenIs(index, "#elifndef") { return .branch(hasCondition: true) }
        if file.tokenIs(index, "#endif") { return .closing }
        return .other
    }

    /// Code ranges (sorted, disjoint) that are not compiled for iOS: branches whose condition is
    /// false there (`#if os(tvOS)`, `#if TARGET_OS_TV`, `#if !TARGET_OS_IPHONE`, `#if 0`), and
    /// branches after one that is true there (`#else` of `#if os(iOS)` or `#if TARGET_OS_IPHONE`).
    /// One pass over the clauses, each condition read once: linear in the file and its nesting.
    private static func excludedRanges(_ clauses: [Clause], _ file: SourceFile) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // Blocks in which an earlier branch is true on iOS.
        var decided = Set<ObjectIdentifier>()
        for clause in clauses {
            let block = ObjectIdentifier(clause.block)
            let value = PlatformCondition.value(of: clause.condition, directive: clause.directive, in: file)
            let excluded = value == 0 || (clause.position > 0 && decided.contains(block))
            if value.map({ $0 != 0 }) == true { decided.insert(block) }
            guard excluded, !clause.body.isEmpty else { continue }
            if let last = ranges.last, clause.body.lowerBound < last.upperBound {
                // Clauses come in source order, so a later one starts inside or after the last range.
                if clause.body.upperBound > last.upperBound { ranges[ranges.count - 1] = last.lowerBound..<clause.body.upperBound }
            } else {
                ranges.append(clause.body)
            }
        }
        return ranges
    }

    private func addClause(_ directive: Int, _ condition: Range<Int>,
                                    _ open: inout [(branches: [Int], block: Block)]) {
        guard let block = open.last?.block else { return }
        clauses.append(Clause(directive: directive, condition: condition, body: condition.upperBound..<condition.upperBound,
                              block: block, position: block.conditions.count))
        block.conditions.append(condition)
        open[open.count - 1].branches.append(clauses.count - 1)
    }

    private func closeLast(at index: Int, _ open: inout [(branches: [Int], block: Block)]) {
        guard let last = open.last?.branches.last else { return }
        let start = clauses[last].body.lowerBound
        clauses[last].body = start..<max(start, index)
    }

    /// The end of a directive's condition: the end of its line (in Objective-C, of its last line
    /// continued with `\`), or the next directive on the same line (`#if A #endif`, which the
    /// compiler rejects but a file may hold).
    private func lineEnd(after index: Int, _ file: SourceFile) -> Int {
        var end = index + 1
        while end < file.code.count && file.code[end].kind != .poundDirective {
            if file.code[end].flags.contains(.lineStart) && !continuesLine(before: end, file) { break }
            end += 1
        }
        return end
    }

    /// True when a backslash continues the previous line up to code token `index` (Objective-C).
    private func continuesLine(before index: Int, _ file: SourceFile) -> Bool {
        guard file.language == .objectiveC, index > 0 else { return false }
        let gap = file.code[index - 1].end..<Int(file.code[index].start)
        return file.bytes[gap].contains(UInt8(ascii: "\\"))
    }

    /// `if #available(iOS N, *) { … } else { … }`, `guard #available … else { … }` and `#unavailable`.
    private func scanAvailabilityChecks(_ file: SourceFile) {
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
    private func scanAvailableAttributes(_ file: SourceFile) {
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

    /// True when code at `index` is not compiled for iOS: in a branch whose condition is false
    /// there (`#if os(macOS)`, `#if targetEnvironment(macCatalyst)`, Objective-C's `#if TARGET_OS_TV`,
    /// `#if !TARGET_OS_IPHONE`, `#ifdef`/`#elif` alike), or after a branch that is true there (the
    /// `#else` of `#if os(iOS)` / `canImport(UIKit)` / `TARGET_OS_IOS`). See `PlatformCondition`.
    public func isExcludedFromIOS(at index: Int) -> Bool {
        let ranges = conditions.excludedFromIOS
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(index)
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
