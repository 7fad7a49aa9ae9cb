/// Reads the new-side line numbers of each file out of `git diff -U0` output. Works on bytes:
/// the patch holds source lines in any encoding. Hunk bodies are skipped by count, so an added
/// line that happens to start with `+++ ` is not mistaken for a file header.
enum ChangedLinesParser {
    /// Repository-relative path → the lines added or changed in it.
    static func parse(_ patch: [UInt8]) -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        var current: String?
        var oldLeft = 0
        var newLeft = 0
        for line in patch.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if oldLeft > 0 || newLeft > 0 {
                switch line.first {
                case UInt8(ascii: "-"): oldLeft -= 1
                case UInt8(ascii: "+"): newLeft -= 1
                default: break  // "\ No newline at end of file"
                }
                continue
            }
            if line.starts(with: "+++ ".utf8) {
                current = path(fromHeader: line.dropFirst(4))
            } else if line.starts(with: "@@ ".utf8), let hunk = hunk(line) {
                oldLeft = max(0, hunk.oldCount)
                newLeft = max(0, hunk.newCount)
                // A count that is negative or runs past Int.max is not git's: no lines, never a trap.
                let (end, overflow) = hunk.newStart.addingReportingOverflow(hunk.newCount)
                if let current, hunk.newCount > 0, !overflow {
                    result[current, default: []].formUnion(hunk.newStart..<end)
                }
            }
        }
        return result
    }

    /// `b/path`, `"b/quoted\tpath"`, or `/dev/null` (nil). Git appends a tab to names with spaces.
    static func path(fromHeader header: ArraySlice<UInt8>) -> String? {
        var bytes = Array(header)
        if bytes.last == 0x0D { bytes.removeLast() }
        if bytes.first == UInt8(ascii: "\"") {
            bytes = unquote(bytes)
        } else if bytes.last == 0x09 {
            bytes.removeLast()
        }
        guard bytes.starts(with: "b/".utf8) else { return nil }
        return String(decoding: bytes.dropFirst(2), as: UTF8.self)
    }

    /// Git's C-style quoting: `\t`, `\n`, `\"`, `\\`, and octal bytes `\303\251`.
    static func unquote(_ quoted: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 1
        while index < quoted.count, quoted[index] != UInt8(ascii: "\"") {
            let byte = quoted[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < quoted.count else { result.append(byte); continue }
            let escaped = quoted[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "a"): result.append(0x07)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                var value = Int(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 where index < quoted.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(quoted[index]) {
                    value = value * 8 + Int(quoted[index] - UInt8(ascii: "0"))
                    index += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            default: result.append(escaped)
            }
        }
        return result
    }

    /// `@@ -a[,b] +c[,d] @@ …`; a missing count is 1.
    static func hunk(_ line: ArraySlice<UInt8>) -> (oldCount: Int, newStart: Int, newCount: Int)? {
        let parts = line.split(separator: UInt8(ascii: " "))
        guard parts.count >= 3, parts[1].first == UInt8(ascii: "-"), parts[2].first == UInt8(ascii: "+") else { return nil }
        func range(_ part: ArraySlice<UInt8>) -> (start: Int, count: Int)? {
            let numbers = part.dropFirst().split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard let start = Int(String(decoding: numbers[0], as: UTF8.self)) else { return nil }
            guard numbers.count > 1 else { return (start, 1) }
            guard let count = Int(String(decoding: numbers[1], as: UTF8.self)) else { return nil }
            return (start, count)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.count, new.start, new.count)
    }
}
