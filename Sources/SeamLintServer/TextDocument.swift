/// How LSP positions count characters within a line (negotiated at `initialize`).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// Code units of the scalar whose UTF-8 lead byte is `byte` (continuation bytes count 0).
    func units(ofLeadByte byte: UInt8) -> Int {
        switch self {
        case .utf8: return 1
        case .utf16: return byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
        case .utf32: return byte & 0xC0 == 0x80 ? 0 : 1
        }
    }
}

/// A zero-based line and a character offset in the negotiated encoding.
public struct LSPPosition: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public var json: JSON { .object(["line": .integer(line), "character": .integer(character)]) }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }
}

/// The text of a file as the editor has it, UTF-8, with its line table: converts between byte
/// offsets (SeamLint's) and LSP positions, and applies LSP edits.
public struct TextDocument: Sendable {
    public private(set) var bytes: [UInt8]
    /// Byte offsets where lines start. LSP ends a line at `\n`, `\r\n` or `\r`, as SeamLint does.
    private var lineStarts: [Int] = [0]

    public init(text: String) { self.init(bytes: Array(text.utf8)) }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        indexLines()
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { lineStarts.count }

    private mutating func indexLines() {
        lineStarts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { lineStarts.append(index) }
        }
    }

    /// Where line `line`'s text ends (before its line break), as a byte offset.
    func endOfLine(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    func startOfLine(_ line: Int) -> Int { lineStarts[max(0, min(line, lineStarts.count - 1))] }

    /// The zero-based line holding byte `offset`.
    func line(ofOffset offset: Int) -> Int {
        var low = 0, high = lineStarts.count  // the last line start <= offset
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The LSP position of byte `offset` (clamped to the text).
    public func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        let line = line(ofOffset: offset)
        var character = 0
        if encoding == .utf8 {
            character = offset - lineStarts[line]
        } else {
            for index in lineStarts[line]..<offset { character += encoding.units(ofLeadByte: bytes[index]) }
        }
        return LSPPosition(line: line, character: character)
    }

    /// The byte offset of an LSP position. As the specification says, a character past the end of
    /// its line means the line's end, and a line past the last the end of the text; a position
    /// inside a character (half a surrogate pair, a UTF-8 continuation) means that character's start.
    public func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = endOfLine(position.line)
        var offset = start
        var units = 0
        while offset < end {
            let width = Self.scalarLength(leadByte: bytes[offset])
            let scalarUnits = encoding == .utf8 ? width : encoding.units(ofLeadByte: bytes[offset])
            guard units + scalarUnits <= position.character else { break }
            units += scalarUnits
            offset = min(end, offset + width)
        }
        return offset
    }

    private static func scalarLength(leadByte byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    /// Replaces the bytes between two positions (the whole text when `range` is nil) with `text`.
    public mutating func replace(_ range: (start: LSPPosition, end: LSPPosition)?, with text: String, encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            indexLines()
            return
        }
        let start = offset(of: range.start, encoding: encoding)
        let end = max(start, offset(of: range.end, encoding: encoding))
        bytes.replaceSubrange(start..<end, with: text.utf8)
        indexLines()
    }

    /// The leading spaces and tabs of a line.
    func indentation(ofLine line: Int) -> String {
        let start = startOfLine(line)
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The text of a line without its line break.
    func lineText(_ line: Int) -> String {
        String(decoding: bytes[startOfLine(line)..<endOfLine(line)], as: UTF8.self)
    }

    /// The line break the text uses (its first), `\n` when it has none.
    var lineBreak: String {
        guard lineStarts.count > 1 else { return "\n" }
        let end = lineStarts[1]
        if end >= 2, bytes[end - 2] == 0x0D, bytes[end - 1] == 0x0A { return "\r\n" }
        return bytes[end - 1] == 0x0D ? "\r" : "\n"
    }
}
