import SeamLintCore
import SeamLintEngine

extension FuzzChecks {
    /// The lexer of the Objective-C fuzzers (one thread); nil when no libclang can be loaded.
    nonisolated(unsafe) static let objectiveCLexer = ObjectiveCLexer()

    /// The file name an input is linted as: the first byte's low bit picks Objective-C++, so
    /// the corpus covers both languages libclang lexes (C++ keywords, `<:` digraphs …).
    public static func objectiveCPath(for bytes: [UInt8]) -> String {
        (bytes.first ?? 0) & 1 == 1 ? "Fuzz.mm" : "Fuzz.m"
    }

    /// libclang's tokens through SeamLint's conversion: lossless, in-bounds, ordered; the line and
    /// bracket tables; every Objective-C structure query answers without trapping.
    /// Then the conversion alone on made-up libclang ranges (overlapping, reversed, past the end).
    public static func objectiveCTokenizer(_ bytes: [UInt8]) -> String? {
        guard let lexer = objectiveCLexer else { return "libclang is not available" }
        let path = objectiveCPath(for: bytes)
        guard let lexed = lexer.tokens(of: bytes, path: path) else { return nil }
        let tokens: [Token]
        switch lexed {
        case .success(let success): tokens = success
        case .failure(let failure): return "libclang could not lex \(bytes.count) bytes: \(failure.reason)"
        }
        if let failure = checkTokens(tokens, bytes) { return "\(path): \(failure)" }
        let file = SourceFile(path: path, bytes: bytes, tokens: tokens, language: .objectiveC)
        // The Swift declaration and `#if` queries are not run: no Objective-C path uses them.
        if let failure = checkLines(file) ?? checkBrackets(file) ?? checkObjectiveCStructure(file) {
            return "\(path): \(failure)"
        }
        let madeUp = ObjectiveCTokens.tokens(bytes: bytes, clangTokens: madeUpClangTokens(bytes))
        if let failure = checkTokens(madeUp, bytes) { return "made-up libclang tokens: \(failure)" }
        return nil
    }

    /// `rules` for Objective-C: every rule and fact collector on the input as a `.m` or `.mm` file.
    public static func objectiveCRules(_ bytes: [UInt8]) -> String? {
        rules(bytes, path: objectiveCPath(for: bytes), language: .objectiveC)
    }

    /// The Objective-C structure queries rules build on, at every token (a sample in large files).
    static func checkObjectiveCStructure(_ file: SourceFile) -> String? {
        let count = file.code.count
        let containers = file.objectiveCContainers()
        for container in containers {
            let parts = [container.start, container.end] + (container.name.map { [$0] } ?? [])
                + (container.superclass.map { [$0] } ?? []) + container.protocols
            if parts.contains(where: { $0 < 0 || $0 >= count }) || container.start > container.end {
                return "container at \(container.start) has range \(container.start)...\(container.end) of \(count) tokens"
            }
            for method in container.methods {
                let methodParts = [method.start] + method.pieces + method.parameters
                    + [method.bodyOpen, method.bodyClose].compactMap { $0 }
                if methodParts.contains(where: { $0 < 0 || $0 >= count }) {
                    return "method at \(method.start) has a part outside the \(count) tokens"
                }
                _ = file.objectiveCSelector(of: method)
            }
            if let name = container.name {
                _ = file.objectiveCSuperclass(of: name, in: containers)
            }
        }
        for index in stride(from: 0, to: count, by: max(1, count / maximumQueriedTokens)) {
            if let message = file.objectiveCMessage(at: index) {
                if message.close >= count || message.receiver.upperBound >= count
                    || message.arguments.contains(where: { $0.upperBound > count }) {
                    return "message at \(index) reaches past the \(count) tokens"
                }
                _ = file.objectiveCSelector(of: message)
            }
            _ = file.objectiveCMessage(withFirstPiece: index)
            if let (step, receiverEnd) = file.objectiveCStep(endingAt: index),
               step.end >= count || step.token >= count || (receiverEnd ?? 0) >= count {
                return "step ending at \(index) reaches past the \(count) tokens"
            }
            for step in file.objectiveCPath(endingAt: index) where step.end >= count || step.token >= count {
                return "path ending at \(index) has a step past the \(count) tokens"
            }
            _ = file.objectiveCStep(after: index)
            _ = file.objectiveCStep(at: index)
            let statement = file.objectiveCStatementStart(containing: index)
            if statement < 0 || statement > index { return "statement of \(index) starts at \(statement)" }
            _ = file.objectiveCMethod(containing: index, in: containers)
            if file.code[index].kind == .leftBrace { _ = file.isObjectiveCBlockBody(index) }
        }
        // The families' Objective-C recognisers are internal to the rules target: the rules check
        // (`checkObjectiveCRules`) runs them through every rule and fact collector.
        return nil
    }

    /// libclang-like ranges that no real libclang returns: each byte pair is a token's length
    /// (0 makes it empty) and a step back (overlaps) or forward (gaps, ranges past the end).
    static func madeUpClangTokens(_ bytes: [UInt8]) -> [ClangToken] {
        var tokens: [ClangToken] = []
        var position = 0
        var index = 0
        while index + 1 < bytes.count && tokens.count < 4_096 {
            let length = Int(bytes[index] % 9)
            let shift = Int(bytes[index + 1] % 7) - 2
            position = max(0, position + shift)
            tokens.append(ClangToken(kind: ClangTokenKind(rawValue: UInt32(bytes[index] % 5)) ?? .punctuation,
                                     start: position, end: position + length))
            position += length
            index += 2
        }
        return tokens
    }
}
