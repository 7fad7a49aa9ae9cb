import SeamLintCore

/// GitHub Actions workflow commands: `::warning file=…,line=…,endLine=…,col=…,endColumn=…,title=…::message`,
/// which the runner turns into annotations on the pull request. `::error` for errors, `::notice`
/// for notes. The title is the headline and the rule id; the message is the help (the headline
/// when there is none) and the related locations. `endLine` is the last flagged line; `endColumn`
/// (exclusive, as ruff writes it) only when the range stays on one line, since GitHub takes
/// columns only for single-line annotations.
///
/// The runner reads commands line by line, so everything user-controlled is escaped the way the
/// Actions toolkit does it: in the message `%` → `%25`, `\r` → `%0D`, `\n` → `%0A`; in properties
/// also `:` → `%3A` and `,` → `%2C`. A file name or message can therefore never start a line of
/// its own (`::add-mask::`, `::stop-commands::`…). Related locations become extra lines of the
/// message.
public struct GitHubReporter: LineReporter {
    public static let id = "github"
    public static let summary = "GitHub Actions annotations (::warning file=…::message)"

    public init() {}

    public func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var message = diagnostic.help ?? diagnostic.message
        for related in diagnostic.related {
            let place = related.location
            message += "\n\(place.file):\(place.line):\(place.column): note: \(related.message)"
        }
        let location = diagnostic.location
        var properties = "file=\(Self.escapeProperty(location.file)),line=\(location.line)"
        let lastLine = diagnostic.lastLine
        if let lastLine { properties += ",endLine=\(lastLine)" }
        properties += ",col=\(location.column)"
        if lastLine == location.line, let end = diagnostic.knownEnd, end.line == location.line {
            properties += ",endColumn=\(end.column)"
        }
        let title = diagnostic.message + " (" + diagnostic.ruleID + ")"
        return "::\(command) \(properties),title=\(Self.escapeProperty(title))::\(Self.escapeData(message))\n"
    }

    static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
