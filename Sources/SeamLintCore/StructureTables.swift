/// The side tables `SourceFile` builds for every file: code tokens, line starts and bracket pairs.
/// They run once per file before any rule, so they work over unsafe buffers: no bounds checks,
/// no array growth in the loop.
extension SourceFile {
    /// The non-trivia tokens (`.lineStart` set on the first of each line) and the byte offsets
    /// where lines start.
    static func codeTokensAndLineStarts(_ tokens: [Token], _ bytes: [UInt8]) -> (code: [Token], lineStarts: [Int]) {
        var lineStarts: [Int] = [0]
        // Roughly one line per 30 bytes of Swift; growth past this is rare and cheap.
        lineStarts.reserveCapacity(bytes.count / 24 + 16)
        let code = [Token](unsafeUninitializedCapacity: tokens.count) { output, initialized in
            initialized = tokens.withUnsafeBufferPointer { all in
                bytes.withUnsafeBufferPointer { text in
                    collectCode(all, text, into: output.baseAddress!, lineStarts: &lineStarts)
                }
            }
        }
        return (code, lineStarts)
    }

    /// Writes the code tokens to `output` (room for every token) and returns how many there are.
    private static func collectCode(_ tokens: UnsafeBufferPointer<Token>, _ text: UnsafeBufferPointer<UInt8>,
                                    into output: UnsafeMutablePointer<Token>, lineStarts: inout [Int]) -> Int {
        var count = 0
        var sawNewline = true
        for token in tokens {
            switch token.kind {
            case .newline:
                sawNewline = true
                lineStarts.append(token.end)
                continue
            case .lineComment, .docLineComment:
                // An Objective-C `//` comment continued by a line splice (`\` then a line break).
                if token.flags.contains(.multiline) && appendLineStarts(in: token, text, to: &lineStarts) { sawNewline = true }
                continue
            case .whitespace, .byteOrderMark, .shebang:
                continue
            case .blockComment, .docBlockComment:
                // Multiline comments still start new lines inside.
                if appendLineStarts(in: token, text, to: &lineStarts) { sawNewline = true }
                continue
            case .stringSegment, .regexLiteral:
                // So do multiline string text and extended regex literals (`#/` then a line break),
                // which are code. (The fuzzer found the regex case.)
                _ = appendLineStarts(in: token, text, to: &lineStarts)
            default:
                // An Objective-C name or operator spliced across lines (the fuzzer found it).
                if token.flags.contains(.multiline) { _ = appendLineStarts(in: token, text, to: &lineStarts) }
            }
            var copy = token
            if sawNewline { copy.flags.insert(.lineStart) }
            (output + count).initialize(to: copy)
            count += 1
            sawNewline = false
        }
        return count
    }

    /// Appends the start of every line that begins inside `token`; true when there was one.
    private static func appendLineStarts(in token: Token, _ text: UnsafeBufferPointer<UInt8>,
                                         to lineStarts: inout [Int]) -> Bool {
        var index = Int(token.start)
        let end = min(token.end, text.count)
        var found = false
        while index < end {
            let byte = text[index]
            if byte == 0x0A {
                lineStarts.append(index + 1)
                found = true
            } else if byte == 0x0D {
                if index + 1 < text.count && text[index + 1] == 0x0A { index += 1 }
                lineStarts.append(index + 1)
                found = true
            }
            index += 1
        }
        return found
    }

    /// Pairs brackets with a stack (iterative: nesting depth cannot overflow anything).
    /// A closer that does not match the innermost opener is left unmatched rather than
    /// unwinding the stack, so one stray bracket does not scramble the rest of the file.
    static func matchBrackets(_ code: [Token]) -> (matching: [Int32], parent: [Int32]) {
        let count = code.count
        var matching = [Int32](repeating: -1, count: count)
        var parent = [Int32](repeating: -1, count: count)
        // The open brackets, innermost last; never deeper than the token count.
        let stack = UnsafeMutablePointer<Int32>.allocate(capacity: max(count, 1))
        defer { stack.deallocate() }
        code.withUnsafeBufferPointer { code in
            matching.withUnsafeMutableBufferPointer { matching in
                parent.withUnsafeMutableBufferPointer { parent in
                    var depth = 0
                    for index in 0..<count {
                        let kind = code[index].kind
                        let innermost: Int32 = depth > 0 ? stack[depth - 1] : -1
                        parent[index] = innermost
                        if kind.isOpeningBracket {
                            stack[depth] = Int32(truncatingIfNeeded: index)
                            depth += 1
                        } else if kind.isClosingBracket, innermost >= 0, closes(code[Int(innermost)].kind, kind) {
                            depth -= 1
                            matching[index] = innermost
                            matching[Int(innermost)] = Int32(truncatingIfNeeded: index)
                            parent[index] = depth > 0 ? stack[depth - 1] : -1
                        }
                    }
                }
            }
        }
        return (matching, parent)
    }

    private static func closes(_ open: TokenKind, _ close: TokenKind) -> Bool {
        switch (open, close) {
        case (.leftParen, .rightParen), (.leftBrace, .rightBrace), (.leftSquare, .rightSquare),
             (.interpolationStart, .interpolationEnd):
            return true
        default:
            return false
        }
    }
}
