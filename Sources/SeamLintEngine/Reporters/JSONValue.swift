/// A JSON document built by a reporter and written by `JSONValue.rendered()`.
///
/// Hand-written rather than `JSONSerialization` so that output is byte-stable across platforms and
/// Foundation versions (key order, number and escape spelling) and cheap for large runs.
indirect enum JSONValue {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)

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
        case .null:
            output.append(contentsOf: "null".utf8)
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
        case .object(let object):
            guard !object.members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            let members = object.members.sorted { PathNames.compare($0.key, $1.key) < 0 }
            for (index, member) in members.enumerated() {
                output.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
                JSONValue.writeIndent(indent + 1, to: &output)
                JSONValue.writeQuoted(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.write(to: &output, indent: indent + 1)
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
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0  // bytes[runStart..<index] need no escaping and are copied in one go
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 else {
                    index += 1
                    continue
                }
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; other E2 sequences pass through.
                if byte == 0xE2 && !(index + 2 < bytes.count && bytes[index + 1] == 0x80
                                     && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)) {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
                case 0x0A: output.append(contentsOf: "\\n".utf8)
                case 0x0D: output.append(contentsOf: "\\r".utf8)
                case 0x09: output.append(contentsOf: "\\t".utf8)
                case 0x08: output.append(contentsOf: "\\b".utf8)
                case 0x0C: output.append(contentsOf: "\\f".utf8)
                case 0xE2:
                    appendUnicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                    index += 2
                default: appendUnicodeEscape(UInt32(byte), to: &output)
                }
                index += 1
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: "\\u".utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}

/// A JSON object's members. Written with a dictionary literal like a `Dictionary`, but stored as
/// a small array: reporters build one per finding, and hashing every key cost more than the
/// writing. Keys are sorted when written.
struct JSONObject: ExpressibleByDictionaryLiteral {
    private(set) var members: [(key: String, value: JSONValue)]

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The members of a dictionary (for code that builds one first).
    init(_ dictionary: [String: JSONValue]) {
        members = dictionary.map { (key: $0.key, value: $0.value) }
    }

    /// Sets or replaces a member (a linear search: objects have a handful of keys).
    subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }
}
