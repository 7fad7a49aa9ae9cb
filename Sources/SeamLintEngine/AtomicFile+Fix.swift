import Foundation

extension AtomicFile {
    /// Replaces the source file at `path` with `data` for `--fix`: atomically or not at all. Unlike
    /// `write`, never follows a symbolic link and never writes anything but a regular file.
    public static func replace(_ data: Data, at path: String) throws {
        switch try target(path) {
        case .regular(let status): try replaceRegularFile(data, at: path, keeping: status)
        case .missing: throw WriteError.system(ENOENT)
        case .inPlace: throw WriteError("not a regular file; not fixed")
        }
    }
}
