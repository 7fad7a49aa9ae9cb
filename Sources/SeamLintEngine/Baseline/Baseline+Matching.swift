import SeamLintCore

extension Baseline {
    /// The outcome of checking a run against the baseline.
    public struct Comparison: Sendable {
        /// Diagnostics not in the baseline: these are reported.
        public var new: [Diagnostic]
        /// How many diagnostics the baseline accounted for.
        public var matched: Int
        /// Entries (with the count not found) of linted files that no longer occur: shown with
        /// `--verbose`, dropped by the next `--write-baseline`.
        public var stale: [Entry]
    }

    /// Splits `diagnostics` (sorted) into new ones and baselined ones. An entry with count n
    /// absorbs the first n matching diagnostics in file order; the rest are new. Entries of files
    /// outside `lintedFiles` (baseline-relative paths) are never stale: this run did not look.
    public func compare(_ diagnostics: [Diagnostic], fingerprinter: BaselineFingerprinter,
                        lintedFiles: Set<String>) -> Comparison {
        var remaining: [BaselineKey: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += entry.count }
        var new: [Diagnostic] = []
        var matched = 0
        for diagnostic in diagnostics {
            let key = fingerprinter.key(for: diagnostic)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                matched += 1
            } else {
                new.append(diagnostic)
            }
        }
        var stale: [Entry] = []
        for var entry in entries where lintedFiles.contains(entry.file) {
            guard let left = remaining[entry.key], left > 0 else { continue }
            entry.count = min(left, entry.count)
            remaining[entry.key] = left - entry.count
            stale.append(entry)
        }
        return Comparison(new: new, matched: matched, stale: stale)
    }
}
