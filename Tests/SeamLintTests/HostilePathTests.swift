import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// The built `lint` on hostile file systems: unreadable files, folders that vanish, symbolic link
/// loops and links out of the tree, special files, and file names made to confuse.
@Suite("Hostile paths")
struct HostilePathTests {
    // MARK: Unreadable files

    /// Root reads any file whatever its mode, so the linter runs without the capabilities that
    /// allow it (`setpriv`), as an ordinary user would. Nil when that is not possible here.
    static let withoutOverride: [String]? = {
        if geteuid() != 0 { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        let prefix = [setpriv, "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]
        // Check that it really works here (containers may forbid changing capabilities).
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: setpriv)
        probe.arguments = Array(prefix.dropFirst()) + ["/bin/true"]
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? prefix : nil
    }()

    /// Runs `lint` in `folder` unable to bypass file permissions.
    static func lintWithoutOverride(_ arguments: [String], in folder: ScratchFolder) throws -> LintProcess.Run {
        let prefix = try #require(withoutOverride)
        guard let tool = prefix.first else { return try folder.lint(arguments) }
        return try runProgram(URL(fileURLWithPath: tool),
                              Array(prefix.dropFirst()) + [LintProcess.executable.path, "--no-config"] + arguments,
                              directory: folder.url)
    }

    @Test("an unreadable file and folder: one line each, the rest linted",
          .enabled(if: withoutOverride != nil, "running as root without setpriv: permissions cannot be enforced"))
    func unreadable() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        let secret = try scratch.write("Secret.swift", BuggySource.text)
        try scratch.write("Locked/Inner.swift", BuggySource.text)
        chmod(secret, 0)
        chmod(scratch.url.appendingPathComponent("Locked").path, 0)
        let run = try Self.lintWithoutOverride(["."], in: scratch)
        #expect(run.status == 2)
        #expect(run.problemLines.sorted() == ["Locked: error: permission denied", "Secret.swift: error: permission denied"],
                "\(run.errors)")
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("Good.swift:4:"), "\(run.output)")
    }

    // MARK: Special files

    @Test("a FIFO named .swift never blocks the run")
    func fifo() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        #expect(mkfifo(scratch.url.appendingPathComponent("Pipe.swift").path, 0o644) == 0)
        let walked = try scratch.lint(["."])
        #expect(walked.status == 2 && walked.diagnosticLines.count == 1, "\(walked.errors)")
        #expect(walked.problemLines == ["Pipe.swift: error: not a regular file (a FIFO); skipped"], "\(walked.errors)")
        let named = try scratch.lint(["Pipe.swift"])
        #expect(named.status == 2)
        #expect(named.problemLines == ["Pipe.swift: error: not a regular file or directory"])
    }

    @Test("a folder named like a source file is walked")
    func folderNamedSwift() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Folder.swift/Inner.swift", BuggySource.text)
        let run = try scratch.lint(["."])
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("Folder.swift/Inner.swift:4:"))
    }

    // MARK: Folders that vanish

    /// Discovery found the files, then their folder went away before the workers read them.
    @Test("files that vanish after discovery: one problem each, no crash")
    func vanishedAfterDiscovery() throws {
        let scratch = try ScratchFolder()
        for index in 0..<5 { try scratch.write("Gone/File\(index).swift", BuggySource.text) }
        try scratch.write("Kept.swift", BuggySource.text)
        let (files, problems) = FileDiscovery.discover([scratch.path], options: DiscoveryOptions())
        #expect(files.count == 6 && problems.isEmpty)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("Gone"))
        var options = LintOptions(rules: allRules)
        options.workers = 4
        let result = Linter(options: options, allRules: allRules).lint(files)
        #expect(result.problems.count == 5)
        #expect(result.problems.allSatisfy { $0.reason == "no such file or directory" })
        #expect(result.filesLinted == 1)
        #expect(result.diagnostics.allSatisfy { $0.location.file.hasSuffix("Kept.swift") })
    }

    /// A real race: the tree is deleted while `lint` walks and reads it. Whatever it saw, it
    /// exits normally with well-formed output.
    @Test("a tree deleted during the run", arguments: 0..<3)
    func deletedDuringRun(attempt: Int) throws {
        let scratch = try ScratchFolder()
        for folder in 0..<20 {
            for file in 0..<20 { try scratch.write("Tree/F\(folder)/File\(file).swift", BuggySource.text) }
        }
        let deleter = Thread {
            usleep(UInt32(2_000 + attempt * 20_000))
            try? FileManager.default.removeItem(at: scratch.url.appendingPathComponent("Tree"))
        }
        deleter.start()
        let run = try scratch.lint(["--workers", "4", "Tree"])
        #expect([0, 1, 2].contains(run.status), "exit \(run.status): \(run.errors.suffix(400))")
        for line in run.problemLines {
            #expect(line.hasPrefix("Tree") && line.contains(": error: "), "\(line)")
        }
        for line in run.diagnosticLines { #expect(line.hasPrefix("Tree/F"), "\(line)") }
        while FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Tree").path) { usleep(1000) }
    }

    // MARK: Symbolic links

    @Test("symbolic link loops end the walk; each file is linted once")
    func linkLoops() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Sub/File.swift", BuggySource.text)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: scratch.path + "/Sub/Back", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: scratch.path + "/Sub/Self", withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: scratch.path + "/A.swift", withDestinationPath: "B.swift")
        try manager.createSymbolicLink(atPath: scratch.path + "/B.swift", withDestinationPath: "A.swift")
        try manager.createSymbolicLink(atPath: scratch.path + "/Ring1", withDestinationPath: "Ring2")
        try manager.createSymbolicLink(atPath: scratch.path + "/Ring2", withDestinationPath: "Ring1")
        for arguments in [["."], ["--follow-symlinks", "."]] {
            let run = try scratch.lint(arguments)
            #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("Sub/File.swift:4:"),
                    "\(arguments): \(run.output)")
            // The two looping file links are problems; the looping folder links are skipped.
            #expect(run.problemLines.sorted().map { $0.prefix { $0 != ":" } } == ["A.swift", "B.swift"], "\(run.errors)")
            #expect(run.problemLines.allSatisfy { $0.split(separator: "\n").count == 1 })
        }
    }

    @Test("links that leave the tree are not followed unless asked")
    func linksOutOfTree() throws {
        let outside = try ScratchFolder()
        try outside.write("Real.swift", BuggySource.text)
        let scratch = try ScratchFolder()
        try scratch.write("Own.swift", "let x = 1\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Out", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Link.swift",
                                                   withDestinationPath: outside.path + "/Real.swift")
        let run = try scratch.lint(["."])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.errors == "SeamLint: 1 file linted\n")

        let followed = try scratch.lint(["--follow-symlinks", "."])
        // The same file through two links: listed once, under the smaller path.
        #expect(followed.diagnosticLines.count == 1 && followed.diagnosticLines[0].hasPrefix("Link.swift:4:"),
                "\(followed.output)")
    }

    // MARK: File names

    /// Names a shell, a CI log or a reporter could misread.
    static let hostileNames: [String] = [
        "with space.swift", "new\nline.swift", "carriage\rreturn.swift", "tab\there.swift", "100%.swift", "%0A.swift",
        "a:b:c.swift", "a,b.swift", "quote\"d.swift", "it's.swift", "ünïcödé-日本語.swift", "e\u{301}.swift", "é.swift",
        "-dash.swift", "--dashdash.swift", "esc\u{1B}[31mred.swift", "bidi\u{202E}tfiws.swift", "back\\slash.swift",
        "emoji🙂.swift", "<tag>&amp;.swift", "::error::x.swift", "[link](x).swift", "*star*.swift", "|pipe|.swift",
    ]

    @Test("hostile file names are linted and shown escaped, one line each")
    func hostileNames() throws {
        let scratch = try ScratchFolder()
        for name in Self.hostileNames { try scratch.write(name, BuggySource.text) }
        let run = try scratch.lint(["."])
        #expect(run.status == 0)
        #expect(run.problemLines.isEmpty, "\(run.errors)")
        #expect(run.diagnosticLines.count == Self.hostileNames.count, "\(run.output)")
        let shown = Set(run.diagnosticLines.map { line in String(line[..<line.range(of: ":4:")!.lowerBound]) })
        #expect(shown == Set(Self.hostileNames.map(\.escapingControlCharacters)))
        #expect(!run.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || $0.value == 0x202E })
    }

    @Test("a file name starting with a dash, named on the command line", arguments: [["--", "-dash.swift"], ["./-dash.swift"]])
    func leadingDash(arguments: [String]) throws {
        let scratch = try ScratchFolder()
        try scratch.write("-dash.swift", BuggySource.text)
        let run = try scratch.lint(arguments)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("-dash.swift:4:"), "\(run.output)")
    }

    @Test("an unknown option that looks like a file name is a usage error")
    func dashFileWithoutSeparator() throws {
        let scratch = try ScratchFolder()
        try scratch.write("-dash.swift", BuggySource.text)
        let run = try scratch.lint(["-dash.swift"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: unknown option '-dash.swift'"), "\(run.errors)")
    }

    @Test("a file name that is not UTF-8: one problem line, the rest linted")
    func nonUTF8Name() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Good.swift", BuggySource.text)
        let name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".swift".utf8)
        let path = Array(scratch.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try scratch.lint(["."])
        #expect(run.status == 2)
        #expect(run.problemLines == ["bad\u{FFFD}\u{FFFD}.swift: error: file name is not valid UTF-8"], "\(run.errors)")
        #expect(run.diagnosticLines.count == 1)
    }
}
