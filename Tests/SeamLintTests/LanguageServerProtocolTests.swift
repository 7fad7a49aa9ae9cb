import Foundation
import SeamLintServer
import Testing

/// The language server's plumbing: JSON, the base protocol's framing, positions in the three
/// encodings, incremental edits, file URIs.
@Suite("Language server protocol")
struct LanguageServerProtocolTests {
    // MARK: JSON

    @Test func parsesAndWritesJSON() throws {
        let text = #"{"a": [1, -2.5, 3e2, true, false, null], "b": "x\"y\\z\n\u00e9\ud83d\ude00", "c": {}}"#
        let value = try JSON.parse(text)
        #expect(value["a"] == .array([.integer(1), .double(-2.5), .double(300), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\"y\\z\né😀"))
        #expect(value["c"] == .object([:]))
        // Written back compactly, keys sorted, and read again to the same value.
        #expect(try JSON.parse(value.text) == value)
        #expect(JSON.object(["b": .integer(1), "a": .string("\u{1}\t")]).text == #"{"a":"\u0001\t","b":1}"#)
    }

    @Test("Malformed JSON is an error with its offset, never a trap", arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "\"abc", "\"\\x\"", "\"a\u{01}b\"", "tru", "nul",
        "{} {}", "[\"\\u12\"]", "{1: 2}",
    ])
    func rejectsMalformedJSON(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test func rejectsInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONParseError.self) { try JSON.parse([0x22, 0xC3, 0x28, 0x22]) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
        let fine = String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
        #expect((try? JSON.parse(fine)) != nil)
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try JSON.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(try JSON.parse(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSON.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
    }

    // MARK: Framing

    private static func framer(_ chunks: [[UInt8]], maximumBodySize: Int = MessageFramer.defaultMaximumBodySize) -> MessageFramer {
        var remaining = chunks
        return MessageFramer(maximumBodySize: maximumBodySize) { buffer in
            guard !remaining.isEmpty else { return 0 }
            let chunk = remaining.removeFirst()
            buffer.replaceSubrange(0..<chunk.count, with: chunk)
            return chunk.count
        }
    }

    @Test func readsMessagesSplitAnyhow() {
        let stream = MessageFramer.frame(Array("{\"a\":1}".utf8)) + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n[]".utf8)
        // Every split point, including inside the header and the body.
        for split in 0...stream.count {
            var framer = Self.framer([Array(stream[..<split]), Array(stream[split...])].filter { !$0.isEmpty })
            #expect(framer.next() == .message(Array("{\"a\":1}".utf8)), "split at \(split)")
            #expect(framer.next() == .message(Array("[]".utf8)), "split at \(split)")
            #expect(framer.next() == .end)
        }
    }

    @Test func skipsBrokenHeadersAndGoesOn() {
        let good = MessageFramer.frame(Array("{}".utf8))
        let cases: [(String, [UInt8])] = [
            ("raw JSON", Array("{\"jsonrpc\":\"2.0\"}\r\n".utf8)),
            ("no length", Array("Content-Type: x\r\n\r\n".utf8)),
            ("bad length", Array("Content-Length: -3\r\n\r\n".utf8)),
            ("length in words", Array("Content-Length: ten\r\n\r\n".utf8)),
        ]
        for (name, broken) in cases {
            var framer = Self.framer([broken + good])
            guard case .invalid = framer.next() else { Issue.record("\(name): not reported"); continue }
            #expect(framer.next() == .message(Array("{}".utf8)), "\(name): the next message is lost")
        }
    }

    @Test func bareNewlinesAndEndOfInput() {
        var framer = Self.framer([Array("Content-Length: 2\n\n{}".utf8)])
        #expect(framer.next() == .message(Array("{}".utf8)))
        #expect(framer.next() == .end)
        var truncated = Self.framer([Array("Content-Length: 10\r\n\r\n{}".utf8)])
        #expect(truncated.next() == .end, "a body cut short ends the input")
    }

    @Test func oversizedMessagesAreSkipped() {
        // A body past the limit is read through in small pieces, never held.
        let limit = 100_000, size = 250_001
        var chunks = [Array("Content-Length: \(size)\r\n\r\n".utf8)]
        chunks += Array(repeating: [UInt8](repeating: 0x20, count: 1_000), count: size / 1_000)
        chunks.append([UInt8](repeating: 0x20, count: size % 1_000))
        chunks.append(MessageFramer.frame(Array("{}".utf8)))
        var framer = Self.framer(chunks.filter { !$0.isEmpty }, maximumBodySize: limit)
        guard case .invalid = framer.next() else { Issue.record("a message over the limit was not refused"); return }
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    // MARK: Positions

    @Test func convertsOffsetsToEachEncoding() {
        // é: 2 bytes, 1 UTF-16 unit; 😀: 4 bytes, 2 units, 1 scalar; a CRLF and a lone CR end lines.
        let text = TextDocument(text: "aé😀b\r\nx\ry")
        let b = Array("aé😀".utf8).count
        #expect(text.position(ofOffset: b, encoding: .utf8) == LSPPosition(line: 0, character: 7))
        #expect(text.position(ofOffset: b, encoding: .utf16) == LSPPosition(line: 0, character: 4))
        #expect(text.position(ofOffset: b, encoding: .utf32) == LSPPosition(line: 0, character: 3))
        let x = Array("aé😀b\r\n".utf8).count
        #expect(text.position(ofOffset: x, encoding: .utf16) == LSPPosition(line: 1, character: 0))
        #expect(text.position(ofOffset: x + 2, encoding: .utf16) == LSPPosition(line: 2, character: 0))
        for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
            for offset in [0, 1, 3, b, b + 1, x, x + 1, x + 2, x + 3] {
                let position = text.position(ofOffset: offset, encoding: encoding)
                #expect(text.offset(of: position, encoding: encoding) == offset, "\(encoding) round trip of \(offset)")
            }
        }
    }

    @Test func clampsPositionsOutsideTheText() {
        let text = TextDocument(text: "ab😀\ncd")
        #expect(text.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 6, "past the line: its end")
        #expect(text.offset(of: LSPPosition(line: 7, character: 0), encoding: .utf16) == 9, "past the text: its end")
        #expect(text.offset(of: LSPPosition(line: 0, character: 3), encoding: .utf16) == 2, "inside a surrogate pair: its start")
        #expect(text.offset(of: LSPPosition(line: 0, character: 4), encoding: .utf8) == 2, "inside a UTF-8 sequence: its start")
        #expect(text.position(ofOffset: 1_000, encoding: .utf16) == LSPPosition(line: 1, character: 2))
    }

    @Test func appliesIncrementalEdits() {
        var text = TextDocument(text: "let a = \"😀\"\nlet b = 1\n")
        // Replace `1` (line 1, UTF-16 8..<9) with `2`, then insert after the emoji (UTF-16 column 11).
        text.replace((LSPPosition(line: 1, character: 8), LSPPosition(line: 1, character: 9)), with: "2", encoding: .utf16)
        text.replace((LSPPosition(line: 0, character: 11), LSPPosition(line: 0, character: 11)), with: "é", encoding: .utf16)
        #expect(text.text == "let a = \"😀é\"\nlet b = 2\n")
        text.replace((LSPPosition(line: 0, character: 3), LSPPosition(line: 1, character: 3)), with: "", encoding: .utf16)
        #expect(text.text == "let b = 2\n")
        text.replace(nil, with: "x", encoding: .utf16)
        #expect(text.text == "x" && text.lineCount == 1)
    }

    // MARK: URIs

    @Test func fileURIs() {
        #expect(DocumentURI.path(of: "file:///tmp/a%20b/Caf%C3%A9.swift") == "/tmp/a b/Café.swift")
        #expect(DocumentURI.path(of: "file://localhost/tmp/x.swift") == "/tmp/x.swift")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file://server/share/x.swift") == nil)
        #expect(DocumentURI.path(of: "file:///tmp/%FF.swift") == nil, "not UTF-8")
        let path = "/tmp/a b/Café #1?.swift"
        #expect(DocumentURI.path(of: DocumentURI.uri(ofPath: path)) == path)
    }
}
