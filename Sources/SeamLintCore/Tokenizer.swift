/// A lossless Swift tokenizer over UTF-8 bytes. Every byte of the input belongs to exactly one
/// token, in order; malformed input becomes `.unknown` tokens or tokens flagged `.unterminated`.
/// It never recurses, so nesting depth (brackets, interpolations) cannot overflow the stack.
///
/// Where Swift's grammar is ambiguous at the lexical level (regex literal or division, a `#"""`
/// that closes on its own line, hex floats, `x!=y`) it follows the compiler's lexer
/// (swift-syntax `Lexer/Cursor.swift` and `RegexLiteralLexer.swift`, Swift 6 mode, so bare
/// `/…/` regex literals are on). Deliberate differences, all in code the compiler rejects or
/// warns about: invalid UTF-8, NUL and stray control bytes are `.unknown` tokens rather than
/// trivia; a closing raw delimiter takes exactly as many `#` as the opening one; version
/// control conflict markers are not recognised.
public struct Tokenizer {
    /// Tokenizes `bytes` into a fresh array.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4 + 16)
        bytes.withUnsafeBufferPointer { tokenize($0, into: &tokens) }
        return tokens
    }

    /// Appends the tokens of `buffer` to `tokens` (kept so a worker can reuse its array).
    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        var lexer = Lexer(base: base, count: buffer.count)
        lexer.run(into: &tokens)
    }
}

/// Byte classes for the hot loops.
@usableFromInline enum ByteClass {
    static let identifierStart: UInt8 = 1
    static let identifierBody: UInt8 = 2
    static let digit: UInt8 = 4
    static let operatorChar: UInt8 = 8
    static let horizontalSpace: UInt8 = 16
    /// Bytes a string body must look at: quotes, backslash, line breaks.
    static let stringSpecial: UInt8 = 32
    /// Bytes a block comment must look at.
    static let commentSpecial: UInt8 = 64
    static let hexDigit: UInt8 = 128

    /// Allocated once and never freed, so the hot loop can index it without bounds checks.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifierStart | identifierBody }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifierStart | identifierBody }
        table[Int(UInt8(ascii: "_"))] = identifierStart | identifierBody
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = identifierBody | digit | hexDigit }
        for byte in "abcdefABCDEF".utf8 { table[Int(byte)] |= hexDigit }
        for byte in "/=-+!*%<>&|^~?".utf8 { table[Int(byte)] = operatorChar }
        for byte in [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C] { table[Int(byte)] = horizontalSpace }
        for byte in "\"'\\\n\r".utf8 { table[Int(byte)] |= stringSpecial }
        for byte in "/*".utf8 { table[Int(byte)] |= commentSpecial }
        return UnsafePointer(table)
    }()
}

/// How a string literal is quoted.
private enum StringKind: UInt8 {
    case singleLine    // "…"
    case multiline     // """…"""
    case singleQuoted  // '…' (not valid Swift, but the compiler lexes it as a string to diagnose it)
}

/// A string literal whose interpolation we are currently lexing as code.
private struct StringContext {
    var pounds: Int
    var kind: StringKind
    var parenDepth: Int
}

private let asciiSlash = UInt8(ascii: "/")
private let asciiStar = UInt8(ascii: "*")
private let asciiQuote = UInt8(ascii: "\"")
private let asciiApostrophe = UInt8(ascii: "'")
private let asciiBackslash = UInt8(ascii: "\\")
private let asciiPound = UInt8(ascii: "#")
private let asciiPeriod = UInt8(ascii: ".")
private let asciiUnderscore = UInt8(ascii: "_")
private let asciiSpace = UInt8(ascii: " ")
private let asciiTab = UInt8(ascii: "\t")
private let lineFeed: UInt8 = 0x0A
private let carriageReturn: UInt8 = 0x0D

private struct Lexer {
    let base: UnsafePointer<UInt8>
    let count: Int
    let classes: UnsafePointer<UInt8>
    let keywordSlots: UnsafePointer<KeywordTable.Slot>
    var position = 0
    var strings: [StringContext] = []
    /// The last non-trivia token's kind, and its keyword if it was a `.keyword`.
    var previousKind: TokenKind? = nil
    var previousKeyword: Keyword = .none
    /// Whether an expression may start here, judged from the previous token (the compiler's
    /// `isInRegexLiteralPosition`). Decides whether `/ …` may open a regex literal.
    var regexAllowed = true
    /// After `try?` / `try!` a `/` opens a regex even where it looks like a binary operator.
    var preferRegex = false
    var pendingSpace = true

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.classes = ByteClass.table
        self.keywordSlots = KeywordTable.slots
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < count ? base[index] : 0 }
    @inline(__always) func byteClass(_ byte: UInt8) -> UInt8 { classes[Int(byte)] }
    @inline(__always) func isLineBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, keyword: Keyword = .none,
                       flags: TokenFlags = [], into tokens: inout [Token]) {
        var flags = flags
        if pendingSpace { flags.insert(.spaceBefore) }
        tokens.append(Token(kind: kind, start: start, length: position - start, keyword: keyword, flags: flags))
        if kind.isTrivia {
            pendingSpace = true
            return
        }
        pendingSpace = false
        preferRegex = false
        previousKind = kind
        switch kind {
        case .keyword:
            previousKeyword = keyword
            switch keyword {
            case .true, .false, .Any, .nil, .self, .Self, .super, .underscore: regexAllowed = false
            default: regexAllowed = true
            }
        case .leftParen, .leftBrace, .leftSquare, .interpolationStart, .comma, .colon, .semicolon, .unknown:
            previousKeyword = .none
            regexAllowed = true
        default:
            // Operators and `#if`-family directives adjust this after emitting.
            previousKeyword = .none
            regexAllowed = false
        }
    }

    mutating func run(into tokens: inout [Token]) {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            position = 3
            emit(.byteOrderMark, from: 0, into: &tokens)
        }
        if byte(position) == asciiPound && byte(position + 1) == UInt8(ascii: "!") {
            let start = position
            skipToLineEnd()
            emit(.shebang, from: start, into: &tokens)
        }
        while position < count {
            lexToken(into: &tokens)
        }
    }

    @inline(__always)
    mutating func skipToLineEnd() {
        while position < count && !isLineBreak(base[position]) { position += 1 }
    }

    mutating func lexToken(into tokens: inout [Token]) {
        let start = position
        let current = base[position]
        let currentClass = byteClass(current)
        if currentClass & ByteClass.horizontalSpace != 0 {
            position += 1
            while position < count && byteClass(base[position]) & ByteClass.horizontalSpace != 0 { position += 1 }
            emit(.whitespace, from: start, into: &tokens)
            return
        }
        if currentClass & ByteClass.identifierStart != 0 {
            lexIdentifier(into: &tokens)
            return
        }
        if currentClass & ByteClass.digit != 0 {
            lexNumber(into: &tokens)
            return
        }
        switch current {
        case lineFeed, carriageReturn:
            position += current == carriageReturn && byte(position + 1) == lineFeed ? 2 : 1
            emit(.newline, from: start, into: &tokens)
            // A line break ends every single-line string whose interpolation we are in: the
            // compiler does not let `"\(` continue onto the next line.
            while let last = strings.last, last.kind != .multiline { strings.removeLast() }
        case asciiSlash:
            lexSlash(into: &tokens)
        case asciiQuote, asciiApostrophe:
            lexStringLiteral(pounds: 0, into: &tokens)
        case asciiPound:
            lexPound(into: &tokens)
        case UInt8(ascii: "@"):
            position += 1
            let nameStart = position
            if byte(position) == UInt8(ascii: "`") {
                skipBacktickName()
            } else if position < count && (byteClass(base[position]) & ByteClass.identifierStart != 0
                                           || base[position] >= 0x80 && scalarIsIdentifierStart(at: position)) {
                skipIdentifierBody()
            }
            emit(position > nameStart ? .attribute : .unknown, from: start, into: &tokens)
        case UInt8(ascii: "`"):
            lexBacktickIdentifier(into: &tokens)
        case UInt8(ascii: "$"):
            position += 1
            skipIdentifierBody()
            emit(.identifier, from: start, flags: .dollar, into: &tokens)
        case UInt8(ascii: "("):
            position += 1
            if !strings.isEmpty { strings[strings.count - 1].parenDepth += 1 }
            emit(.leftParen, from: start, into: &tokens)
        case UInt8(ascii: ")"):
            position += 1
            if let last = strings.last {
                if last.parenDepth == 0 {
                    strings.removeLast()
                    emit(.interpolationEnd, from: start, into: &tokens)
                    lexStringBody(pounds: last.pounds, kind: last.kind, into: &tokens)
                    return
                }
                strings[strings.count - 1].parenDepth -= 1
            }
            emit(.rightParen, from: start, into: &tokens)
        case UInt8(ascii: "{"): position += 1; emit(.leftBrace, from: start, into: &tokens)
        case UInt8(ascii: "}"): position += 1; emit(.rightBrace, from: start, into: &tokens)
        case UInt8(ascii: "["): position += 1; emit(.leftSquare, from: start, into: &tokens)
        case UInt8(ascii: "]"): position += 1; emit(.rightSquare, from: start, into: &tokens)
        case UInt8(ascii: ","): position += 1; emit(.comma, from: start, into: &tokens)
        case UInt8(ascii: ":"): position += 1; emit(.colon, from: start, into: &tokens)
        case UInt8(ascii: ";"): position += 1; emit(.semicolon, from: start, into: &tokens)
        case asciiBackslash: position += 1; emit(.backslash, from: start, into: &tokens)
        case asciiPeriod:
            // An operator may start with `.` (`..<`, `...`, `.==`); otherwise it is member access.
            let next = byte(position + 1)
            if next == asciiPeriod || byteClass(next) & ByteClass.operatorChar != 0 && next != asciiSlash {
                lexOperator(into: &tokens)
            } else {
                position += 1
                emit(.period, from: start, into: &tokens)
            }
        case UInt8(ascii: "<") where byte(position + 1) == asciiPound:
            if let end = placeholderEnd(from: position) {
                position = end
                emit(.identifier, from: start, into: &tokens)
            } else {
                lexOperator(into: &tokens)
            }
        default:
            if currentClass & ByteClass.operatorChar != 0 {
                lexOperator(into: &tokens)
            } else if current >= 0x80 {
                lexNonASCII(into: &tokens)
            } else {
                position += 1
                emit(.unknown, from: start, into: &tokens)
            }
        }
    }

    // MARK: Identifiers

    mutating func lexIdentifier(into tokens: inout [Token]) {
        let start = position
        position += 1
        while position < count && byteClass(base[position]) & ByteClass.identifierBody != 0 { position += 1 }
        if position < count && base[position] >= 0x80 { skipIdentifierBody() }
        let keyword = KeywordTable.find(base + start, count: position - start, in: keywordSlots)
        emit(keyword.isReserved ? .keyword : .identifier, from: start, keyword: keyword, into: &tokens)
    }

    /// Consumes identifier characters (ASCII fast path, Unicode through the scalar tables).
    mutating func skipIdentifierBody() {
        while position < count {
            let current = base[position]
            if byteClass(current) & ByteClass.identifierBody != 0 {
                position += 1
            } else if current >= 0x80, case let length = utf8Length(at: position), length > 0,
                      UnicodeClass.isIdentifierBody(decodeScalar(at: position, length: length)) {
                position += length
            } else {
                break
            }
        }
    }

    /// At a backtick: past the closing one on the same line, or just past the opening one.
    mutating func skipBacktickName() {
        let save = position
        position += 1
        while position < count && base[position] != UInt8(ascii: "`") && !isLineBreak(base[position]) {
            position += 1
        }
        if byte(position) == UInt8(ascii: "`") { position += 1 } else { position = save + 1 }
    }

    mutating func lexBacktickIdentifier(into tokens: inout [Token]) {
        let start = position
        skipBacktickName()
        if position - start >= 3 && base[position - 1] == UInt8(ascii: "`") {
            emit(.identifier, from: start, flags: .backticked, into: &tokens)
        } else {
            emit(.unknown, from: start, into: &tokens)
        }
    }

    mutating func lexNonASCII(into tokens: inout [Token]) {
        let start = position
        let length = utf8Length(at: position)
        guard length > 0 else {
            // Malformed UTF-8: one unknown token for the bad lead byte and its continuation bytes.
            position += 1
            while position < count && base[position] & 0xC0 == 0x80 { position += 1 }
            emit(.unknown, from: start, into: &tokens)
            return
        }
        let scalar = decodeScalar(at: position, length: length)
        if scalar == 0xFEFF {
            // A byte order mark is trivia wherever a token could start.
            position += length
            emit(.byteOrderMark, from: start, into: &tokens)
        } else if scalar == 0xA0 {
            // The compiler skips non-breaking spaces as whitespace (with a warning).
            position += length
            while position < count {
                if base[position] == 0xC2 && byte(position + 1) == 0xA0 {
                    position += 2
                } else if byteClass(base[position]) & ByteClass.horizontalSpace != 0 {
                    position += 1
                } else {
                    break
                }
            }
            emit(.whitespace, from: start, into: &tokens)
        } else if UnicodeClass.isIdentifierStart(scalar) {
            position += length
            skipIdentifierBody()
            emit(.identifier, from: start, into: &tokens)
        } else if UnicodeClass.isOperatorHead(scalar) {
            lexOperator(into: &tokens)
        } else if UnicodeClass.isIdentifierBody(scalar) {
            // A combining mark cannot start a name; the compiler recovers by lexing one anyway.
            position += length
            skipIdentifierBody()
            emit(.identifier, from: start, into: &tokens)
        } else if scalar == 0x201C, let end = curlyQuotedStringEnd(from: position + length) {
            // “…”: not a string literal; the compiler recovers by taking it as one token.
            position = end
            emit(.unknown, from: start, into: &tokens)
        } else {
            position += length
            emit(.unknown, from: start, into: &tokens)
        }
    }

    /// The end of a `“…”` body starting at `index`: past `”` or `"` on the same line, or nil.
    func curlyQuotedStringEnd(from index: Int) -> Int? {
        var index = index
        while index < count {
            let current = base[index]
            if isLineBreak(current) { return nil }
            if current == asciiBackslash {
                if byte(index + 1) == UInt8(ascii: "(") { return nil }
                index += 2
                continue
            }
            if current == asciiQuote { return index + 1 }
            if current == 0xE2 && byte(index + 1) == 0x80 && byte(index + 2) == 0x9D { return index + 3 }
            index += 1
        }
        return nil
    }

    func scalarIsIdentifierStart(at index: Int) -> Bool {
        let length = utf8Length(at: index)
        return length > 0 && UnicodeClass.isIdentifierStart(decodeScalar(at: index, length: length))
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or 0 if it is malformed.
    func utf8Length(at index: Int) -> Int {
        let lead = base[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= count else { return 0 }
        for offset in 1..<length where base[index + offset] & 0xC0 != 0x80 { return 0 }
        let second = base[index + 1]
        switch lead {
        case 0xE0 where second < 0xA0: return 0          // overlong
        case 0xED where second > 0x9F: return 0          // surrogate
        case 0xF0 where second < 0x90: return 0          // overlong
        case 0xF4 where second > 0x8F: return 0          // above U+10FFFF
        default: return length
        }
    }

    func decodeScalar(at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(base[index])
        switch length {
        case 1: return lead
        case 2: return (lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
        case 3: return (lead & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(base[index + 1] & 0x3F) << 12
                | UInt32(base[index + 2] & 0x3F) << 6 | UInt32(base[index + 3] & 0x3F)
        }
    }

    /// `<#…#>` on one line, with no `<#` inside: an editor placeholder, lexed as an identifier.
    func placeholderEnd(from index: Int) -> Int? {
        var index = index + 2
        while index < count {
            let current = base[index]
            if current == lineFeed { return nil }
            if current == UInt8(ascii: "<") && byte(index + 1) == asciiPound { return nil }
            if current == asciiPound && byte(index + 1) == UInt8(ascii: ">") { return index + 2 }
            index += 1
        }
        return nil
    }

    // MARK: Numbers

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byteClass(byte) & ByteClass.digit != 0 }
    @inline(__always) func isHexDigit(_ byte: UInt8) -> Bool { byteClass(byte) & ByteClass.hexDigit != 0 }

    /// Follows the compiler: a malformed literal (`1abc`, `0b102`) runs on through identifier
    /// characters, as the compiler reports it as one bad literal.
    mutating func lexNumber(into tokens: inout [Token]) {
        let start = position
        var isFloat = false
        let next = byte(position + 1)
        if base[position] == UInt8(ascii: "0") && next == UInt8(ascii: "x") {
            position += 2
            isFloat = lexHexNumberBody()
        } else if base[position] == UInt8(ascii: "0") && (next == UInt8(ascii: "o") || next == UInt8(ascii: "b")) {
            position += 2
            let limit = next == UInt8(ascii: "o") ? UInt8(ascii: "7") : UInt8(ascii: "1")
            while position < count && (base[position] >= UInt8(ascii: "0") && base[position] <= limit
                                       || base[position] == asciiUnderscore) {
                position += 1
            }
            skipIdentifierBody()
        } else {
            skipDecimalDigits()
            let current = byte(position)
            if current == asciiPeriod && position + 1 < count && isDigit(base[position + 1]) && previousKind != .period {
                // `1.5`; but `tuple.0.1` is two integer members and `1.description` a member.
                isFloat = true
                position += 1
                skipDecimalDigits()
            }
            if byte(position) | 0x20 == UInt8(ascii: "e") {
                isFloat = true
                position += 1
                if byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-") { position += 1 }
                skipDecimalDigits()
                skipIdentifierBody()
            } else if !isFloat {
                skipIdentifierBody()
            }
        }
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start, into: &tokens)
    }

    @inline(__always)
    mutating func skipDecimalDigits() {
        while position < count && (isDigit(base[position]) || base[position] == asciiUnderscore) { position += 1 }
    }

    @inline(__always)
    mutating func skipHexDigits() {
        while position < count && (isHexDigit(base[position]) || base[position] == asciiUnderscore) { position += 1 }
    }

    /// After `0x`; returns whether the literal is a float (`0x1p-2`, `0x1.8p1`). A fraction
    /// without a `p` exponent is not taken (`0xFF.description`) unless it starts with a decimal
    /// digit, in which case the compiler reports one malformed literal.
    mutating func lexHexNumberBody() -> Bool {
        guard position < count, isHexDigit(base[position]) else {
            skipIdentifierBody()
            return false
        }
        skipHexDigits()
        let current = byte(position)
        guard current == asciiPeriod || current | 0x20 == UInt8(ascii: "p") else {
            skipIdentifierBody()
            return false
        }
        var dot: Int? = nil
        if current == asciiPeriod {
            guard isHexDigit(byte(position + 1)) else { return false }
            dot = position
            position += 1
            skipHexDigits()
            if byte(position) | 0x20 != UInt8(ascii: "p") {
                if !isDigit(base[dot! + 1]) { position = dot! }
                return false
            }
        }
        position += 1 // p
        let signed = byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-")
        if signed { position += 1 }
        if position < count && !isDigit(base[position]), let dot, !isDigit(base[dot + 1]) && !signed {
            position = dot
            return false
        }
        skipDecimalDigits()
        skipIdentifierBody()
        return true
    }

    // MARK: Comments and `/`

    mutating func lexSlash(into tokens: inout [Token]) {
        let start = position
        let next = byte(position + 1)
        if next == asciiSlash {
            // Like the compiler, any comment starting with `///` (`////` too) is a doc comment.
            let isDoc = byte(position + 2) == asciiSlash
            skipToLineEnd()
            emit(isDoc ? .docLineComment : .lineComment, from: start, into: &tokens)
        } else if next == asciiStar {
            // `/**` starts a doc comment, except the empty `/**/`.
            let isDoc = byte(position + 2) == asciiStar && byte(position + 3) != asciiSlash
            position += 2
            var depth = 1
            while position < count {
                let current = base[position]
                position += 1
                if byteClass(current) & ByteClass.commentSpecial == 0 { continue }
                if current == asciiSlash && byte(position) == asciiStar {
                    depth += 1
                    position += 1
                } else if current == asciiStar && byte(position) == asciiSlash {
                    depth -= 1
                    position += 1
                    if depth == 0 { break }
                }
            }
            emit(isDoc ? .docBlockComment : .blockComment, from: start,
                 flags: depth > 0 ? .unterminated : [], into: &tokens)
        } else {
            lexOperator(into: &tokens)
        }
    }

    // MARK: Operators and bare regex literals

    /// The compiler's operator boundness: whether the operator starting at `index` touches the
    /// token before it.
    func isLeftBound(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        switch base[index - 1] {
        case asciiSpace, carriageReturn, lineFeed, asciiTab, UInt8(ascii: "("), UInt8(ascii: "["),
             UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case asciiSlash:
            return !(index >= 2 && base[index - 2] == asciiStar) // after `*/`
        case 0xA0:
            return !(index >= 2 && base[index - 2] == 0xC2)      // after a non-breaking space
        default:
            return true
        }
    }

    /// Whether the operator ending at `end` touches the token after it.
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < count else { return false }
        switch base[end] {
        case asciiSpace, carriageReturn, lineFeed, asciiTab, UInt8(ascii: ")"), UInt8(ascii: "]"),
             UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case asciiPeriod:
            return !leftBound
        case asciiSlash:
            let next = byte(end + 1)
            return next != asciiSlash && next != asciiStar
        case 0xC2:
            return byte(end + 1) != 0xA0
        default:
            return true
        }
    }

    mutating func lexOperator(into tokens: inout [Token]) {
        let start = position
        let first = base[start]
        // A `?` or `!` touching what precedes it is a postfix operator of its own: `x?.y`,
        // `x!.y`, and `a!=b` is `a! = b`.
        if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && isLeftBound(start) {
            let afterTry = previousKind == .keyword && previousKeyword == .try
            position += 1
            emit(.operator, from: start, into: &tokens)
            preferRegex = afterTry
            return
        }
        let dotted = first == asciiPeriod
        if first < 0x80 {
            position += 1
        } else {
            position += max(1, utf8Length(at: start))
        }
        while position < count {
            let current = base[position]
            if current < 0x80 {
                if byteClass(current) & ByteClass.operatorChar != 0 {
                    if current == UInt8(ascii: "<") && byte(position + 1) == asciiPound && placeholderEnd(from: position) != nil {
                        break
                    }
                    position += 1
                } else if current == asciiPeriod && dotted {
                    position += 1
                } else {
                    break
                }
            } else if case let length = utf8Length(at: position), length > 1,
                      UnicodeClass.isOperatorContinuation(decodeScalar(at: position, length: length)) {
                position += length
            } else {
                break
            }
        }
        let end = position
        // The first `/` of the operator may open a regex literal; what precedes it stays an operator.
        var slash = start
        while slash < end && base[slash] != asciiSlash { slash += 1 }
        if slash < end, let regex = bareRegexEnd(slash: slash, operatorStart: start, operatorEnd: end) {
            if slash > start {
                position = slash
                emitOperator(from: start, into: &tokens)
            }
            position = regex.end
            emit(.regexLiteral, from: slash, flags: regex.terminated ? [] : .unterminated, into: &tokens)
            return
        }
        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var index = start + 1
            while index < end {
                if base[index] == asciiSlash && (byte(index + 1) == asciiSlash || byte(index + 1) == asciiStar) {
                    position = index
                    break
                }
                index += 1
            }
        }
        emitOperator(from: start, into: &tokens)
    }

    /// Emits `start..<position` as an operator and records whether an expression may follow.
    mutating func emitOperator(from start: Int, into tokens: inout [Token]) {
        let length = position - start
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(position, leftBound: leftBound)
        emit(.operator, from: start, into: &tokens)
        if length == 1 && base[start] == UInt8(ascii: "=") {
            regexAllowed = true
        } else if length == 2 && base[start] == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">") {
            regexAllowed = false
        } else {
            // Binary and prefix operators sequence expressions; postfix ones end them.
            regexAllowed = leftBound == rightBound || !leftBound
        }
    }

    /// Whether the `/` at `slash`, inside the operator `operatorStart..<operatorEnd`, opens a
    /// regex literal, and where it ends. The compiler's heuristics (SE-0354): never after a
    /// bound operator or `func`/`operator`; a `/` that looks binary only where an expression
    /// can start; and the literal's own rules in `regexEnd`.
    func bareRegexEnd(slash: Int, operatorStart: Int, operatorEnd: Int) -> (end: Int, terminated: Bool)? {
        guard !isLeftBound(operatorStart) else { return nil }
        if previousKind == .keyword && (previousKeyword == .func || previousKeyword == .operator) { return nil }
        var mustBeRegex = false
        if !isRightBound(operatorEnd, leftBound: false) {
            mustBeRegex = preferRegex
            if !mustBeRegex && !regexAllowed { return nil }
            // In an argument list an unapplied operator (`foo(/, 1)`) is legal: stay uncertain.
            switch previousKind {
            case .leftParen?, .leftSquare?, .comma?, .colon?, .interpolationStart?: break
            default: mustBeRegex = true
            }
        }
        return regexEnd(openingAt: slash, pounds: 0, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal whose delimiter (`pounds` `#`s, then `/`) starts at `start`, like the
    /// compiler's regex lexer: escapes, `(…)` groups outside `[…]` classes, and for bare `/…/`
    /// literals the bans on a leading or trailing space, an unbalanced `)` and a closing `/`
    /// that starts a comment. `#/` followed by only whitespace to the line end opens a
    /// multiline literal closed by `/#`. Returns nil when it is not a regex (only possible if
    /// `mustBeRegex` is false); an unterminated regex ends before the line break (multiline: at
    /// its first line break).
    func regexEnd(openingAt start: Int, pounds: Int, mustBeRegex: Bool) -> (end: Int, terminated: Bool)? {
        var cursor = start + pounds + 1
        if pounds == 0 {
            if cursor < count {
                let next = base[cursor]
                if (next == asciiSpace || next == asciiTab) && !mustBeRegex { return nil }
                if next == asciiStar || next == asciiSlash { return nil }
            }
            if start > 0 && base[start - 1] == asciiStar { return nil }
        }
        var firstNewline = -1
        if pounds > 0 {
            var scan = cursor
            while scan < count && (base[scan] == asciiSpace || base[scan] == asciiTab) { scan += 1 }
            if scan < count && isLineBreak(base[scan]) {
                firstNewline = scan
                cursor = scan
            }
        }
        let multiline = firstNewline >= 0
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -1
        var terminated = false
        scan: while true {
            // The closing delimiter: `/` and at least as many `#`s as opened.
            if cursor < count && base[cursor] == asciiSlash {
                var after = cursor + 1
                var closingPounds = 0
                if pounds > 0 {
                    while after < count && base[after] == asciiPound { after += 1; closingPounds += 1 }
                }
                if closingPounds >= pounds {
                    if pounds == 0 {
                        let next = byte(after)
                        if after < count && (next == asciiStar || next == asciiSlash) { break scan }
                        if lastSpace == cursor - 1 && !mustBeRegex { return nil }
                    }
                    cursor = after
                    terminated = true
                    break scan
                }
            }
            guard cursor < count else {
                if multiline { cursor = firstNewline }
                break scan
            }
            var current = base[cursor]
            var escaped = false
            if current == asciiBackslash {
                escaped = true
                cursor += 1
                guard cursor < count else {
                    if multiline { cursor = firstNewline }
                    break scan
                }
                current = base[cursor]
            }
            if isLineBreak(current) {
                guard multiline else { break scan }
            } else if !escaped {
                switch current {
                case UInt8(ascii: "(") where classDepth == 0:
                    groupDepth += 1
                case UInt8(ascii: ")") where classDepth == 0:
                    if groupDepth == 0 {
                        if !mustBeRegex { return nil }
                    } else {
                        groupDepth -= 1
                    }
                case UInt8(ascii: "["):
                    classDepth += 1
                case UInt8(ascii: "]"):
                    if classDepth > 0 { classDepth -= 1 }
                case asciiSpace, asciiTab:
                    lastSpace = cursor
                default:
                    break
                }
            }
            cursor += current < 0x80 ? 1 : max(1, utf8Length(at: cursor))
        }
        if !terminated && !mustBeRegex { return nil }
        return (cursor, terminated)
    }

    // MARK: `#`: raw strings, extended regexes, directives, macros

    mutating func lexPound(into tokens: inout [Token]) {
        let start = position
        var pounds = 1
        while byte(position + pounds) == asciiPound { pounds += 1 }
        let after = byte(position + pounds)
        if after == asciiQuote {
            lexStringLiteral(pounds: pounds, into: &tokens)
            return
        }
        if after == asciiSlash, position + pounds < count,
           let regex = regexEnd(openingAt: start, pounds: pounds, mustBeRegex: true) {
            position = regex.end
            emit(.regexLiteral, from: start, flags: regex.terminated ? [] : .unterminated, into: &tokens)
            return
        }
        if pounds == 1 && position + 1 < count
            && (byteClass(after) & ByteClass.identifierStart != 0 || after >= 0x80 && scalarIsIdentifierStart(at: position + 1)) {
            position += 1
            skipIdentifierBody()
            switch directive(start + 1, position) {
            case .none:
                emit(.poundKeyword, from: start, into: &tokens)
            case .conditional:
                emit(.poundDirective, from: start, into: &tokens)
                regexAllowed = true
            case .other:
                emit(.poundDirective, from: start, into: &tokens)
            }
            return
        }
        position += pounds
        emit(.unknown, from: start, into: &tokens)
    }

    enum Directive { case none, conditional, other }

    /// Classifies the name after `#` in `start..<end`.
    func directive(_ start: Int, _ end: Int) -> Directive {
        func equals(_ text: StaticString) -> Bool {
            guard text.utf8CodeUnitCount == end - start else { return false }
            let pointer = text.utf8Start
            for offset in 0..<(end - start) where pointer[offset] != base[start + offset] { return false }
            return true
        }
        if equals("if") || equals("else") || equals("elseif") || equals("endif") { return .conditional }
        if equals("sourceLocation") || equals("warning") || equals("error") { return .other }
        return .none
    }

    // MARK: Strings

    /// Whether `pounds` `#`s follow at `index`.
    @inline(__always)
    func closes(at index: Int, pounds: Int) -> Bool {
        guard pounds > 0 else { return true }
        guard index + pounds <= count else { return false }
        for offset in 0..<pounds where base[index + offset] != asciiPound { return false }
        return true
    }

    /// At the opening delimiter (after `pounds` `#`): emits it, then the body.
    mutating func lexStringLiteral(pounds: Int, into tokens: inout [Token]) {
        let start = position
        position += pounds
        let kind: StringKind
        if base[position] == asciiApostrophe {
            kind = .singleQuoted
            position += 1
        } else if byte(position + 1) == asciiQuote && byte(position + 2) == asciiQuote
                    && !(pounds > 0 && rawQuotesCloseOnLine(from: position + 3, pounds: pounds)) {
            kind = .multiline
            position += 3
        } else {
            kind = .singleLine
            position += 1
        }
        emit(.stringDelimiter, from: start, flags: stringFlags(pounds: pounds, kind: kind), into: &tokens)
        lexStringBody(pounds: pounds, kind: kind, into: &tokens)
    }

    /// For `#"""`: true when a `"` followed by the delimiter's `#`s appears later on the same
    /// line, making it a single-line string that starts with `""` (`#"""#` is the string `"`).
    func rawQuotesCloseOnLine(from index: Int, pounds: Int) -> Bool {
        if closes(at: index, pounds: pounds) { return true }
        var index = index
        while index < count && !isLineBreak(base[index]) {
            index += 1
            if base[index - 1] == asciiQuote && closes(at: index, pounds: pounds) { return true }
        }
        return false
    }

    @inline(__always)
    func stringFlags(pounds: Int, kind: StringKind) -> TokenFlags {
        var flags: TokenFlags = kind == .multiline ? .multiline : []
        if pounds > 0 { flags.insert(.raw) }
        return flags
    }

    /// Lexes literal text until the closing delimiter (emitted) or an interpolation start
    /// (emitted, and the string pushed so the matching `)` resumes it).
    mutating func lexStringBody(pounds: Int, kind: StringKind, into tokens: inout [Token]) {
        let segmentStart = position
        let flags = stringFlags(pounds: pounds, kind: kind)
        let quote = kind == .singleQuoted ? asciiApostrophe : asciiQuote
        while position < count {
            let current = base[position]
            if byteClass(current) & ByteClass.stringSpecial == 0 {
                position += 1
                continue
            }
            if current == asciiBackslash {
                guard closes(at: position + 1, pounds: pounds) else {
                    position += 1
                    continue
                }
                let escapeEnd = position + 1 + pounds
                if byte(escapeEnd) == UInt8(ascii: "(") && escapeEnd < count {
                    if position > segmentStart {
                        emit(.stringSegment, from: segmentStart, flags: flags, into: &tokens)
                    }
                    let start = position
                    position = escapeEnd + 1
                    emit(.interpolationStart, from: start, into: &tokens)
                    strings.append(StringContext(pounds: pounds, kind: kind, parenDepth: 0))
                    return
                }
                // Skip the escaped character, but never a line break: a single-line literal ends
                // there, and in a multiline one it is a line continuation either way.
                position = escapeEnd
                if position < count && !isLineBreak(base[position]) { position += 1 }
                continue
            }
            if current == quote {
                let quotes = kind == .multiline ? 3 : 1
                if (kind != .multiline || (byte(position + 1) == asciiQuote && byte(position + 2) == asciiQuote))
                    && closes(at: position + quotes, pounds: pounds) {
                    if position > segmentStart {
                        emit(.stringSegment, from: segmentStart, flags: flags, into: &tokens)
                    }
                    let start = position
                    position += quotes + pounds
                    emit(.stringDelimiter, from: start, flags: flags, into: &tokens)
                    return
                }
            } else if isLineBreak(current) && kind != .multiline {
                // A single-line literal cut by a line break: the compiler reports it; we end it here.
                endUnterminated(segmentStart: segmentStart, flags: flags, into: &tokens)
                return
            }
            position += 1
        }
        endUnterminated(segmentStart: segmentStart, flags: flags, into: &tokens)
    }

    /// Emits the last segment of a literal that has no closing delimiter, flagged; with no
    /// text left, flags the opening delimiter instead.
    mutating func endUnterminated(segmentStart: Int, flags: TokenFlags, into tokens: inout [Token]) {
        if position > segmentStart {
            emit(.stringSegment, from: segmentStart, flags: flags.union(.unterminated), into: &tokens)
        } else if let last = tokens.last, last.kind == .stringDelimiter {
            tokens[tokens.count - 1].flags.insert(.unterminated)
        }
    }
}
