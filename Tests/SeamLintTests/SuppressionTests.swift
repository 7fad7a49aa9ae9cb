import Foundation
import SeamLintCLI
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// `seamlint:` comments: every form, where they count (comments only), and the hygiene reports.
@Suite struct SuppressionTests {
    /// The lines (1-based) where `test_forbidden` is still reported.
    static func forbiddenLines(_ code: String) -> [Int] {
        TestRules.lint([("A.swift", code)]).filter { $0.ruleID == "test_forbidden" }.map(\.location.line)
    }

    @Test(arguments: [
        // :next — the next line holding code; blank and comment-only lines are skipped.
        ("// seamlint:disable:next test_forbidden\nlet forbidden = 1\nlet forbidden = 2\n", [3]),
        ("// seamlint:disable:next test_forbidden - why\n\n/// Docs.\nlet forbidden = 1\nlet forbidden = 2\n", [5]),
        // :this — the comment's own line.
        ("let forbidden = 1 // seamlint:disable:this test_forbidden\nlet forbidden = 2\n", [2]),
        // :previous — the previous line holding code.
        ("let forbidden = 1\nlet forbidden = 2\n// seamlint:disable:previous test_forbidden\n", [1]),
        // A region, closed by `enable`.
        ("let forbidden = 1\n// seamlint:disable test_forbidden\nlet forbidden = 2\nlet forbidden = 3\n// seamlint:enable test_forbidden\nlet forbidden = 4\n", [1, 6]),
        // A region without `enable` lasts to the end of the file.
        ("let forbidden = 1\n// seamlint:disable test_forbidden\nlet forbidden = 2\n", [1]),
        // A region starts at the comment: code before it on the same line is not covered.
        ("let forbidden = 1 // seamlint:disable test_forbidden\nlet forbidden = 2\n", [1]),
        // `all` names every rule; `enable all` ends any region.
        ("// seamlint:disable all\nlet forbidden = 1\n// seamlint:enable all\nlet forbidden = 2\n", [4]),
        ("// seamlint:disable all\nlet forbidden = 1\n// seamlint:enable test_forbidden\nlet forbidden = 2\n", [4]),
        // `enable:next` opens one line inside a region.
        ("// seamlint:disable test_forbidden\nlet forbidden = 1\n// seamlint:enable:next test_forbidden\nlet forbidden = 2\nlet forbidden = 3\n", [4]),
        // Block comments work; several ids in one command.
        ("/* seamlint:disable:next test_project test_forbidden */\nlet forbidden = 1\n", []),
        // Another rule's suppression does not silence this one.
        ("// seamlint:disable:next test_opt_in\nlet forbidden = 1\n", [2]),
        // Only comments count: in strings, multiline strings and doc comments nothing is silenced.
        ("let text = \"// seamlint:disable:next test_forbidden\"\nlet forbidden = 1\n", [2]),
        ("let text = \"\"\"\n// seamlint:disable test_forbidden\n\"\"\"\nlet forbidden = 1\n", [4]),
        ("/// seamlint:disable:next test_forbidden\nlet forbidden = 1\n", [2]),
        // One syntax: SwiftLint's comments are not SeamLint's.
        ("// swiftlint:disable:next test_forbidden\nlet forbidden = 1\n", [2]),
        ("// swiftlint:disable all\nlet forbidden = 1\n", [2]),
        // The command must open the comment.
        ("// note: seamlint:disable:next test_forbidden\nlet forbidden = 1\n", [2]),
    ])
    func form(code: String, reported: [Int]) {
        #expect(Self.forbiddenLines(code) == reported, "\(code)")
    }

    @Test func projectRuleFindingsAreSuppressedToo() {
        let sources = [
            ("A.swift", "// seamlint:disable:next test_project - legacy screen\nlet menu = 1\nlet menu = 2\n"),
            ("B.swift", "// seamlint:disable test_project\nlet menu = 3\n"),
        ]
        let diagnostics = TestRules.lint(sources)
        #expect(diagnostics.map(\.brief) == ["A.swift:3 test_project"])
    }

    @Test func superfluousSuppressionsAreReportedForRulesThatRan() {
        let code = """
            // seamlint:disable:next test_forbidden test_project
            let forbidden = 1
            // seamlint:disable:next test_forbidden
            let allowed = 2
            // seamlint:disable:next test_opt_in
            let quiet = 3
            // seamlint:disable all
            let other = 4
            """
        let diagnostics = TestRules.lint([("A.swift", code)])
        #expect(diagnostics.map(\.brief) == ["A.swift:1 superfluous_suppression", "A.swift:3 superfluous_suppression"])
        // Each report points at the id that silenced nothing.
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column):\($0.length)" } == ["1:41:12", "3:26:14"])
        #expect(diagnostics[0].message == "Superfluous suppression: seamlint:disable:next 'test_project' silenced nothing")
        #expect(diagnostics[0].help == "Delete the comment, or this rule id from it.")
        #expect(diagnostics.allSatisfy { $0.severity == .note })
        // With every rule running, `all` and the opt-in rule's suppression are judged too.
        let everything = TestRules.lint([("A.swift", code)], enabled: TestRules.all)
        #expect(everything.map(\.brief) == ["A.swift:1 superfluous_suppression", "A.swift:3 superfluous_suppression",
                                            "A.swift:5 superfluous_suppression", "A.swift:7 superfluous_suppression"])
        // Without the rule enabled there is no report at all.
        #expect(TestRules.lint([("A.swift", code)], enabled: [ForbiddenWord.self]).isEmpty)
    }

    @Test func superfluousReportsCanBeSilenced() {
        let code = """
            // seamlint:disable superfluous_suppression
            // seamlint:disable:next test_forbidden
            let allowed = 1
            """
        #expect(TestRules.lint([("A.swift", code)]).isEmpty)
        // But a command does not silence the report about itself.
        let own = "let allowed = 1 // seamlint:disable:this test_forbidden superfluous_suppression\n"
        #expect(TestRules.lint([("A.swift", own)]).map(\.brief) == ["A.swift:1 superfluous_suppression", "A.swift:1 superfluous_suppression"])
    }

    @Test(arguments: [
        ("// seamlint:disable:next test_forbiden\nlet forbidden = 1\n",
         "1:26 Unknown rule id 'test_forbiden' in a suppression | Did you mean 'test_forbidden'?"),
        ("// seamlint:disable:next nothing_like_any_rule\nlet forbidden = 1\n",
         "1:26 Unknown rule id 'nothing_like_any_rule' in a suppression | Name a rule id that `lint rules` lists, or 'all'."),
        ("// seamlint:disbale test_forbidden\n",
         "1:4 Unknown suppression command 'seamlint:disbale' | Did you mean 'seamlint:disable'?"),
        ("// seamlint:disable:nxt test_forbidden\n",
         "1:4 Unknown suppression command 'seamlint:disable:nxt' | Did you mean 'seamlint:disable:next'?"),
        ("// seamlint:disable:next:this test_forbidden\n",
         "1:4 Unknown suppression command 'seamlint:disable:next:this' | The scope is ':previous', ':this' or ':next'."),
        ("// seamlint:disable:whole test_forbidden\n",
         "1:4 Unknown suppression command 'seamlint:disable:whole' | The scope is ':previous', ':this' or ':next'."),
        ("let forbidden = 1 // seamlint:disable:this\n",
         "1:22 'seamlint:disable:this' names no rule id | Name the rules it silences, or 'all'."),
        ("// seamlint:disable - nothing named\n",
         "1:4 'seamlint:disable' names no rule id | Name the rules it silences, or 'all'."),
        ("/// seamlint:disable:next test_forbidden\nlet forbidden = 1\n",
         "1:5 A suppression in a documentation comment is ignored | Write it in a '//' comment."),
        ("// seamlint: this file is generated\n",
         "1:4 Unknown suppression command 'seamlint:' | Write 'seamlint:disable' or 'seamlint:enable'."),
    ])
    func invalidSuppression(code: String, expected: String) {
        let found = TestRules.lint([("A.swift", code)]).filter { $0.ruleID == "invalid_suppression" }
        #expect(found.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.help ?? "")" } == [expected])
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func unknownIdsDoNotStopTheKnownOnes() {
        let code = "// seamlint:disable:next nope test_forbidden\nlet forbidden = 1\n"
        let diagnostics = TestRules.lint([("A.swift", code)])
        #expect(diagnostics.map(\.brief) == ["A.swift:1 invalid_suppression"])
    }

    /// The entry point a fixer uses: a suppressed or disabled rule fixes nothing.
    @Test func suppressionMapAnswersForAFixer() {
        let code = "// seamlint:disable:next test_forbidden\nlet forbidden = 1\nlet forbidden = 2\n"
        let file = SourceFile(path: "A.swift", bytes: Array(code.utf8))
        let map = SuppressionMap(file: file, knownRuleIDs: Set(TestRules.ids))
        var first = RuleContext(file: file, ruleID: "test_forbidden", severity: .warning)
        ForbiddenWord().check(&first)
        #expect(first.diagnostics.map(map.isSuppressed) == [true, false])
        #expect(map.directives.first?.justification == nil)
        let justified = SourceFile(path: "B.swift", bytes: Array("// seamlint:disable:next test_forbidden - legacy API\n".utf8))
        #expect(SuppressionMap(file: justified, knownRuleIDs: ["test_forbidden"]).directives.first?.justification == "legacy API")
    }

    /// `--fix` leaves a suppressed finding alone.
    @Test func fixHonoursSuppressions() throws {
        let scratch = ConfigurationScratch()
        let source = """
            struct CameraPreview: UIViewRepresentable {
                func makeUIView(context: Context) -> PreviewView { PreviewView() }
                func updateUIView(_ uiView: PreviewView, context: Context) {}
                // seamlint:disable:next representable_dismantle_not_static - called by our own teardown
                func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {}
            }

            """
        let path = scratch.write("Preview.swift", source)
        let output = TextSink.memory()
        let status = CommandLineTool(output: output, errors: .memory()).run(["--no-config", "--fix", "--quiet", path])
        #expect(status == 0)
        #expect(scratch.read("Preview.swift") == source)
        scratch.write("Preview.swift", source.replacingOccurrences(of: "seamlint", with: "swiftlint"))
        _ = CommandLineTool(output: output, errors: .memory()).run(["--no-config", "--fix", "--quiet", path])
        #expect(scratch.read("Preview.swift")?.contains("static func dismantleUIView") == true)
    }
}
