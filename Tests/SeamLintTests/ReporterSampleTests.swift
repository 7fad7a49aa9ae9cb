import Foundation
import SeamLintEngine
import SeamLintCLI
import Testing

/// Every reporter, through the built `lint`, on two sample apps under hostile file names: the
/// output matches its golden file (regenerate with `swift run seamlint-dev regenerate` and
/// review the diff) and reads back, escaping undone, to exactly the findings of the samples under their own
/// names. Goldens: Tests/SeamLintTests/Fixtures/ReporterSamples/.
@Suite("Reporters on the samples")
struct ReporterSampleTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ReporterSamples")
    static let goldenNames = [
        "xcode": "xcode.txt", "json": "json.json", "summary": "summary.txt", "markdown": "markdown.md",
        "sarif": "sarif.sarif", "github": "github.txt", "gitlab": "gitlab.json", "checkstyle": "checkstyle.xml",
        "junit": "junit.xml", "terminal": "terminal.txt",
    ]

    @Test("output matches the golden file", arguments: Reporters.all.map { $0.id })
    func golden(id: String) throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let run = try tree.lint(reporter: id)
        #expect(run.status == 1, "exit \(run.status): \(run.errors)")
        #expect(run.errors.isEmpty, "\(run.errors)")
        // Only SARIF names the working folder (its %SRCROOT%), which differs per run.
        var output = run.output.replacingOccurrences(of: tree.root.path, with: "/ROOT")
        if id == "sarif" {
            // SARIF embeds each rule's documentation: checked against the metadata here, left out
            // of the golden, so that editing a rationale does not break this test.
            try SARIFRuleDocumentation.check(output)
            output = SARIFRuleDocumentation.elided(output)
        }
        let name = try #require(Self.goldenNames[id], "no golden file name for \(id)")
        let url = Self.goldenFolder.appendingPathComponent(name)
        if GeneratedFiles.isRegenerating {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(Array(golden) == Array(output.utf8),
                "\(id) output differs from \(name); run `swift run seamlint-dev regenerate` and review the diff")
    }

    @Test("output reads back to the samples' findings", arguments: Reporters.all.map { $0.id })
    func readBack(id: String) throws {
        let expected = try HostileSampleTree.expectedFindings()
        try #require(expected.count > 5 && expected.contains { $0.file.contains("\n") }, "the samples changed: \(expected)")
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let output = try tree.lint(reporter: id).output
        switch id {
        case "xcode":
            let (findings, related) = ReporterReadBack.xcode(output)
            #expect(findings.sorted() == expected.map(\.withDisplayedFile).sorted())
            #expect(related > 0, "the project rules' related notes are missing")
        case "json":
            #expect(try Finding.fromJSON(output).sorted() == expected)
        case "sarif":
            #expect(try ReporterReadBack.sarif(output, root: tree.root.path).sorted() == expected)
        case "github":
            let findings = try #require(ReporterReadBack.github(output), "a line is not one workflow command:\n\(output)")
            #expect(findings.sorted() == expected)
            #expect(output.split(separator: "\n").count == expected.count, "one line per diagnostic")
        case "gitlab":
            #expect(try ReporterReadBack.gitlab(output).sorted() == expected.map(\.withoutColumn).sorted())
        case "checkstyle":
            #expect(try ReporterReadBack.checkstyle(output).sorted() == expected)
        case "junit":
            #expect(try ReporterReadBack.junit(output).sorted() == expected)
        case "markdown":
            let findings = try #require(ReporterReadBack.markdown(output), "a row does not split into four cells:\n\(output)")
            #expect(findings.sorted() == expected.map(\.withDisplayedFile).sorted())
        case "terminal":
            let (findings, rows) = ReporterReadBack.terminal(output)
            #expect(findings.sorted() == expected.map(\.withDisplayedFile).sorted())
            #expect(rows >= expected.count, "every finding shows its source line")
            #expect(!output.contains("\u{1B}"), "no colour when standard output is not a terminal")
        case "summary":
            let counts = ReporterReadBack.summaryCounts(output)
            for (rule, findings) in Dictionary(grouping: expected, by: \.rule) {
                let bySeverity = ["error", "warning", "note"].map { severity in findings.filter { $0.severity == severity }.count }
                #expect(counts[rule] == bySeverity + [findings.count], "\(rule)")
            }
            #expect(counts.count == Set(expected.map(\.rule)).count)
        default:
            Issue.record("no read-back for reporter \(id)")
        }
        // Every file a reporter names exists: nothing was mangled into another name.
        for file in Set(expected.map(\.file)) {
            #expect(FileManager.default.fileExists(atPath: tree.root.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test func sarifRootMakesURIsRelativeToIt() throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let folder = HostileSampleTree.layout[0].folder
        let run = try tree.lint(reporter: "sarif", ["--sarif-root", folder])
        let findings = try ReporterReadBack.sarif(run.output, root: tree.root.appendingPathComponent(folder).path)
        let inside = findings.filter { !$0.file.hasPrefix("file://") }
        let outside = findings.filter { $0.file.hasPrefix("file://") }
        #expect(!inside.isEmpty && inside.allSatisfy { !$0.file.hasPrefix("/") && !$0.file.hasPrefix("..") })
        // Files outside the root get absolute URIs.
        #expect(!outside.isEmpty && outside.allSatisfy { $0.file.hasPrefix("file://" + tree.root.path + "/") })

        let missing = try tree.lint(reporter: "sarif", ["--sarif-root", "no such folder"])
        #expect(missing.status == 2 && missing.output.isEmpty)
        #expect(missing.errors == "error: --sarif-root: no such folder is not a folder\n")
    }

    @Test func absolutePathsOption() throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let relative = ReporterReadBack.xcode(try tree.lint(reporter: "xcode").output)
        let absolute = ReporterReadBack.xcode(try tree.lint(reporter: "xcode", ["--absolute-paths"]).output)
        let prefix = tree.root.path + "/"
        #expect(absolute.findings.map { String($0.file.dropFirst(prefix.count)) }.sorted()
                == relative.findings.map(\.file).sorted())
        #expect(absolute.findings.allSatisfy { $0.file.hasPrefix(prefix) })
        #expect(absolute.related == relative.related)
    }

    @Test func reportersCommandListsEveryReporter() throws {
        let run = try LintProcess.run(["reporters"])
        #expect(run.status == 0 && run.errors.isEmpty)
        let rows = run.output.split(separator: "\n").dropFirst()
        #expect(rows.map { String($0.split(separator: " ")[0]) } == Reporters.all.map { $0.id })
        for type in Reporters.all {
            #expect(rows.contains { $0.hasPrefix(type.id + " ") && $0.hasSuffix(type.summary) }, "\(type.id)")
        }
        let unknown = try LintProcess.run(["--reporter", "sarf", "Samples/MenuApp"])
        #expect(unknown.status == 2 && unknown.output.isEmpty)
        #expect(unknown.errors == "error: unknown reporter 'sarf'; did you mean 'sarif'? (see `lint reporters`)\n")
    }
}

/// The rule documentation SARIF embeds (`fullDescription`, `help`), kept out of the golden file.
enum SARIFRuleDocumentation {
    static let placeholder = "\"(the rule's documentation: compared with its metadata, not kept here)\""

    /// Each described rule's `fullDescription` is its rationale and its `help` starts with it.
    static func check(_ output: String) throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(!rules.isEmpty)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let rationale = try #require(allRules.first { $0.description.id == id }, "unknown rule \(id)").description.rationale
            let full = rule["fullDescription"] as? [String: String]
            let help = rule["help"] as? [String: String]
            #expect(full?["text"] == rationale && full?["markdown"] == rationale, "\(id): fullDescription")
            #expect(help?["text"]?.hasPrefix(rationale + "\n\nSee ") == true, "\(id): help.text")
            #expect(help?["markdown"]?.hasPrefix(rationale + "\n\n- [SeamLint: \(id)]") == true, "\(id): help.markdown")
        }
    }

    /// The output with the values inside each `fullDescription` and `help` object replaced.
    static func elided(_ output: String) -> String {
        var inside = false
        return output.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            if trimmed == "\"fullDescription\": {" || trimmed == "\"help\": {" { inside = true; return String(line) }
            if inside && (trimmed == "}," || trimmed == "}") { inside = false; return String(line) }
            guard inside, let colon = line.range(of: "\": ") else { return String(line) }
            return String(line[..<colon.upperBound]) + placeholder + (line.hasSuffix(",") ? "," : "")
        }.joined(separator: "\n")
    }
}

/// `--output FILE`: the report lands in FILE all at once or not at all.
@Suite("--output")
struct OutputFileTests {
    static func environment(fault: String) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["SEAMLINT_FAULT_INJECT": fault]) { _, new in new }
    }

    @Test func writesWhatStandardOutputWouldShowAndKeepsPermissions() throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let report = tree.root.appendingPathComponent("report, 1: %.json")
        try Data("old".utf8).write(to: report)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: report.path)
        let toFile = try tree.lint(reporter: "json", ["--output", report.lastPathComponent])
        let toStandardOutput = try tree.lint(reporter: "json")
        #expect(toFile.status == 1 && toFile.output.isEmpty && toFile.errors.isEmpty)
        #expect(try String(contentsOf: report, encoding: .utf8) == toStandardOutput.output)
        let permissions = try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
    }

    @Test func anUnwritableFolderIsOneClearError() throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let run = try tree.lint(reporter: "sarif", ["--output", "missing/report.sarif"])
        #expect(run.status == 2 && run.output.isEmpty)
        #expect(run.errors == "error: missing/report.sarif: cannot write the report: no such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: tree.root.appendingPathComponent("missing").path))
    }

    /// A write that fails halfway (a full disk) or a process killed halfway leaves the old report
    /// whole; a failure also leaves no temporary file behind.
    @Test(arguments: ["write", "rename", "crash"])
    func aFailedWriteLeavesTheOldReport(fault: String) throws {
        let tree = try HostileSampleTree()
        defer { tree.remove() }
        let report = tree.root.appendingPathComponent("report.xml")
        try Data("previous report\n".utf8).write(to: report)
        let run = try LintProcess.run(["--quiet", "--reporter", "checkstyle", "--output", "report.xml", "."],
                                      environment: Self.environment(fault: fault), directory: tree.root)
        #expect(try String(contentsOf: report, encoding: .utf8) == "previous report\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tree.root.path).filter { $0.hasPrefix(".report.xml.") }
        if fault == "crash" {
            #expect(run.status == SIGKILL, "the process should have been killed: \(run.errors)")
        } else {
            #expect(run.status == 2 && run.output.isEmpty)
            #expect(run.errors.hasPrefix("error: report.xml: cannot write the report: "), "\(run.errors)")
            #expect(run.errors.split(separator: "\n").count == 1)
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }
}
