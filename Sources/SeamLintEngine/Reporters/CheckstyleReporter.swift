import SeamLintCore

/// Checkstyle XML, read by Jenkins' Warnings NG, reviewdog, Danger and many CI dashboards:
///
///     <checkstyle version="4.3"><file name="…"><error line="" column="" severity="" message="" source="seamlint.rule_id"/></file></checkstyle>
///
/// Severities: note → `info`, warning → `warning`, error → `error`. The message is the headline;
/// the help (`help: …`) and the related locations follow it, one per line. Checkstyle has no end
/// position.
public struct CheckstyleReporter: Reporter {
    public static let id = "checkstyle"
    public static let summary = "Checkstyle XML"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentFile: String? = nil
        for diagnostic in diagnostics.sorted() {
            let file = diagnostic.location.file
            if currentFile != file {
                if currentFile != nil { output += "  </file>\n" }
                output += "  <file name=\"\(XMLEscaping.escape(file))\">\n"
                currentFile = file
            }
            let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
            output += "    <error line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\""
                + " severity=\"\(severity)\" message=\"\(XMLEscaping.escape(Self.message(diagnostic)))\""
                + " source=\"seamlint.\(XMLEscaping.escape(diagnostic.ruleID))\"/>\n"
        }
        if currentFile != nil { output += "  </file>\n" }
        return output + "</checkstyle>\n"
    }

    /// The headline, then the help and the related locations, one per line.
    static func message(_ diagnostic: Diagnostic) -> String {
        var message = diagnostic.message
        if let help = diagnostic.help { message += "\nhelp: " + help }
        for related in diagnostic.related {
            let place = related.location
            message += "\n\(place.file):\(place.line):\(place.column): note: \(related.message)"
        }
        return message
    }
}
