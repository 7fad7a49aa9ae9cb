extension ProjectConfiguration {
    /// `path` made absolute against the working directory and standardized, like discovery does.
    public func absolutePath(_ path: String) -> String { PathNames.standardize(path, relativeTo: workingDirectory) }

    /// An absolute path as shown to the user: relative when under the working directory.
    public func displayPath(_ absolutePath: String) -> String {
        PathNames.displayPath(absolutePath, workingDirectory: workingDirectory)
    }

    static func parent(of path: String) -> String {
        // Contiguous UTF-8 (native strings): a backward byte loop, not the generic `lastIndex`.
        let fast = path.utf8.withContiguousStorageIfAvailable { bytes -> String in
            var slash = bytes.count - 1
            while slash >= 0 && bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
            if slash < 0 { return "." }
            if slash == 0 { return "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
        if let fast { return fast }
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// The components of `path` below `folder`, or nil when it is not inside (or is the folder).
    static func components(of path: String, inside folder: String) -> [Substring]? {
        guard path != folder, PathNames.isInside(path, root: folder) else { return nil }
        let relative = String(decoding: path.utf8.dropFirst(folder == "/" ? 1 : folder.utf8.count + 1), as: UTF8.self)
        return relative.split(separator: "/")
    }
}
