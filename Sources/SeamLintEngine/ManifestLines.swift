import SeamLintCore

extension ManifestParser {
    /// The lines of `text` that contain `word`, as `text.split(whereSeparator: \.isNewline)` would
    /// cut them. Splitting a whole project file by `Character` and trimming every line with
    /// Foundation cost ~1,400 instructions a byte; the build settings sought sit on a handful of
    /// lines, found here by a byte search.
    static func lines(of text: String, containing word: StaticString) -> [Substring] {
        var text = text
        return text.withUTF8 { bytes in
            let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            var lines: [Substring] = []
            var searchFrom = 0
            while searchFrom < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[searchFrom...])
                guard let found = TextSearch.firstOffset(of: needle, in: rest) else { break }
                let hit = searchFrom + found
                var start = hit
                while start > 0, newlineLength(endingAt: start, in: bytes) == 0 { start -= 1 }
                var end = hit
                while end < bytes.count, newlineLength(startingAt: end, in: bytes) == 0 { end += 1 }
                lines.append(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
                searchFrom = end
            }
            return lines
        }
    }

    /// The lines of `bytes` as `split(whereSeparator: \.isNewline)` cuts their text (empty ones
    /// left out), each with whether it is ASCII: readers take those by bytes, the rest by
    /// `Character`s. Every newline scalar is a `Character` of its own, but `\r\n`, whose two
    /// halves here leave an empty line between them.
    static func lineRanges(_ bytes: [UInt8]) -> [(range: Range<Int>, isASCII: Bool)] {
        bytes.withUnsafeBufferPointer { bytes in
            var result: [(range: Range<Int>, isASCII: Bool)] = []
            var start = 0, end = 0, ascii = true
            while end <= bytes.count {
                let newline = end < bytes.count ? newlineLength(startingAt: end, in: bytes) : 1
                if newline == 0 {
                    ascii = ascii && bytes[end] < 0x80
                    end += 1
                    continue
                }
                if end > start { result.append((start..<end, ascii)) }
                end += newline
                start = end
                ascii = true
            }
            return result
        }
    }

    /// `range` of ASCII `bytes` without its leading and trailing spaces and tabs, nor `extra`
    /// bytes: what `trim(_:also:)` keeps of ASCII text.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>, also extra: StaticString = "") -> Range<Int> {
        let extra = UnsafeBufferPointer(start: extra.utf8Start, count: extra.utf8CodeUnitCount)
        func trims(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || extra.contains(byte) }
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, trims(bytes[lower]) { lower += 1 }
        while upper > lower, trims(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The UTF-8 length of a `Character.isNewline` scalar (LF, VT, FF, CR, NEL, LS, PS) at `offset`, or 0.
    private static func newlineLength(startingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[offset]
        if byte >= 0x0A && byte <= 0x0D { return 1 }
        if byte == 0xC2, offset + 1 < bytes.count, bytes[offset + 1] == 0x85 { return 2 }
        if byte == 0xE2, offset + 2 < bytes.count, bytes[offset + 1] == 0x80,
           bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 { return 3 }
        return 0
    }

    /// The length of a newline scalar that ends just before `offset`, or 0.
    private static func newlineLength(endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for length in 1...3 where offset >= length && newlineLength(startingAt: offset - length, in: bytes) == length {
            return length
        }
        return 0
    }
}
