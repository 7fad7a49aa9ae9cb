import SeamLintCore

/// The invariants the fuzzers check on every input; also run by the regression tests on the
/// seed corpus and on every input a fuzzer ever crashed on. Each returns nil when all hold,
/// or what broke. A trap inside the code under test is the other kind of failure: the fuzzer
/// reports it as a crash, a test as a crashed test process.
public enum FuzzChecks {
    /// Tokenizer and structure layer: lossless, in-bounds, ordered tokens; consistent line and
    /// bracket tables; every structure query answers without trapping.
    public static func tokenizer(_ bytes: [UInt8]) -> String? {
        let tokens = Tokenizer.tokenize(bytes)
        if let failure = checkTokens(tokens, bytes) { return failure }
        let file = SourceFile(path: "Fuzz.swift", bytes: bytes, tokens: tokens)
        return checkLines(file) ?? checkBrackets(file) ?? checkStructure(file)
    }

    /// Every byte in exactly one non-empty token, in order: the tokens concatenate to the input.
    static func checkTokens(_ tokens: [Token], _ bytes: [UInt8]) -> String? {
        var position = 0
        for (index, token) in tokens.enumerated() {
            if Int(token.start) != position { return "token \(index) starts at \(token.start), expected \(position)" }
            if token.length == 0 { return "token \(index) (\(token.kind)) is empty" }
            position = token.end
            if position > bytes.count { return "token \(index) ends at \(position), past the input's \(bytes.count) bytes" }
            if token.kind == .byteOrderMark && !isByteOrderMark(bytes[token.range]) {
                return "token \(index) is a byte order mark but spells something else"
            }
        }
        if position != bytes.count { return "tokens cover \(position) of \(bytes.count) bytes" }
        return nil
    }

    private static func isByteOrderMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.elementsEqual([0xEF, 0xBB, 0xBF])
    }

    /// One line start per line break (CRLF counts once), increasing, inside the file; every
    /// token start maps to a line and column that point back at it.
    static func checkLines(_ file: SourceFile) -> String? {
        var breaks = 0
        var index = 0
        let bytes = file.bytes
        while index < bytes.count {
            if bytes[index] == 0x0A {
                breaks += 1
            } else if bytes[index] == 0x0D {
                breaks += 1
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            }
            index += 1
        }
        if file.lineStarts.count != breaks + 1 {
            return "\(file.lineStarts.count) line starts for \(breaks) line breaks"
        }
        for (line, start) in file.lineStarts.enumerated() where line > 0 {
            if start <= file.lineStarts[line - 1] || start > bytes.count { return "line \(line + 1) starts at \(start)" }
        }
        for token in file.code {
            let location = file.location(ofOffset: Int(token.start))
            let lineStart = file.lineStarts[location.line - 1]
            if lineStart > Int(token.start) || location.column < 1 || location.column > Int(token.start) - lineStart + 1 {
                return "token at \(token.start) is placed at line \(location.line), column \(location.column)"
            }
        }
        return nil
    }

    /// Matched brackets point at each other, open before they close, have matching kinds and
    /// the same parent; every parent is an earlier opening bracket.
    static func checkBrackets(_ file: SourceFile) -> String? {
        let code = file.code
        if file.matching.count != code.count || file.parent.count != code.count {
            return "bracket tables have \(file.matching.count) and \(file.parent.count) entries for \(code.count) tokens"
        }
        for index in code.indices {
            let partner = Int(file.matching[index])
            if partner >= 0 {
                if partner >= code.count || Int(file.matching[partner]) != index {
                    return "bracket \(index) and \(partner) do not match each other"
                }
                let (open, close) = index < partner ? (index, partner) : (partner, index)
                if !code[open].kind.isOpeningBracket || !code[close].kind.isClosingBracket {
                    return "bracket pair \(open)–\(close) has kinds \(code[open].kind), \(code[close].kind)"
                }
                if file.parent[close] != file.parent[open] { return "bracket pair \(open)–\(close) has different parents" }
            }
            let parent = Int(file.parent[index])
            if parent >= index || (parent >= 0 && !code[parent].kind.isOpeningBracket) {
                return "token \(index) has parent \(parent)"
            }
        }
        return nil
    }

    /// How many tokens `checkStructure` runs every query on.
    static let maximumQueriedTokens = 2_000

    /// Declarations lie inside the file with their parts in order; chains, enclosing
    /// declarations, closures and availability answer for every token (a sample in large files).
    static func checkStructure(_ file: SourceFile) -> String? {
        let count = file.code.count
        for (position, declaration) in file.declarations.enumerated() {
            let parts = [declaration.start, declaration.keyword, declaration.end] + (declaration.name.map { [$0] } ?? [])
                + declaration.modifiers + declaration.attributes + declaration.inheritance
            if parts.contains(where: { $0 < 0 || $0 >= count }) || declaration.start > declaration.keyword
                || declaration.keyword > declaration.end {
                return "declaration \(position) at \(declaration.keyword) has range \(declaration.start)...\(declaration.end)"
            }
            if let open = declaration.bodyOpen, let close = declaration.bodyClose,
               open >= close || Int(file.matching[open]) != close {
                return "declaration \(position) has body \(open)–\(close)"
            }
            if let parent = declaration.parent, parent >= position { return "declaration \(position) has parent \(parent)" }
        }
        // Every token of small inputs; an even sample of large ones, since some queries (the `#if`
        // branches around a token) cost time linear in the file and the check must stay fast.
        for index in stride(from: 0, to: count, by: max(1, count / maximumQueriedTokens)) {
            let chain = file.chain(containing: index)
            if chain.start > index || chain.end >= count || chain.links.contains(where: { $0.token >= count }) {
                return "chain around \(index) spans \(chain.start)...\(chain.end) of \(count) tokens"
            }
            for owner in file.enclosingDeclarations(of: index) where owner >= file.declarations.count {
                return "token \(index) is enclosed by declaration \(owner) of \(file.declarations.count)"
            }
            _ = file.enclosingType(of: index)
            _ = file.enclosingFunction(of: index)
            _ = file.enclosingClosure(of: index)
            _ = file.iosAvailability(at: index)
            _ = file.isExcludedFromIOS(at: index)
            if file.code[index].kind == .leftBrace { _ = file.isClosure(index) }
        }
        for declaration in file.declarations { _ = file.signature(of: declaration) }
        return nil
    }
}
