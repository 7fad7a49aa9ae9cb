import Foundation

/// The base protocol's framing: `Content-Length: N` (other headers ignored), an empty line, N bytes
/// of JSON. Reads from a byte source; a broken header block is reported and skipped so the stream
/// goes on with the next message.
public struct MessageFramer {
    /// What the next message is.
    public enum Frame: Equatable {
        case message([UInt8])
        /// A header block that could not be followed, skipped (answered with a parse error).
        case invalid(String)
        /// The input ended.
        case end
    }

    /// Larger bodies are read and dropped: no editor sends a 256 MB document.
    public static let defaultMaximumBodySize = 256 * 1024 * 1024
    private let maximumBodySize: Int
    /// A header line longer than this is not a header.
    static let maximumHeaderLine = 8 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Reads more bytes into the buffer given; returns how many (0: end of input).
    private let read: (inout [UInt8]) -> Int

    public init(maximumBodySize: Int = defaultMaximumBodySize, read: @escaping (inout [UInt8]) -> Int) {
        self.maximumBodySize = maximumBodySize
        self.read = read
    }

    /// A framer over a file descriptor (standard input).
    public init(fileDescriptor: Int32) {
        self.init(maximumBodySize: Self.defaultMaximumBodySize) { chunk in
            while true {
                let count = chunk.withUnsafeMutableBytes { Foundation.read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                return max(0, count)
            }
        }
    }

    /// The next frame; blocks until one is complete or the input ends.
    public mutating func next() -> Frame {
        var length: Int?
        var problem: String?
        var sawHeader = false
        // Header lines until an empty one.
        while true {
            guard let line = nextLine() else {
                return sawHeader || problem != nil ? .invalid(problem ?? "the input ended inside a header") : .end
            }
            if line.isEmpty {
                if !sawHeader && problem == nil { continue }  // stray empty lines between messages
                break
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0, line.count <= Self.maximumHeaderLine,
                  line[..<colon].allSatisfy(Self.isHeaderNameByte) else {
                // Not a header (raw JSON without framing, garbage): skip the line at once.
                return .invalid("expected a 'Content-Length: N' header, got '\(Self.preview(line))'")
            }
            sawHeader = true
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "content-length" {
                if let number = Int(value), number >= 0, value.allSatisfy(\.isASCII) {
                    length = number
                } else {
                    problem = "invalid Content-Length '\(Self.preview(Array(value.utf8)))'"
                }
            }
        }
        if let problem { return .invalid(problem) }
        guard let length else { return .invalid("a header block without Content-Length") }
        guard length <= maximumBodySize else {
            guard skip(length) else { return .end }
            return .invalid("a message of \(length) bytes, more than the \(maximumBodySize) a message may have")
        }
        guard let body = take(length) else { return .end }
        return .message(body)
    }

    /// The next line without its `\r\n` (or `\n`); nil at the end of input. A line that grows past
    /// the header limit is returned early (it cannot be a header).
    private mutating func nextLine() -> [UInt8]? {
        var scanned = start
        while true {
            while scanned < buffer.count {
                if buffer[scanned] == 0x0A {
                    var end = scanned
                    if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                    let line = Array(buffer[start..<end])
                    start = scanned + 1
                    return line
                }
                scanned += 1
                if scanned - start > Self.maximumHeaderLine {
                    let line = Array(buffer[start..<scanned])
                    start = scanned
                    return line
                }
            }
            compact()
            scanned = buffer.count
            guard fill() else {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
        }
    }

    private mutating func take(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            compact()
            guard fill() else { return nil }
        }
        let body = Array(buffer[start..<(start + count)])
        start += count
        return body
    }

    private mutating func skip(_ count: Int) -> Bool {
        var remaining = count
        while true {
            let available = min(remaining, buffer.count - start)
            start += available
            remaining -= available
            if remaining == 0 { return true }
            compact()
            guard fill() else { return false }
        }
    }

    /// Drops consumed bytes once they are most of the buffer (amortised linear).
    private mutating func compact() {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func fill() -> Bool {
        guard !ended else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(&chunk)
        guard count > 0 else { ended = true; return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Letters, digits and `-`: what header names are made of (a line of JSON is not a header).
    private static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// At most 40 characters of a bad header, control characters escaped, for the error message.
    static func preview(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        var shown = ""
        for scalar in text.unicodeScalars {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return bytes.count > 40 ? shown + "…" : shown
    }

    /// One framed message.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
