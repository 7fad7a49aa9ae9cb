import SeamLintCore

/// `path:line:column: warning: message (rule_id)`, then one `note:` line per related location
/// (once per run for a note several findings share):
/// the format Xcode, most editors and terminals turn into clickable issues. Control characters
/// in paths and messages are shown escaped, so one line is always one diagnostic.
public struct XcodeReporter: LineReporter {
    public static let id = "xcode"
    public static let summary = "Xcode-style lines: path:line:column: severity: message (rule) (default)"

    public init() {}

    public func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        render(diagnostic, notes: diagnostic.related.map { ($0, 1) })
    }

    /// A related note several findings of a rule share is printed once, with the first (`SharedNotes`).
    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        var shared = SharedNotes(sorted)
        return sorted.map { render($0, notes: shared.notes(for: $0)) }.joined()
    }

    private func render(_ diagnostic: Diagnostic, notes: [(note: RelatedLocation, sharedBy: Int)]) -> String {
        var output = Self.line(diagnostic.location, diagnostic.severity.rawValue,
                               diagnostic.message.escapingControlCharacters + " (" + diagnostic.ruleID.escapingControlCharacters + ")")
        for (related, count) in notes {
            output += Self.line(related.location, "note", SharedNotes.label(related.message, sharedBy: count).escapingControlCharacters)
        }
        return output
    }

    static func line(_ location: Location, _ severity: String, _ text: String) -> String {
        "\(location.file.escapingControlCharacters):\(location.line):\(location.column): \(severity): \(text)\n"
    }
}
