import Foundation
import SeamLintEngine
import Testing

/// `--fix` through the built `lint`, on files in a fresh folder. The only fixable rule today is
/// representable_dismantle_not_static, which inserts `static ` before `func dismantleUIView`.
@Suite("--fix")
struct FixTests {
    static let buggy = """
        import SwiftUI
        import MapKit

        struct MapView: UIViewRepresentable {
            func makeUIView(context: Context) -> MKMapView { MKMapView() }
            func updateUIView(_ uiView: MKMapView, context: Context) {}
            func dismantleUIView(_ uiView: MKMapView, coordinator: ()) {
                uiView.delegate = nil
            }
        }

        """
    static var fixed: String { buggy.replacingOccurrences(of: "    func dismantleUIView", with: "    static func dismantleUIView") }
    static let clean = "import SwiftUI\n\nstruct Plain: View {\n    var body: some View { Text(\"hi\") }\n}\n"

    @Test func writesAtomicallyKeepsPermissionsAndLeavesOtherFilesAlone() throws {
        let folder = try Folder(["Map View.swift": Self.buggy, "Plain.swift": Self.clean])
        defer { folder.remove() }
        try folder.setPermissions(0o640, of: "Map View.swift")
        let before = try folder.snapshot()
        let run = try folder.lint(["--fix", "."])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(run.errors == "fixed 1 issue in Map View.swift\nSeamLint: 2 files linted\n")
        #expect(try folder.read("Map View.swift") == Self.fixed)
        let after = try folder.snapshot()
        // Replaced by a rename (a new inode), permissions kept; the clean file not even opened for writing.
        #expect(after["Map View.swift"]?.inode != before["Map View.swift"]?.inode)
        #expect(after["Map View.swift"]?.mode == 0o640)
        #expect(after["Plain.swift"] == before["Plain.swift"])
        #expect(Set(after.keys) == Set(before.keys), "a temporary file was left behind: \(after.keys.sorted())")
    }

    @Test func aSecondRunChangesNothing() throws {
        let folder = try Folder(["A.swift": Self.buggy, "B.swift": Self.buggy.replacingOccurrences(of: "MapView", with: "OtherMap")])
        defer { folder.remove() }
        let first = try folder.lint(["--fix", "."])
        #expect(first.errors.contains("fixed 1 issue in A.swift\nfixed 1 issue in B.swift\n"), "\(first.errors)")
        let between = try folder.snapshot()
        let second = try folder.lint(["--fix", "."])
        #expect(second.status == 0 && second.output.isEmpty)
        #expect(second.errors == "SeamLint: 2 files linted\n")
        #expect(try folder.snapshot() == between)
    }

    @Test func dryRunPrintsWhatDiffPrintsAndWritesNothing() throws {
        let folder = try Folder(["Sub/Map View.swift": Self.buggy, "Fixed.swift": Self.fixed])
        defer { folder.remove() }
        let before = try folder.snapshot()
        let run = try folder.lint(["--fix", "--dry-run", "."])
        let expected = try SystemDiff.unified(old: Self.buggy, new: Self.fixed, label: "Sub/Map View.swift")
        #expect(run.output == expected)
        // Nothing was fixed on disk, so the error is still there.
        #expect(run.status == 1)
        #expect(!run.errors.contains("fixed"))
        #expect(try folder.snapshot() == before)
    }

    /// A finding silenced by a comment, by configuration or by rule selection yields no edit.
    static let ruleOff = "{ rules: { representable_dismantle_not_static: \"off\" } }"
    static let suppressed = buggy.replacingOccurrences(
        of: "    func dismantleUIView", with: "    // seamlint:disable:next representable_dismantle_not_static\n    func dismantleUIView")

    @Test(arguments: [
        ("comment", ["A.swift": suppressed], [String]()),
        ("configuration", ["A.swift": buggy, ".seamlint.json": ruleOff], []),
        ("nested configuration", ["Sub/A.swift": buggy, "Sub/.seamlint.json": ruleOff], []),
        ("rule selection", ["A.swift": buggy], ["--only-rule", "subviews_kvo"]),
        ("nothing (the control: this one is fixed)", ["A.swift": buggy], []),
    ])
    func silencedFindingsAreNotFixed(_ label: String, files: [String: String], options: [String]) throws {
        let folder = try Folder(files)
        defer { folder.remove() }
        let before = try folder.snapshot()
        let run = try folder.lint(["--fix"] + options + ["."])
        if label.hasPrefix("nothing") {
            #expect(try folder.read("A.swift") == Self.fixed, "\(run.errors)")
            return
        }
        #expect(run.status == 0, "\(label): \(run.output) \(run.errors)")
        #expect(!run.errors.contains("fixed"), "\(label): \(run.errors)")
        #expect(try folder.snapshot() == before, "\(label)")
    }

    /// A write that fails (full disk, failed rename, killed process) leaves every file as it was.
    @Test(arguments: ["write", "rename", "crash"])
    func aFailedWriteLeavesFilesWhole(fault: String) throws {
        let folder = try Folder(["A.swift": Self.buggy, "B.swift": Self.buggy.replacingOccurrences(of: "MapView", with: "OtherMap")])
        defer { folder.remove() }
        let environment = ProcessInfo.processInfo.environment.merging(["SEAMLINT_FAULT_INJECT": fault]) { _, new in new }
        let run = try folder.lint(["--fix", "."], environment: environment)
        #expect(try folder.read("A.swift") == Self.buggy)
        #expect(try folder.read("B.swift") == Self.buggy.replacingOccurrences(of: "MapView", with: "OtherMap"))
        if fault == "crash" {
            #expect(run.status == SIGKILL)
            return
        }
        #expect(run.status == 2)
        // The run stops at the first file it cannot write, with one line naming it.
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: A.swift: cannot write the fix: "), "\(run.errors)")
        #expect(try folder.snapshot().keys.sorted() == ["A.swift", "B.swift"], "temporary files were left behind")
    }

    @Test func aFileReachedThroughALinkOutsideTheTreeIsNotWritten() throws {
        let outside = try Folder(["Outside.swift": Self.buggy])
        defer { outside.remove() }
        let folder = try Folder(["Inside.swift": Self.clean])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("Linked").path,
                                                   withDestinationPath: outside.url.path)
        let run = try folder.lint(["--fix", "--follow-symlinks", "."])
        #expect(try outside.read("Outside.swift") == Self.buggy)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: Linked/Outside.swift: not written: a symbolic link leads outside the linted folders"),
                "\(run.errors)")
    }
}

/// A temporary folder of files, and `lint` run inside it.
struct Folder {
    struct Status: Equatable {
        var inode: UInt64
        var mode: Int
        var modified: Int
    }

    let url: URL

    init(_ files: [String: String]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        url = URL(fileURLWithPath: String(cString: realpath(base.path, nil)))
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
    func read(_ path: String) throws -> String { try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }

    func setPermissions(_ mode: Int, of path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.appendingPathComponent(path).path)
    }

    func lint(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) throws -> LintProcess.Run {
        try LintProcess.run(arguments, input: input, environment: environment, directory: url)
    }

    /// Inode, permissions and modification time (nanoseconds) of every file, hidden ones included.
    func snapshot() throws -> [String: Status] {
        var result: [String: Status] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let path = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(url.appendingPathComponent(path).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            #if os(Linux)
            let modified = info.st_mtim
            #else
            let modified = info.st_mtimespec
            #endif
            result[path] = Status(inode: UInt64(info.st_ino), mode: Int(info.st_mode & 0o7777),
                                  modified: Int(modified.tv_sec) * 1_000_000_000 + Int(modified.tv_nsec))
        }
        return result
    }
}

/// The system's `diff -u`, as the reference for `UnifiedDiff`.
enum SystemDiff {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/diff") }

    static func unified(old: String, new: String, label: String, context: Int = 3) throws -> String {
        let folder = try Folder(["old": old, "new": new])
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-U\(context)", "--label", "a/" + label, "--label", "b/" + label,
                             folder.url.appendingPathComponent("old").path, folder.url.appendingPathComponent("new").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
