/// Where a configuration's `baseline` key may point: inside the repository that holds the
/// configuration file (the nearest folder above it with a `.git` entry), or inside the
/// configuration's own folder when it is in no repository. A cloned project's configuration
/// must not make SeamLint read, and report on, a file elsewhere on the machine (`/etc/passwd`,
/// a key in the home folder). `--baseline` on the command line is the user's own choice and
/// may name any file.
enum BaselineLocation {
    /// Why `path` (absolute, standardized) may not be the baseline of a configuration in
    /// `folder`, or nil. Symbolic links are resolved first, in the part of the path that exists
    /// (a baseline written for the first time has none yet), so a link cannot lead out.
    static func problem(_ path: String, configurationFolder folder: String) -> String? {
        let repository = ProjectConfiguration.enclosingGitRoot(of: folder)
        let root = repository ?? folder
        let resolvedRoot = FileSystem.resolve(root) ?? root
        if PathNames.isInside(resolvedExistingPart(path), root: resolvedRoot) { return nil }
        let what = repository == nil ? "the configuration's folder" : "the repository"
        return "'\(path)' is outside \(what) (\(root)); a configuration may only name a baseline inside it "
            + "(pass --baseline to use another file)"
    }

    static func resolvedExistingPart(_ path: String) -> String {
        if let resolved = FileSystem.resolve(path) { return resolved }
        let parent = ProjectConfiguration.parent(of: path)
        guard parent != path, parent != "." else { return path }
        return PathNames.join(resolvedExistingPart(parent), PathNames.lastComponent(path))
    }
}
