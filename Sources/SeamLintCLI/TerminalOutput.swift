import Foundation
import SeamLintCore
import SeamLintEngine

/// What a terminal gets: the terminal reporter by default, colour by `--color` and the
/// environment, text wrapped to its width. Documented in docs/output.md.
enum TerminalOutput {
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    /// `--color WHEN`; `auto` when not given.
    static func colorChoice(_ arguments: Arguments) throws(UsageError) -> ColorChoice {
        guard let text = arguments.value("--color") else { return .auto }
        guard let choice = ColorChoice(rawValue: text) else {
            throw UsageError("--color: '\(text.escapingControlCharacters)' is not one of auto, always, never")
        }
        return choice
    }

    /// Whether to colour: `--color always|never` wins; else `NO_COLOR` (set and not empty) turns
    /// colour off, then `FORCE_COLOR` or `CLICOLOR_FORCE` (set, not empty, not `0`) turns it on,
    /// then `TERM=dumb` turns it off; else colour when standard output is a terminal.
    static func usesColor(_ choice: ColorChoice, environment: [String: String], isTerminal: Bool) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
            if isSet("NO_COLOR") { return false }
            for name in ["FORCE_COLOR", "CLICOLOR_FORCE"] where isSet(name) && !["0", "false"].contains(environment[name]!) {
                return true
            }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }

    /// The terminal reporter is the default when standard output is a terminal and neither
    /// `--reporter`, the configuration's `reporter` nor `--output` says otherwise.
    static func defaultsToTerminal(reporterID: String?, arguments: Arguments, output: TextSink) -> Bool {
        reporterID == nil && !arguments.has("--output") && output.isTerminal
    }

    /// Columns to wrap text at: `COLUMNS` when it is a positive number, else the terminal's width
    /// when standard output is one, else 80.
    static func width(environment: [String: String], output: TextSink) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        if output.isTerminal, let columns = terminalColumns(STDOUT_FILENO), columns > 0 { return columns }
        return 80
    }

    /// `lint explain` wraps at the width, at most 100 columns: longer lines are hard to read.
    static let widestExplanation = 100

    static func explainWidth(environment: [String: String], output: TextSink) -> Int {
        min(width(environment: environment, output: output), widestExplanation)
    }

    private static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return Int(size.ws_col)
    }
}
