import SeamLintCore
import SeamLintEngine

/// `lint rules` and `lint reporters`.
enum RuleCommands {
    /// `lint rules [--reporter text|json]`.
    static func list(reporter: String?) throws(UsageError) -> String {
        switch reporter {
        case nil, "text": return table()
        case "json": return RuleListJSON.render(allRules.map { $0.description })
        case let other?:
            throw UsageError("`lint rules` prints a table, or JSON with --reporter json; '\(other.escapingControlCharacters)' is not one of them")
        }
    }

    static func table() -> String {
        let header = ["id", "severity", "default", "fixable", "summary"]
        let rows = allRules.map { rule -> [String] in
            let description = rule.description
            return [description.id, description.severity.rawValue, description.isOptIn ? "opt-in" : "on",
                    description.isFixable ? "yes" : "no", description.summary]
        }
        return TextTable.render(header: header, rows: rows)
    }

    static func reporters() -> String {
        TextTable.render(header: ["id", "streams", "summary"],
                         rows: Reporters.all.map { [$0.id, $0.isStreaming ? "yes" : "no", $0.summary] })
    }
}

/// Left-aligned plain-text columns.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var output = ""
        for row in all {
            var line = ""
            for (index, cell) in row.enumerated() {
                line += index == row.count - 1 ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
            }
            output += line + "\n"
        }
        return output
    }
}
