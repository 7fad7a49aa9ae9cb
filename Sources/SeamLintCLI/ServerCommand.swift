import Foundation
import SeamLintCore
import SeamLintEngine
import SeamLintServer

/// `lint server [options]`: the language server over standard input and output. The workspace
/// root comes from the client (`initialize`), else the current directory; configuration files are
/// read there as `lint` would read them, and these options apply on top.
struct ServerCommand {
    let arguments: Arguments
    let output: TextSink
    let libclangWorker: String?

    /// The options that shape what is linted; the others (reporters, baselines, `--fix`…) belong to
    /// a run that ends, not to an editor session.
    static let acceptedOptions: Set<String> = [
        "--config", "--no-config", "--only-rule", "--disable-rule", "--enable-all-rules", "--ios-deployment-target",
        "--include-tests", "--objc", "--no-objc", "--libclang", "--workers", "--max-file-size", "--follow-symlinks",
    ]

    static let usage = """
        Usage: lint server [options]

        Runs a language server (LSP 3.17) over standard input and output: diagnostics as you type,
        each rule's fix and a "disable for this line" comment as code actions. The workspace root
        comes from the editor (else the current directory); .seamlint.json files are read there.
        `--stdio` is accepted and ignored. Set-ups for VS Code, Neovim, Helix, Sublime Text and
        Emacs: docs/editors.md.

        Options: --config FILE, --no-config, --only-rule ID, --disable-rule ID, --enable-all-rules,
        --ios-deployment-target VERSION, --include-tests, --objc, --no-objc, --libclang PATH,
        --workers N, --max-file-size MB, --follow-symlinks (as for `lint`).

        """

    func run() throws(UsageError) -> Int32 {
        if arguments.has("--help") {
            output.write(Self.usage)
            return ExitCode.success
        }
        if let path = arguments.paths.first {
            throw UsageError("`lint server` takes no paths ('\(path.escapingControlCharacters)'): the editor names the workspace")
        }
        for name in arguments.values.keys.sorted() where !Self.acceptedOptions.contains(name) {
            throw UsageError("\(name) does not apply to `lint server` (see `lint server --help`)")
        }
        if arguments.has("--config") && arguments.has("--no-config") {
            throw UsageError("--config and --no-config cannot be combined")
        }
        var options = ServerOptions(allRules: allRules)
        options.toolVersion = CommandLineTool.version
        options.reporterIDs = Reporters.all.map { $0.id }
        let onlyRules = arguments.ruleIDs("--only-rule"), disabledRules = arguments.ruleIDs("--disable-rule")
        _ = try RuleSelection.rules(only: onlyRules, disabled: disabledRules, enableAll: false)  // unknown ids are errors
        options.overrides.configurationFile = arguments.value("--config").map { FileDiscovery.reference(forPath: $0).absolutePath }
        options.overrides.ignoresFiles = arguments.has("--no-config")
        options.overrides.onlyRules = onlyRules
        options.overrides.disabledRules = disabledRules
        options.overrides.enableAllRules = arguments.has("--enable-all-rules")
        options.overrides.ruleOptions = RunSetup.ruleOptions(arguments, rules: allRules)
        if let text = arguments.value("--ios-deployment-target") {
            guard let version = Version(text) else {
                throw UsageError("--ios-deployment-target: '\(text.escapingControlCharacters)' is not a version such as 16 or 16.4")
            }
            options.iosDeploymentTarget = DeploymentTarget(version: version, source: "--ios-deployment-target")
        }
        if let text = arguments.value("--workers") {
            guard let workers = Int(text), workers > 0 else {
                throw UsageError("--workers: '\(text.escapingControlCharacters)' is not a positive number")
            }
            options.workers = workers
        }
        if let text = arguments.value("--max-file-size") { options.maximumFileSize = try LintCommand.maximumFileSize(text) }
        options.followSymlinks = arguments.has("--follow-symlinks")
        var lintOptions = LintOptions(rules: [])
        var discovery = DiscoveryOptions()
        try ObjectiveCCommandLine.apply(arguments, configured: nil, to: &lintOptions, discovery: &discovery)
        options.objectiveC = lintOptions.objectiveC
        options.objectiveC.workerExecutable = libclangWorker
        if arguments.has("--objc") { options.objectiveCOverride = true }
        if arguments.has("--no-objc") { options.objectiveCOverride = false }
        options.defaultRoot = FileManager.default.currentDirectoryPath
        return LanguageServer.serve(options: options)
    }
}
