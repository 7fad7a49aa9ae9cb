import Foundation

/// Writes a file all at once or not at all: a temporary file in the same folder, flushed, then
/// renamed over the target (rename is atomic within a file system). Keeps the target's
/// permissions and, where the writer may (root), its owner; refuses to write through a
/// symbolic link. A crash mid-write leaves the target untouched and at worst a hidden
/// `.NAME.seamlint-XXXXXX` file beside it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ data: Data, to path: String) throws {
        var status = stat()
        var mode: mode_t = 0o644
        var owner: (user: uid_t, group: gid_t)?
        if lstat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFLNK { throw WriteError(description: "refusing to write through a symbolic link") }
            if (status.st_mode & S_IFMT) == S_IFDIR { throw WriteError(description: "is a directory") }
            mode = status.st_mode & 0o7777
            owner = (status.st_uid, status.st_gid)
        }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).seamlint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        let fault = FaultInjection.current
        let written = data.withUnsafeBytes { buffer -> Bool in
            // Faults strike halfway, so a test can tell a half-written file from an untouched one.
            let limit = fault == .none ? buffer.count : buffer.count / 2
            var offset = 0
            while offset < limit {
                let result = Foundation.write(descriptor, buffer.baseAddress! + offset, limit - offset)
                if result < 0 { if errno == EINTR { continue }; return false }
                offset += result
            }
            switch fault {
            case .none, .rename: return true
            case .write: errno = ENOSPC; return false
            case .crash: kill(getpid(), SIGKILL); return false
            }
        }
        let synced = written && fsync(descriptor) == 0
        let failure = errno
        // Owner before mode: changing the owner clears set-user-ID and set-group-ID bits.
        if let owner, owner.user != geteuid() || owner.group != getegid() { _ = fchown(descriptor, owner.user, owner.group) }
        fchmod(descriptor, mode)
        close(descriptor)
        guard synced else { throw WriteError(description: String(cString: strerror(failure))) }
        if fault == .rename { throw WriteError(description: "injected failure before rename") }
        guard rename(temporary, path) == 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        succeeded = true
    }
}

/// A test hook: `SEAMLINT_FAULT_INJECT=write` fails every atomic write halfway through (as a full
/// disk would), `rename` fails it just before the rename, `crash` kills the process halfway.
/// Tests use it to check that a failed `--fix` leaves every file as it was.
enum FaultInjection: String {
    case none, write, rename, crash

    static let current: FaultInjection = {
        guard let value = ProcessInfo.processInfo.environment["SEAMLINT_FAULT_INJECT"] else { return .none }
        return FaultInjection(rawValue: value) ?? .none
    }()
}
