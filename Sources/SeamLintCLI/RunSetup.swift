import Foundation
import SeamLintCore
import SeamLintEngine

/// What `.seamlint.json`, `--baseline`/`--write-baseline` and `--diff`/`--staged` add to a
/// `lint` run, resolved once; command-line flags win over the configuration.
struct RunSetup {
    let arguments: Arguments
    let configuration: ProjectConfiguration
    let changed: ChangedFiles?
    /// Absolute paths.
    let baselinePath: String?
    let writeBaselinePath: String?
    /// Option values the command line sets (`--include-tests`), by rule id; they win over files.
    let ruleOptions: [String: RuleOptions]

    /// Flags that set an option of every rule declaring it, to a value of the option's kind.
    static let optionFlags: [(flag: String, option: RuleOption, value: RuleOptionValue)] = [
        ("--include-tests", .includeTests, .bool(true)),
    ]

    /// What `optionFlags` set for `rules`, by rule id.
    static func ruleOptions(_ arguments: Arguments, rules: [any Rule.Type]) -> [String: RuleOptions] {
        var result: [String: RuleOptions] = [:]
        for (flag, option, value) in optionFlags where arguments.has(flag) {
            for rule in rules where rule.description.options.contains(option) {
                result[rule.description.id, default: RuleOptions()].set(option, to: value)
            }
        }
        return result
    }

    /// `workingDirectory`: nil for the process's (tests pass their own: they run in parallel).
    init(arguments: Arguments, workingDirectory: String? = nil) throws(UsageError) {
        self.arguments = arguments
        try Self.checkCombinations(arguments)
        var overrides = ProjectConfiguration.Overrides()
        overrides.configurationFile = arguments.value("--config")
        overrides.ignoresFiles = arguments.has("--no-config")
        overrides.onlyRules = arguments.ruleIDs("--only-rule")
        overrides.disabledRules = arguments.ruleIDs("--disable-rule")
        overrides.enableAllRules = arguments.has("--enable-all-rules")
        if let text = arguments.value("--ios-deployment-target"), let version = Version(text) {
            overrides.iosDeploymentTarget = DeploymentTarget(version: version, source: "--ios-deployment-target")
        }
        ruleOptions = Self.ruleOptions(arguments, rules: allRules)
        overrides.ruleOptions = ruleOptions
        let configuration: ProjectConfiguration
        do {
            configuration = try ProjectConfiguration.load(workingDirectory: workingDirectory, overrides: overrides, rules: allRules,
                                                          reporterIDs: Reporters.all.map { $0.id })
        } catch {
            throw UsageError(error.problems.map(\.description).joined(separator: "\nerror: "))
        }
        self.configuration = configuration
        baselinePath = arguments.value("--baseline").map(configuration.absolutePath) ?? configuration.baseline
        writeBaselinePath = arguments.value("--write-baseline").map(configuration.absolutePath)
        if arguments.has("--diff") || arguments.has("--staged") {
            let source: ChangedFiles.Source = arguments.value("--diff").map { .since($0) } ?? .staged
            let directory = configuration.absolutePath(arguments.paths.first ?? ".")
            var folder = directory
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
                folder = (directory as NSString).deletingLastPathComponent
            }
            do { changed = try ChangedFiles.find(source, in: folder) } catch { throw UsageError(error.description) }
        } else {
            changed = nil
        }
    }

    private static func checkCombinations(_ arguments: Arguments) throws(UsageError) {
        if arguments.has("--diff") && arguments.has("--staged") { throw UsageError("--diff and --staged cannot be combined") }
        let changedMode = arguments.has("--diff") || arguments.has("--staged")
        if arguments.has("--changed-lines-only") && !changedMode {
            throw UsageError("--changed-lines-only needs --diff BASE or --staged")
        }
        if changedMode && arguments.has("--stdin") {
            throw UsageError("\(arguments.has("--diff") ? "--diff" : "--staged") cannot be combined with --stdin")
        }
        if arguments.has("--write-baseline") && (changedMode || arguments.has("--stdin")) {
            throw UsageError("--write-baseline records a whole run; it cannot be combined with --diff, --staged or --stdin")
        }
        // Options that would otherwise be silently ignored.
        if arguments.has("--stdin-path") && !arguments.has("--stdin") {
            throw UsageError("--stdin-path only applies with --stdin (lint standard input as if it were the file at PATH)")
        }
        if arguments.has("--dry-run") && !arguments.has("--fix") {
            throw UsageError("--dry-run only applies with --fix (print the fixes as a diff instead of writing them)")
        }
        if arguments.has("--config") && arguments.has("--no-config") {
            throw UsageError("--config and --no-config cannot be combined")
        }
    }

    var reporterID: String? { arguments.value("--reporter") ?? configuration.reporter }
    var strict: Bool { arguments.has("--strict") || configuration.strict }

    /// `excluded`/`included` and `use_default_excludes` shape the walk. In changed-files mode they
    /// apply to files named on the command line too: hooks pass every changed file.
    func configure(_ discovery: inout DiscoveryOptions) {
        let configuration = self.configuration
        discovery.useDefaultExcludes = configuration.useDefaultExcludes
        discovery.isExcluded = { configuration.isExcluded($0) }
        if changed != nil { discovery.excludeExplicitPaths = true }
    }

    /// After discovery (which reads nested configuration files): stops on their mistakes, prints
    /// warnings, picks the rules and per-file settings, and in changed-files mode returns only the
    /// changed files, or every file with unchanged ones (and the project context of explicit files,
    /// see `InputSelection.contextFiles`) contributing project facts only.
    func prepare(_ input: InputSelection, options: inout LintOptions, errors: TextSink) throws(UsageError) -> [SourceFileRef] {
        do { try configuration.checkNestedFiles() } catch {
            throw UsageError(error.problems.map(\.description).joined(separator: "\nerror: "))
        }
        let asked = input.contextFiles.isEmpty ? input.files : input.files.filter { !input.contextFiles.contains($0.absolutePath) }
        let reported = changed.map { changed in asked.filter { changed.contains($0.absolutePath) } } ?? asked
        options.rules = configuration.enabledRules(forFiles: reported.map(\.absolutePath))
        if changed != nil {
            // A change can bring about project-rule findings in unchanged files (`FactChanges`).
            let enabled = Set(options.rules.map { $0.description.id })
            options.rules += configuration.enabledRules(forFiles: asked.map(\.absolutePath))
                .filter { $0 is any ProjectRule.Type && !enabled.contains($0.description.id) }
        }
        if !arguments.has("--quiet") {
            for warning in configuration.warnings() { errors.write("warning: \(warning)\n") }
        }
        if arguments.has("--verbose") {
            let files = (configuration.root.map { [$0.displayPath] } ?? []) + configuration.nestedFiles
            errors.write("configuration: \(files.isEmpty ? "none" : files.joined(separator: ", ").escapingControlCharacters)\n")
        }
        let configuration = self.configuration
        options.fileSettings = { configuration.settings(forFile: $0) }
        options.fileSettingsFollowFolders = true  // `settings(forFile:)` reads the file's folder only
        if let changed, arguments.has("--verbose") {
            errors.write("changed files: \(reported.count) of \(asked.count) linted files (git root \(changed.root.escapingControlCharacters))\n")
        }
        guard reported.count < input.files.count else { return input.files }
        guard options.rules.contains(where: { $0 is any ProjectRule.Type }) else { return reported }
        let reportedPaths = Set(reported.map(\.absolutePath))
        // Changed-files mode: project rules report in unchanged files too, and `FactChanges` keeps
        // what the change brought about. Elsewhere the project context only lends facts.
        let projectRuleIDs = changed == nil ? [] : Set(options.rules.filter { $0 is any ProjectRule.Type }.map { $0.description.id })
        options.fileSettingsFollowFolders = false  // files of one folder may be reported or not
        options.fileSettings = { path in
            let settings = configuration.settings(forFile: path)
            return reportedPaths.contains(path) ? settings : settings.restricted(to: projectRuleIDs)
        }
        return input.files
    }

    /// After linting: the files whose findings are reported (in changed-files mode only the changed
    /// ones, never the project context of explicit files; `result.filesLinted` then counts them),
    /// for the baseline's stale entries.
    func reportedFiles(_ result: inout LintResult, input: InputSelection) -> [SourceFileRef] {
        if !input.contextFiles.isEmpty {
            // A file read only for project facts that cannot be read (gone, unreadable) lends no
            // facts; it is not an input of this run, so it is no error of it either.
            let context = Set(input.files.filter { input.contextFiles.contains($0.absolutePath) }.map(\.path))
            result.problems.removeAll { context.contains($0.path) }
        }
        let failed = Set(result.problems.map(\.path))
        var linted = input.files.filter { !failed.contains($0.path) && !input.contextFiles.contains($0.absolutePath) }
        if let changed { linted = linted.filter { changed.contains($0.absolutePath) } }
        if changed != nil || !input.contextFiles.isEmpty { result.filesLinted = linted.count }
        return linted
    }

    /// A missing baseline is an error, except while writing one (the first `--write-baseline`).
    func loadBaseline(_ path: String) throws(UsageError) -> Baseline? {
        if writeBaselinePath != nil, !FileManager.default.fileExists(atPath: path) { return nil }
        switch Baseline.load(path: path, displayPath: configuration.displayPath(path)) {
        case .success(let baseline): return baseline
        case .failure(let error): throw UsageError(error.problems.map(\.description).joined(separator: "\nerror: "))
        }
    }
}
