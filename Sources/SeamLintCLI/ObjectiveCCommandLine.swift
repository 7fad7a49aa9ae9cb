import Foundation
import SeamLintCore
import SeamLintEngine

/// `--objc`, `--no-objc`, `--libclang PATH` (in `OptionTable`), and what a run says about
/// Objective-C on standard error.
enum ObjectiveCCommandLine {
    /// Applies the options on top of what the configuration chose (`configured`, the `objc` key).
    static func apply(_ arguments: Arguments, configured: Bool?, to options: inout LintOptions,
                      discovery: inout DiscoveryOptions) throws(UsageError) {
        if arguments.has("--objc") && arguments.has("--no-objc") {
            throw UsageError("--objc and --no-objc contradict each other; pass one")
        }
        let enabled = arguments.has("--objc") ? true : (arguments.has("--no-objc") ? false : configured ?? true)
        options.objectiveC.isEnabled = enabled
        discovery.includeObjectiveC = enabled
        if let path = arguments.value("--libclang") {
            // Checked now, so a typo fails the run even when no Objective-C file is found.
            guard FileManager.default.fileExists(atPath: path) else {
                throw UsageError("--libclang: \(path.escapingControlCharacters): no such file")
            }
            options.objectiveC.libclangPath = path
        }
        try applyLimits(ProcessInfo.processInfo.environment, to: &options.objectiveC.limits)
        // `SEAMLINT_OBJC_PRESCAN=0`: every Objective-C file through libclang, to check on real code
        // that the pre-scan changes no diagnostic (docs/objective-c.md).
        if ProcessInfo.processInfo.environment["SEAMLINT_OBJC_PRESCAN"] == "0" {
            options.objectiveC.skipsFilesWithoutTriggerWords = false
        }
    }

    /// `SEAMLINT_LIBCLANG_TIME_LIMIT` (seconds per file, before the allowance for its size) and
    /// `SEAMLINT_LIBCLANG_MEMORY_LIMIT` (megabytes per worker): for very slow or small machines.
    static func applyLimits(_ environment: [String: String], to limits: inout ObjectiveCLimits) throws(UsageError) {
        if let text = environment["SEAMLINT_LIBCLANG_TIME_LIMIT"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("SEAMLINT_LIBCLANG_TIME_LIMIT: '\(text.escapingControlCharacters)' is not a number of seconds")
            }
            limits.baseSeconds = seconds
        }
        if let text = environment["SEAMLINT_LIBCLANG_MEMORY_LIMIT"] {
            guard let megabytes = Int(text), megabytes >= 64, megabytes <= 1 << 30 else {
                throw UsageError("SEAMLINT_LIBCLANG_MEMORY_LIMIT: '\(text.escapingControlCharacters)' is not a number of megabytes (64 or more)")
            }
            limits.memoryMegabytes = megabytes
        }
    }

    /// One line when Objective-C files were skipped because no libclang could be loaded.
    static func warning(for result: LintResult) -> String? {
        guard result.objectiveCFilesSkipped > 0 else { return nil }
        let count = result.objectiveCFilesSkipped
        let files = count == 1 ? "1 Objective-C file was" : "\(count) Objective-C files were"
        var reason = "libclang was not found"
        if case .unavailable(let text) = result.libclang { reason = text }
        #if os(macOS)
        let install = "install Xcode or the Command Line Tools (`xcode-select --install`)"
        #else
        let install = "install it with `apt-get install libclang-dev`"
        #endif
        return "warning: \(files) not linted: \(reason.escapingControlCharacters); \(install), or pass --libclang PATH "
            + "(or set SEAMLINT_LIBCLANG); --no-objc skips Objective-C files without this warning\n"
    }

    /// For `--verbose`: which libclang tokenized Objective-C.
    static func verboseLine(for result: LintResult) -> String? {
        guard case .loaded(let path, let version) = result.libclang else { return nil }
        return "Objective-C: libclang \(path.escapingControlCharacters) (\(version.escapingControlCharacters))\n"
    }
}
