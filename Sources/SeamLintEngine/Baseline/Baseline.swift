import Foundation
import SeamLintCore

/// Diagnostics a team has accepted for now: `--write-baseline` records them, `--baseline` (or the
/// `baseline` configuration key) reports only diagnostics not in it.
///
/// The file is JSON with sorted keys and entries sorted by file, rule and fingerprint, paths
/// relative to the baseline's folder and no line numbers, so it diffs well in review and does
/// not change when unrelated code moves.
public struct Baseline: Sendable, Equatable {
    /// Identical findings of one rule in one file, counted.
    public struct Entry: Sendable, Hashable, Comparable {
        /// Relative to the baseline file's folder, `/`-separated.
        public var file: String
        public var rule: String
        /// See `BaselineFingerprinter`.
        public var fingerprint: String
        public var count: Int
        /// For reviewers; not used for matching (wording may change between versions).
        public var message: String

        public init(file: String, rule: String, fingerprint: String, count: Int, message: String) {
            self.file = file
            self.rule = rule
            self.fingerprint = fingerprint
            self.count = count
            self.message = message
        }

        var key: BaselineKey { BaselineKey(file: file, rule: rule, fingerprint: fingerprint) }

        /// Byte-wise by file (locale- and normalization-independent), then rule, then fingerprint.
        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            if !lhs.file.utf8.elementsEqual(rhs.file.utf8) { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
            return (lhs.rule, lhs.fingerprint) < (rhs.rule, rhs.fingerprint)
        }
    }

    public static let formatVersion = 1

    /// The largest baseline `load` reads and `--write-baseline` writes: one limit for both, so a
    /// baseline SeamLint wrote is always one it can read (about 1.3 million findings at ~400
    /// bytes each; loading is linear).
    public static let maximumFileSize = 512 * 1024 * 1024

    /// Sorted.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries.sorted() }

    /// The baseline of `diagnostics`: one entry per rule, file and fingerprint, with its count.
    public static func recording(_ diagnostics: [Diagnostic], fingerprinter: BaselineFingerprinter) -> Baseline {
        var grouped: [BaselineKey: Entry] = [:]
        for diagnostic in diagnostics {
            let key = fingerprinter.key(for: diagnostic)
            if var entry = grouped[key] {
                entry.count += 1
                entry.message = min(entry.message, diagnostic.message)
                grouped[key] = entry
            } else {
                grouped[key] = Entry(file: key.file, rule: key.rule, fingerprint: key.fingerprint, count: 1,
                                     message: diagnostic.message)
            }
        }
        return Baseline(entries: Array(grouped.values))
    }

    /// The file's text: stable bytes for the same entries.
    public func rendered() -> String {
        let list = entries.map { entry in
            JSONValue.object([
                "file": .string(entry.file), "rule": .string(entry.rule), "fingerprint": .string(entry.fingerprint),
                "count": .integer(entry.count), "message": .string(entry.message),
            ])
        }
        return JSONValue.object(["version": .integer(Self.formatVersion), "entries": .array(list)]).rendered()
    }
}

/// What a baseline entry matches on.
struct BaselineKey: Hashable {
    var file: String
    var rule: String
    var fingerprint: String
}
