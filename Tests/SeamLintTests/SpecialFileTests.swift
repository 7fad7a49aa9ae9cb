import Foundation
import Testing

/// A FIFO, device or socket named like a source file is never opened: one line names it and the
/// run lints everything else (exit 2). An unreadable file costs that file only.
@Suite("Special files")
struct SpecialFileTests {
    static func expectSkipped(_ run: LintProcess.Run, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.problemLines == lines, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("Good.swift:4:"), "\(run.output)",
                sourceLocation: sourceLocation)
    }

    @Test("FIFOs named .swift, .m and .h, in a subfolder too, are named and skipped")
    func fifos() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        try scratch.write("Sub/Keep.txt", "")
        for name in ["Pipe.swift", "Pipe.m", "Sub/Pipe.h", "Pipe.txt"] { #expect(mkfifo(scratch.path + "/" + name, 0o644) == 0) }
        Self.expectSkipped(try scratch.lint(["."]), [
            "Pipe.m: error: not a regular file (a FIFO); skipped",
            "Pipe.swift: error: not a regular file (a FIFO); skipped",
            "Sub/Pipe.h: error: not a regular file (a FIFO); skipped",
        ])
        // Objective-C turned off: its FIFOs are not source files of this run.
        let swiftOnly = try scratch.lint(["--no-objc", "."])
        #expect(swiftOnly.problemLines == ["Pipe.swift: error: not a regular file (a FIFO); skipped"], "\(swiftOnly.errors)")
    }

    @Test("a character device named .swift is named and skipped")
    func device() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        #expect(mknod(scratch.path + "/Zero.swift", S_IFCHR | 0o666, dev_t((1 << 8) | 5)) == 0)  // /dev/zero's numbers
        Self.expectSkipped(try scratch.lint(["."]), ["Zero.swift: error: not a regular file (a character device); skipped"])
    }

    @Test("a link to a FIFO inside the tree is named and skipped")
    func linkToFIFO() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        #expect(mkfifo(scratch.path + "/pipe", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Link.swift", withDestinationPath: "pipe")
        Self.expectSkipped(try scratch.lint(["."]), ["Link.swift: error: not a regular file (a FIFO); skipped"])
    }

    @Test("an excluded FIFO says nothing")
    func excludedFIFO() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        try scratch.write(".seamlint.json", #"{ "excluded": ["Pipe.swift"] }"#)
        #expect(mkfifo(scratch.path + "/Pipe.swift", 0o644) == 0)
        let run = try LintProcess.run(["."], directory: scratch.url)
        #expect(run.status == 0 && run.problemLines.isEmpty, "\(run.errors)")
    }

    @Test("an unreadable file costs that file only")
    func unreadable() throws {
        guard geteuid() == 0 else { return }  // root reads everything: the run drops to nobody
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        chmod(try scratch.write("Secret.swift", BuggySource.text), 0o000)
        let run = try runProgram(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                 ["--reuid=65534", "--regid=65534", "--clear-groups", LintProcess.executable.path,
                                  "--no-config", "."], directory: scratch.url)
        Self.expectSkipped(run, ["Secret.swift: error: permission denied"])
    }
}
