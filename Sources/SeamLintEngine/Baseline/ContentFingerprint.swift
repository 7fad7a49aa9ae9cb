import SeamLintCore

/// The hash of what a finding flags, without its line number or message: the flagged text, the
/// line(s) it is on and the nearest non-blank line above and below, whitespace collapsed (a line
/// over `longLine` bytes by its hash). The
/// baseline, SARIF and GitLab identities all start from it, so rewording a message, changing the
/// deployment target or moving code above a finding keeps every identity. Computed where the
/// bytes are (the linter), so reporters never read a file again.
struct ContentFingerprint {
    let bytes: [UInt8]
    /// Line starts at LF only (CR-only endings keep one line, as baselines recorded so far).
    private let lineStarts: [Int]
    /// The nearest non-blank line from a line outward, memoized: many findings on one line, next
    /// to a long run of blank lines, walk that run once.
    private var neighbours: [Int: String] = [:]
    /// Lines collapsed once: thousands of findings on one long line (interpolations, one call
    /// with thousands of arguments) used to collapse it again each, quadratic in the line.
    private var collapsedLines: [Int: String] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// 16 hex digits for the `length` bytes at `offset`.
    mutating func of(offset: Int, length: Int) -> String {
        let start = min(max(offset, 0), bytes.count)
        let end = min(start + max(length, 0), bytes.count)
        let first = lineIndex(of: start)
        let last = lineIndex(of: max(start, end - 1))
        let lines = first == last ? line(at: first) : (first...last).map { line(at: $0) }.joined(separator: "\n")
        let above = neighbour(from: first - 1, step: -1)
        let below = neighbour(from: last + 1, step: 1)
        let flagged = Self.collapsingWhitespace(bytes[start..<end])
        ScalingCounter.add(end - start + lines.utf8.count + above.utf8.count + below.utf8.count)
        return Fingerprint.hex(Fingerprint.fnv1a([flagged, lines, above, below]))
    }

    /// 16 hex digits for what `diagnostic` flags: its anchor when it has one, else its range.
    mutating func of(_ diagnostic: Diagnostic) -> String {
        if let anchor = diagnostic.anchor { return of(offset: anchor.lowerBound, length: anchor.count) }
        return of(offset: diagnostic.location.offset, length: diagnostic.length)
    }

    /// Sets `contentFingerprint` on each diagnostic in this file (by `path`) that has none.
    mutating func stamp(_ diagnostics: inout [Diagnostic], path: String) {
        for index in diagnostics.indices where diagnostics[index].contentFingerprint == nil
            && diagnostics[index].location.file == path {
            diagnostics[index].contentFingerprint = of(diagnostics[index])
        }
    }

    /// A line, collapsed; past `longLine` bytes, a space and the hex hash of that instead (no
    /// collapsed line starts with a space). Each finding hashes its line and the lines around it,
    /// so thousands of findings on one long line (interpolations, one call with thousands of
    /// arguments) hashed that line once each, quadratic in its length.
    private mutating func line(at index: Int) -> String {
        if let known = collapsedLines[index] { return known }
        let start = lineStarts[index]
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        var text = Self.collapsingWhitespace(bytes[start..<end])
        if text.utf8.count > Self.longLine { text = " " + Fingerprint.hex(Fingerprint.fnv1a([text])) }
        ScalingCounter.add(end - start)
        collapsedLines[index] = text
        return text
    }

    /// Longer lines are hashed once and stand in the fingerprint as their hash: real code stays
    /// far below, so its fingerprints (and baselines) are unchanged.
    static let longLine = 1024

    private mutating func neighbour(from index: Int, step: Int) -> String {
        let key = step < 0 ? -index - 2 : index  // above and below from the same line differ
        if let known = neighbours[key] { return known }
        var line = index
        var found = ""
        while line >= 0 && line < lineStarts.count {
            let text = self.line(at: line)
            if !text.isEmpty { found = text; break }
            line += step
        }
        // Every blank line walked has the same answer in this direction.
        var walked = index
        while walked != line && walked >= 0 && walked < lineStarts.count {
            neighbours[step < 0 ? -walked - 2 : walked] = found
            walked += step
        }
        neighbours[key] = found
        return found
    }

    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// `collapsingWhitespace` of the bytes' text; ASCII text (nearly every line) straight from its
    /// bytes, where Character-by-Character splitting cost most of a run with 400,000 findings.
    static func collapsingWhitespace(_ slice: ArraySlice<UInt8>) -> String {
        guard !slice.contains(where: { $0 >= 0x80 }) else {
            return collapsingWhitespace(String(decoding: slice, as: UTF8.self))
        }
        // ASCII whitespace as `Character.isWhitespace` has it: tab, LF, VT, FF, CR, space.
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var result: [UInt8] = []
        result.reserveCapacity(slice.count)
        var pendingSpace = false
        for byte in slice {
            if isSpace(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20); pendingSpace = false }
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs of whitespace become one space; leading and trailing whitespace goes.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
