import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// The message style of docs/contributing.md (*Messages*), checked on what every rule's triggering
/// examples report: a short headline that says what is wrong, a help that says what to write
/// instead, short labels on related locations.
@Suite("Message style")
struct MessageStyleTests {
    @Test("every example diagnostic has a short headline without advice and a help", arguments: RuleExampleTests.ruleIDs)
    func examplesFollowTheStyle(id: String) throws {
        let rule = try #require(ExampleChecks.lookup(id))
        var checked = 0
        for example in rule.description.triggering {
            if example.language == .objectiveC && !ObjectiveCAvailability.isAvailable { continue }
            let code = MarkedSource(example.code).code
            for diagnostic in ExampleRunner.findings(rule, in: code, example: example) where diagnostic.ruleID == id {
                checked += 1
                let problems = MessageStyle.problems(of: diagnostic)
                #expect(problems.isEmpty, "\(problems.joined(separator: "; ")):\n\(diagnostic.message)\nhelp: \(diagnostic.help ?? "nil")",
                        sourceLocation: example.location)
            }
        }
        #expect(checked > 0, "no diagnostic of \(id) was checked")
    }

    @Test("the style check rejects advice in the headline, long or multi-line headlines and a missing help")
    func theCheckCanFail() {
        func diagnostic(_ message: String, help: String?, related: [String] = []) -> Diagnostic {
            let location = Location(file: "A.swift", line: 1, column: 1, offset: 0)
            return Diagnostic(ruleID: "r", severity: .warning, message: message, help: help, location: location,
                              related: related.map { RelatedLocation(location: location, message: $0) })
        }
        let good = diagnostic("`.first` picks an arbitrary scene out of `connectedScenes`", help: "Pass in the scene.",
                              related: ["the scene delegate is here"])
        #expect(MessageStyle.problems(of: good).isEmpty)
        // Code spans may hold any word: `makeKey()` and `use` in backticks are code, not advice.
        #expect(MessageStyle.problems(of: diagnostic("`use` calls `create()` here", help: "Rename it.")).isEmpty)
        let bad: [(Diagnostic, String)] = [
            (diagnostic("`.first` picks an arbitrary scene; use the view's scene instead", help: "Pass it in."), "advice"),
            (diagnostic("Consider passing in the scene", help: "Pass it in."), "advice"),
            (diagnostic("`.first` picks an arbitrary scene: pass in the view's scene", help: "Pass it in."), "advice"),
            (diagnostic(String(repeating: "long ", count: 25), help: "Shorten it."), "longer than"),
            (diagnostic("Two\nlines", help: "Join them."), "one line"),
            (diagnostic("Ends with a period.", help: "Drop it."), "period"),
            (diagnostic("lowercase start", help: "Capitalise it."), "capital"),
            (diagnostic("No help here", help: nil), "help"),
            (diagnostic("Empty help", help: " "), "help"),
            (diagnostic("A label that is far too long", help: "Shorten it.",
                        related: [String(repeating: "label ", count: 20)]), "label"),
        ]
        for (diagnostic, problem) in bad {
            let found = MessageStyle.problems(of: diagnostic)
            #expect(found.contains { $0.contains(problem) }, "\(diagnostic.message): \(found)")
        }
    }
}

/// The style rules, in one place, for the test above.
enum MessageStyle {
    static let maximumHeadline = 100
    static let maximumLabel = 100
    /// Words that give advice: they belong in `help`, not in the headline.
    static let adviceWords: Set<String> = [
        "use", "instead", "should", "consider", "pass", "declare", "delete", "remove", "replace", "gate", "override",
        "implement", "adopt", "make", "create", "add", "move", "start", "prefer", "try", "avoid", "read", "write",
        "wrap", "take", "call", "set", "keep", "offer", "present", "inject",
    ]

    static func problems(of diagnostic: Diagnostic) -> [String] {
        var problems: [String] = []
        let headline = diagnostic.message
        if headline.count > maximumHeadline { problems.append("headline longer than \(maximumHeadline) characters") }
        if headline.contains("\n") { problems.append("headline not on one line") }
        if headline.hasSuffix(".") { problems.append("headline ends with a period") }
        if let first = headline.first, first.isLowercase { problems.append("headline does not start with a capital") }
        if headline.isEmpty { problems.append("empty headline") }
        let prose = withoutCodeSpans(headline)
        if prose.contains(";") { problems.append("advice after ';' in the headline") }
        let words = prose.lowercased().split { !$0.isLetter }.map(String.init)
        if let word = words.first(where: adviceWords.contains) { problems.append("advice ('\(word)') in the headline") }
        let help = diagnostic.help?.trimmingCharacters(in: .whitespaces) ?? ""
        if help.isEmpty { problems.append("no help") }
        for related in diagnostic.related {
            let label = related.message
            if label.isEmpty || label.count > maximumLabel || label.contains("\n") || label.hasSuffix(".") {
                problems.append("related label '\(label)' is not one short line")
            }
        }
        return problems
    }

    /// The text outside `backticks`: identifiers and code may contain any word.
    static func withoutCodeSpans(_ text: String) -> String {
        var result = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle(); result.append(" "); continue }
            if !inCode { result.append(character) }
        }
        return result
    }
}
