import SeamLintCore

/// A unified diff of two texts, line by line (Myers' algorithm), for `--fix --dry-run`. The
/// output is what `diff -u` prints, so `patch -p1` (or `git apply`) applies it from the working
/// folder; "" when the texts are equal.
public enum UnifiedDiff {
    public static func render(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = grouped(editScript(a, b))
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        // A newline in a file name must not end the header line early.
        let shown = path.escapingControlCharacters
        let isAbsolute = path.hasPrefix("/")
        var output = "--- \(isAbsolute ? "" : "a/")\(shown)\n+++ \(isAbsolute ? "" : "b/")\(shown)\n"
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            // Grow a hunk around this change, merging changes at most 2 * context lines apart.
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldStart = (hunk.first { $0.kind != .insert }?.oldIndex ?? hunk.first!.oldIndex) + 1
            let newStart = (hunk.first { $0.kind != .delete }?.newIndex ?? hunk.first!.newIndex) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let line: String
                switch step.kind {
                case .same: line = " " + a[step.oldIndex]
                case .delete: line = "-" + a[step.oldIndex]
                case .insert: line = "+" + b[step.newIndex]
                }
                output += line
                if line.last != "\n" && line.last != "\r\n" { output += "\n\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    /// `start,count` as diff prints it: the count left out when it is 1, the start one lower for
    /// an empty range (the line after which it would be).
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
    }

    /// Within each run of changes, deletions before insertions, as diff prints them.
    static func grouped(_ script: [Step]) -> [Step] {
        var result: [Step] = []
        var changes: [Step] = []
        for step in script {
            if step.kind == .same {
                result += changes.filter { $0.kind == .delete } + changes.filter { $0.kind == .insert }
                changes = []
                result.append(step)
            } else {
                changes.append(step)
            }
        }
        return result + changes.filter { $0.kind == .delete } + changes.filter { $0.kind == .insert }
    }

    struct Step {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// Lines with their terminators kept, so a missing final newline shows.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// An edit script: Myers' shortest one where that is cheap (every small diff, so the output is
    /// what `diff -u` prints), else lines unique to both sides anchor the texts (as in patience
    /// diff) and each stretch between anchors is diffed the same way; a stretch with no anchor
    /// whose Myers search runs over its budget is replaced whole. Linear overall: the budget of a
    /// stretch grows with its length.
    static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        var steps: [Step] = []
        var work = 0
        script(a, 0..<a.count, b, 0..<b.count, depth: 0, into: &steps, work: &work)
        ScalingCounter.add(work + a.count + b.count)
        return steps
    }

    /// Anchoring rounds before a stretch without a cheap diff is replaced whole.
    static let maximumDepth = 8

    private static func script(_ a: [String], _ aRange: Range<Int>, _ b: [String], _ bRange: Range<Int>, depth: Int,
                               into steps: inout [Step], work: inout Int) {
        var aStart = aRange.lowerBound, bStart = bRange.lowerBound
        var aEnd = aRange.upperBound, bEnd = bRange.upperBound
        while aStart < aEnd && bStart < bEnd && a[aStart] == b[bStart] {
            steps.append(Step(kind: .same, oldIndex: aStart, newIndex: bStart))
            aStart += 1
            bStart += 1
        }
        var suffix = 0
        while aEnd > aStart && bEnd > bStart && a[aEnd - 1] == b[bEnd - 1] { aEnd -= 1; bEnd -= 1; suffix += 1 }
        defer {
            for index in 0..<suffix { steps.append(Step(kind: .same, oldIndex: aEnd + index, newIndex: bEnd + index)) }
        }
        let length = (aEnd - aStart) + (bEnd - bStart)
        guard aStart < aEnd && bStart < bEnd else {
            replace(aStart..<aEnd, bStart..<bEnd, into: &steps)
            return
        }
        if let found = myers(a, aStart..<aEnd, b, bStart..<bEnd, budget: 20_000 + 40 * length, work: &work) {
            steps += found
            return
        }
        let anchors = depth < maximumDepth ? uniqueAnchors(a, aStart..<aEnd, b, bStart..<bEnd) : []
        work += length
        guard !anchors.isEmpty else {
            replace(aStart..<aEnd, bStart..<bEnd, into: &steps)
            return
        }
        var x = aStart, y = bStart
        for (anchorA, anchorB) in anchors {
            script(a, x..<anchorA, b, y..<anchorB, depth: depth + 1, into: &steps, work: &work)
            steps.append(Step(kind: .same, oldIndex: anchorA, newIndex: anchorB))
            x = anchorA + 1
            y = anchorB + 1
        }
        script(a, x..<aEnd, b, y..<bEnd, depth: depth + 1, into: &steps, work: &work)
    }

    private static func replace(_ aRange: Range<Int>, _ bRange: Range<Int>, into steps: inout [Step]) {
        for x in aRange { steps.append(Step(kind: .delete, oldIndex: x, newIndex: bRange.lowerBound)) }
        for y in bRange { steps.append(Step(kind: .insert, oldIndex: aRange.upperBound, newIndex: y)) }
    }

    /// Lines that occur once in each range, in order on both sides (the longest increasing run of
    /// their positions in `b`, by patience sorting): O(n log n).
    private static func uniqueAnchors(_ a: [String], _ aRange: Range<Int>, _ b: [String], _ bRange: Range<Int>) -> [(Int, Int)] {
        var countsA: [String: Int] = [:], countsB: [String: (count: Int, index: Int)] = [:]
        for x in aRange { countsA[a[x], default: 0] += 1 }
        for y in bRange { countsB[b[y], default: (0, y)].count += 1 }
        var pairs: [(Int, Int)] = []
        for x in aRange where countsA[a[x]] == 1 {
            if let entry = countsB[a[x]], entry.count == 1 { pairs.append((x, entry.index)) }
        }
        // Longest increasing subsequence of the b positions: piles' tops, with back links.
        var tops: [Int] = []  // indices into pairs
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = tops.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tops[low - 1] }
            if low == tops.count { tops.append(index) } else { tops[low] = index }
        }
        var result: [(Int, Int)] = []
        var index = tops.last ?? -1
        while index >= 0 { result.append(pairs[index]); index = previous[index] }
        return result.reversed()
    }

    /// Shortest edit script of the ranges by Myers' O(ND) greedy algorithm, or nil once it has
    /// taken `budget` steps. The trace keeps, per distance d, only the diagonals -d-1…d+1 the
    /// backtracking reads, so memory stays within the budget too.
    private static func myers(_ a: [String], _ aRange: Range<Int>, _ b: [String], _ bRange: Range<Int>,
                              budget: Int, work: inout Int) -> [Step]? {
        let n = aRange.count, m = bRange.count
        let a0 = aRange.lowerBound, b0 = bRange.lowerBound
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var steps = 0
        func band(_ distance: Int) -> [Int] {
            let low = max(0, offset - distance - 1), high = min(frontier.count - 1, offset + distance + 1)
            steps += high - low + 1
            return Array(frontier[low...high])
        }
        search: for distance in 0...(n + m) {
            trace.append(band(distance))
            for k in stride(from: -distance, through: distance, by: 2) {
                var x = (k == -distance || (k != distance && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[a0 + x] == b[b0 + y] { x += 1; y += 1; steps += 1 }
                frontier[offset + k] = x
                steps += 1
                if x >= n && y >= m { trace.append(band(distance + 1)); break search }
            }
            if steps > budget { work += steps; return nil }
        }
        work += steps
        var result: [Step] = []
        var x = n, y = m
        for distance in stride(from: trace.count - 2, through: 0, by: -1) {
            let slice = trace[distance]
            let base = max(0, offset - distance - 1) - offset  // the diagonal of slice[0]
            func v(_ k: Int) -> Int { slice[k - base] }
            let k = x - y
            let previousK = (k == -distance || (k != distance && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let previousX = v(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                result.append(Step(kind: .same, oldIndex: a0 + x, newIndex: b0 + y))
            }
            if distance > 0 {
                // Moving down (k + 1 → k) inserts b[previousY]; moving right deletes a[previousX].
                let kind: Step.Kind = previousK == k + 1 ? .insert : .delete
                result.append(Step(kind: kind, oldIndex: a0 + previousX, newIndex: b0 + previousY))
            }
            x = previousX
            y = previousY
        }
        return result.reversed()
    }
}
