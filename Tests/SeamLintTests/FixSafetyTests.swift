import Foundation
import Testing

/// `lint --fix` writes each fixed file through a temporary file and a rename: a failure or a
/// crash at any point leaves every file either as it was or completely fixed, never truncated;
/// modes and owners survive; links out of the tree are never written through; nothing else
/// appears in the tree. Failures are injected with `SEAMLINT_FAULT_INJECT` (see AtomicFile).
@Suite("Fix safety")
struct FixSafetyTests {
    /// A file representable_dismantle_not_static fixes by inserting `static `.
    static func fixable(_ name: String = "CameraPreview") -> String {
        """
        import SwiftUI

        struct \(name): UIViewRepresentable {
            func makeUIView(context: Context) -> PreviewView { PreviewView() }
            func updateUIView(_ uiView: PreviewView, context: Context) {}
            func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {
                uiView.session?.stopRunning()
            }
        }

        """
    }

    static func fixed(_ name: String = "CameraPreview") -> String {
        fixable(name).replacingOccurrences(of: "    func dismantleUIView", with: "    static func dismantleUIView")
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o7777
    }

    static func owner(_ path: String) -> (uid_t, gid_t) {
        var status = stat()
        stat(path, &status)
        return (status.st_uid, status.st_gid)
    }

    @Test("fixes in place, keeping the mode, and the owner where the writer may change it",
          arguments: [0o644, 0o600, 0o755, 0o2750] as [mode_t])
    func keepsModeAndOwner(mode: mode_t) throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("CameraPreview.swift", Self.fixable())
        if geteuid() == 0 { chown(path, 65534, 65534) }
        let owner = Self.owner(path)
        chmod(path, mode)
        let run = try scratch.lint(["--fix", "."])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("fixed 1 issue in CameraPreview.swift"), "\(run.errors)")
        #expect(String(decoding: try scratch.bytes("CameraPreview.swift"), as: UTF8.self) == Self.fixed())
        #expect(Self.mode(path) == mode)
        #expect(Self.owner(path) == owner)
        #expect(scratch.listing() == ["CameraPreview.swift"])
    }

    @Test("an injected write failure leaves every file as it was", arguments: ["write", "rename"])
    func injectedFailure(fault: String) throws {
        let scratch = try ScratchFolder()
        try scratch.write("A.swift", Self.fixable("A"))
        try scratch.write("B.swift", Self.fixable("B"))
        let run = try scratch.lint(["--fix", "."], environment: environment(adding: ["SEAMLINT_FAULT_INJECT": fault]))
        #expect(run.status == 2)
        // One line per file that could not be written, naming it (the run stops at the first).
        let lines = run.errors.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: A.swift: cannot write the fix: ") == true, "\(run.errors)")
        #expect(lines.allSatisfy { $0.hasPrefix("error: ") && $0.contains(".swift: cannot write the fix: ") }, "\(run.errors)")
        #expect(String(decoding: try scratch.bytes("A.swift"), as: UTF8.self) == Self.fixable("A"))
        #expect(String(decoding: try scratch.bytes("B.swift"), as: UTF8.self) == Self.fixable("B"))
        #expect(scratch.listing() == ["A.swift", "B.swift"], "the temporary file is removed")
    }

    /// The process dies halfway through writing the temporary file.
    @Test("killed in the middle of a write: the original is intact")
    func crashMidWrite() throws {
        let scratch = try ScratchFolder()
        try scratch.write("A.swift", Self.fixable("A"))
        let run = try scratch.lint(["--fix", "."], environment: environment(adding: ["SEAMLINT_FAULT_INJECT": "crash"]))
        #expect(run.status == SIGKILL, "killed by the injected fault")
        #expect(String(decoding: try scratch.bytes("A.swift"), as: UTF8.self) == Self.fixable("A"))
        // What a crash can leave: one hidden, half-written temporary file beside the original.
        let leftovers = scratch.listing().filter { $0 != "A.swift" }
        #expect(leftovers.count == 1 && leftovers.allSatisfy { $0.hasPrefix(".A.swift.seamlint-") }, "\(leftovers)")
    }

    /// Killed from outside at random moments while fixing many files: every file is either
    /// untouched or completely fixed.
    @Test("killed at random moments: no file is ever half-written", arguments: [40, 120, 250, 400])
    func killedFromOutside(delayMilliseconds: Int) throws {
        let scratch = try ScratchFolder()
        let names = (0..<150).map { "Type\($0)" }
        for name in names { try scratch.write("\(name).swift", Self.fixable(name)) }
        let process = Process()
        process.executableURL = LintProcess.executable
        process.arguments = ["--no-config", "--fix", "--quiet", "."]
        process.currentDirectoryURL = scratch.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(delayMilliseconds * 1000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var fixedCount = 0
        for name in names {
            let text = String(decoding: try scratch.bytes("\(name).swift"), as: UTF8.self)
            #expect(text == Self.fixable(name) || text == Self.fixed(name), "\(name).swift is neither original nor fixed")
            if text == Self.fixed(name) { fixedCount += 1 }
        }
        let leftovers = scratch.listing().filter { !$0.hasSuffix(".swift") || $0.hasPrefix(".") }
        #expect(leftovers.count <= 1, "at most the one temporary file being written: \(leftovers)")
        _ = fixedCount
    }

    @Test("never writes through a link that leaves the tree")
    func linksOutOfTree() throws {
        let outside = try ScratchFolder()
        try outside.write("Outer.swift", Self.fixable("Outer"))
        try outside.write("Target.swift", Self.fixable("Target"))
        let scratch = try ScratchFolder()
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Out", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Link.swift",
                                                   withDestinationPath: outside.path + "/Target.swift")

        let followed = try scratch.lint(["--fix", "--follow-symlinks", "Out"])
        #expect(followed.status == 2)
        #expect(followed.errors.contains("Out/Outer.swift: not written: a symbolic link leads outside the linted folders"),
                "\(followed.errors)")
        let named = try scratch.lint(["--fix", "Link.swift"])
        #expect(named.status == 2)
        #expect(named.errors.contains("Link.swift: error: is a symbolic link; not fixed"), "\(named.errors)")
        let walked = try scratch.lint(["--fix", "."])
        #expect(walked.status == 0, "links out of the tree are not even linted: \(walked.errors)")

        #expect(String(decoding: try outside.bytes("Outer.swift"), as: UTF8.self) == Self.fixable("Outer"))
        #expect(String(decoding: try outside.bytes("Target.swift"), as: UTF8.self) == Self.fixable("Target"))
        #expect(outside.listing() == ["Outer.swift", "Target.swift"])
    }

    @Test("a link inside the tree is fixed at its real path")
    func linkInsideTree() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Real/A.swift", Self.fixable("A"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Alias", withDestinationPath: "Real")
        let run = try scratch.lint(["--fix", "."])
        #expect(run.status == 0, "\(run.errors)")
        #expect(String(decoding: try scratch.bytes("Real/A.swift"), as: UTF8.self) == Self.fixed("A"))
        var status = stat()
        #expect(lstat(scratch.path + "/Alias", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, "the link stays a link")
    }

    /// Linting (every reporter) and `--fix --dry-run` change nothing; `--fix` changes only the
    /// files it fixes.
    @Test("nothing else is written into the tree")
    func nothingElseWritten() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Fixable.swift", Self.fixable())
        try scratch.write("Buggy.swift", BuggySource.text)
        try scratch.write("Sub/Clean.swift", "let x = 1\n")
        func snapshot() throws -> [String: [UInt8]] {
            var result: [String: [UInt8]] = [:]
            for name in scratch.listing() where !name.hasSuffix("Sub") { result[name] = try scratch.bytes(name) }
            return result
        }
        let before = try snapshot()
        for reporter in ["xcode", "json", "sarif", "github", "checkstyle", "junit", "gitlab", "markdown", "summary"] {
            _ = try scratch.lint(["--reporter", reporter, "."])
        }
        _ = try scratch.lint(["--fix", "--dry-run", "."])
        #expect(try snapshot() == before)
        _ = try scratch.lint(["--fix", "."])
        var expected = before
        expected["Fixable.swift"] = Array(Self.fixed().utf8)
        #expect(try snapshot() == expected)
    }
}
