import SeamLintCore

/// Line and column of a byte offset, the way `Location` counts them: 1-based lines ended by
/// "\n", "\r\n" or "\r"; 1-based columns counting Unicode scalars.
enum TextPosition {
    /// `offset` must start a character and the bytes before it must be valid UTF-8.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        ScalingCounter.add(offset)
        for position in lineStart..<offset where bytes[position] & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }

    /// The line and column of every offset in one pass over the bytes (offsets sorted first), so
    /// positioning each of a document's keys costs the document's length once, not once per key.
    static func linesAndColumns(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [Int: (line: Int, column: Int)] {
        var result: [Int: (line: Int, column: Int)] = [:]
        result.reserveCapacity(offsets.count)
        var line = 1, column = 1, index = 0
        for offset in offsets.sorted() {
            let target = min(max(offset, 0), bytes.count)
            while index < target {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            result[offset] = (line, column)
        }
        ScalingCounter.add(index + offsets.count)
        return result
    }
}
