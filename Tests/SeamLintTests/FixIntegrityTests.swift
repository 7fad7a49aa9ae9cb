import Foundation
import Testing

/// `--fix` replaces a file only when that loses nothing: not when someone changed it since it
/// was read, not a read-only file, not a hard-linked one, not when its owner or extended
/// attributes cannot be kept, never a symbolic link. Each refusal is one line naming the file;
/// the other files are fixed; the run ends with exit 2.
@Suite("Fix integrity")
struct FixIntegrityTests {
    static func text(_ scratch: ScratchFolder, _ name: String) throws -> String {
        String(decoding: try scratch.bytes(name), as: UTF8.self)
    }

    /// Exit 2 and exactly one problem line: `NAME: error: …` containing `reason`.
    static func expectRefusal(_ run: LintProcess.Run, _ name: String, _ reason: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.errors)", sourceLocation: sourceLocation)
        let refusals = run.problemLines.filter { $0.hasPrefix("\(name): error: ") }
        #expect(refusals.count == 1 && refusals[0].contains(reason), "\(run.errors)", sourceLocation: sourceLocation)
    }

    @Test("a file edited while the run goes on keeps the edit; the others are fixed")
    func editedMeanwhile() throws {
        let scratch = try ScratchFolder()
        try scratch.write("A.swift", FixSafetyTests.fixable("A"))
        let run = try scratch.lint(["--fix", "."], environment: environment(adding: ["SEAMLINT_FAULT_INJECT": "edit"]))
        Self.expectRefusal(run, "A.swift", "changed since it was read; not fixed")
        #expect(try Self.text(scratch, "A.swift") == FixSafetyTests.fixable("A") + "// edited meanwhile\n")
        #expect(scratch.listing() == ["A.swift"])
    }

    @Test("a read-only file is not fixed, even by root; a writable one beside it is")
    func readOnly() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("A.swift", FixSafetyTests.fixable("A"))
        try scratch.write("B.swift", FixSafetyTests.fixable("B"))
        chmod(path, 0o444)
        let run = try scratch.lint(["--fix", "."])
        Self.expectRefusal(run, "A.swift", "read-only file; not fixed")
        #expect(try Self.text(scratch, "A.swift") == FixSafetyTests.fixable("A"))
        #expect(FixSafetyTests.mode(path) == 0o444)
        #expect(try Self.text(scratch, "B.swift") == FixSafetyTests.fixed("B"))
    }

    @Test("a file with two hard links is not split: both names keep one content")
    func hardLinks() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("A.swift", FixSafetyTests.fixable("A"))
        #expect(link(path, scratch.path + "/Copy.txt") == 0)
        let run = try scratch.lint(["--fix", "."])
        Self.expectRefusal(run, "A.swift", "has 2 hard links; not fixed")
        var first = stat(), second = stat()
        stat(path, &first)
        stat(scratch.path + "/Copy.txt", &second)
        #expect(first.st_ino == second.st_ino && first.st_nlink == 2)
        #expect(try Self.text(scratch, "A.swift") == FixSafetyTests.fixable("A"))
    }

    @Test("extended attributes survive the fix")
    func extendedAttributes() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("A.swift", FixSafetyTests.fixable("A"))
        guard XAttr.set(path, "user.seamlint.test", "kept") else { return }  // a file system without them
        let run = try scratch.lint(["--fix", "."])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try Self.text(scratch, "A.swift") == FixSafetyTests.fixed("A"))
        #expect(XAttr.get(path, "user.seamlint.test") == "kept")
    }

    @Test("a file whose owner the writer cannot keep is not fixed")
    func ownerCannotBeKept() throws {
        guard geteuid() == 0 else { return }  // needs a second user to own the file
        let scratch = try ScratchFolder()
        let path = try scratch.write("A.swift", FixSafetyTests.fixable("A"))
        chmod(path, 0o666)
        chown(scratch.path, 65534, 65534)  // nobody may create the temporary file beside it
        let run = try runProgram(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                 ["--reuid=65534", "--regid=65534", "--clear-groups", LintProcess.executable.path,
                                  "--no-config", "--fix", "."], directory: scratch.url)
        Self.expectRefusal(run, "A.swift", "cannot keep its owner (0:0); not fixed")
        #expect(FixSafetyTests.owner(path) == (0, 0))
        #expect(try Self.text(scratch, "A.swift") == FixSafetyTests.fixable("A"))
        #expect(scratch.listing() == ["A.swift"])
    }

    @Test("a symbolic link is never replaced by a regular file")
    func symbolicLink() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Real/A.swift", FixSafetyTests.fixable("A"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Link.swift", withDestinationPath: "Real/A.swift")
        let run = try scratch.lint(["--fix", "Link.swift"])
        Self.expectRefusal(run, "Link.swift", "is a symbolic link; not fixed")
        var status = stat()
        #expect(lstat(scratch.path + "/Link.swift", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        #expect(try Self.text(scratch, "Real/A.swift") == FixSafetyTests.fixable("A"))
    }
}

/// `setxattr`/`getxattr`, looked up at run time (Glibc's module does not export <sys/xattr.h>).
enum XAttr {
    private typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlopen(nil, RTLD_NOW).flatMap { dlsym($0, name) } }

    static func set(_ path: String, _ name: String, _ value: String) -> Bool {
        guard let function = symbol("setxattr") else { return false }
        let bytes = Array(value.utf8)
        return unsafeBitCast(function, to: Set.self)(path, name, bytes, bytes.count, 0) == 0
    }

    static func get(_ path: String, _ name: String) -> String? {
        guard let function = symbol("getxattr") else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = unsafeBitCast(function, to: Get.self)(path, name, &buffer, buffer.count)
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }
}
