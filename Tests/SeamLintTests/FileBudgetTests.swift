import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import Testing

/// The per-file budget of the Swift path (issue 18): a file that runs past it is reported by name
/// and skipped, and the other files are still linted.
@Suite("Per-file budget")
struct FileBudgetTests {
    static let sources: [(path: String, code: String)] = [
        (path: "Big.swift", code: String(repeating: "let a = 1\n", count: 2_000) + BuggySource.text),
        (path: "Small.swift", code: BuggySource.text),
    ]

    static func lint(budget: FileBudget) -> LintResult {
        var options = LintOptions(rules: allRules)
        options.workers = 1
        options.discoverDeploymentTargets = false
        options.fileBudget = budget
        return Linter(options: options, allRules: allRules).lint(sources: sources)
    }

    @Test func theStandardBudgetSkipsNothing() {
        let result = Self.lint(budget: .standard)
        #expect(result.problems.isEmpty)
        #expect(Set(result.diagnostics.map(\.location.file)) == ["Big.swift", "Small.swift"])
    }

    @Test func aFilePastItsBudgetIsNamedAndSkippedAndTheRunGoesOn() {
        // A minute per file is never used up here; a budget of nothing is used up by the first rule.
        let generous = FileBudget(baseNanoseconds: 60_000_000_000, nanosecondsPerByte: 0)
        let none = FileBudget(baseNanoseconds: 0, nanosecondsPerByte: 0)
        #expect(Self.lint(budget: generous).problems.isEmpty)
        let result = Self.lint(budget: none)
        #expect(result.problems.map(\.path).sorted() == ["Big.swift", "Small.swift"])
        #expect(result.problems.allSatisfy { $0.reason.hasPrefix("linting took longer than its budget") })
        #expect(result.diagnostics.isEmpty)
    }

    @Test func theLimitGrowsWithTheFileAndNeverOverflows() {
        let budget = FileBudget.standard
        #expect(budget.limit(forBytes: 100_000) == 20_000_000_000)
        #expect(budget.limit(forBytes: 1_000) < budget.limit(forBytes: 2_000))
        #expect(budget.limit(forBytes: Int.max) == .max)
    }
}
