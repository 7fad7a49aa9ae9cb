/// "Did you mean …?" suggestions for unknown rule ids, options and configuration keys.
public enum Spelling {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased().utf8)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().utf8))
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return best.distance <= max(2, target.count / 3) ? best.candidate : nil
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
