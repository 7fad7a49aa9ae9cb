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
