/// Decides which files `--fix` may write: only those that, with every symbolic link resolved,
/// lie inside one of the linted paths (also resolved). A file reached through a link that
/// leaves the tree (`--follow-symlinks`) is linted but never written: a fix must not change a
/// file the user did not point SeamLint at.
public struct FixWriteGuard: Sendable {
    private let roots: [String]

    /// `paths` as given on the command line (empty means "."), relative to `workingDirectory`.
    public init(paths: [String], workingDirectory: String? = nil) {
        let directory = PathNames.standardize(workingDirectory ?? FileSystem.currentDirectory(), relativeTo: "/")
        roots = (paths.isEmpty ? ["."] : paths).compactMap { path in
            FileSystem.resolve(PathNames.standardize(path, relativeTo: directory))
        }
    }

    /// Nil when `file` may be written, else why not (one line, lowercase).
    public func refusal(for file: SourceFileRef) -> String? {
        guard let resolved = FileSystem.resolve(file.absolutePath) else { return "cannot resolve the path" }
        if roots.contains(where: { PathNames.isInside(resolved, root: $0) }) { return nil }
        return "not written: a symbolic link leads outside the linted folders (to \(resolved))"
    }
}
