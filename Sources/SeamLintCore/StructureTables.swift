/// The side tables `SourceFile` builds for every file: code tokens, line starts and bracket pairs.
/// They run once per file before any rule, so they are built in one walk over unsafe buffers, in
/// place between their sentinels: no bounds checks, no array growth or copy in the loop.
extension SourceFile {
    /// The code tokens, bracket pairs and parents (each already between its two sentinels) and the
    /// line starts, in one walk over the tokens: a bracket is paired as its code token is written.
    struct StructureTables {
        var code: ContiguousArray<Token>
        var matching: ContiguousArray<Int32>
        var parent: ContiguousArray<Int32>
        var lineStarts: [Int]
    }

    static func structureTables(_ tokens: [Token], _ bytes: [UInt8]) -> StructureTables {
        var lineStarts: [Int] = [0]
        // Roughly one line per 30 bytes of Swift; growth past this is rare and cheap.
        lineStarts.reserveCapacity(bytes.count / 24 + 16)
        // Room for every token plus the two sentinels; trivia leaves the tail unused (never touched).
        let capacity = tokens.count + 2
        var codeCount = 0
        var matching = ContiguousArray<Int32>()
        var parent = ContiguousArray<Int32>()
        let code = ContiguousArray<Token>(unsafeUninitializedCapacity: capacity) { codeOutput, codeInitialized in
            matching = ContiguousArray(unsafeUninitializedCapacity: capacity) { matchingOutput, matchingInitialized in
                parent = ContiguousArray(unsafeUninitializedCapacity: capacity) { parentOutput, parentInitialized in
                    codeCount = tokens.withUnsafeBufferPointer { all in
                        bytes.withUnsafeBufferPointer { text in
                            collectCode(all, text, code: codeOutput.baseAddress! + 1, matching: matchingOutput.baseAddress! + 1,
                                        parent: parentOutput.baseAddress! + 1, lineStarts: &lineStarts)
                        }
                    }
                    parentOutput.baseAddress!.initialize(to: -1)
                    (parentOutput.baseAddress! + codeCount + 1).initialize(to: -1)
                    parentInitialized = codeCount + 2
                }
                matchingOutput.baseAddress!.initialize(to: -1)
                (matchingOutput.baseAddress! + codeCount + 1).initialize(to: -1)
                matchingInitialized = codeCount + 2
            }
            codeOutput.baseAddress!.initialize(to: .fileEdge(at: 0))
            (codeOutput.baseAddress! + codeCount + 1).initialize(to: .fileEdge(at: bytes.count))
            codeInitialized = codeCount + 2
        }
        return StructureTables(code: code, matching: matching, parent: parent, lineStarts: lineStarts)
    }

    /// Writes the code tokens to `code` (room for every token), with each one's matching bracket
    /// and innermost open bracket, and returns how many there are.
    ///
    /// Brackets pair with a stack (iterative: nesting depth cannot overflow anything). A closer that
    /// does not match the innermost opener is left unmatched rather than unwinding the stack, so one
    /// stray bracket does not scramble the rest of the file.
    private static func collectCode(_ tokens: UnsafeBufferPointer<Token>, _ text: UnsafeBufferPointer<UInt8>,
                                    code: UnsafeMutablePointer<Token>, matching: UnsafeMutablePointer<Int32>,
                                    parent: UnsafeMutablePointer<Int32>, lineStarts: inout [Int]) -> Int {
        // The open brackets, innermost last, with their kinds; never deeper than the token count.
        let stack = UnsafeMutablePointer<(index: Int32, kind: TokenKind)>.allocate(capacity: max(tokens.count, 1))
        defer { stack.deallocate() }
        var depth = 0
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
            (code + count).initialize(to: copy)
            sawNewline = false
            let innermost: Int32 = depth > 0 ? stack[depth - 1].index : -1
            (parent + count).initialize(to: innermost)
            (matching + count).initialize(to: -1)
            switch token.kind {
            case .leftParen, .leftBrace, .leftSquare, .interpolationStart:
                stack[depth] = (Int32(truncatingIfNeeded: count), token.kind)
                depth += 1
            case .rightParen, .rightBrace, .rightSquare, .interpolationEnd:
                if innermost >= 0, closes(stack[depth - 1].kind, token.kind) {
                    depth -= 1
                    matching[count] = innermost
                    matching[Int(innermost)] = Int32(truncatingIfNeeded: count)
                    parent[count] = depth > 0 ? stack[depth - 1].index : -1
                }
            default:
                break
            }
            count += 1
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
