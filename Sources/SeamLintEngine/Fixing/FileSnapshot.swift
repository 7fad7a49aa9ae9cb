import Foundation

/// What `--fix` knew about a source file when it read it: its inode's identity, size and times
/// (from before the lint that found the fixes) and a hash of the bytes the fixes were computed
/// from. A file whose snapshot no longer matches was changed by someone else during the run.
public struct FileSnapshot: Sendable, Equatable {
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim
            changed = status.st_ctim
        }

        static func == (lhs: Stamp, rhs: Stamp) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }
    }

    let stamp: Stamp
    let hash: UInt64

    /// The stamp of `path` now (`lstat`), to pair later with the bytes read; nil when it cannot be taken.
    public static func stamp(_ path: String) -> Stamped? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Stamped(stamp: Stamp(status))
    }

    /// A stamp taken before linting, waiting for the bytes the fixes apply to.
    public struct Stamped: Sendable {
        let stamp: Stamp
        public func snapshot(of bytes: [UInt8]) -> FileSnapshot { FileSnapshot(stamp: stamp, hash: FileSnapshot.hash(bytes)) }
    }

    /// Whether `bytes` hash like the bytes of the snapshot.
    public func matches(_ bytes: [UInt8]) -> Bool { Self.hash(bytes) == hash }

    /// FNV-1a, 64 bits, over the bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

extension timespec: @retroactive @unchecked Sendable {}
