import SeamLintCore

/// GitLab Code Quality report (a subset of the Code Climate format), for `artifacts:reports:codequality`:
///
///     [{ "check_name": "rule_id", "description": "message", "fingerprint": "16 hex digits",
///        "location": { "lines": { "begin": 3, "end": 4 }, "path": "Sources/A.swift" }, "severity": "minor" }]
///
/// `description` is the headline (Code Quality shows one line); `lines.end` is the last line of
/// the flagged range, when the diagnostic knows it.
///
/// Severities: note → `info`, warning → `minor`, error → `major` (`critical` and `blocker` are
/// left for nothing: SeamLint findings are code smells and API misuse, not outages). The
/// fingerprint hashes rule, path, content fingerprint (flagged code and neighbouring lines, as the
/// baseline) and occurrence number, never the message or the line, so GitLab keeps tracking a
/// finding when its message, the deployment target or the code above it changes.
public struct GitLabReporter: Reporter {
    public static let id = "gitlab"
    public static let summary = "GitLab Code Quality JSON"
    public static let usesContentFingerprints = true

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        let fingerprints = Fingerprint.compute(sorted, paths: sorted.map(\.location.file))
        return JSONValue.array(zip(sorted, fingerprints).map { diagnostic, fingerprint in
            .object([
                "check_name": .string(diagnostic.ruleID),
                "description": .string(diagnostic.message),
                "fingerprint": .string(fingerprint),
                "severity": .string(Self.severity(diagnostic.severity)),
                "location": .object([
                    "path": .string(diagnostic.location.file),
                    "lines": .object(Self.lines(diagnostic)),
                ]),
            ])
        }).rendered()
    }

    /// The first line, and the last one when the diagnostic knows where it ends.
    static func lines(_ diagnostic: Diagnostic) -> JSONObject {
        var lines: JSONObject = ["begin": .integer(diagnostic.location.line)]
        if let last = diagnostic.lastLine { lines["end"] = .integer(last) }
        return lines
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .note: return "info"
        case .warning: return "minor"
        case .error: return "major"
        }
    }
}
