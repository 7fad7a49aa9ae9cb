import SeamLintCore

/// Applies range edits to a file's bytes: sorted by position; an edit that overlaps one already
/// taken is left for a later pass (the caller re-lints and fixes again, a bounded number of times).
/// Linear in the bytes plus O(k log k) in the edits: overlaps are found with `TakenEdits`, and the
/// result is built in one pass.
public enum FixApplier {
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        /// Diagnostics whose whole fix was applied.
        public var applied: [Diagnostic]
        /// Diagnostics left for the next pass because an edit overlapped.
        public var deferred: [Diagnostic]
    }

    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> Outcome {
        let sorted = diagnostics.sorted().filter { !$0.fix.isEmpty }
        var taken = TakenEdits(sorted.flatMap(\.fix))
        var kept: [Edit] = []
        var applied: [Diagnostic] = []
        var deferred: [Diagnostic] = []
        for diagnostic in sorted {
            let edits = diagnostic.fix
            let valid = edits.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= bytes.count }
            if !valid { continue }
            // Edits of one diagnostic never conflict with each other (as before: only taken ones count).
            if edits.contains(where: taken.conflicts) { deferred.append(diagnostic); continue }
            for edit in edits { taken.take(edit) }
            kept += edits
            applied.append(diagnostic)
        }
        // By position; at one position an insertion before a replacement starting there.
        let ordered = kept.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.isEmpty ? 0 : 1, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.isEmpty ? 0 : 1, $1.offset)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.element.replacement.utf8.count })
        var copied = 0
        for (_, edit) in ordered {
            // Two edits of one diagnostic that overlap each other: the later one is dropped.
            guard edit.range.lowerBound >= copied else { continue }
            result += bytes[copied..<edit.range.lowerBound]
            result += edit.replacement.utf8
            copied = edit.range.upperBound
        }
        result += bytes[copied...]
        ScalingCounter.add(bytes.count + kept.count)
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

/// The edits taken so far, answering "does this edit conflict with one of them?" in O(log k).
///
/// In doubled coordinates an insertion at `p` occupies the point `2p` and a replacement of
/// `l..<u` the closed interval `[2l + 1, 2u - 1]`; two edits conflict (`FixApplier.overlap`) exactly
/// when what they occupy intersects. Taken intervals never intersect each other, so an interval
/// `[x, y]` meets one of them iff the largest end among those starting at or before `y` is at
/// least `x`: a prefix maximum, kept in a Fenwick tree over every start that may be taken.
struct TakenEdits {
    private let starts: [Int]
    private var maximumEnd: [Int]

    init(_ candidates: [Edit]) {
        starts = Array(Set(candidates.map { Self.interval($0).start })).sorted()
        maximumEnd = [Int](repeating: Int.min, count: starts.count + 1)
    }

    static func interval(_ edit: Edit) -> (start: Int, end: Int) {
        edit.range.isEmpty ? (2 * edit.range.lowerBound, 2 * edit.range.lowerBound)
            : (2 * edit.range.lowerBound + 1, 2 * edit.range.upperBound - 1)
    }

    func conflicts(_ edit: Edit) -> Bool {
        let (start, end) = Self.interval(edit)
        var index = upperBound(end)  // starts[0..<index] are <= end
        var best = Int.min
        while index > 0 {
            best = max(best, maximumEnd[index])
            index -= index & -index
        }
        return best >= start
    }

    mutating func take(_ edit: Edit) {
        let (start, end) = Self.interval(edit)
        var index = upperBound(start)  // 1-based position of `start`
        while index < maximumEnd.count {
            maximumEnd[index] = max(maximumEnd[index], end)
            index += index & -index
        }
    }

    /// How many starts are <= `value`.
    private func upperBound(_ value: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
