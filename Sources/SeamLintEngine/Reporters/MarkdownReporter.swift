import SeamLintCore

/// A GitHub-flavored Markdown table for pull-request comments: the message cell holds the headline,
/// then the help and the related locations after `<br>`.
///
/// File names and messages come from the repository under review, so every cell is escaped:
/// Markdown punctuation (`\ | < > \` [ ] * _ ~ &`) gets a backslash, so no cell can open HTML,
/// a link, an image, code or a new table cell; control characters (a newline would end the table
/// row) are shown escaped. `_` between two letters or digits is left alone: GFM never reads
/// intraword underscores as emphasis, and rule ids stay readable.
public struct MarkdownReporter: Reporter {
    public static let id = "markdown"
    public static let summary = "Markdown table for pull-request comments"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = "### SeamLint\n\n"
        guard !diagnostics.isEmpty else { return output + "No diagnostics.\n" }
        let counts = Severity.allCases.reversed().map { severity in
            SummaryReporter.plural(diagnostics.filter { $0.severity == severity }.count, severity.rawValue)
        }
        output += "\(SummaryReporter.plural(diagnostics.count, "diagnostic")): \(counts.joined(separator: ", ")).\n\n"
        output += "| Severity | Location | Rule | Message |\n| --- | --- | --- | --- |\n"
        for diagnostic in diagnostics.sorted() {
            var message = Self.escape(diagnostic.message)
            if let help = diagnostic.help { message += "<br>help: " + Self.escape(help) }
            for related in diagnostic.related {
                message += "<br>note: " + Self.escape(Self.place(related.location)) + ": " + Self.escape(related.message)
            }
            let rule = "[\(Self.escape(diagnostic.ruleID))](\(context.documentationURL(forRule: diagnostic.ruleID)))"
            output += "| \(diagnostic.severity.rawValue) | \(Self.escape(Self.place(diagnostic.location))) | \(rule) | \(message) |\n"
        }
        return output
    }

    private static func place(_ location: Location) -> String {
        "\(location.file):\(location.line):\(location.column)"
    }

    /// Text that renders as itself in a GFM table cell.
    static func escape(_ text: String) -> String {
        let scalars = Array(text.escapingControlCharacters.unicodeScalars)
        var result = ""
        result.reserveCapacity(scalars.count + 8)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "|", "<", ">", "`", "[", "]", "*", "~", "&", "!", "#":
                result += "\\"
            case "_":
                let before = index > 0 ? scalars[index - 1] : " "
                let after = index + 1 < scalars.count ? scalars[index + 1] : " "
                if !(before.properties.isAlphabetic || before.properties.numericType != nil)
                    || !(after.properties.isAlphabetic || after.properties.numericType != nil) {
                    result += "\\"
                }
            default:
                break
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
