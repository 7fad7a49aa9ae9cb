import Foundation
import SeamLintCore
import SeamLintEngine

/// Exit codes: a contract with CI scripts.
public enum ExitCode {
    /// No error-severity diagnostics (with `--strict`, no warnings either).
    public static let success: Int32 = 0
    /// At least one diagnostic that fails the run.
    public static let lintFailure: Int32 = 1
    /// Usage, configuration or input error.
    public static let usageOrInputError: Int32 = 2
}

/// The `lint` command. Writes diagnostics to `output`, everything else to `errors`.
public struct CommandLineTool {
    public static let version = "0.1.0"

    var output: TextSink
    var errors: TextSink
    /// The `lint` executable, re-run as libclang worker processes (`ObjectiveCOptions.workerExecutable`).
    public var libclangWorker: String?

    public init(output: TextSink = .standardOutput, errors: TextSink = .standardError) {
        self.output = output
        self.errors = errors
    }

    /// `lint --libclang-worker …`: the hidden worker mode, run by `lint` itself (never returns).
    public static func serveLibclangWorkerIfAsked(_ arguments: [String]) {
        guard arguments.first == LibclangWorkerServer.argument else { return }
        LibclangWorkerServer.serve(Array(arguments.dropFirst()))
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public func run(_ arguments: [String]) -> Int32 {
        let status = runCommand(arguments)
        // A report that did not reach its reader must not pass for a clean run.
        if let failure = output.writeFailure {
            errors.write("error: cannot write to \(failure)\n")
            return ExitCode.usageOrInputError
        }
        return status
    }

    private func runCommand(_ arguments: [String]) -> Int32 {
        do {
            let parsed = try Arguments.parse(arguments)
            switch parsed.command {
            case .help: output.write(HelpText.text); return ExitCode.success
            case .version: output.write(Self.version + "\n"); return ExitCode.success
            case .rules: output.write(try RuleCommands.list(reporter: parsed.value("--reporter"))); return ExitCode.success
            case .reporters: output.write(RuleCommands.reporters()); return ExitCode.success
            case .explain(let id): return try explain(id)
            case .server: return try ServerCommand(arguments: parsed, output: output, libclangWorker: libclangWorker).run()
            case .lint:
                return try LintCommand(arguments: parsed, output: output, errors: errors, libclangWorker: libclangWorker).run()
            }
        } catch {
            errors.write("error: \(error.message)\n")
            return ExitCode.usageOrInputError
        }
    }

    private func explain(_ id: String) throws(UsageError) -> Int32 {
        guard let rule = allRules.first(where: { $0.description.id == id }) else {
            throw UsageError(RuleSelection.unknownRuleMessage(id))
        }
        output.write(MarkdownWrapping.wrap(RuleDocumentation.markdown(for: rule.description),
                                           width: TerminalOutput.explainWidth(environment: ProcessInfo.processInfo.environment, output: output)))
        return ExitCode.success
    }
}

enum HelpText {
    static var text: String {
        var lines = [
            "SeamLint \(CommandLineTool.version): finds bugs at the seam between SwiftUI and UIKit/AppKit.",
            "",
            "Usage:",
            "  lint [options] [paths…]     Lint .swift (and Objective-C) files under paths (default: .)",
            "  lint rules                  List every rule",
            "  lint explain RULE_ID        Print a rule's rationale, options, how to suppress it and examples",
            "  lint reporters              List output formats",
            "  lint server [options]       Run a language server (LSP) over standard input and output",
            "",
            "Options:",
        ]
        for spec in OptionTable.all {
            let left = spec.name + (spec.value.map { " " + $0 } ?? "")
            lines.append("  " + left.padding(toLength: max(28, left.count + 2), withPad: " ", startingAt: 0) + spec.help)
        }
        lines += [
            "",
            "Exit codes: 0 no failing diagnostics; 1 error diagnostics (or warnings with --strict);",
            "            2 usage, configuration or input error.",
            "Diagnostics go to standard output; progress and errors to standard error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
