import Foundation
import Testing

/// `--output`, `--write-baseline` and `--stamp` write a character device or a FIFO in place and
/// leave it what it was; only regular files are replaced (atomically). Devices are made with
/// `mknod` in a scratch folder (the tests run as root), never the machine's own, except for one
/// check that `/dev/null` stays a device.
@Suite("Write targets")
struct WriteTargetTests {
    /// The writers, as the options that name their target.
    static let writers: [[String]] = [["--output"], ["--write-baseline"], ["--stamp"]]

    static func status(_ path: String) -> stat {
        var status = stat()
        lstat(path, &status)
        return status
    }

    static func kind(_ path: String) -> mode_t { status(path).st_mode & S_IFMT }

    /// glibc's encoding of small device numbers: makedev(1, 3) is /dev/null, makedev(1, 7) /dev/full.
    static func device(major: UInt64, minor: UInt64) -> dev_t { dev_t((major << 8) | minor) }

    static func scratchWithSource() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        try scratch.write("Buggy.swift", BuggySource.text)
        return scratch
    }

    @Test("a FIFO is written in place and stays a FIFO", arguments: writers)
    func fifo(writer: [String]) throws {
        let scratch = try Self.scratchWithSource()
        let fifo = scratch.path + "/out"
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened for reading first and without blocking, so the writer's open succeeds and a run
        // that replaced the FIFO instead could not hang the test.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try scratch.lint(writer + ["out", "Buggy.swift"])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(Self.kind(fifo) == S_IFIFO, "the FIFO was replaced")
        #expect(scratch.listing() == ["Buggy.swift", "out"], "nothing else written")
        if writer == ["--output"] {
            #expect(String(decoding: received, as: UTF8.self).contains("connected_scenes_first"), "\(run.errors)")
        } else if writer == ["--write-baseline"] {
            #expect(String(decoding: received, as: UTF8.self).contains("\"entries\""), "\(run.errors)")
        }
    }

    @Test("a character device is written in place and stays a device", arguments: writers)
    func nullDevice(writer: [String]) throws {
        let scratch = try Self.scratchWithSource()
        let path = scratch.path + "/null"
        #expect(mknod(path, S_IFCHR | 0o666, Self.device(major: 1, minor: 3)) == 0)
        let run = try scratch.lint(writer + ["null", "Buggy.swift"])
        #expect(run.status != 2, "\(run.errors)")
        #expect(Self.kind(path) == S_IFCHR, "the device was replaced by a regular file")
        #expect(Self.status(path).st_rdev == Self.device(major: 1, minor: 3))
    }

    @Test("a full device: exit 2, one line, and it stays a device", arguments: writers.filter { $0 != ["--stamp"] })
    func fullDevice(writer: [String]) throws {
        let scratch = try Self.scratchWithSource()
        let path = scratch.path + "/full"
        #expect(mknod(path, S_IFCHR | 0o666, Self.device(major: 1, minor: 7)) == 0)
        let run = try scratch.lint(writer + ["full", "Buggy.swift"])
        #expect(run.status == 2, "\(run.errors)")
        #expect(run.problemLines.count == 1 && run.problemLines[0].contains("no space left on device"), "\(run.errors)")
        #expect(Self.kind(path) == S_IFCHR)
    }

    @Test("a symbolic link is followed: the link stays, its target is written", arguments: writers)
    func symbolicLink(writer: [String]) throws {
        let scratch = try Self.scratchWithSource()
        try scratch.write("Reports/real", "old")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: "Reports/real")
        let run = try scratch.lint(writer + ["link", "Buggy.swift"])
        #expect(run.status != 2, "\(run.errors)")
        #expect(Self.kind(scratch.path + "/link") == S_IFLNK)
        #expect(try scratch.bytes("Reports/real") != Array("old".utf8))
    }

    @Test("a stamp that cannot be written is an error, not silence")
    func unwritableStamp() throws {
        let scratch = try Self.scratchWithSource()
        let run = try scratch.lint(["--stamp", "Missing/stamp", "Buggy.swift"])
        #expect(run.status == 2, "\(run.errors)")
        #expect(run.problemLines.contains { $0.contains("Missing/stamp") && $0.contains("cannot write the stamp") }, "\(run.errors)")
    }

    @Test("folders, sockets and block devices are refused", arguments: ["folder", "block"])
    func refused(kind: String) throws {
        let scratch = try Self.scratchWithSource()
        let path = scratch.path + "/target"
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            // loop0's numbers; nothing is ever written to it.
            #expect(mknod(path, S_IFBLK | 0o600, Self.device(major: 7, minor: 0)) == 0)
        }
        let run = try scratch.lint(["--output", "target", "Buggy.swift"])
        #expect(run.status == 2, "\(run.errors)")
        #expect(Self.kind(path) == (kind == "folder" ? S_IFDIR : S_IFBLK))
    }

    @Test("--output /dev/null leaves /dev/null a device")
    func realDevNull() throws {
        let scratch = try Self.scratchWithSource()
        let before = Self.status("/dev/null")
        #expect((before.st_mode & S_IFMT) == S_IFCHR, "/dev/null was already broken")
        for writer in Self.writers { _ = try scratch.lint(writer + ["/dev/null", "Buggy.swift"]) }
        let after = Self.status("/dev/null")
        #expect((after.st_mode & S_IFMT) == S_IFCHR && after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
    }
}
