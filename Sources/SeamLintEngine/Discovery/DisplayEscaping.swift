extension String {
    /// The text with every character that could break a one-line, human-read output escaped:
    /// C0/C1 controls and DEL (`\n`, `\r`, `\t`, else `\u{1B}`), line and paragraph separators, and
    /// the bidirectional overrides and isolates that can make text display in another order than
    /// it is read (CVE-2021-42574, "Trojan Source"). Backslashes are kept as they are: Swift messages
    /// quote `\(...)` often, and display output need not be reversible.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.needsDisplayEscape) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard scalar.needsDisplayEscape else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    var needsDisplayEscape: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
            return true
        default:
            return false
        }
    }
}
