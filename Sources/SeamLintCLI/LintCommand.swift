import Foundation
import SeamLintCore
import SeamLintEngine

/// `lint [paths…]`: discover, lint, report, exit code.
struct LintCommand {
    let arguments: Arguments
    let output: TextSink
    let errors: TextSink
    let libclangWorker: String?

    func run() throws(UsageError) -> Int32 {
        let start = DispatchTime.now().uptimeNanoseconds
        let setup = try RunSetup(arguments: arguments)
        let colorChoice = try TerminalOutput.colorChoice(arguments)
        let toTerminal = TerminalOutput.defaultsToTerminal(reporterID: setup.reporterID, arguments: arguments, output: output)
        let reporterID = setup.reporterID ?? (toTerminal ? TerminalReporter.id : XcodeReporter.id)
        guard var reporter = Reporters.named(reporterID) else {
            let suggestion = Spelling.nearest(to: reporterID, in: Reporters.all.map { $0.id })
            throw UsageError("unknown reporter '\(reporterID)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                             + " (see `lint reporters`)")
        }
        let sarifRoot = try ReportOutput.sarifRoot(arguments)
        let rules = try RuleSelection.rules(only: arguments.ruleIDs("--only-rule"), disabled: arguments.ruleIDs("--disable-rule"),
                                            enableAll: arguments.has("--enable-all-rules"))
        var options = LintOptions(rules: rules)
        if let text = arguments.value("--ios-deployment-target") {
            guard let version = Version(text) else {
                throw UsageError("--ios-deployment-target: '\(text)' is not a version such as 16 or 16.4")
            }
            options.iosDeploymentTarget = DeploymentTarget(version: version, source: "--ios-deployment-target")
        }
        if let text = arguments.value("--workers") {
            guard let workers = Int(text), workers > 0 else { throw UsageError("--workers: '\(text)' is not a positive number") }
            options.workers = workers
        }
        if let text = arguments.value("--max-file-size") { options.maximumFileSize = try Self.maximumFileSize(text) }
        options.ruleOptions = setup.ruleOptions
        // A baseline fingerprints what it records or compares; stamped by the run, its files are not read again.
        options.stampsContentFingerprints = type(of: reporter).usesContentFingerprints
            || setup.baselinePath != nil || setup.writeBaselinePath != nil

        var discovery = DiscoveryOptions()
        discovery.followSymlinks = arguments.has("--follow-symlinks")
        setup.configure(&discovery)
        try ObjectiveCCommandLine.apply(arguments, configured: setup.configuration.objectiveC, to: &options, discovery: &discovery)
        options.objectiveC.workerExecutable = libclangWorker
        if options.discoverDeploymentTargets {
            // Manifests are parsed on another thread while the walk goes on.
            let manifests = ProjectManifests()
            options.manifests = manifests
            discovery.onManifestFolder = { manifests.prepare(folder: $0) }
            discovery.onPlainFolder = { manifests.notePlainFolder($0, holdsGit: $1) }
        }
        let discoveryStart = DispatchTime.now().uptimeNanoseconds
        let input = try InputSelection(arguments: arguments, discovery: discovery, maximumSize: options.maximumFileSize)
        let files = try setup.prepare(input, options: &options, errors: errors)
        let discoveryNanoseconds = DispatchTime.now().uptimeNanoseconds - discoveryStart
        let verbose = arguments.has("--verbose")
        if verbose { errors.write("linting \(input.files.count) files with \(options.rules.count) rules\n") }

        let linter = Linter(options: options, allRules: allRules)
        var result: LintResult
        var fixProblems: [InputProblem] = []
        if arguments.has("--fix") {
            // In changed-files mode only the changed files are fixed, whatever unchanged ones report.
            let fixable = setup.changed.map { changed in Set(files.filter { changed.contains($0.absolutePath) }.map(\.path)) }
            let fix = FixRun(linter: linter, files: files, fixable: fixable).run(startingWith: input.overrides)
            // A dry run changes nothing, so the exit status describes the files as they are.
            result = arguments.has("--dry-run") ? fix.unfixedResult : fix.result
            fixProblems = try FixRun.finish(fix, input: input, arguments: arguments, output: output, errors: errors)
        } else {
            result = linter.lint(files, overrides: input.overrides)
        }
        result.timings.add(.discovery, nanoseconds: discoveryNanoseconds)
        let reported = setup.reportedFiles(&result, input: input)
        let factChanges = setup.changed.map {
            FactChanges.find($0, found: result.diagnostics, options: options, configuration: setup.configuration,
                             errors: errors, verbose: verbose)
        }
        let filters = try DiagnosticFilter.pipeline(setup, stdinPath: input.stdinDisplayPath, overrides: input.overrides,
                                                    linted: reported, factChanges: factChanges, errors: errors)
        var dropped: [String: Int] = [:]
        result.diagnostics = try DiagnosticFilter.run(filters, on: result.diagnostics, dropped: &dropped)
        if verbose { reportTargets(result) }
        if verbose, let line = ObjectiveCCommandLine.verboseLine(for: result) { errors.write(line) }

        let context = ReportOutput.context(rules: options.rules.map { $0.description }, sarifRoot: sarifRoot,
                                           verbose: verbose)
        let isTerminalReport = reporter is TerminalReporter
        if isTerminalReport {
            let environment = ProcessInfo.processInfo.environment
            let summary = arguments.has("--quiet") ? nil : RunSummary(
                filesLinted: result.filesLinted, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                hiddenByBaseline: dropped["baseline", default: 0], hiddenBySuppressions: result.suppressedCount,
                unreadableFiles: (input.problems + result.problems + fixProblems).count)
            reporter = TerminalReporter(
                style: TerminalStyle(color: TerminalOutput.usesColor(colorChoice, environment: environment, isTerminal: output.isTerminal)),
                source: DiagnosticFilter.sourceText(setup.configuration, overrides: input.overrides), runSummary: summary)
        }
        // With --fix on standard input, the fixed source is the output; with --dry-run, the diff.
        if !(arguments.has("--fix") && (input.stdinDisplayPath != nil || arguments.has("--dry-run"))) {
            let reportStart = DispatchTime.now().uptimeNanoseconds
            try ReportOutput.deliver(reporter.render(result.diagnostics, context: context), arguments: arguments, output: output)
            result.timings.add(.reporting, nanoseconds: DispatchTime.now().uptimeNanoseconds - reportStart)
        }

        var problems = input.problems + result.problems + fixProblems
        if let stamp = arguments.value("--stamp") {
            // Written even when diagnostics fail the run, so an unchanged tree does not rerun.
            do { try AtomicFile.write(Data(), to: stamp) } catch {
                problems.append(InputProblem(path: stamp, reason: "cannot write the stamp: \(error)"))
            }
        }
        for problem in problems { errors.write(problem.description + "\n") }
        if let warning = ObjectiveCCommandLine.warning(for: result) { errors.write(warning) }
        if arguments.has("--timings") { errors.write(TimingsReport.render(result)) }
        // The terminal reporter ends with its own summary.
        if !arguments.has("--quiet") && !isTerminalReport { errors.write(summaryLine(result, problems: problems.count)) }
        return exitCode(result.diagnostics, problems: problems.count, strict: setup.strict)
    }

    /// Largest `--max-file-size`: a terabyte is far beyond any source file, and the product stays an `Int`.
    static let largestMaximumFileSize = 1024 * 1024

    /// `--max-file-size MB` in bytes: a finite number of megabytes from one byte to a terabyte
    /// ("inf", "nan", "-1", "1e400" and "0" are errors, never a trap).
    static func maximumFileSize(_ text: String) throws(UsageError) -> Int {
        let shown = text.escapingControlCharacters
        guard let megabytes = Double(text), megabytes.isFinite, megabytes > 0 else {
            throw UsageError("--max-file-size: '\(shown)' is not a positive number of megabytes")
        }
        guard megabytes <= Double(largestMaximumFileSize) else {
            throw UsageError("--max-file-size: '\(shown)' is over the largest size, \(largestMaximumFileSize) MB")
        }
        let bytes = Int(megabytes * 1024 * 1024)
        guard bytes >= 1 else { throw UsageError("--max-file-size: '\(shown)' is less than one byte") }
        return bytes
    }

    private func exitCode(_ diagnostics: [Diagnostic], problems: Int, strict: Bool) -> Int32 {
        if problems > 0 { return ExitCode.usageOrInputError }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return failing ? ExitCode.lintFailure : ExitCode.success
    }

    private func summaryLine(_ result: LintResult, problems: Int) -> String {
        let counts = Dictionary(grouping: result.diagnostics, by: \.severity).mapValues(\.count)
        var parts = ["\(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s") linted"]
        for severity in [Severity.error, .warning, .note] where counts[severity, default: 0] > 0 {
            let count = counts[severity]!
            parts.append("\(count) \(severity.rawValue)\(count == 1 ? "" : "s")")
        }
        if problems > 0 { parts.append("\(problems) file\(problems == 1 ? "" : "s") could not be read") }
        return "SeamLint: " + parts.joined(separator: ", ") + "\n"
    }

    private func reportTargets(_ result: LintResult) {
        if result.deploymentTargets.isEmpty {
            errors.write("iOS deployment target: not found (" + DeploymentTarget.unknownHint + ")\n")
        }
        for (key, scenes) in result.appScenes.sorted(by: { $0.key < $1.key }) {
            let what: String
            switch scenes.verdict {
            case .singleScene: what = "one scene (scene and window lookups are notes)"
            case .multipleScenes: what = "several scenes"
            case .unknown: what = "unknown (no Info.plist found)"
            }
            let evidence = scenes.evidence.map { ": \($0)" } ?? ""
            errors.write("app scenes: \(what), from \(key.escapingControlCharacters)\(evidence.escapingControlCharacters)\n")
        }
        for (source, target) in result.deploymentTargets.sorted(by: { $0.key < $1.key }) {
            let source = source.escapingControlCharacters
            if let version = target.version {
                errors.write("iOS deployment target \(version) from \(source)\n")
            } else if !target.buildsForIOS {
                errors.write("no iOS target (other platforms only) in \(source): iOS-only rules skip its files\n")
            } else {
                errors.write("iOS deployment target: not found in \(source)\n")
            }
        }
    }
}

/// Which rules run.
enum RuleSelection {
    static func rules(only: [String], disabled: [String] = [], enableAll: Bool) throws(UsageError) -> [any Rule.Type] {
        for id in only + disabled where !allRules.contains(where: { $0.description.id == id }) {
            throw UsageError(unknownRuleMessage(id))
        }
        let selected = only.isEmpty ? allRules.filter { enableAll || !$0.description.isOptIn }
            : only.compactMap { id in allRules.first { $0.description.id == id } }
        return selected.filter { !disabled.contains($0.description.id) }
    }

    static func unknownRuleMessage(_ id: String) -> String {
        let suggestion = Spelling.nearest(to: id, in: allRules.map { $0.description.id })
        return "unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (see `lint rules`)"
    }
}
