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
        // Line starts are distinct offsets in 0...bytes.count; room for all of them and one per token
        // besides (tokens partition the bytes, but the room must not depend on it), written without
        // a capacity check in the loop (pages never written are never touched), then copied out.
        let lineBuffer = UnsafeMutablePointer<Int>.allocate(capacity: bytes.count + tokens.count + 2)
        defer { lineBuffer.deallocate() }
        var lineCount = 0
        // Room for every token plus the two sentinels; trivia leaves the tail unused (never touched).
        let capacity = tokens.count + 2
        var codeCount = 0
        var matching = ContiguousArray<Int32>()
        var parent = ContiguousArray<Int32>()
        let code = ContiguousArray<Token>(unsafeUninitializedCapacity: capacity) { codeOutput, codeInitialized in
            matching = ContiguousArray(unsafeUninitializedCapacity: capacity) { matchingOutput, matchingInitialized in
                parent = ContiguousArray(unsafeUninitializedCapacity: capacity) { parentOutput, parentInitialized in
                    (codeCount, lineCount) = tokens.withUnsafeBufferPointer { all in
                        bytes.withUnsafeBufferPointer { text in
                            collectCode(all, text, code: codeOutput.baseAddress! + 1, matching: matchingOutput.baseAddress! + 1,
                                        parent: parentOutput.baseAddress! + 1, lineStarts: lineBuffer)
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
        let lineStarts = Array(UnsafeBufferPointer(start: lineBuffer, count: lineCount))
        return StructureTables(code: code, matching: matching, parent: parent, lineStarts: lineStarts)
    }

    /// Writes the code tokens to `code` (room for every token), with each one's matching bracket
    /// and innermost open bracket, and the line starts to `lineStarts` (room for one per byte and
    /// one more); returns how many of each there are.
    ///
    /// Trivia and code tokens alternate unpredictably, so the loop does not branch on them: every
    /// token is written at the next code position and only a code token advances it; a newline's
    /// end is written as the next line start and only a newline advances that. Tokens that may hold
    /// line breaks (comments, string text, spliced Objective-C) take a slower path.
    ///
    /// Brackets pair with a stack (iterative: nesting depth cannot overflow anything). A closer that
    /// does not match the innermost opener is left unmatched rather than unwinding the stack, so one
    /// stray bracket does not scramble the rest of the file.
    private static func collectCode(_ tokens: UnsafeBufferPointer<Token>, _ text: UnsafeBufferPointer<UInt8>,
                                    code: UnsafeMutablePointer<Token>, matching: UnsafeMutablePointer<Int32>,
                                    parent: UnsafeMutablePointer<Int32>, lineStarts: UnsafeMutablePointer<Int>) -> (code: Int, lines: Int) {
        // The open brackets, innermost last, with their kinds; never deeper than the token count.
        let stack = UnsafeMutablePointer<(index: Int32, kind: TokenKind)>.allocate(capacity: max(tokens.count, 1))
        defer { stack.deallocate() }
        var depth = 0
        var count = 0
        lineStarts[0] = 0
        var lines = 1
        var sawNewline = true
        for token in tokens {
            let kind = token.kind
            let isCode = !kind.isTrivia
            if mayHoldLineBreaks(token) {
                // Multiline comments start new lines inside, and so does an Objective-C `//` comment
                // continued by a line splice (`\` then a line break). So do multiline string text,
                // extended regex literals (`#/` then a line break; the fuzzer found it) and an
                // Objective-C name or operator spliced across lines (the fuzzer again), which are code.
                let found = appendLineStarts(in: token, text, to: lineStarts, count: &lines)
                if !isCode {
                    if found { sawNewline = true }
                    continue
                }
            }
            var copy = token
            copy.flags.rawValue |= sawNewline ? TokenFlags.lineStart.rawValue : 0
            (code + count).initialize(to: copy)
            let innermost: Int32 = depth > 0 ? stack[depth - 1].index : -1
            (parent + count).initialize(to: innermost)
            (matching + count).initialize(to: -1)
            let isNewline = kind == .newline
            lineStarts[lines] = token.end
            lines &+= isNewline ? 1 : 0
            sawNewline = isNewline || (sawNewline && !isCode)
            guard isCode else { continue }
            switch kind {
            case .leftParen, .leftBrace, .leftSquare, .interpolationStart:
                stack[depth] = (Int32(truncatingIfNeeded: count), kind)
                depth += 1
            case .rightParen, .rightBrace, .rightSquare, .interpolationEnd:
                if innermost >= 0, closes(stack[depth - 1].kind, kind) {
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
        return (count, lines)
    }

    /// True for the tokens whose text may start new lines: block comments, string text and regex
    /// literals always; `//` comments and other code tokens when a line splice carries them on.
    @inline(__always)
    private static func mayHoldLineBreaks(_ token: Token) -> Bool {
        switch token.kind {
        case .blockComment, .docBlockComment, .stringSegment, .regexLiteral: return true
        case .whitespace, .newline, .byteOrderMark, .shebang: return false
        default: return token.flags.contains(.multiline)
        }
    }

    /// Appends the start of every line that begins inside `token` to `lineStarts` (`count` so far);
    /// true when there was one.
    private static func appendLineStarts(in token: Token, _ text: UnsafeBufferPointer<UInt8>,
                                         to lineStarts: UnsafeMutablePointer<Int>, count: inout Int) -> Bool {
        var index = Int(token.start)
        let end = min(token.end, text.count)
        var found = false
        // Line breaks inside tokens are distinct bytes: more than one per byte means overlapping
        // tokens, which would otherwise overrun `lineStarts`.
        let limit = text.count + 1
        while index < end && count < limit {
            let byte = text[index]
            if byte == 0x0A {
                lineStarts[count] = index + 1
                count += 1
                found = true
            } else if byte == 0x0D {
                if index + 1 < text.count && text[index + 1] == 0x0A { index += 1 }
                lineStarts[count] = index + 1
                count += 1
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
