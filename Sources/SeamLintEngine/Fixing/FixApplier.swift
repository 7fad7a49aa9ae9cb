import SeamLintCore

/// Applies range edits to a file's bytes: sorted by position; an edit that overlaps one already
/// taken is left for a later pass (the caller re-lints and fixes again, a bounded number of times).
public enum FixApplier {
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        /// Diagnostics whose whole fix was applied.
        public var applied: [Diagnostic]
        /// Diagnostics left for the next pass because an edit overlapped.
        public var deferred: [Diagnostic]
    }

    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> Outcome {
        var taken: [Edit] = []
        var applied: [Diagnostic] = []
        var deferred: [Diagnostic] = []
        for diagnostic in diagnostics.sorted() where !diagnostic.fix.isEmpty {
            let edits = diagnostic.fix
            let valid = edits.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= bytes.count }
            let overlaps = edits.contains { edit in taken.contains { overlap($0, edit) } }
            if !valid { continue }
            if overlaps { deferred.append(diagnostic); continue }
            taken += edits
            applied.append(diagnostic)
        }
        var result = bytes
        // Apply from the end so earlier offsets stay valid.
        for edit in taken.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return Outcome(bytes: result, applied: applied, deferred: deferred)
    }

    /// Two edits conflict when their ranges intersect, or both insert at the same point.
    static func overlap(_ a: Edit, _ b: Edit) -> Bool {
        if a.range.isEmpty && b.range.isEmpty { return a.range.lowerBound == b.range.lowerBound }
        return a.range.overlaps(b.range)
            || (a.range.isEmpty && b.range.contains(a.range.lowerBound) && b.range.lowerBound != a.range.lowerBound)
            || (b.range.isEmpty && a.range.contains(b.range.lowerBound) && a.range.lowerBound != b.range.lowerBound)
    }
}
