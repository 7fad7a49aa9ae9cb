import Foundation
import SeamLintEngine

/// `--timings`: where the time went. Parallel stages are summed over workers (CPU time); the
/// header gives the wall time of the lint phase, so a slow rule stands out against the whole.
enum TimingsReport {
    static func render(_ result: LintResult) -> String {
        let timings = result.timings
        let total = timings.nanoseconds.values.reduce(0, +)
        let rows = timings.nanoseconds
            .sorted { $0.value != $1.value ? $0.value > $1.value : name(of: $0.key) < name(of: $1.key) }
            .map { stage, nanoseconds -> [String] in
                let share = total > 0 ? Double(nanoseconds) * 100 / Double(total) : 0
                return [name(of: stage), milliseconds(nanoseconds), String(format: "%.1f%%", share)]
            }
        let megabytes = Double(result.bytesLinted) / 1_048_576
        var header = "timings (\(result.filesLinted) files, " + String(format: "%.2f MB", megabytes)
        if timings.wallNanoseconds > 0 {
            let seconds = Double(timings.wallNanoseconds) / 1e9
            header += "; lint phase " + milliseconds(timings.wallNanoseconds) + " wall, "
                + String(format: "%.1f MB/s", megabytes / seconds)
        }
        header += "; times are CPU summed over workers):\n"
        return header + TextTable.render(header: ["stage", "time", "share"], rows: rows) + footer(result)
    }

    /// What was not tokenized, and what the deferred rounds read again: where the stages' work went.
    static func footer(_ result: LintResult) -> String {
        var line = "not tokenized (no enabled rule's words): Swift files \(result.prescanSkippedSwift)"
        line += ", Objective-C files \(result.prescanSkippedObjectiveC) (never reached libclang)"
        line += "; Swift files read again by the deferred rounds: \(result.deferredFactFiles)"
        // Most first: the rule whose words cost the most reads.
        let byRule = result.deferredFactFilesByRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        if !byRule.isEmpty { line += " (" + byRule.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")" }
        return line + "\n"
    }

    static func name(of stage: StageTimings.Stage) -> String {
        switch stage {
        case .discovery: return "discovering files"
        case .reading: return "reading files"
        case .tokenizing: return "tokenizing"
        case .objectiveCTokenizing: return "tokenizing Objective-C (libclang)"
        case .structure: return "structure (code tokens, lines, brackets)"
        case .declarations: return "structure (declarations)"
        case .manifests: return "settings and deployment targets"
        case .rule(let id): return "rule " + id
        case .facts(let id): return "facts for " + id
        case .suppressions: return "suppression comments"
        case .deferredFacts: return "deferred facts (second pass)"
        case .spelledWords: return "names each Swift file spells (for the second pass)"
        case .projectRules: return "project facts merge, suppressions, sorting"
        case .reporting: return "reporting"
        }
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.2f ms", Double(nanoseconds) / 1_000_000)
    }
}
