#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity: two paths name the same file exactly when these match.
struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
}

enum FileKind {
    case regular, directory, symbolicLink, other
}

/// What `stat`/`lstat` tells us, reduced to what discovery needs.
struct FileStatus {
    var id: FileID
    var kind: FileKind
    var size: Int
    /// "a FIFO", "a character device"…, for `.other`.
    var specialKind: String?

    init(_ raw: stat) {
        id = FileID(device: UInt64(raw.st_dev), inode: UInt64(raw.st_ino))
        size = Int(raw.st_size)
        switch raw.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        specialKind = Self.specialKind(mode: raw.st_mode & S_IFMT)
    }

    /// What a FIFO, device or socket is called in messages; nil for other kinds.
    static func specialKind(mode: mode_t) -> String? {
        switch mode {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: nil
        }
    }
}

/// Thin POSIX wrappers. Errors come back as `errno` values, turned into text by `errorText`.
enum FileSystem {
    /// `lstat` (do not follow a final symbolic link) or `stat`.
    static func status(_ path: String, followLink: Bool) -> Result<FileStatus, SystemError> {
        var raw = stat()
        let result = followLink ? stat(path, &raw) : lstat(path, &raw)
        guard result == 0 else { return .failure(currentError()) }
        return .success(FileStatus(raw))
    }

    /// `fstatat` relative to an open directory, without following a final link.
    static func status(of name: UnsafePointer<CChar>, in directory: Int32) -> FileStatus? {
        var raw = stat()
        guard fstatat(directory, name, &raw, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStatus(raw)
    }

    /// `fstat` of an open file: its identity.
    static func status(of descriptor: Int32) -> FileID? {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { return nil }
        return FileID(device: UInt64(raw.st_dev), inode: UInt64(raw.st_ino))
    }

    /// The canonical path with every link resolved, or nil (dangling link, loop, no permission).
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }

    /// The process's current directory, preferring `$PWD` when it names the same place so that
    /// paths under a symlinked checkout still display relative.
    static func currentDirectory() -> String {
        var physical = "/"
        if let buffer = getcwd(nil, 0) {
            physical = String(validatingCString: buffer) ?? "/"
            free(buffer)
        }
        if let logical = getenv("PWD").flatMap({ String(validatingCString: $0) }), logical.hasPrefix("/"),
           logical != physical, resolve(logical) == physical,
           PathNames.standardize(logical, relativeTo: "/") == logical {
            return logical
        }
        return physical
    }

    static func currentError() -> SystemError { SystemError(code: errno) }
}

/// An `errno` value; `description` is `strerror` with a lowercase first letter, to follow
/// "error:" ("permission denied").
struct SystemError: Error, CustomStringConvertible {
    var code: Int32

    static var noSuchFile: SystemError { SystemError(code: ENOENT) }

    var description: String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
