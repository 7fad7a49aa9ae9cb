import Foundation
import SeamLintCore
import SeamLintEngine
import SeamLintRules

/// What `.seamlint.json`, `--baseline`/`--write-baseline` and `--diff`/`--staged` add to a
/// `lint` run, resolved once; command-line flags win over the configuration.
struct RunSetup {
    let arguments: Arguments
    let configuration: ProjectConfiguration
    let changed: ChangedFiles?
    /// Absolute paths.
    let baselinePath: String?
    let writeBaselinePath: String?

    /// `workingDirectory`: nil for the process's (tests pass their own: they run in parallel).
    init(arguments: Arguments, workingDirectory: String? = nil) throws(UsageError) {
        self.arguments = arguments
        try Self.checkCombinations(arguments)
        var overrides = ProjectConfiguration.Overrides()
        overrides.configurationFile = arguments.value("--config")
        overrides.ignoresFiles = arguments.has("--no-config")
        overrides.onlyRules = arguments.all("--only-rule")
        overrides.enableAllRules = arguments.has("--enable-all-rules")
        if let text = arguments.value("--ios-deployment-target"), let version = Version(text) {
            overrides.iosDeploymentTarget = DeploymentTarget(version: version, source: "--ios-deployment-target")
        }
        if arguments.has("--include-tests") {
            for rule in allRules { overrides.ruleOptions[rule.description.id, default: [:]]["include_tests"] = "true" }
        }
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
    /// changed files, or every file with unchanged ones contributing project facts only.
    func prepare(_ input: InputSelection, options: inout LintOptions, errors: TextSink) throws(UsageError) -> [SourceFileRef] {
        do { try configuration.checkNestedFiles() } catch {
            throw UsageError(error.problems.map(\.description).joined(separator: "\nerror: "))
        }
        let reported = changed.map { changed in input.files.filter { changed.contains($0.absolutePath) } } ?? input.files
        options.rules = configuration.enabledRules(forFiles: reported.map(\.absolutePath))
        if !arguments.has("--quiet") {
            for warning in configuration.warnings() { errors.write("warning: \(warning)\n") }
        }
        if arguments.has("--verbose") {
            let files = (configuration.root.map { [$0.displayPath] } ?? []) + configuration.nestedFiles
            errors.write("configuration: \(files.isEmpty ? "none" : files.joined(separator: ", ").escapingControlCharacters)\n")
        }
        let configuration = self.configuration
        options.fileSettings = { configuration.settings(forFile: $0) }
        guard let changed else { return input.files }
        if arguments.has("--verbose") {
            errors.write("changed files: \(reported.count) of \(input.files.count) linted files (git root \(changed.root.escapingControlCharacters))\n")
        }
        guard options.rules.contains(where: { $0 is any ProjectRule.Type }) else { return reported }
        let reportedPaths = Set(reported.map(\.absolutePath))
        options.fileSettings = { path in
            let settings = configuration.settings(forFile: path)
            return reportedPaths.contains(path) ? settings : settings.factsOnly
        }
        return input.files
    }

    /// After linting: keeps changed lines (`--changed-lines-only`), writes `--write-baseline`,
    /// and drops diagnostics recorded in the baseline (stale entries listed with `--verbose`).
    func finish(_ result: inout LintResult, input: InputSelection, errors: TextSink) throws(UsageError) {
        let failed = Set(result.problems.map(\.path))
        var linted = input.files.filter { !failed.contains($0.path) }
        if let changed {
            linted = linted.filter { changed.contains($0.absolutePath) }
            result.filesLinted = linted.count
            if arguments.has("--changed-lines-only") {
                result.diagnostics = result.diagnostics.filter { diagnostic in
                    changed.lines(ofFile: configuration.absolutePath(diagnostic.location.file))?
                        .contains(diagnostic.location.line) ?? false
                }
            }
        }
        let workingDirectory = configuration.workingDirectory
        let source: (String) -> [UInt8]? = { [configuration] path in
            let absolute = configuration.absolutePath(path)
            if let bytes = input.overrides[absolute] { return bytes }
            guard case .success(let bytes) = SourceReader.read(SourceFileRef(path: path, absolutePath: absolute, language: .swift))
            else { return nil }
            return bytes
        }
        var baseline: Baseline?
        if let baselinePath { baseline = try loadBaseline(baselinePath) }
        if let writeBaselinePath {
            let fingerprinter = BaselineFingerprinter(baselinePath: writeBaselinePath, workingDirectory: workingDirectory, source: source)
            let recorded = Baseline.recording(result.diagnostics, fingerprinter: fingerprinter)
            let display = configuration.displayPath(writeBaselinePath)
            let text = recorded.rendered()
            guard text.utf8.count <= Baseline.maximumFileSize else {
                throw UsageError("\(display.escapingControlCharacters): cannot write the baseline: it would be "
                                 + "\(text.utf8.count / (1024 * 1024)) MB, over the \(Baseline.maximumFileSize / (1024 * 1024)) MB "
                                 + "a baseline may hold (fix or suppress some findings first)")
            }
            do {
                try AtomicFile.write(Data(text.utf8), to: writeBaselinePath)
            } catch {
                throw UsageError("\(display.escapingControlCharacters): cannot write the baseline: \(error)")
            }
            if !arguments.has("--quiet") {
                let count = recorded.entries.reduce(0) { $0 + $1.count }
                errors.write("baseline \(display.escapingControlCharacters): recorded \(count) diagnostic\(count == 1 ? "" : "s")\n")
            }
        }
        guard let baseline, let baselinePath else { return }
        let fingerprinter = BaselineFingerprinter(baselinePath: baselinePath, workingDirectory: workingDirectory, source: source)
        let comparison = baseline.compare(result.diagnostics, fingerprinter: fingerprinter,
                                          lintedFiles: Set(linted.map { fingerprinter.relativePath($0.path) }))
        result.diagnostics = comparison.new
        if arguments.has("--verbose") {
            let display = configuration.displayPath(baselinePath).escapingControlCharacters
            errors.write("baseline \(display): \(comparison.matched) diagnostic\(comparison.matched == 1 ? "" : "s") matched, "
                         + "\(comparison.stale.count) stale entr\(comparison.stale.count == 1 ? "y" : "ies")\n")
            for entry in comparison.stale {
                errors.write("baseline \(display): stale: \(entry.file.escapingControlCharacters): \(entry.rule) ×\(entry.count) "
                             + "no longer found (dropped by the next --write-baseline)\n")
            }
        }
    }

    /// A missing baseline is an error, except while writing one (the first `--write-baseline`).
    private func loadBaseline(_ path: String) throws(UsageError) -> Baseline? {
        if writeBaselinePath != nil, !FileManager.default.fileExists(atPath: path) { return nil }
        switch Baseline.load(path: path, displayPath: configuration.displayPath(path)) {
        case .success(let baseline): return baseline
        case .failure(let error): throw UsageError(error.problems.map(\.description).joined(separator: "\nerror: "))
        }
    }
}
