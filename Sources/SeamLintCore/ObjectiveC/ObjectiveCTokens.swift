/// libclang's token kinds (`CXTokenKind`), by value, so the core does not depend on libclang.
public enum ClangTokenKind: UInt32, Sendable {
    case punctuation = 0, keyword, identifier, literal, comment
}

/// A token as libclang reports it: a kind and a byte range of the file.
public struct ClangToken: Sendable, Equatable {
    public var kind: ClangTokenKind
    public var start: Int
    public var end: Int

    public init(kind: ClangTokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }
}

/// Turns libclang's tokens of an Objective-C file into SeamLint's lossless token model, so the
/// structure layer (brackets, chains, enclosing scopes) works on Objective-C unchanged.
///
/// libclang lexes code and comments but not whitespace; the gaps between its tokens become
/// whitespace, newline and, should a libclang not return comments, comment tokens, so every byte
/// still belongs to exactly one token. Where Objective-C differs from Swift:
/// - `@interface`, `@end`, `@selector` … are one `.attribute` token (libclang reports `@` and the
///   keyword separately);
/// - `@"text"` is an opening delimiter `@"`, a segment and a closing `"`, like a Swift string;
/// - `#import`, `#define`, `#if` … at the start of a line are one `.poundDirective` token;
/// - a character literal (`'a'`) is an `.integerLiteral`, which it is in C;
/// - a backslash that continues a line is whitespace.
public enum ObjectiveCTokens {
    public static func tokens(bytes: [UInt8], clangTokens: [ClangToken]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer in
            var builder = Builder(bytes: buffer)
            builder.run(clangTokens)
            return builder.tokens
        }
    }
}

/// Reads the bytes through a buffer pointer (no bounds check per byte: every index is below a
/// token's or the gap's end, which `run` keeps within the file).
private struct Builder {
    let bytes: UnsafeBufferPointer<UInt8>
    var tokens: [Token] = []
    var position = 0
    var pendingSpace = true
    var atLineStart = true

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 3 + 16)
    }

    mutating func run(_ clangTokens: [ClangToken]) {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            emit(.byteOrderMark, to: 3)
        }
        var index = 0
        while index < clangTokens.count {
            let token = clangTokens[index]
            index += 1
            // Defensive: overlapping, reversed or out-of-file ranges are dropped, never trusted.
            guard token.start >= position, token.end > token.start, token.end <= bytes.count else { continue }
            fillGap(upTo: token.start)
            // The next token is merged into this one only when its range is as sane as this one's.
            let next = index < clangTokens.count ? clangTokens[index] : nil
            let nextIsSane = next.map { $0.end > $0.start && $0.end <= bytes.count } ?? false
            switch token.kind {
            case .comment: emitComment(to: token.end)
            case .identifier, .keyword: emit(token.kind == .keyword ? .keyword : .identifier, to: token.end, keyword: keyword(token))
            case .literal: emitLiteral(token)
            case .punctuation:
                if let next, nextIsSane, next.start == token.end {
                    if mergePunctuation(token, with: next) { index += 1 }
                } else {
                    emitPunctuation(token)
                }
            }
        }
        fillGap(upTo: bytes.count)
    }

    /// Handles `@…` and `#…` pairs; returns true when `next` was consumed too.
    mutating func mergePunctuation(_ token: ClangToken, with next: ClangToken) -> Bool {
        let length = token.end - token.start
        let first = bytes[token.start]
        if length == 1 && first == UInt8(ascii: "@") {
            if next.kind == .keyword {
                emit(.attribute, to: next.end)
                return true
            }
            if next.kind == .literal && bytes[next.start] == UInt8(ascii: "\"") {
                emitLiteral(next)
                return true
            }
        } else if length == 1 && first == UInt8(ascii: "#") && atLineStart
                    && (next.kind == .identifier || next.kind == .keyword) {
            emit(.poundDirective, to: next.end)
            return true
        }
        emitPunctuation(token)
        return false
    }

    mutating func emitPunctuation(_ token: ClangToken) {
        let first = bytes[token.start]
        let kind: TokenKind
        if token.end - token.start == 1 {
            switch first {
            case UInt8(ascii: "("): kind = .leftParen
            case UInt8(ascii: ")"): kind = .rightParen
            case UInt8(ascii: "{"): kind = .leftBrace
            case UInt8(ascii: "}"): kind = .rightBrace
            case UInt8(ascii: "["): kind = .leftSquare
            case UInt8(ascii: "]"): kind = .rightSquare
            case UInt8(ascii: "."): kind = .period
            case UInt8(ascii: ","): kind = .comma
            case UInt8(ascii: ":"): kind = .colon
            case UInt8(ascii: ";"): kind = .semicolon
            case UInt8(ascii: "\\"): kind = .backslash
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                emit(.stringDelimiter, to: token.end, flags: .unterminated)
                return
            default: kind = first > 0x20 && first < 0x7F ? .operator : .unknown
            }
            emit(kind, to: token.end)
            return
        }
        // An unterminated string or character literal comes back as one "unknown" punctuation token.
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            emit(.stringDelimiter, to: token.start + 1, flags: .unterminated)
            emit(.stringSegment, to: token.end, flags: .unterminated)
            return
        }
        emit(first > 0x20 && first < 0x7F ? .operator : .unknown, to: token.end)
    }

    /// A literal; an `@` before a string (already at `position`) joins its opening delimiter.
    mutating func emitLiteral(_ token: ClangToken) {
        var quote = token.start
        while quote < token.end && bytes[quote] != UInt8(ascii: "\"") && bytes[quote] != UInt8(ascii: "'") {
            quote += 1
        }
        guard quote < token.end else {
            emit(isFloat(token) ? .floatLiteral : .integerLiteral, to: token.end)
            return
        }
        if bytes[quote] == UInt8(ascii: "'") {
            emit(.integerLiteral, to: token.end)
            return
        }
        let closed = token.end - quote >= 2 && bytes[token.end - 1] == UInt8(ascii: "\"")
        emit(.stringDelimiter, to: quote + 1, flags: closed ? [] : .unterminated)
        let textEnd = closed ? token.end - 1 : token.end
        if textEnd > position { emit(.stringSegment, to: textEnd, flags: closed ? [] : .unterminated) }
        if closed { emit(.stringDelimiter, to: token.end) }
    }

    func isFloat(_ token: ClangToken) -> Bool {
        let text = bytes[token.start..<token.end]
        let hex = text.count > 2 && text.first == UInt8(ascii: "0")
            && (bytes[token.start + 1] | 0x20) == UInt8(ascii: "x")
        for byte in text {
            if byte == UInt8(ascii: ".") { return true }
            let lower = byte | 0x20
            if hex ? lower == UInt8(ascii: "p") : lower == UInt8(ascii: "e") { return true }
        }
        return false
    }

    mutating func emitComment(to end: Int) {
        let start = position
        let isLine = end - start >= 2 && bytes[start + 1] == UInt8(ascii: "/")
        let third: UInt8 = end - start >= 3 ? bytes[start + 2] : 0
        if isLine {
            emit(third == UInt8(ascii: "/") ? .docLineComment : .lineComment, to: end)
        } else {
            let isDoc = third == UInt8(ascii: "*") && end - start > 4
            let closed = end - start >= 4 && bytes[end - 2] == UInt8(ascii: "*") && bytes[end - 1] == UInt8(ascii: "/")
            emit(isDoc ? .docBlockComment : .blockComment, to: end, flags: closed ? [] : .unterminated)
        }
    }

    /// Whitespace, newlines and anything libclang skipped between `position` and `end`.
    mutating func fillGap(upTo end: Int) {
        while position < end {
            let byte = bytes[position]
            switch byte {
            case 0x0A:
                emit(.newline, to: position + 1)
            case 0x0D:
                emit(.newline, to: position + 1 < end && bytes[position + 1] == 0x0A ? position + 2 : position + 1)
            case 0x20, 0x09, 0x0B, 0x0C:
                var stop = position
                while stop < end && (bytes[stop] == 0x20 || bytes[stop] == 0x09 || bytes[stop] == 0x0B || bytes[stop] == 0x0C) {
                    stop += 1
                }
                emit(.whitespace, to: stop)
            case UInt8(ascii: "\\") where isLineContinuation(at: position, end: end):
                emit(.whitespace, to: position + 1)
            case UInt8(ascii: "/") where position + 1 < end && bytes[position + 1] == UInt8(ascii: "/"):
                var stop = position
                while stop < end && bytes[stop] != 0x0A && bytes[stop] != 0x0D { stop += 1 }
                emitComment(to: stop)
            case UInt8(ascii: "/") where position + 1 < end && bytes[position + 1] == UInt8(ascii: "*"):
                var stop = position + 2
                while stop + 1 < end && !(bytes[stop] == UInt8(ascii: "*") && bytes[stop + 1] == UInt8(ascii: "/")) { stop += 1 }
                emitComment(to: min(stop + 2, end))
            default:
                var stop = position + 1
                while stop < end && !isGapBoundary(bytes[stop]) { stop += 1 }
                emit(.unknown, to: stop)
            }
        }
    }

    func isLineContinuation(at index: Int, end: Int) -> Bool {
        var next = index + 1
        while next < end && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
        return next < end && (bytes[next] == 0x0A || bytes[next] == 0x0D)
    }

    func isGapBoundary(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
    }

    func keyword(_ token: ClangToken) -> Keyword {
        Keyword.lookup(bytes.baseAddress! + token.start, count: token.end - token.start)
    }

    mutating func emit(_ kind: TokenKind, to end: Int, keyword: Keyword = .none, flags: TokenFlags = []) {
        var flags = flags
        if pendingSpace { flags.insert(.spaceBefore) }
        // libclang lexes `\` + line break inside a token as nothing: `viewC\⏎troller` is one name, and
        // a `//` comment ending in `\` goes on to the next line. String text and block comments are
        // scanned for line breaks anyway; other code tokens and line comments say so with a flag.
        let mayBeSpliced = kind == .lineComment || kind == .docLineComment || (!kind.isTrivia && kind != .stringSegment)
        if mayBeSpliced && containsLineBreak(position, end) {
            flags.insert(.multiline)
        }
        tokens.append(Token(kind: kind, start: position, length: end - position, keyword: keyword, flags: flags))
        position = end
        if kind.isTrivia {
            pendingSpace = true
            if kind == .newline || ((kind == .blockComment || kind == .docBlockComment) && tokens.last.map(containsNewline) == true) {
                atLineStart = true
            }
        } else {
            pendingSpace = false
            atLineStart = false
        }
    }

    func containsNewline(_ token: Token) -> Bool {
        containsLineBreak(Int(token.start), token.end)
    }

    func containsLineBreak(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            if bytes[index] == 0x0A || bytes[index] == 0x0D { return true }
            index += 1
        }
        return false
    }
}
