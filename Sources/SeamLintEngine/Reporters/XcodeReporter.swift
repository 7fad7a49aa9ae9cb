import SeamLintCore

/// `path:line:column: warning: message (rule_id)`, then one `note:` line per related location:
/// the format Xcode, most editors and terminals turn into clickable issues. Control characters
/// in paths and messages are shown escaped, so one line is always one diagnostic.
public struct XcodeReporter: LineReporter {
    public static let id = "xcode"
    public static let summary = "Xcode-style lines: path:line:column: severity: message (rule) (default)"

    public init() {}

    public func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        var output = Self.line(diagnostic.location, diagnostic.severity.rawValue,
                               diagnostic.message.escapingControlCharacters + " (" + diagnostic.ruleID.escapingControlCharacters + ")")
        for related in diagnostic.related {
            output += Self.line(related.location, "note", related.message.escapingControlCharacters)
        }
        return output
    }

    static func line(_ location: Location, _ severity: String, _ text: String) -> String {
        "\(location.file.escapingControlCharacters):\(location.line):\(location.column): \(severity): \(text)\n"
    }
}
