import Foundation

/// The usual shape of an XML property list (what Xcode writes for an `Info.plist`), read without
/// Foundation, whose parser costs milliseconds a file: the `<?xml …?>` line, an optional
/// `<!DOCTYPE …>`, `<plist …>` holding one `<dict>`, and inside only `dict`, `array`, `key`,
/// `string`, `integer`, `true/`, `false/` and comments.
///
/// Anything else gives nil (an entity or a carriage return in text, CDATA, `real`, `date`, `data`,
/// a duplicate key, a tag with spaces, text between elements): the caller then asks
/// `PropertyListSerialization`, which reads every property list. What this reads, it reads as
/// that would: strings, `NSNumber`s, `Bool`s, arrays and dictionaries.
struct XMLPlistReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// A comment that never closes.
    private var unclosedComment = false

    /// The top-level dictionary of `bytes`, or nil when they are not in the usual shape.
    static func dictionary(_ bytes: [UInt8]) -> [String: Any]? {
        var reader = XMLPlistReader(bytes: bytes)
        return reader.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() -> [String: Any]? {
        guard take("<?xml"), skip(past: "?>") else { return nil }
        skipSpaceAndComments()
        if take("<!DOCTYPE") {
            // An internal subset (`[…]`) could declare entities: left to Foundation.
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") { return nil }
                index += 1
            }
            guard take(">") else { return nil }
            skipSpaceAndComments()
        }
        guard take("<plist"), index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ">") else { return nil }
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index > 0, bytes[index - 1] != UInt8(ascii: "/"), take(">") else { return nil }
        skipSpaceAndComments()
        guard let root = value() as? [String: Any] else { return nil }
        skipSpaceAndComments()
        guard take("</plist>") else { return nil }
        skipSpaceAndComments()
        return index == bytes.count && !unclosedComment ? root : nil
    }

    private mutating func value() -> Any? {
        guard depth < 64 else { return nil }
        depth += 1
        defer { depth -= 1 }
        if take("<dict>") {
            var result: [String: Any] = [:]
            while true {
                skipSpaceAndComments()
                if take("</dict>") { return result }
                guard take("<key>"), let key = text(closedBy: "</key>"), result[key] == nil else { return nil }
                skipSpaceAndComments()
                guard let item = value() else { return nil }
                result[key] = item
            }
        }
        if take("<array>") {
            var result: [Any] = []
            while true {
                skipSpaceAndComments()
                if take("</array>") { return result }
                guard let item = value() else { return nil }
                result.append(item)
            }
        }
        if take("<string>") { return text(closedBy: "</string>") }
        if take("<integer>") {
            guard let digits = text(closedBy: "</integer>") else { return nil }
            let unsigned = digits.utf8.first == UInt8(ascii: "-") ? digits.utf8.dropFirst() : Substring(digits).utf8
            guard !unsigned.isEmpty, unsigned.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int(digits).map { NSNumber(value: $0) }  // as Foundation gives integers
        }
        if take("<true/>") { return true }
        if take("<false/>") { return false }
        if take("<dict/>") { return [String: Any]() }
        if take("<array/>") { return [Any]() }
        if take("<string/>") { return "" }
        return nil
    }

    /// The text up to `end` (consumed), when it holds no markup, `>`, entity or carriage return
    /// (which XML would turn into a line feed) and is UTF-8.
    private mutating func text(closedBy end: StaticString) -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">") || byte == 0x0D { return nil }
            index += 1
        }
        let range = start..<index
        guard take(end) else { return nil }
        return String(validating: bytes[range], as: UTF8.self)
    }

    /// Moves past `word` when the bytes at the index spell it.
    private mutating func take(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Moves just past the next `word`; false when there is none.
    private mutating func skip(past word: StaticString) -> Bool {
        while index < bytes.count {
            if take(word) { return true }
            index += 1
        }
        return false
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if take("<!--") {
                guard skip(past: "-->") else { unclosedComment = true; return }
            } else {
                return
            }
        }
    }
}
