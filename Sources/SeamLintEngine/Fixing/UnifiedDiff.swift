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

    /// Shortest edit script by Myers' O(ND) greedy algorithm, with a trace for backtracking.
    static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count, m = b.count
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for distance in 0...(n + m) {
            trace.append(frontier)
            for k in stride(from: -distance, through: distance, by: 2) {
                var x = (k == -distance || (k != distance && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + k] = x
                if x >= n && y >= m { trace.append(frontier); break search }
            }
        }
        var steps: [Step] = []
        var x = n, y = m
        for distance in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[distance]
            let k = x - y
            let previousK = (k == -distance || (k != distance && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY { x -= 1; y -= 1; steps.append(Step(kind: .same, oldIndex: x, newIndex: y)) }
            if distance > 0 {
                // Moving down (k + 1 → k) inserts b[previousY]; moving right deletes a[previousX].
                let kind: Step.Kind = previousK == k + 1 ? .insert : .delete
                steps.append(Step(kind: kind, oldIndex: previousX, newIndex: previousY))
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
