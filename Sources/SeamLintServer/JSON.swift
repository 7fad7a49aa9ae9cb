/// A JSON value, as JSON-RPC messages carry it. Parsed and written here rather than with
/// `JSONSerialization`: its Linux and macOS builds differ on booleans and numbers (`NSNumber`), and
/// a server must turn every malformed input into an error, never a trap or a deep recursion.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number with a fraction or exponent, or outside `Int`.
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? { if case .string(let text) = self { return text }; return nil }
    public var boolValue: Bool? { if case .bool(let flag) = self { return flag }; return nil }
    public var arrayValue: [JSON]? { if case .array(let elements) = self { return elements }; return nil }
    public var objectValue: [String: JSON]? { if case .object(let members) = self { return members }; return nil }
    /// An integer, also when written with a zero fraction (`3.0`): LSP's `integer`/`uinteger`.
    public var intValue: Int? {
        switch self {
        case .integer(let number): return number
        case .double(let number):
            guard number.rounded() == number, abs(number) < 9.0e15 else { return nil }
            return Int(number)
        default: return nil
        }
    }
}

// MARK: Writing

extension JSON {
    /// Compact UTF-8 text, object keys sorted byte-wise (stable output for logs and tests).
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    public var text: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number):
            // JSON has no infinities or NaN.
            output.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): Self.writeQuoted(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]!.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`; the rest as UTF-8.
    private static func writeQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: "\\u00".utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

// MARK: Parsing

/// Why text is not JSON, with the byte offset where it went wrong.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSON {
    /// Deeper nesting is refused: the parser recurses, and no LSP message nests this deep.
    public static let maximumDepth = 200

    /// Parses one JSON value (RFC 8259) filling all of `bytes` but whitespace. Strings must be valid
    /// UTF-8; an escaped lone surrogate becomes U+FFFD. Linear in the input.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSON { try parse(Array(text.utf8)) }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: position) }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard depth < JSON.maximumDepth else { throw error("nesting deeper than \(JSON.maximumDepth) levels") }
        guard let byte = current else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] { throw error("unexpected character") }
        position += count
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        position += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            case nil: throw error("unexpected end of input")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            case nil: throw error("unexpected end of input")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    mutating func number() throws(JSONParseError) -> JSON {
        let start = position
        var isInteger = true
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") { position += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard isDigit(current) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        return .double(Double(text) ?? .nan)
    }

    private func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
    private mutating func skipDigits() { while isDigit(current) { position += 1 } }

    mutating func string() throws(JSONParseError) -> String {
        position += 1  // the opening quote
        var text: [UInt8] = []
        var runStart = position  // bytes[runStart..<position] need no unescaping
        while true {
            guard let byte = current else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                text.append(contentsOf: bytes[runStart..<position])
                position += 1
                break
            }
            if byte < 0x20 { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else { position += 1; continue }
            text.append(contentsOf: bytes[runStart..<position])
            position += 1
            guard let escaped = current else { throw error("unterminated string") }
            position += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &text)
            default: position -= 1; throw error("unknown escape")
            }
            runStart = position
        }
        guard let decoded = String(validating: text, as: UTF8.self) else { throw error("string is not valid UTF-8") }
        return decoded
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair; a lone surrogate is U+FFFD.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let high = try hexQuad()
        guard (0xD800...0xDBFF).contains(high) else {
            return Unicode.Scalar(high) ?? "\u{FFFD}"  // nil for a lone low surrogate
        }
        let mark = position
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
            position += 2
            let low = try hexQuad()
            if (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            position = mark  // not a pair: the next escape stands alone
        }
        return "\u{FFFD}"
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func appendScalar(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        text.append(contentsOf: UTF8.encode(scalar)!)
    }
}
