import SeamLintCore

extension ProjectConfiguration {
    /// Finds and reads the root configuration: `--config FILE` if given, else `.seamlint.json` in
    /// `workingDirectory` or its nearest parent up to the git root (only `workingDirectory` itself
    /// outside a repository). Nested files are read later, folder by folder, as discovery walks.
    public static func load(workingDirectory: String? = nil, overrides: Overrides = Overrides(),
                            rules: [any Rule.Type], reporterIDs: [String]) throws(ConfigurationError) -> ProjectConfiguration {
        let directory = PathNames.standardize(workingDirectory ?? FileSystem.currentDirectory(), relativeTo: "/")
        let vocabulary = ConfigurationVocabulary(rules: rules.map { $0.description }, reporterIDs: reporterIDs)
        var rootPath: String?
        if let explicit = overrides.configurationFile, !overrides.ignoresFiles {
            rootPath = PathNames.standardize(explicit, relativeTo: directory)
        } else if !overrides.ignoresFiles {
            rootPath = findRootFile(from: directory)
        }
        var root: ConfigurationFile?
        if let rootPath {
            let display = PathNames.displayPath(rootPath, workingDirectory: directory)
            switch ConfigurationFile.load(path: rootPath, displayPath: display, vocabulary: vocabulary) {
            case .success(let file): root = file
            case .failure(let error): throw error
            }
        }
        return ProjectConfiguration(root: root, baseFolder: root?.folder ?? directory,
                                    readsNestedFiles: !overrides.ignoresFiles && overrides.configurationFile == nil,
                                    rules: rules, overrides: overrides, vocabulary: vocabulary, workingDirectory: directory)
    }

    /// The nearest `.seamlint.json` from `directory` up to the folder holding `.git`.
    static func findRootFile(from directory: String) -> String? {
        guard let gitRoot = enclosingGitRoot(of: directory) else {
            let candidate = PathNames.join(directory, ConfigurationKey.fileName)
            return exists(candidate) ? candidate : nil
        }
        var folder = directory
        while true {
            let candidate = PathNames.join(folder, ConfigurationKey.fileName)
            if exists(candidate) { return candidate }
            if folder == gitRoot || folder == "/" { return nil }
            folder = parent(of: folder)
        }
    }

    /// The nearest folder at or above `directory` holding a `.git` entry (a folder, or a file in
    /// worktrees and submodules).
    static func enclosingGitRoot(of directory: String) -> String? {
        var folder = directory
        while true {
            if exists(PathNames.join(folder, ".git"), followLink: false) { return folder }
            if folder == "/" { return nil }
            folder = parent(of: folder)
        }
    }

    private static func exists(_ path: String, followLink: Bool = true) -> Bool {
        if case .success = FileSystem.status(path, followLink: followLink) { return true }
        return false
    }
}
