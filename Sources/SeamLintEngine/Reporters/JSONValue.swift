/// A JSON document built by a reporter and written by `JSONValue.rendered()`.
///
/// Hand-written rather than `JSONSerialization` so that output is byte-stable across platforms and
/// Foundation versions (key order, number and escape spelling) and cheap for large runs.
indirect enum JSONValue {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed with two-space indentation, object keys sorted byte-wise, a final newline.
    func rendered() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, indent: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text):
            JSONValue.writeQuoted(text, to: &output)
        case .integer(let number):
            output.append(contentsOf: String(number).utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                output.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
                JSONValue.writeIndent(indent + 1, to: &output)
                element.write(to: &output, indent: indent + 1)
            }
            output.append(0x0A)
            JSONValue.writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                output.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
                JSONValue.writeIndent(indent + 1, to: &output)
                JSONValue.writeQuoted(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                members[key]!.write(to: &output, indent: indent + 1)
            }
            output.append(0x0A)
            JSONValue.writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ level: Int, to output: inout [UInt8]) {
        for _ in 0..<(level * 2) { output.append(UInt8(ascii: " ")) }
    }

    /// A JSON string literal (RFC 8259): `"` and `\` escaped, control characters as `\n`, `\t`…
    /// or `\u00XX`, and U+2028/U+2029 as `\u2028`/`\u2029` so the output is also valid
    /// JavaScript. Everything else is written as UTF-8.
    static func writeQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case 0x00..<0x20: appendUnicodeEscape(UInt32(byte), to: &output)
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                let second = bytes.index(after: index)
                let third = second == bytes.endIndex ? second : bytes.index(after: second)
                if third != bytes.endIndex, bytes[second] == 0x80, bytes[third] == 0xA8 || bytes[third] == 0xA9 {
                    appendUnicodeEscape(0x2000 | UInt32(bytes[third] - 0xA8 + 0x28), to: &output)
                    index = bytes.index(after: third)
                    continue
                }
                output.append(byte)
            default: output.append(byte)
            }
            index = bytes.index(after: index)
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: "\\u".utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
