import SeamLintCore
import SeamLintEngine
import SeamLintRules
import SeamLintCLI
import Testing

/// Diagnostics carry the end of what they flag, computed by the core from the text it linted, so
/// reporters never read a file again for it.
@Suite struct DiagnosticEndTests {
    static func position(_ line: Int, _ column: Int, _ offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: column, offset: offset)
    }

    @Test func endCountsCodePointsAndLineBreaks() {
        let bytes = Array("é🦄x\r\nab\rc\nd".utf8)
        let start = Location(file: "f", line: 1, column: 1, offset: 0)
        // é is 2 bytes, 🦄 4: three code points on the first line.
        #expect(SourcePosition.end(after: start, length: 7, in: bytes) == Self.position(1, 4, 7))
        // CR LF is one line break; the CR counts no column.
        #expect(SourcePosition.end(after: start, length: 9, in: bytes) == Self.position(2, 1, 9))
        // A lone CR breaks a line too.
        #expect(SourcePosition.end(after: start, length: 12, in: bytes) == Self.position(3, 1, 12))
        #expect(SourcePosition.end(after: start, length: 0, in: bytes) == Self.position(1, 1, 0))
        #expect(SourcePosition.end(after: start, length: bytes.count + 1, in: bytes) == nil)
    }

    @Test func fileRuleDiagnosticsEndAfterTheFlaggedText() throws {
        var options = LintOptions(rules: [KeyWindowLookup.self])
        options.discoverDeploymentTargets = false
        let code = "// é 🦄\nfunc f() { let w = /* 🦄 */ UIApplication.shared.keyWindow }\n"
        let found = Linter(options: options, allRules: allRules).lint(sources: [(path: "A.swift", code: code)]).diagnostics
        let diagnostic = try #require(found.first)
        let end = try #require(diagnostic.end)
        let bytes = Array(code.utf8)
        let flagged = String(decoding: bytes[diagnostic.location.offset..<end.offset], as: UTF8.self)
        #expect(flagged == "UIApplication.shared.keyWindow")
        #expect(end.offset == diagnostic.location.offset + diagnostic.length)
        #expect(end.line == diagnostic.location.line)
        #expect(end.column == diagnostic.location.column + flagged.unicodeScalars.count)
    }

    @Test func projectRuleAndSuppressionDiagnosticsCarryTheirEnd() throws {
        let found = TestRules.lint([(path: "A.swift", code: "let é = 1\nlet menu = 2 // seamlint:disable:this test_forbidden\n")])
        let project = try #require(found.first { $0.ruleID == "test_project" })
        #expect(project.end == Self.position(2, 9, project.location.offset + 4))
        let superfluous = try #require(found.first { $0.ruleID == "superfluous_suppression" })
        let end = try #require(superfluous.end)
        #expect(end.offset == superfluous.location.offset + superfluous.length)
        #expect(end.column == superfluous.location.column + "test_forbidden".count)
    }
}
