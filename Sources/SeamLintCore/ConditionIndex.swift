/// Indexes behind `iosAvailability(at:)` and `activeClauses(at:)`: each question used to read
/// every availability region or `#if` branch of the file, so a file with thousands of
/// `if #available` blocks or `#if` branches, each holding a finding, took time quadratic in them.
/// Files with a few regions or branches are still answered by reading them all.

/// The strongest iOS version bounds over the regions holding a code index: the highest `minimum`
/// and the lowest `below`, from two segment trees over code indices (a region marks the
/// O(log n) nodes that cover it; a question takes the best mark from its leaf to the root).
struct AvailabilityIndex: Sendable {
    /// Every version named, ascending; marks are 1 + a position here (0: none).
    private let versions: [Version]
    private let size: Int
    /// Per node: the highest minimum's mark; and the lowest below's, as `versions.count - position`.
    private var minimumMarks: [Int32]
    private var belowMarks: [Int32]

    static let threshold = 8

    init(regions: [ConditionTable.AvailabilityRegion], codeCount: Int) {
        let versions = Array(Set(regions.flatMap { [$0.minimum, $0.below].compactMap { $0 } })).sorted()
        self.versions = versions
        size = max(codeCount, 1)
        minimumMarks = [Int32](repeating: 0, count: 2 * size)
        belowMarks = [Int32](repeating: 0, count: 2 * size)
        var rank: [Version: Int32] = [:]
        for (position, version) in versions.enumerated() { rank[version] = Int32(position) }
        var steps = 0
        for region in regions {
            let low = max(region.range.lowerBound, 0), high = min(region.range.upperBound, size - 1)
            guard low <= high else { continue }
            if let minimum = region.minimum, let position = rank[minimum] {
                steps += Self.mark(&minimumMarks, low, high, position + 1, size: size)
            }
            if let below = region.below, let position = rank[below] {
                steps += Self.mark(&belowMarks, low, high, Int32(versions.count) - position, size: size)
            }
        }
        ScalingCounter.add(steps + codeCount)
    }

    /// Raises the nodes covering `low...high` to at least `value`; returns the nodes visited.
    private static func mark(_ marks: inout [Int32], _ low: Int, _ high: Int, _ value: Int32, size: Int) -> Int {
        var left = low + size, right = high + size + 1
        var steps = 0
        while left < right {
            if left & 1 == 1 { marks[left] = max(marks[left], value); left += 1 }
            if right & 1 == 1 { right -= 1; marks[right] = max(marks[right], value) }
            left >>= 1
            right >>= 1
            steps += 1
        }
        return steps
    }

    /// The bounds at `index` (which must lie in the file).
    func bounds(at index: Int) -> (minimum: Version?, below: Version?) {
        var node = index + size
        var minimum: Int32 = 0, below: Int32 = 0
        var steps = 0
        while node >= 1 {
            minimum = max(minimum, minimumMarks[node])
            below = max(below, belowMarks[node])
            node >>= 1
            steps += 1
        }
        ScalingCounter.add(steps)
        return (minimum > 0 ? versions[Int(minimum) - 1] : nil,
                below > 0 ? versions[versions.count - Int(below)] : nil)
    }
}

/// The `#if` branches around each code index. Branch bodies nest (an `#endif` closes the innermost
/// block), so each code index has an innermost branch and each branch a parent; built only when
/// they do nest, which a file always gives (else the table is not used).
struct ClauseIndex: Sendable {
    /// Per code index: the innermost branch holding it, or -1.
    private let innermost: [Int32]
    /// Per branch: the innermost branch holding its body, or -1.
    let parents: [Int32]

    static let threshold = 8

    init?(clauses: [ConditionTable.Clause], codeCount: Int) {
        var parents = [Int32](repeating: -1, count: clauses.count)
        var innermost = [Int32](repeating: -1, count: max(codeCount, 0))
        // Branches in order of their bodies' starts (the order they were found), open ones stacked.
        var open: [Int] = []
        var steps = 0
        func fill(upTo end: Int, from start: inout Int) {
            while start < end && start < innermost.count {
                innermost[start] = open.last.map(Int32.init) ?? -1
                start += 1
            }
        }
        var next = 0
        for (index, clause) in clauses.enumerated() {
            let body = clause.body
            if index > 0 && body.lowerBound < clauses[index - 1].body.lowerBound { return nil }
            guard !body.isEmpty else { continue }
            // Close the branches that end before this one starts, filling the code they leave.
            while let last = open.last, clauses[last].body.upperBound <= body.lowerBound {
                fill(upTo: clauses[last].body.upperBound, from: &next)
                open.removeLast()
                steps += 1
            }
            if let last = open.last, clauses[last].body.upperBound < body.upperBound { return nil }
            fill(upTo: body.lowerBound, from: &next)
            parents[index] = open.last.map(Int32.init) ?? -1
            open.append(index)
        }
        while let last = open.last {
            fill(upTo: clauses[last].body.upperBound, from: &next)
            open.removeLast()
        }
        fill(upTo: innermost.count, from: &next)
        ScalingCounter.add(steps + clauses.count + codeCount)
        self.innermost = innermost
        self.parents = parents
    }

    /// The branch indices holding code index `index`, outermost first (nil outside the file).
    func clauses(at index: Int) -> [Int]? {
        guard index >= 0 && index < innermost.count else { return nil }
        var result: [Int] = []
        var clause = Int(innermost[index])
        while clause >= 0 {
            result.append(clause)
            clause = Int(parents[clause])
        }
        ScalingCounter.add(result.count + 1)
        return result.reversed()
    }

    /// The innermost branch holding code index `index` (nil outside the file).
    func innermostClause(at index: Int) -> Int32? {
        guard index >= 0 && index < innermost.count else { return nil }
        return innermost[index]
    }
}
