import Foundation
import SeamLintCore

/// The configuration of one run: the root `.seamlint.json` and the nested ones below it,
/// resolved per folder on first use and cached (one `stat` per folder), with command-line flags
/// applied last. Thread-safe: discovery asks `isExcluded`, lint workers ask `settings(forFile:)`.
public final class ProjectConfiguration: @unchecked Sendable {
    /// What the command line says; it wins over every file.
    public struct Overrides: Sendable {
        /// `--config FILE`: use only this file (nested files are not read).
        public var configurationFile: String?
        /// `--no-config`: read no file at all.
        public var ignoresFiles = false
        /// `--only-rule` (repeatable).
        public var onlyRules: [String] = []
        /// `--disable-rule` (repeatable): off whatever the files say.
        public var disabledRules: [String] = []
        /// `--enable-all-rules`.
        public var enableAllRules = false
        /// `--ios-deployment-target`: the configuration's target is then ignored.
        public var iosDeploymentTarget: DeploymentTarget?
        /// Options set by flags such as `--include-tests`, merged over the files' options.
        public var ruleOptions: [String: RuleOptions] = [:]

        public init() {}
    }

    /// The top configuration file, if any.
    public let root: ConfigurationFile?
    /// Nested files are looked for in folders below this one: the root file's folder, else the
    /// working directory.
    public let baseFolder: String
    let rules: [any Rule.Type]
    let overrides: Overrides
    private let readsNestedFiles: Bool
    private let vocabulary: ConfigurationVocabulary
    /// The directory relative paths are resolved against (the same one discovery uses).
    public let workingDirectory: String

    private struct FolderState {
        /// Root first: the files whose globs apply here.
        var chain: [ConfigurationFile]
        /// Settings from the files alone, refined by nested files.
        var configured: FileSettings
        /// With the command line applied: what files in this folder get.
        var effective: FileSettings
    }

    /// Recursive: a folder's state is computed from its parent's while the lock is held, so two
    /// workers never read the same nested file twice.
    private let lock = NSRecursiveLock()
    private var folders: [String: FolderState] = [:]
    private var nestedProblems: [ConfigurationProblem] = []
    private let hasGlobs: Bool

    init(root: ConfigurationFile?, baseFolder: String, readsNestedFiles: Bool, rules: [any Rule.Type],
         overrides: Overrides, vocabulary: ConfigurationVocabulary, workingDirectory: String) {
        self.root = root
        self.baseFolder = baseFolder
        self.readsNestedFiles = readsNestedFiles
        self.rules = rules
        self.overrides = overrides
        self.vocabulary = vocabulary
        self.workingDirectory = workingDirectory
        hasGlobs = !(root?.included.isEmpty ?? true) || !(root?.excluded.isEmpty ?? true)
    }

    // MARK: Run-wide settings (root file only)

    public var reporter: String? { root?.reporter }
    public var strict: Bool { root?.strict ?? false }
    /// Absolute path of the configured baseline.
    public var baseline: String? { root?.baseline }
    public var useDefaultExcludes: Bool { root?.useDefaultExcludes ?? true }
    /// `objc`; nil when the file does not say.
    public var objectiveC: Bool? { root?.objectiveC }

    // MARK: Per-file questions

    /// The settings for a file (absolute, standardized path). They depend on its folder alone
    /// (the path up to its last "/"): the linter asks once per folder (`fileSettingsFollowFolders`).
    public func settings(forFile absolutePath: String) -> FileSettings {
        state(forFolder: Self.parent(of: absolutePath)).effective
    }

    /// Whether discovery skips this path: `excluded` by any file above it, or outside the
    /// `included` patterns of a file above it. A folder is kept while an `included` pattern could
    /// still match something inside it. Source-file names are taken for files, other names for
    /// folders: discovery asks only about source files and folders.
    public func isExcluded(_ absolutePath: String) -> Bool {
        guard hasGlobs || readsNestedFiles else { return false }
        let state = state(forFolder: Self.parent(of: absolutePath))
        let isFile = PathNames.isSourceFileName(PathNames.lastComponent(absolutePath))
        for file in state.chain where !file.included.isEmpty || !file.excluded.isEmpty {
            guard let relative = Self.components(of: absolutePath, inside: file.folder) else {
                // The file's own folder or one above it leads to what it includes; anything else
                // lies outside its patterns.
                if !file.included.isEmpty && !PathNames.isInside(file.folder, root: absolutePath) { return true }
                continue
            }
            if file.excluded.contains(where: { $0.matches(relative) }) { return true }
            if !file.included.isEmpty, !file.included.contains(where: {
                $0.matches(relative) || (!isFile && $0.mayMatchInside(relative))
            }) {
                return true
            }
        }
        return false
    }

    /// Problems in nested files met so far; call after discovery (which reads them).
    public func checkNestedFiles() throws(ConfigurationError) {
        lock.lock()
        let problems = nestedProblems
        lock.unlock()
        if !problems.isEmpty { throw ConfigurationError(problems) }
    }

    /// The rules enabled for at least one of `files`, in registry order.
    public func enabledRules(forFiles files: [String]) -> [any Rule.Type] {
        var ids: Set<String> = []
        var seenFolders: Set<String> = []
        var previous: String?
        // A folder under no nested file has the base's settings (its chain is the base's): they
        // are merged once, not once per folder (thousands of unions of the same set before).
        let baseChain = root == nil ? 0 : 1
        var mergedBase = false
        for file in files {
            let folder = Self.parent(of: file)
            // Files come sorted, mostly a folder at a time: the folder just seen needs no hashing.
            if let previous, PathNames.compare(previous, folder) == 0 { continue }
            previous = folder
            guard seenFolders.insert(folder).inserted else { continue }
            let state = state(forFolder: folder)
            if state.chain.count == baseChain {
                if mergedBase { continue }
                mergedBase = true
            }
            ids.formUnion(state.effective.enabledRuleIDs)
        }
        return rules.filter { ids.contains($0.description.id) }
    }

    /// Display paths of the nested files read so far (after discovery: all that matter), sorted.
    public var nestedFiles: [String] {
        lock.lock()
        defer { lock.unlock() }
        let paths = Set(folders.values.flatMap { $0.chain.dropFirst(root == nil ? 0 : 1).map(\.displayPath) })
        return paths.sorted()
    }

    /// Not errors, but likely mistakes: a rule configured where it does not run, a run-wide key in
    /// a nested file. In file and position order.
    public func warnings() -> [ConfigurationProblem] {
        lock.lock()
        let states = Array(folders.values)
        lock.unlock()
        var files: [String: ConfigurationFile] = [:]
        for state in states { for file in state.chain { files[file.path] = file } }
        var warnings: [ConfigurationProblem] = []
        for file in files.values.sorted(by: { $0.path < $1.path }) {
            var found: [ConfigurationProblem] = []
            defer { warnings += found.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) } }
            let isNested = file.path != root?.path
            if isNested {
                for key in file.keys.filter(\.isRunWide).sorted(by: { $0.rawValue < $1.rawValue }) {
                    found.append(file.problem(at: KeyPath.root.appending(key.rawValue),
                        "'\(key.rawValue)' applies to the whole run and is ignored in a nested configuration"))
                }
            }
            guard overrides.onlyRules.isEmpty else { continue }
            let governed = states.filter { state in state.chain.contains { $0.path == file.path } }
            for (id, setting) in file.rules.sorted(by: { $0.key < $1.key }) where setting.level != .off {
                if !governed.contains(where: { $0.effective.isEnabled(id) }) {
                    found.append(file.problem(at: KeyPath.root.appending("rules").appending(id),
                        "rule '\(id)' is configured but not enabled; add it to 'opt_in' to run it"))
                }
            }
        }
        return warnings
    }

    // MARK: Folder states

    private func state(forFolder folder: String) -> FolderState {
        lock.lock()
        defer { lock.unlock() }
        if let cached = folders[folder] { return cached }
        let state: FolderState
        if folder == baseFolder || !PathNames.isInside(folder, root: baseFolder) {
            state = baseState()
        } else {
            var parent = self.state(forFolder: Self.parent(of: folder))
            if readsNestedFiles, let file = nestedFile(in: folder) {
                parent.chain.append(file)
                parent.configured = parent.configured.refined(by: file, allIDs: rules.map { $0.description.id })
                parent.effective = effective(parent.configured)
            }
            state = parent
        }
        folders[folder] = state
        return state
    }

    private func baseState() -> FolderState {
        var configured = FileSettings.defaults(for: rules)
        if let root { configured = configured.refined(by: root, allIDs: rules.map { $0.description.id }) }
        return FolderState(chain: root.map { [$0] } ?? [], configured: configured, effective: effective(configured))
    }

    /// The nested file in `folder`, if there is one and it is valid (problems are kept for later).
    private func nestedFile(in folder: String) -> ConfigurationFile? {
        let path = PathNames.join(folder, ConfigurationKey.fileName)
        guard case .success(let status) = FileSystem.status(path, followLink: true), status.kind == .regular else { return nil }
        let display = PathNames.displayPath(path, workingDirectory: workingDirectory)
        switch ConfigurationFile.load(path: path, displayPath: display, vocabulary: vocabulary) {
        case .success(let file):
            return file
        case .failure(let error):
            nestedProblems += error.problems
            return nil
        }
    }

    /// The command line over the files.
    private func effective(_ configured: FileSettings) -> FileSettings {
        var result = configured
        if !overrides.onlyRules.isEmpty {
            result.enabledRuleIDs = Set(overrides.onlyRules)
        } else if overrides.enableAllRules {
            result.enabledRuleIDs = Set(rules.map { $0.description.id })
        }
        result.enabledRuleIDs.subtract(overrides.disabledRules)
        for (id, options) in overrides.ruleOptions { result.ruleOptions[id] = result.options(of: id).merging(options) }
        if overrides.iosDeploymentTarget != nil { result.iosDeploymentTarget = nil }
        return result
    }
}
