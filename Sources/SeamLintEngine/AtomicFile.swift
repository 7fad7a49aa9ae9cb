import Foundation

/// Writes reports, baselines and stamps (`write`) and fixed sources (`replace`, see
/// AtomicFile+Fix.swift) so that a failure never leaves half a file and nothing but the named
/// file changes.
///
/// Only a regular file is replaced atomically: a temporary file in the same folder, flushed, then
/// renamed over the target (rename is atomic within a file system), keeping the target's
/// permissions and, where the writer may (root), its owner. A character device or FIFO
/// (`--output /dev/null`, `--output /dev/stdout`, a pipe) is written in place, as a shell
/// redirection would, and stays what it is. A symbolic link is followed to its target. Folders,
/// block devices and sockets are refused. A crash mid-write leaves the target untouched and at
/// worst a hidden `.NAME.seamlint-XXXXXX` file beside it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
        static func system(_ code: Int32 = errno) -> WriteError { WriteError(SystemError(code: code).description) }
    }

    /// What `lstat` found at the target before writing.
    enum Target {
        case missing
        case regular(stat)
        case inPlace
    }

    public static func write(_ data: Data, to path: String) throws {
        var path = path
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = FileSystem.resolve(path) else {
                throw WriteError("the symbolic link leads nowhere (\(SystemError(code: errno)))")
            }
            path = resolved
        }
        switch try target(path) {
        case .inPlace:
            try writeInPlace(data, to: path)
        case .missing:
            try replaceRegularFile(data, at: path, keeping: nil)
        case .regular(let status):
            try replaceRegularFile(data, at: path, keeping: status)
        }
    }

    static func target(_ path: String) throws -> Target {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return .missing }
            throw WriteError.system()
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(status)
        case S_IFCHR, S_IFIFO: return .inPlace
        case S_IFLNK: throw WriteError("refusing to write through a symbolic link")
        case S_IFDIR: throw WriteError("is a directory")
        case S_IFBLK: throw WriteError("is a block device; not written")
        default: throw WriteError("is a socket; not written")
        }
    }

    /// A device or FIFO: opened for writing (a FIFO waits for its reader, like `> fifo`) and
    /// written through; nothing is created, truncated or renamed.
    static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw WriteError.system() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw WriteError.system() }
        let kind = status.st_mode & S_IFMT
        // Replaced by a regular file since `lstat`: writing now would leave the old bytes after ours.
        guard kind == S_IFCHR || kind == S_IFIFO else { throw WriteError("changed while being written; not written") }
        if let code = writeAll(data, to: descriptor, fault: .none) { throw WriteError.system(code) }
    }

    /// Writes `data` to a new temporary file beside `path`, copies the mode and owner of `old`
    /// (nil: a new file, mode 0644), runs `check` (which may refuse) and renames it over `path`.
    static func replaceRegularFile(_ data: Data, at path: String, keeping old: stat?,
                                   check: (_ temporary: Int32) throws -> Void = { _ in }) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).seamlint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError.system() }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            if !succeeded { unlink(temporary) }
        }
        let fault = FaultInjection.current
        if let code = writeAll(data, to: descriptor, fault: fault) { throw WriteError.system(code) }
        guard fsync(descriptor) == 0 else { throw WriteError.system() }
        if let old {
            // Owner before mode: changing the owner clears set-user-ID and set-group-ID bits.
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(descriptor, old.st_uid, old.st_gid) }
            fchmod(descriptor, old.st_mode & 0o7777)
        } else {
            fchmod(descriptor, 0o644)
        }
        try check(descriptor)
        close(descriptor)
        isOpen = false
        if fault == .rename { throw WriteError("injected failure before rename") }
        guard rename(temporary, path) == 0 else { throw WriteError.system() }
        succeeded = true
    }

    /// Every byte of `data`; the `errno` of a failure, or nil. Faults strike halfway, so a test
    /// can tell a half-written file from an untouched one.
    private static func writeAll(_ data: Data, to descriptor: Int32, fault: FaultInjection) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            let limit = fault == .none || fault == .edit ? buffer.count : buffer.count / 2
            var offset = 0
            while offset < limit {
                let result = Foundation.write(descriptor, buffer.baseAddress! + offset, limit - offset)
                if result < 0 { if errno == EINTR { continue }; return errno }
                offset += result
            }
            switch fault {
            case .none, .rename, .edit: return nil
            case .write: return ENOSPC
            case .crash: kill(getpid(), SIGKILL); return EIO
            }
        }
    }
}

/// A test hook: `SEAMLINT_FAULT_INJECT=write` fails every atomic write halfway through (as a full
/// disk would), `rename` fails it just before the rename, `crash` kills the process halfway,
/// `edit` appends a line to each file `--fix` is about to replace (an editor saving meanwhile).
/// Tests use it to check that a failed `--fix` leaves every file as it was.
enum FaultInjection: String {
    case none, write, rename, crash, edit

    static func simulateEdit(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = "// edited meanwhile\n".withCString { Foundation.write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }

    static let current: FaultInjection = {
        guard let value = ProcessInfo.processInfo.environment["SEAMLINT_FAULT_INJECT"] else { return .none }
        return FaultInjection(rawValue: value) ?? .none
    }()
}
