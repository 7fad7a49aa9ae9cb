/// How many terminal columns text takes, so that an underline lands under the characters it marks:
/// East Asian wide and fullwidth characters and emoji take two, combining marks and format
/// characters none, a tab up to the next tab stop. Terminals differ on rare sequences (some emoji
/// ZWJ sequences); these are the widths xterm, iTerm2, Terminal.app and VS Code agree on.
enum DisplayWidth {
    /// Tabs in source excerpts expand to this many columns' stops.
    static let tabStop = 4

    /// The columns of one grapheme cluster that is neither a tab nor holds a control character.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return 1 }
        // An emoji shown as an emoji (its default, or asked for with VS16) is two columns.
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        if isWide(first.value) { return 2 }
        // A lone combining mark (at the start of a line) or a format character draws nothing.
        if isZeroWidth(first) { return 0 }
        return 1
    }

    /// The columns of one scalar on its own (escape sequences are ASCII and never reach here).
    static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return scalar.properties.isEmojiPresentation || isWide(scalar.value) ? 2 : 1
    }

    /// The columns of `text` as one line (no tabs or controls expected: escape them first).
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(scalar.value)   // Hangul medial vowels and final consonants
        }
    }

    /// East Asian Width W and F (Unicode 15, `EastAsianWidth.txt`), merged into ranges; emoji
    /// come from `isEmojiPresentation`.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CD5,
        0x18D00...0x18D08, 0x1AFF0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        var low = 0, high = wide.count
        while low < high {
            let middle = (low + high) / 2
            if wide[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < wide.count && wide[low].lowerBound <= value
    }
}

/// One source line as the terminal shows it: each character's text (tabs expanded, control
/// characters escaped so no input byte can drive the terminal), the column it starts at and its width.
struct DisplayLine {
    struct Cell {
        /// Offset of the character's first byte from the start of the line.
        var byte: Int
        var text: String
        var column: Int
        var width: Int
    }

    private(set) var cells: [Cell] = []
    private(set) var width = 0
    /// Byte length of the line.
    let length: Int

    /// `bytes`: one line without its terminator, UTF-8 (invalid sequences show as U+FFFD).
    init(_ bytes: ArraySlice<UInt8>) {
        length = bytes.count
        var byte = 0
        for character in String(decoding: bytes, as: UTF8.self) {
            let text: String
            let cellWidth: Int
            if character == "\t" {
                cellWidth = DisplayWidth.tabStop - width % DisplayWidth.tabStop
                text = String(repeating: " ", count: cellWidth)
            } else if character.unicodeScalars.contains(where: \.needsDisplayEscape) {
                text = String(character).escapingControlCharacters
                cellWidth = text.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
            } else {
                text = String(character)
                cellWidth = DisplayWidth.of(character)
            }
            cells.append(Cell(byte: min(byte, length), text: text, column: width, width: cellWidth))
            width += cellWidth
            byte += character.utf8.count
        }
    }

    /// The index of the cell holding byte `offset` (from the line start); nil past the end.
    private func cellIndex(atByte offset: Int) -> Int? {
        guard offset < length, !cells.isEmpty else { return nil }
        var low = 0, high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].byte <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The column where the character holding byte `offset` (from the line start) begins; the
    /// line's width at or past its end.
    func column(atByte offset: Int) -> Int {
        cellIndex(atByte: offset).map { cells[$0].column } ?? width
    }

    /// The column just past the character holding byte `offset - 1`: where a span ending at
    /// `offset` (exclusive) stops.
    func endColumn(atByte offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        return cellIndex(atByte: offset - 1).map { cells[$0].column + cells[$0].width } ?? width
    }

    /// The characters whose columns lie within `columns`, as text.
    func text(in columns: Range<Int>) -> String {
        var text = ""
        for cell in cells where cell.column >= columns.lowerBound && cell.column + cell.width <= columns.upperBound {
            text += cell.text
        }
        return text
    }
}
