/// The numbered source lines of a span with the span marked, rustc-style: `^^^^` under a span on
/// one line; across lines, `_` from the margin to the start, `|` down the margin, `_` to the end.
/// Cost: linear in the lines the span covers.
struct SourceExcerpt {
    /// One printed row: a line number (empty for marker rows, `...` for elided lines) and its content.
    struct Row {
        var number: String
        var content: String
    }

    /// Lines wider than this are cut to a window around the span, marked with `…`.
    static let widestLine = 160
    /// The row standing for elided lines.
    static let elision = "..."
    /// Spans over more lines than this show the first and last two.
    static let tallestSpan = 6

    let bytes: [UInt8]
    let style: TerminalStyle

    /// Rows marking `start..<end` (byte offsets; `firstLine` is the line of `start`) with `marker`
    /// in `paint`, then `label` after the marks. Nil when the span is not inside the file (it changed
    /// since it was linted).
    func rows(start: Int, end: Int, firstLine: Int, marker: Character, paint: TerminalStyle.Paint, label: String?) -> [Row]? {
        guard start >= 0, start <= end, end <= bytes.count else { return nil }
        var lines = [line(containing: start)]
        let last = end > start ? line(containing: end - 1) : lines[0]
        while lines[lines.count - 1].lowerBound < last.lowerBound {
            lines.append(line(containing: lineAfter(lines[lines.count - 1])))
        }
        let labelText = label.map { " " + style.paint($0, paint) } ?? ""
        if lines.count == 1 {
            let display = DisplayLine(bytes[lines[0]])
            let from = display.column(atByte: start - lines[0].lowerBound)
            let to = max(display.endColumn(atByte: end - lines[0].lowerBound), from + 1)
            let (text, shift) = Self.window(display, focus: from)
            let marks = String(repeating: " ", count: from + shift)
                + style.paint(String(repeating: marker, count: to - from), paint) + labelText
            return [Row(number: String(firstLine), content: text), Row(number: "", content: marks)]
        }

        var rows: [Row] = []
        let bar = style.paint("|", paint)
        for (position, range) in lines.enumerated() {
            let display = DisplayLine(bytes[range])
            let number = firstLine + position
            let isFirst = position == 0, isLast = position == lines.count - 1
            if !isFirst && !isLast && lines.count > Self.tallestSpan {
                if position == 2 { rows.append(Row(number: Self.elision, content: "")) }
                if position >= 2 && position < lines.count - 2 { continue }
            }
            if isFirst {
                let from = display.column(atByte: start - range.lowerBound)
                let (text, shift) = Self.window(display, focus: from)
                rows.append(Row(number: String(number), content: "  " + text))
                rows.append(Row(number: "", content: " " + style.paint(String(repeating: "_", count: from + shift + 1) + "^", paint)))
            } else {
                // The last character of the span: a span that takes its line's terminator ends past the text.
                let lastColumn = display.column(atByte: end - 1 - range.lowerBound)
                let (text, shift) = Self.window(display, focus: isLast ? lastColumn : 0)
                rows.append(Row(number: String(number), content: bar + " " + text))
                if isLast {
                    rows.append(Row(number: "", content: bar + style.paint(String(repeating: "_", count: lastColumn + shift + 1) + "^", paint)
                                    + labelText))
                }
            }
        }
        return rows
    }

    /// The byte range of the line holding `offset`, without its terminator (LF, CRLF or CR).
    func line(containing offset: Int) -> Range<Int> {
        var start = min(offset, bytes.count), end = start
        while start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return start..<end
    }

    /// The offset where the line after `line` starts.
    private func lineAfter(_ line: Range<Int>) -> Int {
        var next = line.upperBound
        if next < bytes.count && bytes[next] == 0x0D { next += 1 }
        if next < bytes.count && bytes[next] == 0x0A && (next == line.upperBound || bytes[next - 1] == 0x0D) { next += 1 }
        return min(next, bytes.count)
    }

    /// The line's text, cut to `widestLine` columns around `focus` when longer, and how many
    /// columns a mark at a line column moves to land under the cut text.
    static func window(_ line: DisplayLine, focus: Int) -> (text: String, shift: Int) {
        guard line.width > widestLine else { return (line.text(in: 0..<line.width), 0) }
        // Start on a character boundary a little before the focus, so the mark has context.
        let from = focus < widestLine / 2 ? 0 : line.cellStart(atOrBefore: focus - 20)
        let to = from + widestLine
        let text = (from > 0 ? "…" : "") + line.text(in: from..<to) + (to < line.width ? "…" : "")
        return (text, (from > 0 ? 1 : 0) - from)
    }
}

extension DisplayLine {
    /// The column where the character covering `column` starts.
    func cellStart(atOrBefore column: Int) -> Int {
        var low = 0, high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].column <= column { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : cells[low - 1].column
    }
}
