/// The byte offset of every key path in a JSON5 document, its duplicate keys, or the first syntax
/// error. Foundation decodes the document; on Linux its errors carry no position, so this scan
/// exists to point at the line and column of a mistake.
struct JSON5Outline {
    struct SyntaxError: Error {
        var offset: Int
        /// What was expected, without the text found.
        var expectation: String
        /// The character found instead, when there was one.
        var found: String? = nil

        init(offset: Int, message: String, found: String? = nil) {
            self.offset = offset
            expectation = message
            self.found = found
        }

        var message: String { found.map { "\(expectation), found '\($0)'" } ?? expectation }
    }

    /// Rendered key path → offset of the key (object members) or value (array elements).
    private(set) var offsets: [String: Int] = [:]
    /// Keys written twice in one object; JSON5 keeps one of them silently.
    private(set) var duplicates: [(path: KeyPath, offset: Int)] = []

    private let bytes: [UInt8]
    private var position = 0

    /// Nesting deeper than this is reported rather than risk the stack.
    static let maximumDepth = 200

    /// Scans `bytes`; throws the first syntax error.
    init(_ bytes: [UInt8]) throws(SyntaxError) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipTrivia()
        guard position < bytes.count else { throw SyntaxError(offset: position, message: "the file holds no JSON value") }
        try value(at: .root, depth: 0)
        try skipTrivia()
        if position < bytes.count { throw unexpected("after the end of the document") }
    }


    // MARK: Values

    private mutating func value(at path: KeyPath, depth: Int) throws(SyntaxError) {
        guard depth < Self.maximumDepth else { throw SyntaxError(offset: position, message: "nested too deeply") }
        guard position < bytes.count else { throw SyntaxError(offset: position, message: "expected a value, found the end of the file") }
        switch bytes[position] {
        case UInt8(ascii: "{"): try object(at: path, depth: depth)
        case UInt8(ascii: "["): try array(at: path, depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = try string()
        case UInt8(ascii: "t"): try word("true")
        case UInt8(ascii: "f"): try word("false")
        case UInt8(ascii: "n"): try word("null")
        default: try number()
        }
    }

    private mutating func object(at path: KeyPath, depth: Int) throws(SyntaxError) {
        position += 1
        var seen: Set<String> = []
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw SyntaxError(offset: position, message: "unterminated object: expected '}'") }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return }
            let keyOffset = position
            let key = try memberName()
            let memberPath = path.appending(key)
            if !seen.insert(key).inserted { duplicates.append((memberPath, keyOffset)) }
            offsets[memberPath.description] = offsets[memberPath.description] ?? keyOffset
            try skipTrivia()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected("expected ':' after a key") }
            position += 1
            try skipTrivia()
            try value(at: memberPath, depth: depth + 1)
            try skipTrivia()
            guard position < bytes.count else { throw SyntaxError(offset: position, message: "unterminated object: expected '}'") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            default: throw unexpected("expected ',' or '}'")
            }
        }
    }

    private mutating func array(at path: KeyPath, depth: Int) throws(SyntaxError) {
        position += 1
        var index = 0
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw SyntaxError(offset: position, message: "unterminated array: expected ']'") }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            let elementPath = path.appending(index)
            offsets[elementPath.description] = position
            try value(at: elementPath, depth: depth + 1)
            index += 1
            try skipTrivia()
            guard position < bytes.count else { throw SyntaxError(offset: position, message: "unterminated array: expected ']'") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return
            default: throw unexpected("expected ',' or ']'")
            }
        }
    }

    /// A quoted key or a JSON5 identifier (ASCII letters, digits, `_`, `$`, any non-ASCII letter).
    private mutating func memberName() throws(SyntaxError) -> String {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try string() }
        let start = position
        while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
        guard position > start, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]) else {
            position = start
            throw unexpected("expected a key")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        let quote = bytes[position]
        let start = position
        position += 1
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote { position += 1; return String(decoding: text, as: UTF8.self) }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "\\") {
                position += 1
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "u"), UInt8(ascii: "x"):
                    let digits = escaped == UInt8(ascii: "u") ? 4 : 2
                    let end = position + digits
                    guard end <= bytes.count, let value = UInt32(String(decoding: bytes[position..<end], as: UTF8.self), radix: 16)
                    else { throw SyntaxError(offset: position - 2, message: "invalid escape sequence") }
                    position = end
                    if let scalar = Unicode.Scalar(value) { text.append(contentsOf: String(Character(scalar)).utf8) }
                case 0x0D:  // line continuation, "\r\n" included
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                default: text.append(escaped)  // \" \' \\ \/ and JSON5's identity escapes
                }
                continue
            }
            text.append(byte)
            position += 1
        }
        throw SyntaxError(offset: start, message: "unterminated string")
    }

    private mutating func word(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              bytes[position..<position + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)),
              position + count == bytes.count || !Self.isIdentifierByte(bytes[position + count])
        else { throw unexpected("expected a value") }
        position += count
    }

    /// JSON5 numbers: sign, hex, leading or trailing decimal point, exponent, Infinity, NaN.
    private mutating func number() throws(SyntaxError) {
        let start = position
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        while position < bytes.count,
              Self.isIdentifierByte(bytes[position]) || bytes[position] == UInt8(ascii: ".")
                || ((bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
                    && (bytes[position - 1] | 0x20) == UInt8(ascii: "e")) {
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let unsigned = text.hasPrefix("+") || text.hasPrefix("-") ? String(text.dropFirst()) : text
        let valid = unsigned == "Infinity" || unsigned == "NaN"
            || (unsigned.lowercased().hasPrefix("0x") && unsigned.count > 2 && UInt64(unsigned.dropFirst(2), radix: 16) != nil)
            || (unsigned.first.map { $0.isASCII && ($0.isNumber || $0 == ".") } == true && Double(unsigned) != nil)
        guard valid else {
            position = start
            throw unexpected("expected a value")
        }
    }

    // MARK: Trivia

    private mutating func skipTrivia() throws(SyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                position += 1
            case 0xC2 where position + 1 < bytes.count && bytes[position + 1] == 0xA0:  // no-break space
                position += 2
            case 0xE2 where position + 2 < bytes.count && bytes[position + 1] == 0x80
                && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):  // line/paragraph separator
                position += 3
            case 0xEF where position + 2 < bytes.count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF:
                position += 3
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position + 1 < bytes.count else { throw SyntaxError(offset: start, message: "unterminated comment") }
                position += 2
            default:
                return
            }
        }
    }

    private func unexpected(_ expectation: String) -> SyntaxError {
        guard position < bytes.count else { return SyntaxError(offset: position, message: "\(expectation), found the end of the file") }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let found = String(decoding: bytes[position..<end], as: UTF8.self)
        return SyntaxError(offset: position, message: expectation, found: found)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
