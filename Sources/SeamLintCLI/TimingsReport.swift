import Foundation
import SeamLintEngine

/// `--timings`: where the time went, summed over workers.
enum TimingsReport {
    static func render(_ result: LintResult) -> String {
        let total = result.timings.nanoseconds.values.reduce(0, +)
        var rows: [[String]] = []
        for (stage, nanoseconds) in result.timings.nanoseconds.sorted(by: { $0.value > $1.value }) {
            let name: String
            switch stage {
            case .reading: name = "reading files"
            case .tokenizing: name = "tokenizing"
            case .structure: name = "structure (line table, brackets)"
            case .facts: name = "project facts"
            case .projectRules: name = "project rules"
            case .reporting: name = "reporting"
            case .rule(let id): name = "rule " + id
            }
            let milliseconds = Double(nanoseconds) / 1_000_000
            let share = total > 0 ? Double(nanoseconds) * 100 / Double(total) : 0
            rows.append([name, String(format: "%.2f ms", milliseconds), String(format: "%.1f%%", share)])
        }
        let megabytes = Double(result.bytesLinted) / 1_048_576
        return "timings (\(result.filesLinted) files, " + String(format: "%.2f MB", megabytes) + "):\n"
            + TextTable.render(header: ["stage", "time", "share"], rows: rows)
    }
}
