/// Escaping for the XML reporters (checkstyle, junit).
enum XMLEscaping {
    /// `text` safe inside a double- or single-quoted attribute value or element content: `&`, `<`,
    /// `>`, `"`, `'` as entities; tab, newline and carriage return as character references (a
    /// parser would otherwise normalize them to spaces in attributes, or drop the `\r` of `\r\n`).
    /// Characters XML 1.0 forbids even as references (the other C0 controls, U+FFFE, U+FFFF) become
    /// a visible `\u{1B}` instead: there is no way to carry them through XML.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22
            || $0 == 0x27 || $0 == 0xEF })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as XML 1.0 allows it, before escaping: what a parser gives back for `escape(text)`.
    static func representable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
