import Foundation
import Testing

/// Files named on the command line (Xcode's input files, the build-tool plugin, pre-commit) are
/// judged with their whole project's facts, as `lint .`, `--diff` and `--stdin` judge them, and
/// only they are reported.
@Suite("Explicit paths")
struct ExplicitPathTests {
    static func app(_ sample: String) throws -> Folder {
        let folder = try Folder([:])
        try FileManager.default.copyItem(at: PackageRoot.url.appendingPathComponent("Samples/\(sample)"),
                                         to: folder.url.appendingPathComponent("App"))
        return folder
    }

    @Test func aFileSeesTheWorkaroundWindowInAnotherFile() throws {
        let folder = try Self.app("MenuAppFixed")
        defer { folder.remove() }
        let whole = try folder.lint(["App"])
        #expect(whole.status == 0 && whole.output.isEmpty, "control: the fixed app is clean\n\(whole.output)")
        let one = try folder.lint(["App/TrailListView.swift"])
        #expect(one.status == 0 && one.output.isEmpty, "\(one.output)")
        #expect(one.errors == "SeamLint: 1 file linted\n", "only the file asked for is counted")
        // From inside the project, and through Xcode's script input files.
        let inside = try LintProcess.run(["TrailListView.swift"], directory: folder.url.appendingPathComponent("App"))
        #expect(inside.status == 0 && inside.output.isEmpty, "\(inside.output)")
        let xcode = try folder.lint(["--use-script-input-files"], environment: [
            "SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": folder.url.path + "/App/TrailListView.swift",
        ])
        #expect(xcode.status == 0 && xcode.output.isEmpty, "\(xcode.output)")
    }

    @Test func onlyTheFilesAskedForAreReported() throws {
        let folder = try Self.app("MenuApp")
        defer { folder.remove() }
        let whole = try folder.lint(["App", "--reporter", "json"])
        let all = Set(try Finding.fromJSON(whole.output).map(\.file))
        #expect(all.contains("App/TrailDetailView.swift") && all.contains("App/TrailListView.swift"), "control: \(all)")
        let one = try folder.lint(["App/TrailListView.swift", "--reporter", "json"])
        let findings = try Finding.fromJSON(one.output)
        #expect(!findings.isEmpty)
        #expect(Set(findings.map(\.file)) == ["App/TrailListView.swift"])
        // The same findings as in the whole run, for that file.
        #expect(findings == (try Finding.fromJSON(whole.output)).filter { $0.file == "App/TrailListView.swift" })
    }

    @Test func aContextFileThatCannotBeReadIsNoErrorOfTheRun() throws {
        let folder = try Self.app("MenuAppFixed")
        defer { folder.remove() }
        try Data("let a = 1\u{0}\n".utf8).write(to: folder.url.appendingPathComponent("App/Broken.swift"))
        let whole = try folder.lint(["App"])
        #expect(whole.status == 2 && whole.errors.contains("App/Broken.swift: error: binary file"), "control: \(whole.errors)")
        let one = try folder.lint(["App/TrailListView.swift"])
        #expect(one.status == 0 && one.output.isEmpty, "\(one.output)")
        #expect(one.errors == "SeamLint: 1 file linted\n", "a file only read for facts is not reported: \(one.errors)")
    }
}
