import SeamLintCore
import SeamLintEngine
import SeamLintCLI

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
    static let examplePath = "Example.swift"

    static func canRun(_ example: Example) -> Bool {
        example.language == .swift || ObjectiveCAvailability.isAvailable
    }

    static func locations(of rule: any Rule.Type, in code: String, example: Example) -> [Location] {
        var options = LintOptions(rules: [rule])
        options.discoverDeploymentTargets = false
        options.workers = 1
        options.iosDeploymentTarget = example.iosDeploymentTarget.map { DeploymentTarget(version: $0, source: "example") }
        let linter = Linter(options: options, allRules: allRules)
        let name = example.fileName
        var sources = [(path: name, code: code)]
        for (index, companion) in example.companions.enumerated() {
            sources.append((path: "Companion\(index).swift", code: companion))
        }
        let result = linter.lint(sources: sources, language: example.language)
        return result.diagnostics
            .filter { $0.ruleID == rule.description.id && $0.location.file == name }
            .map(\.location)
            .sorted { $0.offset < $1.offset }
    }

    static func offsets(of rule: any Rule.Type, in code: String, example: Example) -> [Int] {
        locations(of: rule, in: code, example: example).map(\.offset)
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
