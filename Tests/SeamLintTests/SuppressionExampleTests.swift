import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import Testing

/// Every rule's triggering examples again, behind a region suppression comment: silenced, and the
/// comment not reported as superfluous (the SwiftLint verifier's "disable" variant; `disable:next`
/// is in RuleExampleTests). Another tool's comment silences nothing.
@Suite struct SuppressionExampleTests {
    @Test("a disable comment silences the example and is not superfluous", arguments: ExampleChecks.suppressibleIDs)
    func disabled(id: String) throws {
        let rule = try #require(ExampleChecks.lookup(id))
        for example in rule.description.triggering where example.language == .swift {
            let code = MarkedSource(example.code).code
            let found = ExampleRunner.findings(rule, in: "// seamlint:disable \(id) - example\n" + code, example: example,
                                               alsoReporting: [SuperfluousSuppression.self])
            #expect(found.isEmpty, "\(found.map(\.brief))\n\(code)", sourceLocation: example.location)
        }
    }

    @Test("a swiftlint comment silences nothing", arguments: ExampleChecks.suppressibleIDs)
    func otherToolsComment(id: String) throws {
        let rule = try #require(ExampleChecks.lookup(id))
        for example in rule.description.triggering where example.language == .swift {
            let code = MarkedSource(example.code).code
            let plain = ExampleRunner.findings(rule, in: code, example: example, alsoReporting: [SuperfluousSuppression.self]).count
            let found = ExampleRunner.findings(rule, in: "// swiftlint:disable \(id)\n" + code, example: example,
                                               alsoReporting: [SuperfluousSuppression.self]).count
            #expect(found == plain && plain > 0, sourceLocation: example.location)
        }
    }
}
