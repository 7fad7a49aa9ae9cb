/// What a token is. Trivia kinds (whitespace, newlines, comments) come first so that
/// `isTrivia` is one comparison.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Trivia
    case whitespace          // spaces, tabs, form feeds, vertical tabs
    case newline             // "\n", "\r\n" or a lone "\r"
    case lineComment         // `// …` up to, not including, the newline
    case blockComment        // `/* … */`, nested
    case docLineComment      // `/// …` (and `////…`, as the compiler treats them)
    case docBlockComment     // `/** … */`
    case shebang             // `#!…` on the first line
    case byteOrderMark       // a UTF-8 BOM (U+FEFF) where a token could start

    // Names and words
    case identifier          // plain, Unicode, backticked (flag), `$0`, `$name`
    case keyword             // reserved keyword; `keyword` field says which
    case attribute           // `@Foo` (the `@` and the name)
    case poundDirective      // `#if`, `#elseif`, `#else`, `#endif`, `#sourceLocation`, `#warning`, `#error`
    case poundKeyword        // `#available`, `#unavailable`, `#selector`, `#keyPath`, macros `#foo`

    // Literals
    case integerLiteral
    case floatLiteral
    case stringDelimiter     // opening or closing `"`, `"""`, `#"`, `"#`, `##"""` …
    case stringSegment       // literal text (escapes included) between delimiters and interpolations
    case interpolationStart  // `\(` or `\#(`: code follows until the matching `interpolationEnd`
    case interpolationEnd    // the `)` that closes an interpolation
    case regexLiteral        // `/…/`, `#/…/#`, extended multiline `#/ … /#`

    // Punctuation
    case leftParen, rightParen, leftBrace, rightBrace, leftSquare, rightSquare
    case period              // member access `.`
    case comma, colon, semicolon
    case backslash           // key path start `\`
    case `operator`          // any operator, `=`, `->`, `?`, `!`, `&`, custom and dot-operators
    case unknown             // a byte that fits nowhere (invalid UTF-8, stray control byte)
    /// Never produced by the tokenizer: the sentinel `SourceFile.code` answers before its first
    /// and after its last token (see `SentinelTable`).
    case fileEdge

    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.byteOrderMark.rawValue }
    @inlinable public var isComment: Bool {
        self == .lineComment || self == .blockComment || self == .docLineComment || self == .docBlockComment
    }
    /// Bytes of string literals (delimiters and text, not interpolated code) and regex literals.
    @inlinable public var isStringLike: Bool {
        self == .stringDelimiter || self == .stringSegment || self == .regexLiteral
    }
    @inlinable public var isOpeningBracket: Bool {
        self == .leftParen || self == .leftBrace || self == .leftSquare || self == .interpolationStart
    }
    @inlinable public var isClosingBracket: Bool {
        self == .rightParen || self == .rightBrace || self == .rightSquare || self == .interpolationEnd
    }
}

/// A token: a kind and a byte range into the file's UTF-8 buffer. Twelve bytes, no payload.
public struct Token: Sendable, Equatable {
    public var start: UInt32
    public var length: UInt32
    public var kind: TokenKind
    /// For `.keyword` tokens, which keyword; for identifiers, a contextual keyword if the name is one.
    public var keyword: Keyword
    public var flags: TokenFlags

    @inlinable public init(kind: TokenKind, start: Int, length: Int, keyword: Keyword = .none, flags: TokenFlags = []) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: length)
        self.kind = kind
        self.keyword = keyword
        self.flags = flags
    }

    @inlinable public var end: Int { Int(start) + Int(length) }
    @inlinable public var range: Range<Int> { Int(start)..<end }
}

public struct TokenFlags: OptionSet, Sendable, Equatable {
    public var rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// An identifier written in backticks.
    public static let backticked = TokenFlags(rawValue: 1 << 0)
    /// An identifier starting with `$`.
    public static let dollar = TokenFlags(rawValue: 1 << 1)
    /// A string delimiter or segment of a multiline `"""` literal; in Objective-C, a code token or
    /// `//` comment that a line splice (`\` then a line break) carries across lines:
    /// `viewC\⏎troller` is one name.
    public static let multiline = TokenFlags(rawValue: 1 << 2)
    /// Literal, comment or regex reaching end of file without its terminator.
    public static let unterminated = TokenFlags(rawValue: 1 << 3)
    /// Whitespace precedes this token (trivia or start of file); used for operator fixity.
    public static let spaceBefore = TokenFlags(rawValue: 1 << 4)
    /// A raw string (`#"…"#`).
    public static let raw = TokenFlags(rawValue: 1 << 5)
    /// Set by `SourceFile` on a code token that is the first code token of its line.
    public static let lineStart = TokenFlags(rawValue: 1 << 6)
    /// An identifier with bytes other than ASCII letters, digits and `_` that `backticked` and
    /// `dollar` do not explain: Unicode letters, an editor placeholder (`<#name#>`).
    public static let unusualBytes = TokenFlags(rawValue: 1 << 7)
    /// On a name, any of these: its bytes are not one run of ASCII letters, digits and `_`
    /// (without them, its bytes are its text).
    @inlinable public static var notPlainName: TokenFlags { [.backticked, .dollar, .unusualBytes] }
}
