import Foundation
import Testing

/// Standard streams that fail (a full disk, a closed stream, a folder as input) and bad numbers
/// end the run with exit 2 and one `error:` line, never a trap; every reporter goes the same way.
@Suite("Output streams")
struct OutputStreamTests {
    static let reporters = ["xcode", "json", "summary", "markdown", "sarif", "github", "gitlab", "checkstyle", "junit"]

    /// Runs `lint` through `sh -c 'exec lint "$@" REDIRECTION'`, so a test can hand it a full or
    /// closed stream; no backtrace, so a trap shows as a signal status.
    static func lint(_ arguments: [String], redirection: String, directory: URL = PackageRoot.url) throws -> LintProcess.Run {
        try runProgram(URL(fileURLWithPath: "/bin/sh"),
                       ["-c", "exec \"$0\" \"$@\" \(redirection)", LintProcess.executable.path] + arguments + ["--no-config"],
                       directory: directory, environment: environment(adding: ["SWIFT_BACKTRACE": "enable=no"]))
    }

    /// Exit 2 and exactly one `error:` line (the summary line aside), which `expected` is part of.
    static func expectOneError(_ run: LintProcess.Run, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.status): \(run.errors)", sourceLocation: sourceLocation)
        let lines = run.problemLines
        #expect(lines.count == 1 && lines[0].hasPrefix("error: ") && lines[0].contains(expected), "\(run.errors)",
                sourceLocation: sourceLocation)
    }

    @Test("a full standard output: exit 2, one line, with every reporter", arguments: reporters)
    func fullStandardOutput(reporter: String) throws {
        let run = try Self.lint(["--reporter", reporter, "Samples"], redirection: "> /dev/full")
        Self.expectOneError(run, "cannot write to standard output: no space left on device")
    }

    @Test("a closed standard output: exit 2, one line, and no file receives the report", arguments: ["xcode", "json"])
    func closedStandardOutput(reporter: String) throws {
        let run = try Self.lint(["--reporter", reporter, "Samples"], redirection: ">&-")
        Self.expectOneError(run, "cannot write to standard output: the stream is closed")
    }

    @Test("help, version and the rule list to a full standard output", arguments: [["--help"], ["--version"], ["rules"], ["reporters"]])
    func fullOutputOtherCommands(arguments: [String]) throws {
        Self.expectOneError(try Self.lint(arguments, redirection: "> /dev/full"), "cannot write to standard output")
    }

    @Test("--fix --dry-run and --fix --stdin print to a full standard output")
    func fullOutputFix() throws {
        let scratch = try ScratchFolder()
        try scratch.write("A.swift", FixSafetyTests.fixable())
        Self.expectOneError(try Self.lint(["--fix", "--dry-run", "."], redirection: "> /dev/full", directory: scratch.url),
                            "cannot write to standard output")
        Self.expectOneError(try Self.lint(["--fix", "--stdin", "--stdin-path", "A.swift"],
                                          redirection: "< A.swift > /dev/full", directory: scratch.url),
                            "cannot write to standard output")
    }

    @Test("--output to a path that cannot be written: exit 2, one line", arguments: reporters)
    func unwritableOutput(reporter: String) throws {
        let scratch = try ScratchFolder()
        try scratch.write("File", "x")
        for target in [scratch.path + "/Missing/report", scratch.path + "/File/report", scratch.path] {
            let run = try Self.lint(["--reporter", reporter, "--output", target, "Samples"], redirection: "")
            Self.expectOneError(run, "cannot write the report")
        }
    }

    @Test("standard input that cannot be read: exit 2, one line", arguments: ["< /", "<&-"])
    func unreadableStandardInput(redirection: String) throws {
        let run = try Self.lint(["--stdin", "--stdin-path", "A.swift"], redirection: redirection)
        Self.expectOneError(run, "standard input: ")
    }

    @Test("endless standard input stops at the size limit")
    func endlessStandardInput() throws {
        let run = try Self.lint(["--max-file-size", "0.5", "--stdin", "--stdin-path", "A.swift"], redirection: "< /dev/zero")
        Self.expectOneError(run, "standard input: more than 524288 bytes")
    }

    @Test("--max-file-size that is not a usable number", arguments: ["inf", "-inf", "nan", "-1", "0", "1e400", "1e300",
                                                                 "9999999999999", "1e-30", "", "12abc"])
    func badMaximumFileSize(value: String) throws {
        let run = try Self.lint(["--max-file-size", value, "Samples"], redirection: "> /dev/null")
        Self.expectOneError(run, "--max-file-size: ")
    }

    @Test("--max-file-size accepts fractions and large sizes")
    func goodMaximumFileSize() throws {
        for value in ["1", "64", "1048576"] {
            let run = try Self.lint(["--max-file-size", value, "--quiet", "Samples/MenuAppFixed"], redirection: "> /dev/null")
            #expect(run.status == 0, "\(value): \(run.errors)")
        }
    }
}
