import SeamLintCore
import SeamLintEngine
@testable import SeamLintCLI

/// Example source with its `↓` markers removed and their UTF-8 offsets recorded.
struct MarkedSource {
    let code: String
    let offsets: [Int]

    init(_ text: String) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        let marker = Array("↓".utf8)
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            if index + marker.count <= input.count && Array(input[index..<index + marker.count]) == marker {
                offsets.append(bytes.count)
                index += marker.count
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        code = String(decoding: bytes, as: UTF8.self)
        self.offsets = offsets
    }
}

/// Lints one example (with its companion files) with one rule enabled.
enum ExampleRunner {
    /// Diagnostics in the example's own file, of `rule` and of every rule in `alsoReporting`.
    static func findings(_ rule: any Rule.Type, in code: String, example: Example,
                         alsoReporting others: [any Rule.Type] = []) -> [Diagnostic] {
        let name = example.fileName
        var sources = [(path: name, code: code)]
        for (index, companion) in example.companions.enumerated() {
            sources.append((path: "Companion\(index).swift", code: companion))
        }
        let result = InMemoryLint.run(sources, rules: [rule] + others, language: example.language,
                                      target: example.iosDeploymentTarget)
        return result.diagnostics.filter { $0.location.file == name }
    }

    static func locations(of rule: any Rule.Type, in code: String, example: Example) -> [Location] {
        findings(rule, in: code, example: example)
            .filter { $0.ruleID == rule.description.id }
            .map(\.location)
            .sorted { $0.offset < $1.offset }
    }

    static func offsets(of rule: any Rule.Type, in code: String, example: Example) -> [Int] {
        locations(of: rule, in: code, example: example).map(\.offset)
    }

    /// `code` after the real `--fix` loop (FixRun: FixApplier, re-lint, bounded passes), and what
    /// `rule` still reports in it.
    static func fixed(_ code: String, by rule: any Rule.Type) -> (code: String, remaining: [Diagnostic]) {
        let file = SourceFileRef(path: "Example.swift", absolutePath: "/virtual/example/Example.swift", language: .swift)
        let run = FixRun(linter: InMemoryLint.linter(rules: [rule]), files: [file])
            .run(startingWith: [file.absolutePath: Array(code.utf8)])
        let bytes = run.fixed[file.absolutePath] ?? Array(code.utf8)
        return (String(decoding: bytes, as: UTF8.self), run.result.diagnostics.filter { $0.ruleID == rule.description.id })
    }

    /// The example with `// seamlint:disable:next ID` above every line holding a `↓` marker.
    static func disablingEachMarkedLine(_ marked: String, id: String) -> String {
        marked.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains("↓") else { return String(line) }
            let indent = line.prefix { $0 == " " }
            return "\(indent)// seamlint:disable:next \(id) - example\n" + line
        }.joined(separator: "\n")
    }

    /// The example as dead text: in line comments, a block comment and a string literal.
    static func wrappings(of code: String, language: SourceLanguage) -> [(String, String)] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let lineComment = lines.map { "// " + $0 }.joined(separator: "\n")
        let blockComment = "/*\n" + code.replacingOccurrences(of: "*/", with: "* /") + "\n*/"
        if language == .objectiveC {
            let string = "NSString *text = @\"" + code.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\";"
            return [("line comment", lineComment), ("block comment", blockComment), ("string literal", string)]
        }
        let string = "let text = #\"\"\"\n" + code.replacingOccurrences(of: "\"\"\"#", with: "\"\"\" #") + "\n\"\"\"#"
        return [("line comment", lineComment), ("block comment", blockComment), ("string literal", string)]
    }

    /// The source with carets under expected (↓) and found (^) positions, for failure messages.
    static func explain(_ marked: MarkedSource, _ found: [Int]) -> String {
        "expected offsets \(marked.offsets), found \(found)\n" + marked.code
    }
}
