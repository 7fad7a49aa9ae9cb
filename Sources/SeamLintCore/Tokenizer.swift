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
/// control conflict markers are not recognised. `SourceKitDifferentialTests` checks the
/// comment / string / code split against the toolchain's SourceKit.
///
/// Speed (about 300 MB/s and up on one core for app code): a hot loop in `runHotLoop` keeps its
/// state in locals and handles names, spaces and one-byte punctuation; names and indentation
/// are scanned eight bytes at a time; keywords are found by a branch-free perfect hash; tokens
/// are written into the result array's storage without per-token checks.
public struct Tokenizer {
    /// Tokenizes `bytes` into a fresh array.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer -> [Token] in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return [] }
            // The lexer writes straight into the new array's storage; only a file denser than
            // the estimate spills to a heap buffer that is copied once at the end.
            let capacity = Lexer.estimatedTokenCount(byteCount: buffer.count)
            var spilled: (pointer: UnsafeMutablePointer<Token>, count: Int)? = nil
            let tokens = [Token](unsafeUninitializedCapacity: capacity) { storage, initialized in
                var lexer = Lexer(base: base, count: buffer.count, output: storage.baseAddress!, capacity: capacity)
                lexer.run()
                if lexer.ownsOutput {
                    spilled = (lexer.output, lexer.outputCount)
                    initialized = 0
                } else {
                    initialized = lexer.outputCount
                }
            }
            guard let spilled else { return tokens }
            defer { spilled.pointer.deallocate() }
            return Array(UnsafeBufferPointer(start: spilled.pointer, count: spilled.count))
        }
    }

    /// Appends the tokens of `buffer` to `tokens` (kept so a worker can reuse its array).
    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let capacity = Lexer.estimatedTokenCount(byteCount: buffer.count)
        var lexer = Lexer(base: base, count: buffer.count, output: .allocate(capacity: capacity), capacity: capacity)
        lexer.ownsOutput = true
        lexer.run()
        tokens.append(contentsOf: UnsafeBufferPointer(start: lexer.output, count: lexer.outputCount))
        lexer.output.deallocate()
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

/// Bytes that are always a one-byte token of a fixed kind: `TokenKind.rawValue` in the low
/// bits, plus a flag for bytes whose meaning changes inside an interpolation.
private enum SingleByteKind {
    static let kindMask: UInt8 = 0x3F
    /// `(`, `)` and line feeds: inside an interpolation they count parentheses or end strings.
    static let outsideStringsOnly: UInt8 = 0x80

    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        let kinds: [(String, TokenKind)] = [
            ("{", .leftBrace), ("}", .rightBrace), ("[", .leftSquare), ("]", .rightSquare), (",", .comma),
            (":", .colon), (";", .semicolon), ("\\", .backslash),
        ]
        for (text, kind) in kinds { table[Int(text.utf8.first!)] = kind.rawValue }
        table[Int(UInt8(ascii: "("))] = TokenKind.leftParen.rawValue | outsideStringsOnly
        table[Int(UInt8(ascii: ")"))] = TokenKind.rightParen.rawValue | outsideStringsOnly
        table[0x0A] = TokenKind.newline.rawValue | outsideStringsOnly
        return UnsafePointer(table)
    }()
}

/// Word-at-a-time byte classification (SWAR): each function returns a word whose bytes have
/// bit 7 set where the input byte (little-endian order) stops a run.
enum WordScan {
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Bit 7 set where the byte is not `[A-Za-z0-9_]`.
    @inline(__always)
    static func nonIdentifierBytes(_ word: UInt64) -> UInt64 {
        let ascii = ~word & high
        let low7 = word & ~high
        // No byte below overflows: each is at most 0x7F and each addend at most 0x7F.
        let folded = low7 | (0x20 &* ones)                       // A-Z onto a-z
        let letter = (folded &+ (0x80 - 0x61) &* ones) & ~(folded &+ (0x80 - 0x7B) &* ones)
        let digit = (low7 &+ (0x80 - 0x30) &* ones) & ~(low7 &+ (0x80 - 0x3A) &* ones)
        let underscore = low7 ^ (0x5F &* ones)
        let isUnderscore = ~((underscore &+ (0x7F &* ones)) | underscore)
        return ~((letter | digit | isUnderscore) & ascii) & high
    }

    /// Bit 7 set where the byte equals `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* ones)
        return ~(((difference & ~high) &+ ~high) | difference) & high
    }

    /// Bit 7 set where the byte is not a space.
    @inline(__always)
    static func nonSpaceBytes(_ word: UInt64) -> UInt64 {
        let difference = word ^ (0x20 &* ones)
        // Exact per-byte "is non-zero": set bit 7 of each byte that has any bit set.
        return (((difference & ~high) &+ ~high) | difference) & high
    }
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
    let keywords: KeywordTable.Table
    let singleByteKinds: UnsafePointer<UInt8>
    var position = 0
    var strings: [StringContext] = []
    /// Tokens so far. The buffer starts as the caller's; when it is full the lexer moves the
    /// tokens to a bigger buffer of its own (`ownsOutput`), which the caller then frees.
    var output: UnsafeMutablePointer<Token>
    var outputCount = 0
    var outputCapacity: Int
    var ownsOutput = false
    /// Index in `output` of the last non-trivia token, or -1. Its kind and keyword are read back
    /// from there when needed, which keeps the per-token work to one store.
    var previousIndex = -1

    init(base: UnsafePointer<UInt8>, count: Int, output: UnsafeMutablePointer<Token>, capacity: Int) {
        self.base = base
        self.count = count
        self.classes = ByteClass.table
        self.keywords = KeywordTable.table
        self.singleByteKinds = SingleByteKind.table
        self.output = output
        self.outputCapacity = capacity
    }

    /// Swift code averages a token per 3.5 to 4.5 bytes; denser files grow the buffer.
    static func estimatedTokenCount(byteCount: Int) -> Int { byteCount / 3 + 64 }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < count ? base[index] : 0 }
    @inline(__always) func byteClass(_ byte: UInt8) -> UInt8 { classes[Int(byte)] }
    @inline(__always) func isLineBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    @inline(__always)
    mutating func append(_ token: Token) {
        if outputCount == outputCapacity { grow() }
        (output + outputCount).initialize(to: token)
        outputCount += 1
    }

    @inline(never)
    mutating func grow() {
        let bigger = UnsafeMutablePointer<Token>.allocate(capacity: outputCapacity * 2)
        bigger.moveInitialize(from: output, count: outputCount)
        if ownsOutput { output.deallocate() }
        output = bigger
        outputCapacity *= 2
        ownsOutput = true
    }

    /// Whether whitespace, a comment or the start of the file precedes the next token.
    @inline(__always) var spaceBefore: Bool {
        outputCount == 0 || output[outputCount - 1].kind.isTrivia
    }

    /// The last non-trivia token's kind.
    @inline(__always) var previousKind: TokenKind? { previousIndex >= 0 ? output[previousIndex].kind : nil }

    /// The last non-trivia token's keyword if it is a reserved-keyword token, else `.none`.
    var previousKeyword: Keyword {
        guard previousIndex >= 0, output[previousIndex].kind == .keyword else { return .none }
        return output[previousIndex].keyword
    }

    /// After `try?` / `try!` a `/` opens a regex even where it looks like a binary operator.
    var preferRegex: Bool {
        guard previousIndex >= 1 else { return false }
        let token = output[previousIndex]
        guard token.kind == .operator, token.length == 1,
              base[Int(token.start)] == UInt8(ascii: "?") || base[Int(token.start)] == UInt8(ascii: "!"),
              isLeftBound(Int(token.start)) else { return false }
        // A left-bound `?` touches the token before it, so that is the previous token.
        let before = output[previousIndex - 1]
        return before.kind == .keyword && before.keyword == .try
    }

    /// Emits `start..<position` as a trivia token.
    @inline(__always)
    mutating func emitTrivia(_ kind: TokenKind, from start: Int, flags: TokenFlags = []) {
        var flags = flags
        if spaceBefore { flags.insert(.spaceBefore) }
        append(Token(kind: kind, start: start, length: position - start, flags: flags))
    }

    /// Emits `start..<position` as a non-trivia token.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, keyword: Keyword = .none, flags: TokenFlags = []) {
        var flags = flags
        if spaceBefore { flags.insert(.spaceBefore) }
        append(Token(kind: kind, start: start, length: position - start, keyword: keyword, flags: flags))
        previousIndex = outputCount - 1
    }

    /// Whether an expression may start after the previous token (the compiler's
    /// `isInRegexLiteralPosition`). Decides whether a binary-looking `/` may open a regex.
    /// Worked out only when a `/` needs it, so the hot path just records the previous token.
    func regexAllowedAfterPrevious() -> Bool {
        guard let kind = previousKind else { return true }
        switch kind {
        case .leftParen, .leftBrace, .leftSquare, .interpolationStart, .comma, .colon, .semicolon, .unknown:
            return true
        case .keyword:
            switch previousKeyword {
            case .true, .false, .Any, .nil, .self, .Self, .super, .underscore: return false
            default: return true
            }
        case .operator:
            let token = output[previousIndex]
            let start = Int(token.start), length = Int(token.length)
            let leftBound = isLeftBound(start)
            if length == 1 {
                switch base[start] {
                case UInt8(ascii: "="): return true
                case UInt8(ascii: "?"), UInt8(ascii: "!"): if leftBound { return false } // postfix
                default: break
                }
            } else if length == 2 && base[start] == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">") {
                return false
            }
            // Binary and prefix operators sequence expressions; postfix ones end them.
            return !leftBound || isRightBound(start + length, leftBound: true)
        case .poundDirective:
            let token = output[previousIndex]
            return directive(Int(token.start) + 1, token.end) == .conditional
        default:
            return false
        }
    }

    mutating func run() {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            position = 3
            emitTrivia(.byteOrderMark, from: 0)
        }
        if byte(position) == asciiPound && byte(position + 1) == UInt8(ascii: "!") {
            let start = position
            skipToLineEnd()
            emitTrivia(.shebang, from: start)
        }
        runHotLoop()
    }

    /// The hot loop: names, keywords, spaces, line feeds and one-byte punctuation (outside
    /// interpolations), which are most tokens, with the lexer state in locals so it stays in
    /// registers. `self` is synchronised only around `lexToken`, which takes everything else.
    mutating func runHotLoop() {
        let base = self.base, count = self.count, classes = self.classes
        let singleByteKinds = self.singleByteKinds, keywords = self.keywords
        var position = self.position
        var output = self.output, outputCount = self.outputCount, outputCapacity = self.outputCapacity
        var previousIndex = self.previousIndex
        var spaceBefore = self.spaceBefore
        // Only `lexToken` opens or closes interpolations.
        var insideInterpolation = !strings.isEmpty
        while position < count {
            let start = position
            let current = base[start]
            let currentClass = classes[Int(current)]
            var token: Token
            if currentClass & ByteClass.identifierStart != 0 {
                var end = start + 1
                // Eight bytes at a time while they fit: fewer unpredictable loop exits.
                while end + 8 <= count {
                    let stops = WordScan.nonIdentifierBytes(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
                    if stops != 0 {
                        end += stops.trailingZeroBitCount >> 3
                        break
                    }
                    end += 8
                }
                if end + 8 > count {
                    while end < count && classes[Int(base[end])] & ByteClass.identifierBody != 0 { end += 1 }
                }
                var flags: TokenFlags = spaceBefore ? .spaceBefore : []
                if end < count && base[end] >= 0x80 {
                    self.position = end
                    skipIdentifierBody()
                    if self.position > end { flags.insert(.unusualBytes) }
                    end = self.position
                }
                let keyword = KeywordTable.find(base + start, count: end - start, readable: count - start, in: keywords)
                token = Token(kind: keyword.isReserved ? .keyword : .identifier, start: start, length: end - start,
                              keyword: keyword, flags: flags)
                position = end
                previousIndex = outputCount
                spaceBefore = false
            } else if currentClass & ByteClass.horizontalSpace != 0 {
                var end = start + 1
                // Indentation: eight spaces at a time, then byte by byte (tabs, the tail).
                while end + 8 <= count {
                    let stops = WordScan.nonSpaceBytes(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
                    if stops != 0 {
                        end += stops.trailingZeroBitCount >> 3
                        break
                    }
                    end += 8
                }
                while end < count && classes[Int(base[end])] & ByteClass.horizontalSpace != 0 { end += 1 }
                token = Token(kind: .whitespace, start: start, length: end - start, flags: spaceBefore ? .spaceBefore : [])
                position = end
                spaceBefore = true
            } else if case let simple = singleByteKinds[Int(current)], simple != 0,
                      simple & SingleByteKind.outsideStringsOnly == 0 || !insideInterpolation {
                let kind = unsafeBitCast(simple & SingleByteKind.kindMask, to: TokenKind.self)
                token = Token(kind: kind, start: start, length: 1, flags: spaceBefore ? .spaceBefore : [])
                position = start + 1
                if kind == .newline {
                    spaceBefore = true
                } else {
                    previousIndex = outputCount
                    spaceBefore = false
                }
            } else if current == asciiPeriod && (start + 1 == count || base[start + 1] != asciiPeriod
                                                 && classes[Int(base[start + 1])] & ByteClass.operatorChar == 0) {
                token = Token(kind: .period, start: start, length: 1, flags: spaceBefore ? .spaceBefore : [])
                position = start + 1
                previousIndex = outputCount
                spaceBefore = false
            } else {
                self.position = position
                self.outputCount = outputCount
                self.previousIndex = previousIndex
                lexToken()
                position = self.position
                output = self.output
                outputCount = self.outputCount
                outputCapacity = self.outputCapacity
                previousIndex = self.previousIndex
                spaceBefore = self.spaceBefore
                insideInterpolation = !strings.isEmpty
                continue
            }
            if outputCount == outputCapacity {
                self.outputCount = outputCount
                grow()
                output = self.output
                outputCapacity = self.outputCapacity
            }
            (output + outputCount).initialize(to: token)
            outputCount += 1
        }
        self.position = position
        self.outputCount = outputCount
        self.previousIndex = previousIndex
    }

    @inline(__always)
    mutating func skipToLineEnd() {
        var end = position
        while end + 8 <= count {
            let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
            let stops = WordScan.bytes(word, equalTo: lineFeed) | WordScan.bytes(word, equalTo: carriageReturn)
            if stops != 0 {
                position = end + stops.trailingZeroBitCount >> 3
                return
            }
            end += 8
        }
        while end < count && !isLineBreak(base[end]) { end += 1 }
        position = end
    }

    /// Lexes the token at `position` when the hot loop in `run` does not (it takes names and
    /// spaces, and simple punctuation outside interpolations, before calling this).
    @inline(never)
    mutating func lexToken() {
        let start = position
        let current = base[position]
        let currentClass = byteClass(current)
        assert(currentClass & (ByteClass.horizontalSpace | ByteClass.identifierStart) == 0, "the hot loop lexes these")
        if currentClass & ByteClass.digit != 0 {
            lexNumber()
            return
        }
        switch current {
        case lineFeed, carriageReturn:
            position += current == carriageReturn && byte(position + 1) == lineFeed ? 2 : 1
            emitTrivia(.newline, from: start)
            // A line break ends every single-line string whose interpolation we are in: the
            // compiler does not let `"\(` continue onto the next line.
            while let last = strings.last, last.kind != .multiline { strings.removeLast() }
        case asciiSlash:
            lexSlash()
        case asciiQuote, asciiApostrophe:
            lexStringLiteral(pounds: 0)
        case asciiPound:
            lexPound()
        case UInt8(ascii: "@"):
            position += 1
            let nameStart = position
            if byte(position) == UInt8(ascii: "`") {
                skipBacktickName()
            } else if position < count && (byteClass(base[position]) & ByteClass.identifierStart != 0
                                           || base[position] >= 0x80 && scalarIsIdentifierStart(at: position)) {
                skipIdentifierBody()
            }
            emit(position > nameStart ? .attribute : .unknown, from: start)
        case UInt8(ascii: "`"):
            lexBacktickIdentifier()
        case UInt8(ascii: "$"):
            position += 1
            skipIdentifierBody()
            emit(.identifier, from: start, flags: .dollar)
        case UInt8(ascii: "("):
            position += 1
            if !strings.isEmpty { strings[strings.count - 1].parenDepth += 1 }
            emit(.leftParen, from: start)
        case UInt8(ascii: ")"):
            position += 1
            if let last = strings.last {
                if last.parenDepth == 0 {
                    strings.removeLast()
                    emit(.interpolationEnd, from: start)
                    lexStringBody(pounds: last.pounds, kind: last.kind)
                    return
                }
                strings[strings.count - 1].parenDepth -= 1
            }
            emit(.rightParen, from: start)
        case UInt8(ascii: "{"): position += 1; emit(.leftBrace, from: start)
        case UInt8(ascii: "}"): position += 1; emit(.rightBrace, from: start)
        case UInt8(ascii: "["): position += 1; emit(.leftSquare, from: start)
        case UInt8(ascii: "]"): position += 1; emit(.rightSquare, from: start)
        case UInt8(ascii: ","): position += 1; emit(.comma, from: start)
        case UInt8(ascii: ":"): position += 1; emit(.colon, from: start)
        case UInt8(ascii: ";"): position += 1; emit(.semicolon, from: start)
        case asciiBackslash: position += 1; emit(.backslash, from: start)
        case asciiPeriod:
            // An operator may start with `.` (`..<`, `...`, `.==`); otherwise it is member access.
            let next = byte(position + 1)
            if next == asciiPeriod || byteClass(next) & ByteClass.operatorChar != 0 {
                lexOperator()
            } else {
                position += 1
                emit(.period, from: start)
            }
        case UInt8(ascii: "<") where byte(position + 1) == asciiPound:
            if let end = placeholderEnd(from: position) {
                position = end
                emit(.identifier, from: start, flags: .unusualBytes)
            } else {
                lexOperator()
            }
        default:
            if currentClass & ByteClass.operatorChar != 0 {
                lexOperator()
            } else if current >= 0x80 {
                lexNonASCII()
            } else {
                position += 1
                emit(.unknown, from: start)
            }
        }
    }

    // MARK: Identifiers

    /// Consumes identifier characters (ASCII fast path, Unicode through the scalar tables).
    mutating func skipIdentifierBody() {
        var end = position
        while end < count {
            let current = base[end]
            if byteClass(current) & ByteClass.identifierBody != 0 {
                end += 1
            } else if current >= 0x80, case let length = utf8Length(at: end), length > 0,
                      UnicodeClass.isIdentifierBody(decodeScalar(at: end, length: length)) {
                end += length
            } else {
                break
            }
        }
        position = end
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

    mutating func lexBacktickIdentifier() {
        let start = position
        skipBacktickName()
        if position - start >= 3 && base[position - 1] == UInt8(ascii: "`") {
            emit(.identifier, from: start, flags: .backticked)
        } else {
            emit(.unknown, from: start)
        }
    }

    mutating func lexNonASCII() {
        let start = position
        let length = utf8Length(at: position)
        guard length > 0 else {
            // Malformed UTF-8: one unknown token for the bad lead byte and its continuation bytes.
            position += 1
            while position < count && base[position] & 0xC0 == 0x80 { position += 1 }
            emit(.unknown, from: start)
            return
        }
        let scalar = decodeScalar(at: position, length: length)
        if scalar == 0xFEFF {
            // A byte order mark is trivia wherever a token could start.
            position += length
            emitTrivia(.byteOrderMark, from: start)
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
            emitTrivia(.whitespace, from: start)
        } else if UnicodeClass.isIdentifierStart(scalar) {
            position += length
            skipIdentifierBody()
            emit(.identifier, from: start, flags: .unusualBytes)
        } else if UnicodeClass.isOperatorHead(scalar) {
            lexOperator()
        } else if UnicodeClass.isIdentifierBody(scalar) {
            // A combining mark cannot start a name; the compiler recovers by lexing one anyway.
            position += length
            skipIdentifierBody()
            emit(.identifier, from: start, flags: .unusualBytes)
        } else if scalar == 0x201C, let end = curlyQuotedStringEnd(from: position + length) {
            // “…”: not a string literal; the compiler recovers by taking it as one token.
            position = end
            emit(.unknown, from: start)
        } else {
            position += length
            emit(.unknown, from: start)
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
    mutating func lexNumber() {
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
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start)
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

    mutating func lexSlash() {
        let start = position
        let next = byte(position + 1)
        if next == asciiSlash {
            // Like the compiler, any comment starting with `///` (`////` too) is a doc comment.
            let isDoc = byte(position + 2) == asciiSlash
            skipToLineEnd()
            emitTrivia(isDoc ? .docLineComment : .lineComment, from: start)
        } else if next == asciiStar {
            // `/**` starts a doc comment, except the empty `/**/`.
            let isDoc = byte(position + 2) == asciiStar && byte(position + 3) != asciiSlash
            var end = position + 2
            var depth = 1
            while end < count {
                let current = base[end]
                end += 1
                if byteClass(current) & ByteClass.commentSpecial == 0 { continue }
                if current == asciiSlash && byte(end) == asciiStar {
                    depth += 1
                    end += 1
                } else if current == asciiStar && byte(end) == asciiSlash {
                    depth -= 1
                    end += 1
                    if depth == 0 { break }
                }
            }
            position = end
            emitTrivia(isDoc ? .docBlockComment : .blockComment, from: start,
                 flags: depth > 0 ? .unterminated : [])
        } else {
            lexOperator()
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

    mutating func lexOperator() {
        let start = position
        let first = base[start]
        // A `?` or `!` touching what precedes it is a postfix operator of its own: `x?.y`,
        // `x!.y`, and `a!=b` is `a! = b`.
        if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && isLeftBound(start) {
            position += 1
            emit(.operator, from: start)
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
                emitOperator(from: start)
            }
            position = regex.end
            emit(.regexLiteral, from: slash, flags: regex.terminated ? [] : .unterminated)
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
        emitOperator(from: start)
    }

    mutating func emitOperator(from start: Int) {
        // A lone `.` left after splitting off a comment (`x./*c*/y`) is member access.
        emit(position - start == 1 && base[start] == asciiPeriod ? .period : .operator, from: start)
    }

    /// Whether the `/` at `slash`, inside the operator `operatorStart..<operatorEnd`, opens a
    /// regex literal, and where it ends. The compiler's heuristics (SE-0354): never after a
    /// bound operator or `func`/`operator`; a `/` that looks binary only where an expression
    /// can start; and the literal's own rules in `regexEnd`.
    func bareRegexEnd(slash: Int, operatorStart: Int, operatorEnd: Int) -> (end: Int, terminated: Bool)? {
        guard !isLeftBound(operatorStart) else { return nil }
        if previousKeyword == .func || previousKeyword == .operator { return nil }
        var mustBeRegex = false
        if !isRightBound(operatorEnd, leftBound: false) {
            mustBeRegex = preferRegex
            if !mustBeRegex && !regexAllowedAfterPrevious() { return nil }
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

    mutating func lexPound() {
        let start = position
        var pounds = 1
        while byte(position + pounds) == asciiPound { pounds += 1 }
        let after = byte(position + pounds)
        if after == asciiQuote {
            lexStringLiteral(pounds: pounds)
            return
        }
        if after == asciiSlash, position + pounds < count,
           let regex = regexEnd(openingAt: start, pounds: pounds, mustBeRegex: true) {
            position = regex.end
            emit(.regexLiteral, from: start, flags: regex.terminated ? [] : .unterminated)
            return
        }
        if pounds == 1 && position + 1 < count
            && (byteClass(after) & ByteClass.identifierStart != 0 || after >= 0x80 && scalarIsIdentifierStart(at: position + 1)) {
            position += 1
            skipIdentifierBody()
            emit(directive(start + 1, position) == .none ? .poundKeyword : .poundDirective, from: start)
            return
        }
        position += pounds
        emit(.unknown, from: start)
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
    mutating func lexStringLiteral(pounds: Int) {
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
        emit(.stringDelimiter, from: start, flags: stringFlags(pounds: pounds, kind: kind))
        lexStringBody(pounds: pounds, kind: kind)
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
    mutating func lexStringBody(pounds: Int, kind: StringKind) {
        let segmentStart = position
        let flags = stringFlags(pounds: pounds, kind: kind)
        let quote = kind == .singleQuoted ? asciiApostrophe : asciiQuote
        while position < count {
            var plain = position
            // Eight bytes at a time to the next quote, backslash or line break.
            while plain + 8 <= count {
                let word = UnsafeRawPointer(base + plain).loadUnaligned(as: UInt64.self)
                let stops = WordScan.bytes(word, equalTo: quote) | WordScan.bytes(word, equalTo: asciiBackslash)
                    | WordScan.bytes(word, equalTo: lineFeed) | WordScan.bytes(word, equalTo: carriageReturn)
                if stops != 0 {
                    plain += stops.trailingZeroBitCount >> 3
                    break
                }
                plain += 8
            }
            while plain < count && byteClass(base[plain]) & ByteClass.stringSpecial == 0 { plain += 1 }
            position = plain
            guard plain < count else { break }
            let current = base[plain]
            if current == asciiBackslash {
                guard closes(at: position + 1, pounds: pounds) else {
                    position += 1
                    continue
                }
                let escapeEnd = position + 1 + pounds
                if byte(escapeEnd) == UInt8(ascii: "(") && escapeEnd < count {
                    if position > segmentStart {
                        emit(.stringSegment, from: segmentStart, flags: flags)
                    }
                    let start = position
                    position = escapeEnd + 1
                    emit(.interpolationStart, from: start)
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
                        emit(.stringSegment, from: segmentStart, flags: flags)
                    }
                    let start = position
                    position += quotes + pounds
                    emit(.stringDelimiter, from: start, flags: flags)
                    return
                }
            } else if isLineBreak(current) && kind != .multiline {
                // A single-line literal cut by a line break: the compiler reports it; we end it here.
                endUnterminated(segmentStart: segmentStart, flags: flags)
                return
            }
            position += 1
        }
        endUnterminated(segmentStart: segmentStart, flags: flags)
    }

    /// Emits the last segment of a literal that has no closing delimiter, flagged; with no
    /// text left, flags the opening delimiter instead.
    mutating func endUnterminated(segmentStart: Int, flags: TokenFlags) {
        if position > segmentStart {
            emit(.stringSegment, from: segmentStart, flags: flags.union(.unterminated))
        } else if outputCount > 0 && output[outputCount - 1].kind == .stringDelimiter {
            output[outputCount - 1].flags.insert(.unterminated)
        }
    }
}
