/// String literals by their code tokens: where one ends and its plain text.
extension SourceFile {
    /// For a string literal whose opening delimiter is code token `open`: the code index of its
    /// closing delimiter, or nil when `open` does not open a literal.
    public func stringLiteralEnd(from open: Int) -> Int? {
        guard open >= 0, open < code.count, code[open].kind == .stringDelimiter else { return nil }
        var index = open + 1
        while index < code.count {
            let kind = code[index].kind
            if kind == .stringDelimiter { return index }
            if kind == .interpolationStart, matching[index] > index {
                index = Int(matching[index]) + 1
                continue
            }
            if kind != .stringSegment { return nil }
            index += 1
        }
        return nil
    }

    /// The literal text of a simple string literal (`"subviews"`: one segment, no interpolation,
    /// no escapes), given its opening delimiter; nil otherwise. Returns the segment's byte range;
    /// an empty literal yields an empty range.
    public func plainStringContent(from open: Int) -> Range<Int>? {
        guard let close = stringLiteralEnd(from: open) else { return nil }
        if close == open + 1 { return Int(code[open].end)..<Int(code[open].end) }
        guard close == open + 2, code[open + 1].kind == .stringSegment,
              !code[open + 1].flags.contains(.multiline) else { return nil }
        let range = code[open + 1].range
        if bytes[range].contains(UInt8(ascii: "\\")) { return nil }
        return range
    }
}
