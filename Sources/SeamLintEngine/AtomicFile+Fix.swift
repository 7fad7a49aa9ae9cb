import Foundation

extension AtomicFile {
    /// Why `--fix` left a file alone: one line, lowercase. The run goes on with the other files
    /// and ends with exit 2.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Replaces the source file at `path` with `data` for `--fix`: atomically or not at all.
    ///
    /// Refuses (`Refusal`) a file that changed since `snapshot` (it is checked again just before
    /// the rename), a symbolic link (the link is never replaced; discovery lists the real path of
    /// links inside the tree), a read-only file, a file with more than one hard link (a rename
    /// would split them) and a file whose owner or extended attributes the new file cannot keep.
    /// Mode, owner and extended attributes (ACLs and security labels included) are copied.
    public static func replace(_ data: Data, at path: String, unchangedSince snapshot: FileSnapshot) throws {
        if FaultInjection.current == .edit { FaultInjection.simulateEdit(path) }
        let status = try current(path, matching: snapshot)
        if isReadOnly(status, path: path) { throw Refusal("read-only file; not fixed") }
        if status.st_nlink > 1 {
            throw Refusal("has \(status.st_nlink) hard links; not fixed (replacing it would split them)")
        }
        try replaceRegularFile(data, at: path, keeping: status) { temporary in
            var copy = stat()
            if fstat(temporary, &copy) == 0, copy.st_uid != status.st_uid || copy.st_gid != status.st_gid {
                throw Refusal("cannot keep its owner (\(status.st_uid):\(status.st_gid)); not fixed")
            }
            try ExtendedAttributes.copy(from: path, to: temporary)
            // Last look: an edit saved while the new file was written wins over the fix.
            _ = try current(path, matching: snapshot)
        }
    }

    /// The file's status when it is still the regular file of `snapshot` with the same bytes.
    private static func current(_ path: String, matching snapshot: FileSnapshot) throws -> stat {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw WriteError.system() }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw Refusal("is a symbolic link; not fixed (fix the file it points to)")
        default: throw Refusal("not a regular file; not fixed")
        }
        let changed = Refusal("changed since it was read; not fixed (run again)")
        guard FileSnapshot.Stamp(status) == snapshot.stamp else { throw changed }
        guard let bytes = readAll(path), FileSnapshot.hash(bytes) == snapshot.hash else { throw changed }
        return status
    }

    /// No write permission for the writer, judged by the mode bits even for root (who may write
    /// anything): a file made read-only is meant to stay as it is. A read-only mount counts too.
    private static func isReadOnly(_ status: stat, path: String) -> Bool {
        let mode = status.st_mode
        let bit: mode_t = status.st_uid == geteuid() ? 0o200 : status.st_gid == getegid() ? 0o020 : 0o002
        if geteuid() == 0 { return mode & 0o222 == 0 || access(path, W_OK) != 0 }
        return mode & bit == 0 || access(path, W_OK) != 0
    }

    private static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 { if errno == EINTR { continue }; return nil }
            bytes += chunk[..<count]
        }
    }
}

/// `listxattr`/`getxattr` on the original, `fsetxattr` on the new file. Glibc's module does not
/// export <sys/xattr.h>, so the three functions are looked up in the C library at run time.
enum ExtendedAttributes {
    private typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    private static let list = function("listxattr", as: List.self)
    private static let get = function("getxattr", as: Get.self)
    private static let set = function("fsetxattr", as: Set.self)

    static func copy(from path: String, to descriptor: Int32) throws {
        guard let list, let get, let set else { return }  // a C library without extended attributes
        let size = list(path, nil, 0)
        if size < 0 {
            if errno == ENOTSUP { return }  // the file system has none
            throw AtomicFile.Refusal("cannot read its extended attributes (\(SystemError(code: errno))); not fixed")
        }
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = list(path, &names, size)
        guard listed >= 0 else { throw AtomicFile.Refusal("its extended attributes changed while being copied; not fixed") }
        for name in names[..<min(listed, size)].split(separator: 0) {
            let name = Array(name) + [0]
            let length = get(path, name, nil, 0)
            var value = [UInt8](repeating: 0, count: max(length, 0))
            let read = length < 0 ? -1 : get(path, name, &value, value.count)
            let shown = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self).escapingControlCharacters
            guard read >= 0, set(descriptor, name, value, read, 0) == 0 else {
                throw AtomicFile.Refusal("cannot keep its extended attribute '\(shown)' (\(SystemError(code: errno))); not fixed")
            }
        }
    }
}
