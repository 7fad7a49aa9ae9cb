import Foundation
@testable import SeamLintCLI
import SeamLintCore
import SeamLintEngine
import Testing

/// The post-filters of a `lint` run: one declared order, and the places where the order matters.
@Suite struct DiagnosticFilterTests {
    static let keyWindow = "let a = UIApplication.shared.keyWindow\nlet b = UIApplication.shared.keyWindow\n"

    static func setup(_ arguments: [String], in scratch: ConfigurationScratch) throws -> RunSetup {
        try RunSetup(arguments: Arguments.parse(["--no-config", "--quiet"] + arguments + [scratch.root]), workingDirectory: scratch.root)
    }

    static func finding(_ file: String, line: Int, severity: Severity = .error) -> Diagnostic {
        Diagnostic(ruleID: "key_window_lookup", severity: severity, message: "m",
                   location: Location(file: file, line: line, column: 30, offset: (line - 1) * 39 + 29), length: 9)
    }

    @Test func stepsRunInTheDeclaredOrder() throws {
        let scratch = ConfigurationScratch()
        let setup = try Self.setup(["--stdin", "--stdin-path", "Sources/A.swift", "--lenient", "--absolute-paths"], in: scratch)
        let filters = try DiagnosticFilter.pipeline(setup, stdinPath: "Sources/A.swift", overrides: [:], linted: [],
                                                    errors: TextSink.memory())
        #expect(filters.map(\.name) == ["stdin file", "lenient", "absolute paths"])
        let write = try Self.setup(["--write-baseline", "b.json"], in: scratch)
        _ = try DiagnosticFilter.run(DiagnosticFilter.pipeline(write, stdinPath: nil, overrides: [:], linted: [], errors: TextSink.memory()), on: [])
        let all = try Self.setup(["--baseline", "b.json", "--write-baseline", "b.json", "--lenient", "--absolute-paths"], in: scratch)
        let names = try DiagnosticFilter.pipeline(all, stdinPath: nil, overrides: [:], linted: [], errors: TextSink.memory()).map(\.name)
        #expect(names == ["record baseline", "baseline", "lenient", "absolute paths"])
    }

    /// The standard-input step compares displayed paths: after `absolute paths` it would drop everything.
    @Test func pathsBecomeAbsoluteLast() throws {
        let scratch = ConfigurationScratch()
        let setup = try Self.setup(["--stdin", "--stdin-path", "Sources/A.swift", "--lenient", "--absolute-paths"], in: scratch)
        let filters = try DiagnosticFilter.pipeline(setup, stdinPath: "Sources/A.swift", overrides: [:], linted: [],
                                                    errors: TextSink.memory())
        let found = [Self.finding("Sources/A.swift", line: 1), Self.finding("Sources/B.swift", line: 1)]
        let kept = try DiagnosticFilter.run(filters, on: found)
        #expect(kept.count == 1)
        #expect(kept.first?.location.file.hasSuffix("/Sources/A.swift") == true && kept.first?.location.file.hasPrefix("/") == true)
        #expect(kept.first?.severity == .warning)
        #expect(try DiagnosticFilter.run(filters.reversed(), on: found).isEmpty)
    }

    /// Updating a baseline in place (`--baseline F --write-baseline F`) records every finding,
    /// the known ones too: recording after the comparison would forget them.
    @Test func theBaselineIsRecordedBeforeItFilters() throws {
        let scratch = ConfigurationScratch()
        scratch.write("A.swift", Self.keyWindow)
        let first = Self.finding("A.swift", line: 1), second = Self.finding("A.swift", line: 2)
        let path = scratch.path("b.json")
        let initial = try DiagnosticFilter.pipeline(Self.setup(["--write-baseline", path], in: scratch), stdinPath: nil,
                                                    overrides: [:], linted: [], errors: TextSink.memory())
        _ = try DiagnosticFilter.run(initial, on: [first])
        func recorded() throws -> Int {
            try Baseline.load(path: path, displayPath: "b.json").get().entries.reduce(0) { $0 + $1.count }
        }
        #expect(try recorded() == 1)

        let update = try Self.setup(["--baseline", path, "--write-baseline", path], in: scratch)
        let filters = try DiagnosticFilter.pipeline(update, stdinPath: nil, overrides: [:], linted: [], errors: TextSink.memory())
        #expect(try DiagnosticFilter.run(filters, on: [first, second]) == [second])
        #expect(try recorded() == 2)

        _ = try DiagnosticFilter.run(initial, on: [first])
        let reversed = try DiagnosticFilter.pipeline(update, stdinPath: nil, overrides: [:], linted: [], errors: TextSink.memory())
        #expect(try DiagnosticFilter.run(reversed.reversed(), on: [first, second]) == [second])
        #expect(try recorded() == 1, "recorded after the comparison, the known finding is lost")
    }
}

/// `--changed-lines-only` looks at a finding's whole span and at the code that decided it.
@Suite struct ChangedLinesFilterTests {
    @Test func spansAndDecidingCodeOnChangedLines() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        let lines = (1...8).map { "let v\($0) = \($0)" }
        repo.write("A.swift", lines.joined(separator: "\n") + "\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        var edited = lines
        edited[3] = "let v4 = 40"  // line 4 changes
        repo.write("A.swift", edited.joined(separator: "\n") + "\n")
        let setup = try RunSetup(arguments: Arguments.parse(["--no-config", "--quiet", "--diff", "HEAD", "--changed-lines-only", repo.root]),
                                 workingDirectory: repo.root)
        let filters = try DiagnosticFilter.pipeline(setup, stdinPath: nil, overrides: [:], linted: [], errors: TextSink.memory())
        func finding(_ line: Int, through last: Int? = nil, decidedBy: [Int] = []) -> Diagnostic {
            var diagnostic = Diagnostic(ruleID: "r", severity: .warning, message: "line \(line)",
                                        location: Location(file: "A.swift", line: line, column: 1, offset: 0), length: 1,
                                        end: SourcePosition(line: last ?? line, column: 2, offset: 1))
            diagnostic.decidedBy = decidedBy.map { Location(file: "A.swift", line: $0, column: 1, offset: 0) }
            return diagnostic
        }
        let found = [finding(4), finding(3, through: 5), finding(1, through: 3), finding(7, decidedBy: [4]), finding(8, decidedBy: [2])]
        let kept = try DiagnosticFilter.run(filters, on: found).map(\.message)
        #expect(kept == ["line 4", "line 3", "line 7"])
    }
}
