import SeamLintCore

/// A table of counts per rule and severity, most frequent rule first, then a one-line total.
public struct SummaryReporter: Reporter {
    public static let id = "summary"
    public static let summary = "Counts per rule and severity"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var counts: [String: [Severity: Int]] = [:]
        var totals: [Severity: Int] = [:]
        var files = Set<String>()
        for diagnostic in diagnostics {
            counts[diagnostic.ruleID, default: [:]][diagnostic.severity, default: 0] += 1
            totals[diagnostic.severity, default: 0] += 1
            files.insert(diagnostic.location.file)
        }
        let rulesRan = context.rules.isEmpty ? "" : "; \(Self.plural(context.rules.count, "rule")) ran"
        guard !diagnostics.isEmpty else { return "No diagnostics\(rulesRan).\n" }

        let severities: [Severity] = [.error, .warning, .note]
        let header = ["Rule", "Errors", "Warnings", "Notes", "Total"]
        func row(_ name: String, _ bySeverity: [Severity: Int]) -> [String] {
            [name.escapingControlCharacters] + severities.map { String(bySeverity[$0, default: 0]) }
                + [String(bySeverity.values.reduce(0, +))]
        }
        let ordered = counts.sorted { lhs, rhs in
            let left = lhs.value.values.reduce(0, +), right = rhs.value.values.reduce(0, +)
            return left != right ? left > right : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        let body = ordered.map { row($0.key, $0.value) }
        let total = row("Total", totals)
        let widths = header.indices.map { column in
            ([header, total] + body).map { $0[column].count }.max()!
        }
        func format(_ cells: [String]) -> String {
            let padded = cells.indices.map { column -> String in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }
            var line = padded.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }
        let rule = format(widths.map { String(repeating: "-", count: $0) })
        var output = format(header) + rule
        for cells in body { output += format(cells) }
        output += rule + format(total)
        let breakdown = severities.map { Self.plural(totals[$0, default: 0], $0.rawValue) }.joined(separator: ", ")
        output += "\n\(Self.plural(diagnostics.count, "diagnostic")) (\(breakdown)) "
            + "in \(Self.plural(files.count, "file"))\(rulesRan).\n"
        return output
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
