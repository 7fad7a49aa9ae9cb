/// A lossless Swift tokenizer over UTF-8 bytes. Every byte of the input belongs to exactly one
/// token, in order; malformed input becomes `.unknown` tokens or tokens flagged `.unterminated`.
/// It never recurses, so nesting depth (brackets, interpolations) cannot overflow the stack.
public struct Tokenizer {
    /// Tokenizes `bytes` into a fresh array.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 3 + 16)
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

/// Byte classes for the hot loop.
@usableFromInline enum ByteClass {
    static let identifierStart: UInt8 = 1
    static let identifierBody: UInt8 = 2
    static let digit: UInt8 = 4
    static let operatorChar: UInt8 = 8
    static let horizontalSpace: UInt8 = 16

    /// Allocated once and never freed, so the hot loop can index it without bounds checks.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifierStart | identifierBody }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifierStart | identifierBody }
        table[Int(UInt8(ascii: "_"))] = identifierStart | identifierBody
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = identifierBody | digit }
        for byte in "/=-+!*%<>&|^~?".utf8 { table[Int(byte)] = operatorChar }
        for byte in [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C] { table[Int(byte)] = horizontalSpace }
        return UnsafePointer(table)
    }()
}

/// A string literal whose interpolation we are currently lexing as code.
private struct StringContext {
    var pounds: Int
    var multiline: Bool
    var parenDepth: Int
}

private struct Lexer {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    var strings: [StringContext] = []
    /// The last non-trivia token's kind and keyword, for regex and number disambiguation.
    var previousKind: TokenKind? = nil
    var previousKeyword: Keyword = .none
    var previousHadSpaceBefore = false
    var pendingSpace = true
    let classes: UnsafePointer<UInt8>

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.classes = ByteClass.table
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < count ? base[index] : 0 }
    @inline(__always) func byteClass(_ byte: UInt8) -> UInt8 { classes[Int(byte)] }

    mutating func emit(_ kind: TokenKind, from start: Int, keyword: Keyword = .none,
                       flags: TokenFlags = [], into tokens: inout [Token]) {
        var flags = flags
        if pendingSpace { flags.insert(.spaceBefore) }
        tokens.append(Token(kind: kind, start: start, length: position - start, keyword: keyword, flags: flags))
        if kind.isTrivia {
            pendingSpace = true
        } else {
            previousKind = kind
            previousKeyword = keyword
            previousHadSpaceBefore = pendingSpace
            pendingSpace = false
        }
    }

    mutating func run(into tokens: inout [Token]) {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            position = 3
            emit(.byteOrderMark, from: 0, into: &tokens)
        }
        if byte(position) == UInt8(ascii: "#") && byte(position + 1) == UInt8(ascii: "!") {
            let start = position
            skipToLineEnd()
            emit(.shebang, from: start, into: &tokens)
        }
        while position < count {
            lexToken(into: &tokens)
        }
    }

    mutating func skipToLineEnd() {
        while position < count && base[position] != 0x0A && base[position] != 0x0D { position += 1 }
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
        case 0x0A:
            position += 1
            emit(.newline, from: start, into: &tokens)
        case 0x0D:
            position += byte(position + 1) == 0x0A ? 2 : 1
            emit(.newline, from: start, into: &tokens)
        case UInt8(ascii: "/"):
            lexSlash(into: &tokens)
        case UInt8(ascii: "\""):
            lexStringLiteral(pounds: 0, into: &tokens)
        case UInt8(ascii: "#"):
            lexPound(into: &tokens)
        case UInt8(ascii: "@"):
            position += 1
            if position < count && (byteClass(base[position]) & ByteClass.identifierStart != 0 || base[position] >= 0x80 || base[position] == UInt8(ascii: "`")) {
                skipIdentifierBody(allowBacktick: true)
                emit(.attribute, from: start, into: &tokens)
            } else {
                emit(.unknown, from: start, into: &tokens)
            }
        case UInt8(ascii: "`"):
            lexBacktickIdentifier(into: &tokens)
        case UInt8(ascii: "$"):
            position += 1
            while position < count, byteClass(base[position]) & ByteClass.identifierBody != 0 || base[position] >= 0x80 && scalarIsIdentifier(at: position) {
                position += base[position] < 0x80 ? 1 : utf8Length(at: position)
            }
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
                    lexStringBody(pounds: last.pounds, multiline: last.multiline, into: &tokens)
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
        case UInt8(ascii: "\\"): position += 1; emit(.backslash, from: start, into: &tokens)
        case UInt8(ascii: "."):
            if byte(position + 1) == UInt8(ascii: ".") {
                lexOperator(dotted: true, into: &tokens)
            } else {
                position += 1
                emit(.period, from: start, into: &tokens)
            }
        default:
            if currentClass & ByteClass.operatorChar != 0 {
                lexOperator(dotted: false, into: &tokens)
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
        skipIdentifierBody(allowBacktick: false)
        let keyword = Keyword.lookup(base + start, count: position - start)
        let kind: TokenKind = keyword.isReserved ? .keyword : .identifier
        emit(kind, from: start, keyword: keyword, into: &tokens)
    }

    /// Consumes identifier characters (ASCII fast path, Unicode through the scalar tables).
    mutating func skipIdentifierBody(allowBacktick: Bool) {
        if allowBacktick && byte(position) == UInt8(ascii: "`") {
            skipBacktickName()
            return
        }
        while position < count {
            let current = base[position]
            if byteClass(current) & ByteClass.identifierBody != 0 {
                position += 1
            } else if current >= 0x80 && scalarIsIdentifier(at: position) {
                position += utf8Length(at: position)
            } else {
                break
            }
        }
    }

    mutating func skipBacktickName() {
        let save = position
        position += 1
        while position < count && base[position] != UInt8(ascii: "`") && base[position] != 0x0A && base[position] != 0x0D {
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
            position += 1
            emit(.unknown, from: start, into: &tokens)
            return
        }
        let scalar = decodeScalar(at: position, length: length)
        if UnicodeClass.isOperatorHead(scalar) {
            lexOperator(dotted: false, into: &tokens)
        } else if UnicodeClass.isIdentifierStart(scalar) {
            lexIdentifier(into: &tokens)
        } else {
            position += length
            emit(.unknown, from: start, into: &tokens)
        }
    }

    func scalarIsIdentifier(at index: Int) -> Bool {
        let length = utf8Length(at: index)
        guard length > 0 else { return false }
        let scalar = decodeScalar(at: index, length: length)
        return UnicodeClass.isIdentifierBody(scalar) && !UnicodeClass.isOperatorHead(scalar)
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

    // MARK: Numbers

    mutating func lexNumber(into tokens: inout [Token]) {
        let start = position
        var isFloat = false
        // `tuple.0.1` is two integer members, not a float.
        let afterPeriod = previousKind == .period && !pendingSpace
        if base[position] == UInt8(ascii: "0"), let radix = radixPrefix(byte(position + 1)) {
            position += 2
            skipDigits(radix: radix)
            if radix == 16 {
                if !afterPeriod && byte(position) == UInt8(ascii: ".") && isHexDigit(byte(position + 1)) {
                    isFloat = true
                    position += 1
                    skipDigits(radix: 16)
                }
                if byte(position) | 0x20 == UInt8(ascii: "p") {
                    isFloat = true
                    skipExponent()
                }
            }
        } else {
            skipDigits(radix: 10)
            if !afterPeriod && byte(position) == UInt8(ascii: ".") && byteClass(byte(position + 1)) & ByteClass.digit != 0 {
                isFloat = true
                position += 1
                skipDigits(radix: 10)
            }
            if !afterPeriod && byte(position) | 0x20 == UInt8(ascii: "e") {
                let next = byte(position + 1)
                let signed = next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                if byteClass(signed ? byte(position + 2) : next) & ByteClass.digit != 0 {
                    isFloat = true
                    skipExponent()
                }
            }
        }
        // Malformed suffixes (`1abc`) stay part of the literal, as the compiler reports them there.
        while position < count && byteClass(base[position]) & ByteClass.identifierBody != 0 { position += 1 }
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start, into: &tokens)
    }

    func radixPrefix(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "x"): return 16
        case UInt8(ascii: "o"): return 8
        case UInt8(ascii: "b"): return 2
        default: return nil
        }
    }

    func isHexDigit(_ byte: UInt8) -> Bool {
        byteClass(byte) & ByteClass.digit != 0 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    mutating func skipDigits(radix: Int) {
        while position < count {
            let current = base[position]
            if current == UInt8(ascii: "_") || (radix == 16 ? isHexDigit(current) : byteClass(current) & ByteClass.digit != 0) {
                position += 1
            } else {
                break
            }
        }
    }

    mutating func skipExponent() {
        position += 1
        if byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-") { position += 1 }
        skipDigits(radix: 10)
    }

    // MARK: Comments, regexes and operators starting with `/`

    mutating func lexSlash(into tokens: inout [Token]) {
        let start = position
        let next = byte(position + 1)
        if next == UInt8(ascii: "/") {
            let isDoc = byte(position + 2) == UInt8(ascii: "/") && byte(position + 3) != UInt8(ascii: "/")
            skipToLineEnd()
            emit(isDoc ? .docLineComment : .lineComment, from: start, into: &tokens)
        } else if next == UInt8(ascii: "*") {
            let isDoc = byte(position + 2) == UInt8(ascii: "*") && byte(position + 3) != UInt8(ascii: "*")
                && byte(position + 3) != UInt8(ascii: "/")
            position += 2
            var depth = 1
            while position < count && depth > 0 {
                if base[position] == UInt8(ascii: "/") && byte(position + 1) == UInt8(ascii: "*") {
                    depth += 1
                    position += 2
                } else if base[position] == UInt8(ascii: "*") && byte(position + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    position += 2
                } else {
                    position += 1
                }
            }
            emit(isDoc ? .docBlockComment : .blockComment, from: start,
                 flags: depth > 0 ? .unterminated : [], into: &tokens)
        } else if regexMayStart(), let end = bareRegexEnd(from: position + 1) {
            position = end
            emit(.regexLiteral, from: start, into: &tokens)
        } else {
            lexOperator(dotted: false, into: &tokens)
        }
    }

    /// A `/` can open a regex only where an expression can start: not after an identifier,
    /// literal, closing bracket or postfix operator.
    func regexMayStart() -> Bool {
        guard let previous = previousKind else { return true }
        switch previous {
        case .identifier, .integerLiteral, .floatLiteral, .stringDelimiter, .regexLiteral,
             .rightParen, .rightSquare, .rightBrace, .poundKeyword, .attribute:
            return false
        case .keyword:
            switch previousKeyword {
            case .self, .Self, .super, .true, .false, .nil, .`init`, .Any: return false
            default: return true
            }
        case .operator:
            // A postfix `!`/`?`/`>` glued to what precedes it ends an expression.
            return previousHadSpaceBefore || !pendingSpace
        default:
            return true
        }
    }

    /// Where a bare `/…/` regex whose body starts at `bodyStart` ends, or nil if it is not one:
    /// the body may not start or end with a space, must close on the same line, and may not
    /// contain an unbalanced `)` (then the `/` is an operator inside an argument list).
    func bareRegexEnd(from bodyStart: Int) -> Int? {
        let first = byte(bodyStart)
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == 0x0A || first == 0x0D
            || first == UInt8(ascii: "/") || first == UInt8(ascii: "*") || bodyStart >= count {
            return nil
        }
        var index = bodyStart
        var depth = 0
        while index < count {
            let current = base[index]
            switch current {
            case 0x0A, 0x0D:
                return nil
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth < 0 { return nil }
            case UInt8(ascii: "/"):
                let before = base[index - 1]
                if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") { return nil }
                return index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    mutating func lexOperator(dotted: Bool, into tokens: inout [Token]) {
        let start = position
        while position < count {
            let current = base[position]
            if current == UInt8(ascii: "/") && position > start {
                let next = byte(position + 1)
                if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { break }
            }
            if byteClass(current) & ByteClass.operatorChar != 0 || (dotted && current == UInt8(ascii: ".")) {
                position += 1
            } else if current >= 0x80, case let length = utf8Length(at: position), length > 1,
                      case let scalar = decodeScalar(at: position, length: length),
                      UnicodeClass.isOperatorHead(scalar) || (position > start && UnicodeClass.isOperatorContinuation(scalar)) {
                position += length
            } else {
                break
            }
        }
        if position == start { position += 1 }
        emit(.operator, from: start, into: &tokens)
    }

    // MARK: `#`: raw strings, extended regexes, directives, macros

    mutating func lexPound(into tokens: inout [Token]) {
        let start = position
        var pounds = 0
        while byte(position + pounds) == UInt8(ascii: "#") { pounds += 1 }
        let after = byte(position + pounds)
        if after == UInt8(ascii: "\"") {
            lexStringLiteral(pounds: pounds, into: &tokens)
            return
        }
        if after == UInt8(ascii: "/"), let end = extendedRegexEnd(bodyStart: position + pounds + 1, pounds: pounds) {
            position = end.position
            emit(.regexLiteral, from: start, flags: end.terminated ? [] : .unterminated, into: &tokens)
            return
        }
        if pounds == 1 && (byteClass(after) & ByteClass.identifierStart != 0 || after >= 0x80 && scalarIsIdentifier(at: position + 1)) {
            position += 1
            skipIdentifierBody(allowBacktick: false)
            emit(isDirective(start + 1, position) ? .poundDirective : .poundKeyword, from: start, into: &tokens)
            return
        }
        position += pounds
        emit(.unknown, from: start, into: &tokens)
    }

    func isDirective(_ start: Int, _ end: Int) -> Bool {
        let name = UnsafeBufferPointer(start: base + start, count: end - start)
        for directive in ["if", "elseif", "else", "endif", "sourceLocation", "warning", "error"] {
            if name.elementsEqual(directive.utf8) { return true }
        }
        return false
    }

    /// `#/…/#` regexes: multiline when `#/` is followed by a newline (then only `/#` closes it),
    /// otherwise they end on their line. Nil when `#/` has no closing on its line (not a regex).
    func extendedRegexEnd(bodyStart: Int, pounds: Int) -> (position: Int, terminated: Bool)? {
        var index = bodyStart
        var lineEnd = index
        while lineEnd < count && (base[lineEnd] == UInt8(ascii: " ") || base[lineEnd] == UInt8(ascii: "\t")) { lineEnd += 1 }
        let multiline = lineEnd >= count || base[lineEnd] == 0x0A || base[lineEnd] == 0x0D
        while index < count {
            let current = base[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if !multiline && (current == 0x0A || current == 0x0D) { return nil }
            if current == UInt8(ascii: "/") && closes(at: index + 1, pounds: pounds) {
                return (index + 1 + pounds, true)
            }
            index += 1
        }
        return multiline ? (count, false) : nil
    }

    func closes(at index: Int, pounds: Int) -> Bool {
        guard index + pounds <= count else { return false }
        for offset in 0..<pounds where base[index + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    // MARK: Strings

    /// At the opening delimiter (after `pounds` `#`): emits it, then the body.
    mutating func lexStringLiteral(pounds: Int, into tokens: inout [Token]) {
        let start = position
        position += pounds
        let multiline = byte(position + 1) == UInt8(ascii: "\"") && byte(position + 2) == UInt8(ascii: "\"")
        position += multiline ? 3 : 1
        var flags: TokenFlags = multiline ? .multiline : []
        if pounds > 0 { flags.insert(.raw) }
        emit(.stringDelimiter, from: start, flags: flags, into: &tokens)
        lexStringBody(pounds: pounds, multiline: multiline, into: &tokens)
    }

    /// Lexes literal text until the closing delimiter (emitted) or an interpolation start
    /// (emitted, and the string pushed so the matching `)` resumes it).
    mutating func lexStringBody(pounds: Int, multiline: Bool, into tokens: inout [Token]) {
        let segmentStart = position
        var flags: TokenFlags = multiline ? .multiline : []
        if pounds > 0 { flags.insert(.raw) }
        func flushSegment(_ lexer: inout Lexer, _ tokens: inout [Token], unterminated: Bool = false) {
            guard lexer.position > segmentStart else { return }
            lexer.emit(.stringSegment, from: segmentStart, flags: unterminated ? flags.union(.unterminated) : flags, into: &tokens)
        }
        while position < count {
            let current = base[position]
            if current == UInt8(ascii: "\\") && closes(at: position + 1, pounds: pounds) {
                let escapeEnd = position + 1 + pounds
                if byte(escapeEnd) == UInt8(ascii: "(") {
                    flushSegment(&self, &tokens)
                    let start = position
                    position = escapeEnd + 1
                    emit(.interpolationStart, from: start, into: &tokens)
                    strings.append(StringContext(pounds: pounds, multiline: multiline, parenDepth: 0))
                    return
                }
                position = min(escapeEnd + 1, count)
                continue
            }
            if current == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (!multiline || (byte(position + 1) == UInt8(ascii: "\"") && byte(position + 2) == UInt8(ascii: "\"")))
                    && closes(at: position + quotes, pounds: pounds) {
                    flushSegment(&self, &tokens)
                    let start = position
                    position += quotes + pounds
                    emit(.stringDelimiter, from: start, flags: flags, into: &tokens)
                    return
                }
            }
            if !multiline && (current == 0x0A || current == 0x0D) {
                // Single-line literal cut by a newline: the compiler reports it; we end it here.
                flushSegment(&self, &tokens, unterminated: true)
                return
            }
            position += 1
        }
        flushSegment(&self, &tokens, unterminated: true)
    }
}
