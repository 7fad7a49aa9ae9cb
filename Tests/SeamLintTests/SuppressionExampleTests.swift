import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import Testing

/// Every rule's triggering examples again, behind suppression comments: silenced, and the
/// comment not reported as superfluous (the SwiftLint verifier's "disable" variant).
@Suite struct SuppressionExampleTests {
    static let ruleIDs = allRules.map { $0.description.id }
        .filter { $0 != SuperfluousSuppression.description.id && $0 != InvalidSuppression.description.id }

    /// Diagnostics of `rule` and `superfluous_suppression` in the example's own file.
    static func findings(_ rule: any Rule.Type, _ code: String, _ example: Example) -> [Diagnostic] {
        var options = LintOptions(rules: [rule, SuperfluousSuppression.self])
        options.discoverDeploymentTargets = false
        options.workers = 1
        options.iosDeploymentTarget = example.iosDeploymentTarget.map { DeploymentTarget(version: $0, source: "example") }
        var sources = [(path: example.fileName, code: code)]
        for (index, companion) in example.companions.enumerated() { sources.append(("Companion\(index).swift", companion)) }
        return Linter(options: options, allRules: allRules).lint(sources: sources, language: example.language)
            .diagnostics.filter { $0.location.file == example.fileName }
    }

    @Test("a disable comment silences the example and is not superfluous", arguments: ruleIDs)
    func disabled(id: String) throws {
        let rule = try #require(allRules.first { $0.description.id == id })
        for example in rule.description.triggering where example.language == .swift {
            let code = MarkedSource(example.code).code
            let found = Self.findings(rule, "// seamlint:disable \(id) - example\n" + code, example)
            #expect(found.isEmpty, "\(found.map(\.brief))\n\(code)", sourceLocation: example.location)
        }
    }

    @Test("a swiftlint comment silences nothing", arguments: ruleIDs)
    func otherToolsComment(id: String) throws {
        let rule = try #require(allRules.first { $0.description.id == id })
        for example in rule.description.triggering where example.language == .swift {
            let code = MarkedSource(example.code).code
            let plain = Self.findings(rule, code, example).count
            let found = Self.findings(rule, "// swiftlint:disable \(id)\n" + code, example).count
            #expect(found == plain && plain > 0, sourceLocation: example.location)
        }
    }
}
