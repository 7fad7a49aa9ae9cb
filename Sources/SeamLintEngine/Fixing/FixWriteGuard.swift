/// Decides which files `--fix` may write: only those that, with every symbolic link resolved,
/// lie inside one of the linted paths as named (their folders resolved, a path that is itself a
/// link not followed). A file reached through a link that leaves the tree (`--follow-symlinks`,
/// or a linked folder named on the command line) is linted but never written: a fix must not
/// change a file the user did not point SeamLint at. A file named on the command line is left to
/// `AtomicFile`, which refuses to write through a link.
public struct FixWriteGuard: Sendable {
    /// Linted paths, absolute: the containing folder resolved, the last component as named.
    private let roots: [String]

    /// `paths` as given on the command line (empty means "."), relative to `workingDirectory`.
    public init(paths: [String], workingDirectory: String? = nil) {
        let directory = PathNames.standardize(workingDirectory ?? FileSystem.currentDirectory(), relativeTo: "/")
        roots = (paths.isEmpty ? ["."] : paths).map { path in
            let absolute = PathNames.standardize(path, relativeTo: directory)
            guard absolute != "/" else { return absolute }
            let name = PathNames.lastComponent(absolute)
            let parent = PathNames.standardize("..", relativeTo: absolute)
            return PathNames.join(FileSystem.resolve(parent) ?? parent, name)
        }
    }

    /// Nil when `file` may be written, else why not (one line, lowercase).
    public func refusal(for file: SourceFileRef) -> String? {
        if roots.contains(file.absolutePath) { return nil }
        guard let resolved = FileSystem.resolve(file.absolutePath) else { return "cannot resolve the path" }
        if roots.contains(where: { PathNames.isInside(resolved, root: $0) }) { return nil }
        return "not written: a symbolic link leads outside the linted folders (to \(resolved.escapingControlCharacters))"
    }
}
