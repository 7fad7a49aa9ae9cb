import SeamLintCore

/// The class of a source byte, as the tokenizer or SourceKit sees it. Some classes come only
/// from one side; `SourceClassifier.agrees` says which pairs match.
public enum SourceClass: UInt8, Sendable, CustomStringConvertible {
    /// Not compared (see `SourceClassifier`).
    case ignored
    case comment
    /// String literal text and delimiters.
    case string
    /// A regex literal (ours only: SourceKit's syntax map has no regex kind).
    case regex
    /// Ours: identifier, keyword, number, attribute, `#name`. SourceKit: any entry that is not
    /// a comment or string (keyword, identifier, number, operator, attribute…).
    case word
    /// Ours only: operators, brackets, punctuation and other code bytes.
    case punctuation
    /// SourceKit only: no syntax-map entry (punctuation, regex literals, the `\` of `\(`).
    case unclassified

    public var description: String {
        switch self {
        case .ignored: "ignored"
        case .comment: "comment"
        case .string: "string"
        case .regex: "regex"
        case .word: "word"
        case .punctuation: "punctuation"
        case .unclassified: "unclassified"
        }
    }
}

/// Per-byte classification from tokens and from SourceKit's syntax map.
///
/// The brief is comment / string / code. SourceKit's syntax map has no entry for regex
/// literals nor for punctuation, so "code" is split to still check regexes:
/// - ours `regex` agrees with SourceKit `unclassified` (SourceKit lexes a regex and classifies
///   nothing inside; had it seen a division, the operands would be `word` entries);
/// - ours `word` agrees only with SourceKit `word` (so a regex we missed shows up);
/// - ours `punctuation` agrees with SourceKit `word` (operators) or `unclassified`.
///
/// Other decisions, so that the two sides answer the same question:
/// - Whitespace bytes (space, tab, CR, LF, VT, FF) are ignored on both sides. SourceKit gives
///   no entry for whitespace between tokens while its comment and string entries include
///   inner whitespace and trailing newlines; comparing only the other bytes loses nothing,
///   since a wrong boundary always shows on a neighbouring visible byte.
/// - Interpolation anchors are ignored on both sides: SourceKit marks only the `(` and `)` of
///   `\( … )` as `string_interpolation_anchor` and leaves the `\` and `#`s without an entry,
///   while we make `\(` and `)` tokens of their own.
/// - Every SourceKit `comment…` / `doccomment…` kind (including `comment.mark`, `comment.url`,
///   `doccomment.field`, which split a comment into pieces) is a comment; `string` is a string.
/// - Inactive `#if` branches need nothing special: SourceKit's syntactic classification lexes
///   them like active code, and so do we.
/// - The `@` of a custom attribute and the `#` of a macro are punctuation on our side:
///   SourceKit classifies only the name after them (`attribute.id`, `identifier`).
/// - Doc comments and plain comments are one class: SourceKit calls `/**/` a doc comment while
///   the compiler's lexer (and we) do not.
public enum SourceClassifier {
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Whether our class `ours` and SourceKit's class `theirs` for one byte match.
    public static func agrees(ours: SourceClass, theirs: SourceClass) -> Bool {
        switch (ours, theirs) {
        case (.ignored, _), (_, .ignored): true
        case (.comment, .comment), (.string, .string), (.word, .word): true
        case (.regex, .unclassified): true
        case (.punctuation, .word), (.punctuation, .unclassified): true
        default: false
        }
    }

    /// The class of the bytes of a token of `kind`.
    public static func sourceClass(of kind: TokenKind) -> SourceClass {
        switch kind {
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: .comment
        case .stringDelimiter, .stringSegment: .string
        case .regexLiteral: .regex
        case .identifier, .keyword, .attribute, .poundDirective, .poundKeyword, .integerLiteral, .floatLiteral: .word
        case .interpolationStart, .interpolationEnd: .ignored
        default: .punctuation
        }
    }

    /// Classes of `bytes` as our tokens see them.
    public static func classify(tokens: [Token], bytes: [UInt8]) -> [SourceClass] {
        var classes = [SourceClass](repeating: .punctuation, count: bytes.count)
        for token in tokens {
            let sourceClass = sourceClass(of: token.kind)
            guard sourceClass != .punctuation else { continue }
            for index in token.range where index < bytes.count { classes[index] = sourceClass }
            // SourceKit classifies a custom attribute's or a macro's name but not its `@` or `#`.
            if token.kind == .attribute || token.kind == .poundKeyword { classes[Int(token.start)] = .punctuation }
        }
        ignoreWhitespace(&classes, bytes)
        return classes
    }

    /// Classes of `bytes` as SourceKit's syntax map sees them.
    public static func classify(syntaxMap: [SyntaxMapEntry], bytes: [UInt8]) -> [SourceClass] {
        var classes = [SourceClass](repeating: .unclassified, count: bytes.count)
        for entry in syntaxMap {
            let sourceClass = sourceClass(ofKind: entry.kind)
            let lower = max(0, entry.offset), upper = min(bytes.count, entry.offset + entry.length)
            guard lower < upper else { continue }
            for index in lower..<upper { classes[index] = sourceClass }
        }
        ignoreWhitespace(&classes, bytes)
        return classes
    }

    /// The class of a syntax-map kind given without its `source.lang.swift.syntaxtype.` prefix.
    public static func sourceClass(ofKind kind: String) -> SourceClass {
        if kind.hasPrefix("comment") || kind.hasPrefix("doccomment") { return .comment }
        if kind == "string" { return .string }
        if kind == "string_interpolation_anchor" { return .ignored }
        return .word
    }

    private static func ignoreWhitespace(_ classes: inout [SourceClass], _ bytes: [UInt8]) {
        for index in 0..<min(classes.count, bytes.count) where isWhitespace(bytes[index]) {
            classes[index] = .ignored
        }
    }
}

/// A disagreement category that is understood and accepted: SourceKit's syntax map, not the
/// tokenizer, departs from how the compiler lexes, or the code is invalid and the two recover
/// differently. Each case says why.
public enum KnownDifference: String, Sendable, CaseIterable, CustomStringConvertible {
    /// SourceKit gives the `yield` statement keyword of `_read`/`_modify` accessors no
    /// syntax-map entry; we lex it as an identifier like any other contextual keyword.
    case yieldKeyword = "yield-keyword"
    /// SourceKit reports `@_cdecl("…")`, `@_expose(…, "…")` and similar underscored attributes
    /// as one `attribute.builtin` entry covering their arguments, string literals included.
    case attributeArguments = "attribute-arguments"
    /// A malformed number (`0xG`, `0b2`, `1abc`) is invalid code: SourceKit classifies
    /// nothing, we keep one number token, as the compiler diagnoses one bad literal.
    case malformedNumber = "malformed-number"

    public var description: String { rawValue }

    /// Which known difference, if any, explains `run`.
    static func explain(_ run: Range<Int>, ours: SourceClass, theirs: SourceClass, bytes: [UInt8],
                        syntaxMap: [SyntaxMapEntry], tokens: [Token]) -> KnownDifference? {
        if ours == .word && theirs == .unclassified {
            if bytes[run].elementsEqual("yield".utf8) { return .yieldKeyword }
            if let token = tokens.first(where: { $0.range.contains(run.lowerBound) }),
               token.kind == .integerLiteral || token.kind == .floatLiteral,
               isMalformedNumber(bytes[token.range]) {
                return .malformedNumber
            }
        }
        if theirs == .word, ours != .comment,
           let entry = syntaxMap.first(where: { $0.offset <= run.lowerBound && run.upperBound <= $0.offset + $0.length }),
           entry.kind == "attribute.builtin",
           bytes[entry.offset..<min(bytes.count, entry.offset + entry.length)].contains(UInt8(ascii: "(")) {
            return .attributeArguments
        }
        return nil
    }
}

/// Whether a number token's text has a character its radix does not allow (`0xG`, `1abc`).
func isMalformedNumber(_ text: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(text)
    var allowed = Set("0123456789_".utf8)
    var body = bytes[...]
    if bytes.count > 2 && bytes[0] == UInt8(ascii: "0") {
        switch bytes[1] {
        case UInt8(ascii: "x"): allowed.formUnion("abcdefABCDEF.pP+-".utf8); body = bytes.dropFirst(2)
        case UInt8(ascii: "o"): allowed = Set("01234567_".utf8); body = bytes.dropFirst(2)
        case UInt8(ascii: "b"): allowed = Set("01_".utf8); body = bytes.dropFirst(2)
        default: allowed.formUnion(".eE+-".utf8)
        }
    } else {
        allowed.formUnion(".eE+-".utf8)
    }
    return body.isEmpty || body.contains { !allowed.contains($0) }
}

/// A run of bytes that SourceKit and the tokenizer classify differently.
public struct Disagreement: Sendable, CustomStringConvertible {
    public let range: Range<Int>
    public let ours: SourceClass
    public let theirs: SourceClass
    /// 1-based line and byte column of the first byte.
    public let line: Int
    public let column: Int
    /// The disagreeing text, cut short and with control characters escaped.
    public let excerpt: String
    /// Set when the disagreement is a known, accepted difference.
    public let explanation: KnownDifference?

    public var description: String {
        let known = explanation.map { " (known: \($0))" } ?? ""
        return "\(line):\(column) ours=\(ours) sourcekit=\(theirs) [\(range.count) bytes] \(excerpt)\(known)"
    }
}

/// The outcome of comparing one input's byte classes.
public struct DifferentialReport: Sendable {
    /// Bytes compared (not ignored on either side).
    public let comparedBytes: Int
    /// Compared bytes on which both sides agree.
    public let agreeingBytes: Int
    /// Disagreements no `KnownDifference` explains.
    public let disagreements: [Disagreement]
    /// Disagreements a `KnownDifference` explains.
    public let explained: [Disagreement]

    public var disagreeingBytes: Int { comparedBytes - agreeingBytes }
    public var explainedBytes: Int { explained.reduce(0) { $0 + $1.range.count } }
    /// Disagreeing bytes no known difference explains.
    public var unexplainedBytes: Int { disagreeingBytes - explainedBytes }
    /// True when every disagreement is explained.
    public var isFullAgreement: Bool { disagreements.isEmpty }

    /// Compares two classifications of `bytes`. Adjacent disagreeing bytes with the same pair
    /// of classes form one `Disagreement`, even across ignored bytes. `syntaxMap` and `tokens`,
    /// when given, let known differences be recognised.
    public init(bytes: [UInt8], ours: [SourceClass], theirs: [SourceClass],
                syntaxMap: [SyntaxMapEntry] = [], tokens: [Token] = []) {
        precondition(ours.count == bytes.count && theirs.count == bytes.count)
        var compared = 0, agreeing = 0
        var runs: [(range: Range<Int>, ours: SourceClass, theirs: SourceClass)] = []
        var open = false
        for index in 0..<bytes.count {
            let mine = ours[index], other = theirs[index]
            if mine == .ignored || other == .ignored { continue }
            compared += 1
            if SourceClassifier.agrees(ours: mine, theirs: other) {
                agreeing += 1
                open = false
                continue
            }
            if open, let last = runs.last, last.ours == mine, last.theirs == other {
                runs[runs.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                runs.append((index..<(index + 1), mine, other))
                open = true
            }
        }
        comparedBytes = compared
        agreeingBytes = agreeing
        let lines = LineTable(bytes)
        var unexplained: [Disagreement] = [], explained: [Disagreement] = []
        for run in runs {
            let (line, column) = lines.location(of: run.range.lowerBound)
            let explanation = KnownDifference.explain(run.range, ours: run.ours, theirs: run.theirs, bytes: bytes,
                                                      syntaxMap: syntaxMap, tokens: tokens)
            let disagreement = Disagreement(range: run.range, ours: run.ours, theirs: run.theirs, line: line,
                                            column: column, excerpt: Excerpt.make(bytes, run.range),
                                            explanation: explanation)
            if explanation == nil { unexplained.append(disagreement) } else { explained.append(disagreement) }
        }
        disagreements = unexplained
        self.explained = explained
    }
}

/// Line starts of a byte buffer (LF, CRLF and lone CR end a line), for 1-based locations.
public struct LineTable: Sendable {
    public let starts: [Int]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        self.starts = starts
    }

    /// 1-based line and byte column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

enum Excerpt {
    /// `bytes[range]` as printable text, at most `limit` bytes, control characters escaped.
    static func make(_ bytes: [UInt8], _ range: Range<Int>, limit: Int = 60) -> String {
        let clipped = range.lowerBound..<min(range.upperBound, range.lowerBound + limit)
        var text = ""
        for scalar in String(decoding: bytes[clipped], as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return clipped.count < range.count ? "`\(text)`…" : "`\(text)`"
    }
}
