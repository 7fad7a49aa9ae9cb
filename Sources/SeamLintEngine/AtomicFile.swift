import Foundation

/// Writes a file all at once or not at all: a temporary file in the same folder, flushed, then
/// renamed over the target (rename is atomic within a file system). Keeps the target's
/// permissions when it exists; refuses to write through a symbolic link.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ data: Data, to path: String) throws {
        var status = stat()
        var mode: mode_t = 0o644
        if lstat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFLNK { throw WriteError(description: "refusing to write through a symbolic link") }
            if (status.st_mode & S_IFMT) == S_IFDIR { throw WriteError(description: "is a directory") }
            mode = status.st_mode & 0o7777
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
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 { if errno == EINTR { continue }; return false }
                offset += result
            }
            return true
        }
        let synced = written && fsync(descriptor) == 0
        fchmod(descriptor, mode)
        close(descriptor)
        guard synced else { throw WriteError(description: String(cString: strerror(errno))) }
        guard rename(temporary, path) == 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        succeeded = true
    }
}
