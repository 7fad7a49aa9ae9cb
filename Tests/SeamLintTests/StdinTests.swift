import Foundation
import Testing

/// `--stdin --stdin-path PATH`: standard input linted as if it were the file at PATH, through the
/// built `lint`, in a fresh folder.
@Suite("--stdin")
struct StdinTests {
    static let buggy = FixTests.buggy
    static let rule = "(representable_dismantle_not_static)"

    @Test func lintsTheInputUnderThePathGiven() throws {
        let folder = try Folder(["Other.swift": Self.buggy])
        defer { folder.remove() }
        let run = try folder.lint(["--stdin", "--stdin-path", "Sources/Not There, 100%.swift"], input: Data(Self.buggy.utf8))
        #expect(run.status == 1)
        // Only the input's findings: Other.swift is read for project facts, not reported.
        #expect(run.output.hasPrefix("Sources/Not There, 100%.swift:7:5: error: "), "\(run.output)")
        #expect(run.output.split(separator: "\n").count == 1)
        let json = try folder.lint(["--stdin", "--stdin-path", "A.swift", "--reporter", "json"], input: Data(Self.buggy.utf8))
        #expect(try Finding.fromJSON(json.output).map(\.file) == ["A.swift"])
    }

    @Test func theInputReplacesTheFileOnDisk() throws {
        let folder = try Folder(["A.swift": Self.buggy])
        defer { folder.remove() }
        let clean = try folder.lint(["--stdin", "--stdin-path", "A.swift"], input: Data(FixTests.clean.utf8))
        #expect(clean.status == 0 && clean.output.isEmpty)
        #expect(clean.errors == "SeamLint: 1 file linted\n", "the file is counted once")
    }

    /// Settings, exclusions and project facts follow the path.
    @Test(arguments: [
        ("a nested configuration turns the rule off", "Sub/A.swift",
         ["Sub/.seamlint.json": "{ rules: { representable_dismantle_not_static: \"off\" } }"], false),
        ("an excluded folder", "Generated/A.swift", [".seamlint.json": "{ excluded: [\"Generated\"] }"], false),
        ("outside the included paths", "Scripts/A.swift", [".seamlint.json": "{ included: [\"Sources\"] }"], false),
        ("inside the included paths", "Sources/App/A.swift", [".seamlint.json": "{ included: [\"Sources\"] }"], true),
        ("no configuration", "Sub/A.swift", [:], true),
    ])
    func configurationAppliesAsForThePath(_ label: String, path: String, files: [String: String], reported: Bool) throws {
        let folder = try Folder(files)
        defer { folder.remove() }
        let run = try folder.lint(["--stdin", "--stdin-path", path], input: Data(Self.buggy.utf8))
        #expect(run.output.contains(Self.rule) == reported, "\(label): \(run.output)")
        #expect(run.status == (reported ? 1 : 0), "\(label): \(run.errors)")
        // An editor replaces its buffer with the output of --fix: an excluded file comes back as it was.
        let fix = try folder.lint(["--stdin", "--stdin-path", path, "--fix"], input: Data(Self.buggy.utf8))
        #expect(fix.output == (reported ? FixTests.fixed : Self.buggy), "\(label)")
    }

    /// The menu's file alone looks buggy; with its project around it (a workaround window in
    /// another file), it is not.
    @Test func projectRulesSeeTheRestOfTheProject() throws {
        let folder = try Folder([:])
        defer { folder.remove() }
        try FileManager.default.copyItem(at: PackageRoot.url.appendingPathComponent("Samples/MenuAppFixed"),
                                         to: folder.url.appendingPathComponent("App"))
        let source = try Data(contentsOf: folder.url.appendingPathComponent("App/TrailListView.swift"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("App/TrailListView.swift"))
        let inProject = try folder.lint(["--stdin", "--stdin-path", "App/TrailListView.swift"], input: source)
        #expect(inProject.status == 0 && inProject.output.isEmpty, "\(inProject.output)")
        // The same project manifest (deployment target) in a folder without the rest of the app.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("App/Package.swift"),
                                         to: folder.url.appendingPathComponent("Elsewhere/Package.swift"))
        let alone = try folder.lint(["--stdin", "--stdin-path", "Elsewhere/TrailListView.swift", "Elsewhere"], input: source)
        #expect(alone.output.contains("(menu_touch_through)"), "control: alone, the file is reported\n\(alone.output)")
    }

    @Test func fixPrintsTheFixedSourceAndWritesNothing() throws {
        let folder = try Folder(["A.swift": Self.buggy])
        defer { folder.remove() }
        let before = try folder.snapshot()
        let fix = try folder.lint(["--stdin", "--stdin-path", "A.swift", "--fix"], input: Data(Self.buggy.utf8))
        #expect(fix.output == FixTests.fixed)
        #expect(fix.status == 0, "the fixed source has no error left: \(fix.errors)")
        let diff = try folder.lint(["--stdin", "--stdin-path", "A.swift", "--fix", "--dry-run"], input: Data(Self.buggy.utf8))
        #expect(diff.output == (try SystemDiff.unified(old: Self.buggy, new: FixTests.fixed, label: "A.swift")))
        #expect(diff.status == 1, "a dry run changes nothing, so the error remains")
        #expect(try folder.snapshot() == before)
    }

    @Test(arguments: [
        (["--stdin"], Data("let x = 1\n".utf8),
         "error: --stdin needs --stdin-path PATH (where the source would live, for configuration and messages)\n"),
        (["--stdin", "--stdin-path", "Bad\nName.swift"], Data([0x6C, 0x65, 0x74, 0xFF]),
         "error: <stdin> (Bad\\nName.swift): not valid UTF-8 (byte offset 3)\n"),
    ])
    func badInputIsOneClearError(arguments: [String], input: Data, message: String) throws {
        let folder = try Folder([:])
        defer { folder.remove() }
        let run = try folder.lint(arguments, input: input)
        #expect(run.status == 2 && run.output.isEmpty)
        #expect(run.errors == message)
    }
}

/// `--use-script-input-files`: the files of an Xcode run-script phase's input list.
@Suite("--use-script-input-files")
struct ScriptInputFileTests {
    static func environment(_ values: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCRIPT_INPUT_FILE") }.merging(values) { _, new in new }
    }

    @Test func lintsExactlyTheListedFiles() throws {
        let folder = try Folder(["App/A.swift": FixTests.buggy, "App/B b.swift": FixTests.buggy, "App/C.swift": FixTests.buggy])
        defer { folder.remove() }
        let environment = Self.environment([
            "SCRIPT_INPUT_FILE_COUNT": "2",
            "SCRIPT_INPUT_FILE_0": folder.url.appendingPathComponent("App/A.swift").path,
            "SCRIPT_INPUT_FILE_1": folder.url.appendingPathComponent("App/B b.swift").path,
        ])
        let run = try folder.lint(["--use-script-input-files", "--absolute-paths"], environment: environment)
        #expect(run.status == 1)
        let files = ReporterReadBack.xcode(run.output).findings.map(\.file)
        #expect(files == ["App/A.swift", "App/B b.swift"].map { folder.url.appendingPathComponent($0).path })
    }

    @Test(arguments: [
        ([:], "error: --use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set (run from an Xcode build phase)\n"),
        (["SCRIPT_INPUT_FILE_COUNT": "two"], "error: --use-script-input-files: SCRIPT_INPUT_FILE_COUNT is 'two', not a number\n"),
        (["SCRIPT_INPUT_FILE_COUNT": "2", "SCRIPT_INPUT_FILE_0": "A.swift"],
         "error: --use-script-input-files: SCRIPT_INPUT_FILE_1 is not set\n"),
        (["SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": "Missing.swift"],
         "Missing.swift: error: no such file or directory\n"),
    ])
    func aBrokenListIsOneClearError(values: [String: String], message: String) throws {
        let folder = try Folder(["A.swift": FixTests.buggy])
        defer { folder.remove() }
        let run = try folder.lint(["--quiet", "--use-script-input-files"], environment: Self.environment(values))
        #expect(run.status == 2 && run.output.isEmpty)
        #expect(run.errors == message)
    }

    @Test func anEmptyListLintsNothingButThePathsGiven() throws {
        let folder = try Folder(["A.swift": FixTests.buggy, "B.swift": FixTests.buggy])
        defer { folder.remove() }
        let empty = Self.environment(["SCRIPT_INPUT_FILE_COUNT": "0"])
        let run = try folder.lint(["--use-script-input-files"], environment: empty)
        #expect(run.status == 0 && run.output.isEmpty)
        #expect(run.errors == "SeamLint: 0 files linted\n")
        let withPath = try folder.lint(["--use-script-input-files", "B.swift"], environment: empty)
        #expect(ReporterReadBack.xcode(withPath.output).findings.map(\.file) == ["B.swift"])
    }

    /// The run-script phase of docs/integrations.md, run by `sh` with the variables Xcode sets.
    @Test func theDocumentedBuildPhaseScriptWorks() throws {
        let documentation = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/integrations.md"), encoding: .utf8)
        let start = try #require(documentation.range(of: "2. Script:\n\n   ```sh\n"))
        let end = try #require(documentation.range(of: "   ```", range: start.upperBound..<documentation.endIndex))
        let script = documentation[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.dropFirst(3) }.joined(separator: "\n")
        let folder = try Folder(["App/A.swift": FixTests.buggy, "App/Clean.swift": FixTests.clean])
        defer { folder.remove() }
        let stamp = folder.url.appendingPathComponent("Derived/seamlint.stamp")
        try FileManager.default.createDirectory(at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
        let environment = Self.environment([
            "PATH": LintProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "SCRIPT_INPUT_FILE_COUNT": "1",
            "SCRIPT_INPUT_FILE_0": folder.url.appendingPathComponent("App/A.swift").path,
            "SCRIPT_OUTPUT_FILE_0": stamp.path,
            "IPHONEOS_DEPLOYMENT_TARGET": "16.0",
        ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = environment
        process.currentDirectoryURL = folder.url.appendingPathComponent("App")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "an error fails the build phase")
        let findings = ReporterReadBack.xcode(text).findings
        #expect(findings.map(\.file) == [folder.url.appendingPathComponent("App/A.swift").path], "\(text)")
        #expect(FileManager.default.fileExists(atPath: stamp.path), "the output file is touched")
    }
}
