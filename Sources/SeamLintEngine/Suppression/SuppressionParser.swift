import Foundation
import SeamLintCore

/// Reads `seamlint:` commands from a file's comments. Only comments count (the tokenizer knows
/// what is one), so a command inside a string literal does nothing. The command must open the
/// comment; `swiftlint:` commands are not SeamLint's and are left alone.
enum SuppressionParser {
    static let prefix = Array("seamlint:".utf8)

    /// Directives in file order and the problems found in them.
    static func parse(_ file: SourceFile, knownRuleIDs: Set<String>) -> (directives: [SuppressionDirective], problems: [SuppressionProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [SuppressionProblem] = []
        var codeLines: [Int]?
        for token in file.tokens where token.kind.isComment {
            guard let start = commandStart(token, in: file.bytes) else { continue }
            if token.kind == .docLineComment || token.kind == .docBlockComment {
                problems.append(SuppressionProblem(
                    message: "A suppression in a documentation comment is ignored", help: "Write it in a '//' comment.",
                    location: file.location(ofOffset: start), length: prefix.count, in: file))
                continue
            }
            var end = token.end
            if token.kind == .blockComment, !token.flags.contains(.unterminated) { end -= 2 }
            var command = CommandText(file: file, start: start, end: end, knownRuleIDs: knownRuleIDs)
            guard var directive = command.parse(commentOffset: Int(token.start)) else {
                problems += command.problems
                continue
            }
            problems += command.problems
            if directive.scope == .previous || directive.scope == .next {
                if codeLines == nil { codeLines = Self.codeLines(file) }
                directive.targetLine = target(of: directive, codeLines: codeLines!)
            }
            if !directive.rules.isEmpty { directives.append(directive) }
        }
        return (directives, problems)
    }

    /// The offset of `seamlint:` when it opens the comment (after `//`, `/*` and spaces).
    private static func commandStart(_ token: Token, in bytes: [UInt8]) -> Int? {
        // `//`, `/*`, `///`, `/**`: the opener, then spaces.
        var index = Int(token.start) + (token.kind == .docLineComment || token.kind == .docBlockComment ? 3 : 2)
        while index < token.end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard token.end - index >= prefix.count, bytes[index..<index + prefix.count].elementsEqual(prefix) else { return nil }
        return index
    }

    /// Lines where a code token starts, ascending.
    private static func codeLines(_ file: SourceFile) -> [Int] {
        var lines: [Int] = []
        for token in file.code where token.flags.contains(.lineStart) {
            lines.append(file.line(ofOffset: Int(token.start)))
        }
        return lines
    }

    private static func target(of directive: SuppressionDirective, codeLines: [Int]) -> Int? {
        // Binary search (`codeLines` ascends): the first index whose line is past the directive's.
        func firstIndex(after line: Int) -> Int {
            var low = 0, high = codeLines.count
            while low < high {
                let middle = (low + high) / 2
                if codeLines[middle] <= line { low = middle + 1 } else { high = middle }
            }
            return low
        }
        ScalingCounter.add(1)
        switch directive.scope {
        case .next:
            let index = firstIndex(after: directive.line)
            return index < codeLines.count ? codeLines[index] : nil
        case .previous:
            let index = firstIndex(after: directive.line - 1)
            return index > 0 ? codeLines[index - 1] : nil
        case .this: return directive.line
        case .region: return nil
        }
    }
}

/// The text of one command, from `seamlint:` to the end of the comment.
private struct CommandText {
    let file: SourceFile
    let start: Int
    let end: Int
    let knownRuleIDs: Set<String>
    var problems: [SuppressionProblem] = []

    init(file: SourceFile, start: Int, end: Int, knownRuleIDs: Set<String>) {
        self.file = file
        self.start = start
        self.end = end
        self.knownRuleIDs = knownRuleIDs
    }

    mutating func parse(commentOffset: Int) -> SuppressionDirective? {
        let words = self.words()
        guard let head = words.first else { return nil }
        let commandWord = file.text(head)
        var parts = commandWord.dropFirst(SuppressionParser.prefix.count).split(separator: ":", omittingEmptySubsequences: false)
            .map(String.init)
        guard let action = SuppressionDirective.Action(rawValue: parts[0]) else {
            let actions = SuppressionDirective.Action.allCases.map(\.rawValue)
            report(head, unknown(commandWord, replacing: 0, in: &parts, candidates: actions,
                                 otherwise: "Write 'seamlint:disable' or 'seamlint:enable'."))
            return nil
        }
        var scope = SuppressionDirective.Scope.region
        if parts.count == 2, let named = SuppressionDirective.Scope(rawValue: parts[1]), named != .region {
            scope = named
        } else if parts.count != 1 {
            let scopes = [SuppressionDirective.Scope.previous, .this, .next].map(\.rawValue)
            report(head, unknown(commandWord, replacing: parts.count == 2 ? 1 : nil, in: &parts, candidates: scopes,
                                 otherwise: "The scope is ':previous', ':this' or ':next'."))
            return nil
        }
        var rules: [SuppressionDirective.NamedRule] = []
        var seen: Set<String> = []
        var justification: String?
        for word in words.dropFirst() {
            let id = file.text(word)
            if id == "-" {
                let rest = file.text(word.upperBound..<end).trimmingCharacters(in: .whitespacesAndNewlines)
                justification = rest.isEmpty ? nil : rest
                break
            }
            guard id == SuppressionDirective.allRules || knownRuleIDs.contains(id) else {
                let nearest = Spelling.nearest(to: id, in: knownRuleIDs.sorted())
                report(word, ("Unknown rule id '\(id)' in a suppression",
                              nearest.map { "Did you mean '\($0)'?" } ?? "Name a rule id that `lint rules` lists, or 'all'."))
                continue
            }
            if !seen.insert(id).inserted { continue }
            let location = file.location(ofOffset: word.lowerBound)
            rules.append(.init(id: id, location: location, length: word.count, end: file.end(of: location, length: word.count)))
        }
        if rules.isEmpty && problems.isEmpty {
            report(head, ("'\(commandWord)' names no rule id", "Name the rules it silences, or 'all'."))
        }
        let line = file.line(ofOffset: start)
        return SuppressionDirective(action: action, scope: scope, rules: rules, offset: commentOffset, line: line,
                                    targetLine: scope == .this ? line : nil, justification: justification)
    }

    /// "Unknown suppression command 'x'", with help that respells the command when one part of it
    /// is a likely typo (judged on that part alone, so the long common prefix does not make every
    /// word look close), else `otherwise`.
    private func unknown(_ command: String, replacing part: Int?, in parts: inout [String], candidates: [String],
                         otherwise: String) -> (headline: String, help: String) {
        let headline = "Unknown suppression command '\(command)'"
        guard let part, let nearest = Spelling.nearest(to: parts[part], in: candidates) else { return (headline, otherwise) }
        parts[part] = nearest
        return (headline, "Did you mean 'seamlint:\(parts.joined(separator: ":"))'?")
    }

    /// Byte ranges of the words, separated by whitespace or commas (`disable a, b` = `disable a b`).
    private func words() -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = start
        let bytes = file.bytes
        while index < end {
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            let wordStart = index
            while index < end, !Self.isSpace(bytes[index]) { index += 1 }
            if index > wordStart { result.append(wordStart..<index) }
        }
        return result
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
    }

    private mutating func report(_ range: Range<Int>, _ message: (headline: String, help: String)) {
        problems.append(SuppressionProblem(message: message.headline, help: message.help,
                                           location: file.location(ofOffset: range.lowerBound),
                                           length: range.count, in: file))
    }
}
