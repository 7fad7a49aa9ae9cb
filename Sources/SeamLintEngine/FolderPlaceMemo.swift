#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SeamLintCore

/// A worker's memory of the folder of the last file it placed: its settings and what its
/// manifests decide (`DeploymentTargetResolver.place`). Files come sorted, so the next file is
/// usually in the same folder, and then nothing is looked up again (no path cut, lock or hash).
///
/// Only used when the answers cannot differ within a folder: the settings are run-wide or
/// `LintOptions.fileSettingsFollowFolders` says they depend on the folder alone, and the path is
/// clean (absolute, no empty component, no trailing "/"), so that `PathNames.directory(of:)` and
/// `ProjectConfiguration.parent(of:)` are both the bytes before its last "/". One per worker
/// and run: never shared between threads or outlives its resolver.
final class FolderPlaceMemo {
    private var folder: [UInt8] = []
    /// What `folder` decided; nil when nothing is remembered.
    private var place: FilePlace?
    /// The length of the folder part of `path` (the bytes before its last "/"), or nil when the
    /// path is not clean.
    static func folderLength(_ path: String) -> Int? {
        var path = path
        return path.withUTF8 { bytes -> Int? in
            guard let last = bytes.last, bytes[0] == UInt8(ascii: "/"), last != UInt8(ascii: "/") else { return nil }
            var slash = 0
            var previous: UInt8 = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "/") {
                    if previous == UInt8(ascii: "/") { return nil }
                    slash = offset
                }
                previous = byte
            }
            return slash
        }
    }

    /// The memory, when `path` is clean and in the folder remembered.
    func recall(_ path: String) -> FilePlace? {
        guard let place, let length = Self.folderLength(path), length == folder.count else { return nil }
        var path = path
        let same = path.withUTF8 { bytes in
            folder.withUnsafeBufferPointer { memory in
                length == 0 || memcmp(bytes.baseAddress!, memory.baseAddress!, length) == 0
            }
        }
        return same ? place : nil
    }

    /// Remembers what `path`'s folder decided (forgets when the path is not clean).
    func remember(_ path: String, _ place: FilePlace) {
        guard let length = Self.folderLength(path) else { self.place = nil; return }
        folder = Array(path.utf8.prefix(length))
        self.place = place
    }
}

/// A file's settings and what its folder's manifests decide (`target` nil when the settings give one).
struct FilePlace {
    var settings: FileSettings
    var target: DeploymentTarget?
    var projectRoot: String
    var scenes: AppScenes
}
