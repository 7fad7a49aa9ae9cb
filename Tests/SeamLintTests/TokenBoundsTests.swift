import Foundation
import Testing

/// Files whose first or last code token sends a rule looking before the first or past the last
/// token: each once trapped the whole run (issue 18). Linted through the built `lint`, so a trap
/// fails this test instead of the test process.
@Suite("Token access at the ends of a file")
struct TokenBoundsTests {
    struct Crasher: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    /// One of each input that trapped before the token vocabulary was bounds-checked.
    static let crashers: [Crasher] = [
        Crasher(name: "onOpenURL as the first code token", text: "onOpenURL"),
        Crasher(name: "onContinueUserActivity as the first code token", text: "onContinueUserActivity"),
        Crasher(name: "onOpenURL after a comment", text: "// x\nonOpenURL { }"),
        Crasher(name: "scrollEdgeAppearance assigned as the first token", text: "scrollEdgeAppearance = x"),
        // Found by cutting the rule examples on the starting build: a suffix of a subviews_kvo example.
        Crasher(name: "a leading .observe of subviews", text: ".observe(\\.subviews, options: [.new]) { _, _ in }"),
    ]

    @Test("linted without a trap, the buggy file beside it still reported", arguments: crashers)
    func linted(_ crasher: Crasher) throws {
        let scratch = try ScratchFolder()
        try scratch.write("Crash.swift", crasher.text)
        try scratch.write("Good.swift", BuggySource.text)
        let run = try scratch.lint(["--enable-all-rules", "."])
        #expect(run.status == 0, "\(run.errors)")  // warnings only
        #expect(run.diagnosticLines.contains { $0.hasPrefix("Good.swift:4:") }, "\(run.output)")
    }
}
