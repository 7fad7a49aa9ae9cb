import SeamLintCore

/// `private_uikit_class` for class names assembled at run time from pieces (`"_UI" + "Bar"`,
/// `String(format:)`, `appending`, `joined`, interpolation, NSString methods): at a runtime lookup,
/// a comparison or prefix match, and a constant named for a class name. Locals are followed from
/// their binding earlier in the file. One forward pass; `visit` is called for every code token.
struct AssembledClassNames {
    private var assembler: StringAssembler
    /// Code tokens up to this index were judged as part of an assembled name.
    private(set) var covered = -1
    /// Constants named for a class name reported at their binding: a lookup of one is not reported again.
    private var reportedBindings: Set<String> = []

    init(_ file: SourceFile) { assembler = StringAssembler(file) }

    mutating func visit(_ index: Int, lookup: String?, _ context: inout RuleContext) {
        let file = assembler.file
        let code = file.code
        if let lookup {
            let close = Int(file.matching[index + 1])
            check(index + 2..<close, headline: { "`\(lookup)` assembles the private class name `\($0)` from pieces" }, &context)
            return
        }
        let token = code[index]
        if token.kind == .operator, file.tokenIs(index, "==") || file.tokenIs(index, "!=") {
            check(index + 1..<assembler.expressionEnd(from: index + 1), headline: Self.matchHeadline, &context)
        } else if token.kind == .identifier, index > 0, code[index - 1].kind == .period, index + 1 < code.count,
                  code[index + 1].kind == .leftParen, file.matching[index + 1] > index + 1,
                  Self.matchMethods.contains(where: { file.tokenIs(index, $0) }) {
            var start = index + 2
            if file.isName(start, "with"), file.tokenIs(start + 1, ":") { start += 2 }
            check(start..<Int(file.matching[index + 1]), headline: Self.matchHeadline, &context)
        } else if token.kind == .leftSquare, assembler.isObjectiveC, let message = file.objectiveCMessage(at: index),
                  let piece = message.pieces.first, let argument = message.arguments.first,
                  PrivateUIKitClass.objectiveCMatchSelectors.contains(where: { file.tokenIs(piece, Array($0.utf8)) }) {
            check(argument, headline: Self.matchHeadline, &context)
        } else if let (name, value) = binding(at: index) {
            let parts = assembler.parts(value)
            let hasText = parts.contains { if case .text = $0 { return true } else { return false } }
            assembler.bindings[file.text(at: name)] = hasText ? parts : nil
            let text = file.text(at: name)
            reportedBindings.remove(text)
            if hasText, Self.namesClass(text), check(value, headline: Self.matchHeadline, &context) { reportedBindings.insert(text) }
        }
    }

    private static let matchMethods: [StaticString] = ["hasPrefix", "hasSuffix", "contains", "starts"]

    private static func matchHeadline(_ name: String) -> String {
        "A type name is matched against private class `\(name)`, assembled from pieces"
    }

    /// `let name = …` / `var name: String = …`; Objective-C `name = …` (also after a declared type).
    private func binding(at index: Int) -> (name: Int, value: Range<Int>)? {
        let file = assembler.file
        let code = file.code
        var name = index
        if !assembler.isObjectiveC {
            guard code[index].keyword == .let || code[index].keyword == .var else { return nil }
            name = index + 1
        } else if index > 0, code[index - 1].kind == .period {
            return nil
        }
        guard name < code.count, code[name].kind == .identifier else { return nil }
        var equals = name + 1
        if !assembler.isObjectiveC, file.tokenIs(equals, ":") {
            while equals < code.count, !file.tokenIs(equals, "="), !code[equals].flags.contains(.lineStart),
                  code[equals].kind != .leftBrace { equals += 1 }
        }
        guard equals + 1 < code.count, file.tokenIs(equals, "=") else { return nil }
        let end = assembler.expressionEnd(from: equals + 1)
        guard end > equals + 1 else { return nil }
        return (name, equals + 1..<end)
    }

    /// `containerClassName`, `privateTypeName`: a name that says it holds a class name.
    private static func namesClass(_ text: String) -> Bool {
        ["Class", "class", "TypeName", "typeName"].contains { text.contains($0) }
    }

    @discardableResult
    private mutating func check(_ range: Range<Int>, headline: (String) -> String, _ context: inout RuleContext) -> Bool {
        guard !range.isEmpty, !assembler.isSingleLiteral(range) else { return false }
        let file = assembler.file
        if range.count == 1, file.code[range.lowerBound].kind == .identifier,
           reportedBindings.contains(file.text(at: range.lowerBound)) { return false }
        let parts = assembler.parts(range)
        guard let name = StringAssembler.privateName(parts, isPrivate: PrivateUIKitClass.isPrivateName) else { return false }
        covered = max(covered, range.upperBound - 1)
        context.report(from: range.lowerBound, through: range.upperBound - 1, headline(name),
                       help: "Use public API instead: building the name at run time does not make the class public; it "
                           + "still breaks when the class is renamed and still draws App Review attention.")
        return true
    }
}
