import SeamLintCore

/// A stable, documented JSON array of diagnostics (docs/reporters.md), sorted, keys sorted,
/// pretty-printed:
///
///     [
///       {
///         "column": 5,            // 1-based, in Unicode code points
///         "end_column": 8,        // just past the flagged text (exclusive); with end_line, only
///         "end_line": 2,          //   for a non-empty range whose end is known
///         "file": "Sources/A.swift",
///         "fix": [                // non-overlapping byte-range edits; [] when not fixable
///           { "length": 3, "offset": 120, "replacement": "..." }
///         ],
///         "help": "...",          // what to write instead; null when the headline says it all
///         "length": 3,            // UTF-8 byte length of the flagged text (0: a position)
///         "line": 2,              // 1-based
///         "message": "...",       // the headline: what is wrong
///         "offset": 120,          // UTF-8 byte offset in the file
///         "related": [            // other places that explain the finding
///           { "column": 1, "file": "...", "line": 1, "message": "...", "offset": 0 }
///         ],
///         "rule": "rule_id",
///         "severity": "warning"   // "note", "warning" or "error"
///       }
///     ]
///
/// New keys may be added; existing keys keep their meaning.
public struct JSONReporter: Reporter {
    public static let id = "json"
    public static let summary = "JSON array of diagnostics (schema in docs/reporters.md)"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        JSONValue.array(diagnostics.sorted().map(Self.value)).rendered()
    }

    static func value(_ diagnostic: Diagnostic) -> JSONValue {
        var members = position(diagnostic.location)
        members["length"] = .integer(diagnostic.length)
        members["severity"] = .string(diagnostic.severity.rawValue)
        members["rule"] = .string(diagnostic.ruleID)
        members["message"] = .string(diagnostic.message)
        members["help"] = diagnostic.help.map(JSONValue.string) ?? .null
        if let end = diagnostic.knownEnd {
            members["end_line"] = .integer(end.line)
            members["end_column"] = .integer(end.column)
        }
        members["related"] = .array(diagnostic.related.map { related in
            var place = position(related.location)
            place["message"] = .string(related.message)
            return .object(place)
        })
        members["fix"] = .array(diagnostic.fix.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
            .object([
                "offset": .integer(edit.range.lowerBound),
                "length": .integer(edit.range.count),
                "replacement": .string(edit.replacement),
            ])
        })
        return .object(members)
    }

    private static func position(_ location: Location) -> JSONObject {
        [
            "file": .string(location.file),
            "line": .integer(location.line),
            "column": .integer(location.column),
            "offset": .integer(location.offset),
        ]
    }
}
