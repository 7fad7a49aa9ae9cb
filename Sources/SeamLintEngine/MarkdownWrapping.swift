/// Reflows Markdown for reading at a terminal: paragraphs and list items are wrapped to a width
/// (list items with a hanging indent), while headings, tables, fenced code and blank lines are kept
/// as they are. The result is the same Markdown: a line break inside a paragraph is a space.
/// Inline code spans are not split unless one alone is wider than the line. Linear in the text.
public enum MarkdownWrapping {
    public static func wrap(_ markdown: String, width: Int) -> String {
        let width = max(width, 20)
        var output: [String] = []
        // The open paragraph or list item: its first-line prefix, continuation prefix and words.
        var block: (first: String, rest: String, text: String)?
        func flush() {
            if let open = block { output += fill(open.text, first: open.first, rest: open.rest, width: width) }
            block = nil
        }
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                flush()
                inFence.toggle()
                output.append(line)
                continue
            }
            if inFence || trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("|") || trimmed.hasPrefix("<")
                || trimmed.hasPrefix(">") || line.hasPrefix("    ") && block == nil {
                flush()
                output.append(line)
                continue
            }
            let indent = String(repeating: " ", count: line.count - trimmed.count)
            if let marker = listMarker(trimmed) {
                flush()
                block = (indent + marker, indent + String(repeating: " ", count: marker.count), String(trimmed.dropFirst(marker.count)))
            } else if block != nil {
                block!.text += " " + trimmed
            } else {
                block = (indent, indent, String(trimmed))
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// `- `, `* `, `+ `, `12. `: the marker with its space; nil for other lines.
    static func listMarker(_ line: Substring) -> String? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " { return String(first) + " " }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = line.dropFirst(digits.count)
        return rest.hasPrefix(". ") || rest.hasPrefix(") ") ? String(digits) + String(rest.prefix(2)) : nil
    }

    /// Greedy filling: as many words on each line as fit; a word wider than the line stands alone.
    static func fill(_ text: String, first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var lineWidth = DisplayWidth.of(first)
        var empty = true
        for word in words(text, width: width - DisplayWidth.of(rest)) {
            let wordWidth = DisplayWidth.of(word)
            if !empty && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = rest
                lineWidth = DisplayWidth.of(rest)
                empty = true
            }
            if !empty { line += " "; lineWidth += 1 }
            line += word
            lineWidth += wordWidth
            empty = false
        }
        lines.append(line)
        return lines
    }

    /// Words split at spaces, except inside an inline code span that fits on a line.
    static func words(_ text: String, width: Int) -> [String] {
        let pieces = text.split(separator: " ").map(String.init)
        var words: [String] = []
        var index = 0
        while index < pieces.count {
            var word = pieces[index]
            var end = index + 1
            // An odd number of backticks opens a span: take pieces up to the one that closes it.
            if word.filter({ $0 == "`" }).count % 2 == 1 {
                var span = word
                var spanWidth = DisplayWidth.of(word)
                var next = index + 1
                var closed = false
                // Stops once the span is wider than a line: each word is looked at a bounded number of times.
                while next < pieces.count && spanWidth <= width {
                    span += " " + pieces[next]
                    spanWidth += 1 + DisplayWidth.of(pieces[next])
                    next += 1
                    if pieces[next - 1].filter({ $0 == "`" }).count % 2 == 1 { closed = true; break }
                }
                if closed && spanWidth <= width { word = span; end = next }
            }
            words.append(word)
            index = end
        }
        return words
    }
}
