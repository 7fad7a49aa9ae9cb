import SeamLintCore

/// `path:line:column: warning: headline (rule_id)`, then one `note:` line per related location:
/// the format Xcode, most editors and terminals turn into clickable issues. With `--verbose` the
/// help follows the headline as a `note:` line at the same position; without it the output is one
/// line per diagnostic (plus its related notes), as scripts expect. A related note several findings
/// of a rule share is printed once per run, with the first of them (`SharedNotes`). Control
/// characters in paths and messages are shown escaped, so one line is always one diagnostic.
public struct XcodeReporter: LineReporter {
    public static let id = "xcode"
    public static let summary = "Xcode-style lines: path:line:column: severity: message (rule) (default)"

    public init() {}

    public func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        Self.lines(diagnostic, withHelp: context.verbose)
    }

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        var shared = SharedNotes(sorted)
        return sorted.map { Self.lines($0, withHelp: context.verbose, notes: shared.notes(for: $0)) }.joined()
    }

    /// The diagnostic's line, its help as a `note:` when asked, and its related notes (`notes`:
    /// those to print and how many findings share each; all of its own by default).
    static func lines(_ diagnostic: Diagnostic, withHelp: Bool, notes: [(note: RelatedLocation, sharedBy: Int)]? = nil) -> String {
        var output = Self.line(diagnostic.location, diagnostic.severity.rawValue,
                               diagnostic.message.escapingControlCharacters + " (" + diagnostic.ruleID.escapingControlCharacters + ")")
        if withHelp, let help = diagnostic.help {
            output += Self.line(diagnostic.location, "note", help.escapingControlCharacters)
        }
        for (related, count) in notes ?? diagnostic.related.map({ ($0, 1) }) {
            output += Self.line(related.location, "note", SharedNotes.label(related.message, sharedBy: count).escapingControlCharacters)
        }
        return output
    }

    static func line(_ location: Location, _ severity: String, _ text: String) -> String {
        "\(location.file.escapingControlCharacters):\(location.line):\(location.column): \(severity): \(text)\n"
    }
}
