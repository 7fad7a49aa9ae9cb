import Dispatch
import SeamLintCore
import SeamLintEngine

/// One load of a workspace: its configuration (read as `lint` run in the root reads it), the files
/// `lint` would find there plus the open buffers, and their cached results. A change to a
/// configuration file or a project manifest starts a new session.
final class LintSession {
    let root: String
    let configuration: ProjectConfiguration
    let discovery: DiscoveryOptions
    let workspace: LintWorkspace
    private let ruleIDs: Set<String>
    /// Files found and problems met by discovery, and how long the first lint took.
    let discoveredFiles: Int
    let problems: [InputProblem]
    let loadNanoseconds: UInt64

    /// Reads the configuration, finds the files (under `root` when `walksRoot`, else only the
    /// buffers) and lints them all, `buffers` (unsaved contents by absolute path) winning over the disk.
    init(root: String, walksRoot: Bool, options: ServerOptions, buffers: [String: [UInt8]]) throws(ConfigurationError) {
        let start = DispatchTime.now().uptimeNanoseconds
        self.root = root
        var overrides = options.overrides
        overrides.iosDeploymentTarget = options.iosDeploymentTarget
        configuration = try ProjectConfiguration.load(workingDirectory: root, overrides: overrides, rules: options.allRules,
                                                      reporterIDs: options.reporterIDs)
        var lintOptions = LintOptions(rules: options.allRules)
        lintOptions.iosDeploymentTarget = options.iosDeploymentTarget
        lintOptions.workers = options.workers
        lintOptions.maximumFileSize = options.maximumFileSize
        lintOptions.ruleOptions = options.overrides.ruleOptions
        lintOptions.objectiveC = options.objectiveC
        lintOptions.objectiveC.isEnabled = options.objectiveCOverride ?? configuration.objectiveC ?? true
        let manifests = ProjectManifests()
        lintOptions.manifests = manifests

        var discovery = DiscoveryOptions()
        discovery.followSymlinks = options.followSymlinks
        discovery.includeObjectiveC = lintOptions.objectiveC.isEnabled
        let configuration = self.configuration
        discovery.useDefaultExcludes = configuration.useDefaultExcludes
        discovery.isExcluded = { configuration.isExcluded($0) }
        discovery.onManifestFolder = { manifests.prepare(folder: $0) }
        self.discovery = discovery

        // Without a workspace from the editor, the current directory may be a home folder or `/`:
        // only the open files are linted then.
        let (found, problems) = walksRoot ? LintWorkspace.discover(["."], options: discovery, workingDirectory: root) : ([], [])
        try configuration.checkNestedFiles()
        var files = found
        let known = Set(found.map(\.absolutePath))
        for path in buffers.keys.sorted() where !known.contains(path) {
            if let ref = Self.lintedReference(path, root: root, discovery: discovery) { files.append(ref) }
        }
        // The rules any file may need (a placeholder in the root: an empty folder still gets its rules).
        let placeholder = root == "/" ? "/placeholder.swift" : root + "/placeholder.swift"
        lintOptions.rules = configuration.enabledRules(forFiles: [placeholder] + files.map(\.absolutePath))
        lintOptions.fileSettings = { configuration.settings(forFile: $0) }
        ruleIDs = Set(lintOptions.rules.map { $0.description.id })
        workspace = LintWorkspace(linter: Linter(options: lintOptions, allRules: options.allRules), workingDirectory: root)
        let linted = Set(files.map(\.absolutePath))
        workspace.load(files, overlays: buffers.filter { linted.contains($0.key) })
        discoveredFiles = found.count
        self.problems = problems
        loadNanoseconds = DispatchTime.now().uptimeNanoseconds - start
    }

    /// The reference of a file this session lints (by file name and the configuration), else nil.
    func lintedReference(_ absolutePath: String) -> SourceFileRef? {
        Self.lintedReference(absolutePath, root: root, discovery: discovery)
    }

    private static func lintedReference(_ path: String, root: String, discovery: DiscoveryOptions) -> SourceFileRef? {
        guard let ref = LintWorkspace.reference(forPath: path, workingDirectory: root, includeObjectiveC: discovery.includeObjectiveC),
              !LintWorkspace.isExcluded(ref.absolutePath, options: discovery, workingDirectory: root) else { return nil }
        return ref
    }

    /// True when a new file's folder enables rules this session's linter does not run (a nested
    /// configuration's `opt_in`): only a new session lints it right.
    func needsNewSession(for ref: SourceFileRef) -> Bool {
        !configuration.settings(forFile: ref.absolutePath).enabledRuleIDs.isSubset(of: ruleIDs)
    }

    /// Lints a file again (`contents` nil: as on disk; a file gone from the disk is dropped) and
    /// returns the files whose diagnostics may have changed.
    func update(_ absolutePath: String, contents: [UInt8]?) -> Set<String> {
        guard lintedReference(absolutePath) != nil else {
            return workspace.contains(absolutePath) ? workspace.remove(absolutePath).files : []
        }
        return workspace.update(absolutePath, contents: contents).files
    }
}
