import Foundation
import Testing

/// The built `lint` on broken and hostile file contents: each gives either a correct result or
/// one clear line naming the file and the problem (exit 2), never a crash, a hang or a stack
/// overflow. Good files beside a bad one are still linted.
@Suite("Hostile input")
struct HostileInputTests {
    struct Rejected: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// The whole reason, as printed after `Bad.swift: error: `.
        var reason: String
        var testDescription: String { name }
    }

    static let rejected: [Rejected] = [
        Rejected(name: "Latin-1 byte", bytes: Array("let a = \"caf".utf8) + [0xE9, 0x22, 0x0A],
                 reason: "not valid UTF-8 (byte 0xE9 at line 1, column 13)"),
        Rejected(name: "sequence cut off at end of file", bytes: Array("// ok\n// euro ".utf8) + [0xE2, 0x82],
                 reason: "not valid UTF-8 (byte 0xE2 at line 2, column 9)"),
        Rejected(name: "overlong slash", bytes: Array("let a = 1 ".utf8) + [0xC0, 0xAF],
                 reason: "not valid UTF-8 (byte 0xC0 at line 1, column 11)"),
        Rejected(name: "UTF-16 surrogate in UTF-8", bytes: Array("let a = 1 // ".utf8) + [0xED, 0xA0, 0x80],
                 reason: "not valid UTF-8 (byte 0xED at line 1, column 14)"),
        Rejected(name: "mixed encodings: UTF-8 then Latin-1", bytes: Array("// café\n// caf".utf8) + [0xE9, 0x0A],
                 reason: "not valid UTF-8 (byte 0xE9 at line 2, column 7)"),
        Rejected(name: "NUL byte", bytes: Array("let a = 1".utf8) + [0] + Array("\nlet b = 2\n".utf8),
                 reason: "binary file (NUL byte at offset 9)"),
        Rejected(name: "binary file named .swift (PNG header)",
                 bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52],
                 reason: "binary file (NUL byte at offset 8)"),
        Rejected(name: "UTF-16LE with byte order mark", bytes: [0xFF, 0xFE] + utf16("let a = 1\n", bigEndian: false),
                 reason: "UTF-16LE text (SeamLint reads UTF-8 only)"),
        Rejected(name: "UTF-16BE with byte order mark", bytes: [0xFE, 0xFF] + utf16("let a = 1\n", bigEndian: true),
                 reason: "UTF-16BE text (SeamLint reads UTF-8 only)"),
        Rejected(name: "UTF-32LE with byte order mark", bytes: [0xFF, 0xFE, 0, 0, 0x6C, 0, 0, 0],
                 reason: "UTF-32LE text (SeamLint reads UTF-8 only)"),
        Rejected(name: "UTF-16 without byte order mark", bytes: utf16("let a = 1\n", bigEndian: false),
                 reason: "binary file (NUL byte at offset 1)"),
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test("rejected with one clear line; the good file beside it is still linted", arguments: rejected)
    func rejectedContent(_ content: Rejected) throws {
        let scratch = try ScratchFolder()
        try scratch.write("Bad.swift", content.bytes)
        try scratch.write("Good.swift", BuggySource.text)
        let run = try scratch.lint(["."])
        #expect(run.status == 2)
        #expect(run.problemLines == ["Bad.swift: error: \(content.reason)"])
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines.allSatisfy { $0.hasPrefix("Good.swift:4:") },
                "\(run.output)")
        #expect(run.errors.contains("1 file linted"), "\(run.errors)")
    }

    struct Accepted: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    /// Lexically broken or unusual Swift: linted, no problem reported, the buggy line still found.
    static let accepted: [Accepted] = [
        Accepted(name: "empty file", text: ""),
        Accepted(name: "only a byte order mark", text: "\u{FEFF}"),
        Accepted(name: "unterminated string at end of file", text: "let s = \"abc"),
        Accepted(name: "unterminated multiline string", text: "let s = \"\"\"\nabc\n"),
        Accepted(name: "unterminated raw string", text: "let s = ##\"abc\"#"),
        Accepted(name: "unterminated interpolation", text: "let s = \"a\\(b(c"),
        Accepted(name: "unterminated block comment", text: "/* a /* nested */"),
        Accepted(name: "unterminated regex", text: "let r = #/ab(c"),
        Accepted(name: "unterminated extended regex", text: "let r = #/\nab"),
        Accepted(name: "unterminated backtick name", text: "let `abc = 1"),
        Accepted(name: "stray closing brackets", text: "}}} ))) ]]] )"),
        Accepted(name: "control characters", text: "let a = 1\u{1B}[31m\u{7}\u{8}\u{C}"),
        Accepted(name: "bidirectional overrides", text: "let s = \"\u{202E}txt.exe\u{202C}\" // \u{2066}x\u{2069}"),
        Accepted(name: "conflict markers", text: "<<<<<<< HEAD\nlet a = 1\n=======\nlet a = 2\n>>>>>>> branch"),
        Accepted(name: "unbalanced #if", text: "#if os(iOS)\n#if DEBUG\n#else\n#elseif X"),
    ]

    @Test("linted without a problem", arguments: accepted)
    func acceptedContent(_ content: Accepted) throws {
        let scratch = try ScratchFolder()
        // The broken text comes after the buggy code, so the finding on line 4 must survive it.
        try scratch.write("File.swift", BuggySource.text + content.text)
        let run = try scratch.lint(["."])
        #expect(run.status == 0 || run.status == 1, "\(run.errors)")
        #expect(run.problemLines.isEmpty, "\(run.errors)")
        #expect(run.diagnosticLines.contains { $0.hasPrefix("File.swift:4:") }, "\(run.output)")
    }

    @Test("an empty file alone lints clean")
    func emptyFile() throws {
        let scratch = try ScratchFolder()
        try scratch.write("Empty.swift", "")
        let run = try scratch.lint(["."])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.errors == "SeamLint: 1 file linted\n")
    }

    /// Line breaks and a byte order mark change neither the findings nor their positions.
    @Test("CRLF, lone CR and a BOM give the same diagnostics as LF",
          arguments: ["\r\n", "\r", "\u{2028}\n", "BOM"])
    func lineEndings(variant: String) throws {
        let scratch = try ScratchFolder()
        try scratch.write("File.swift", BuggySource.text)
        let expected = try scratch.lint(["File.swift"])
        let text = variant == "BOM" ? "\u{FEFF}" + BuggySource.text : BuggySource.text(lineBreak: variant)
        try scratch.write("File.swift", text)
        let run = try scratch.lint(["File.swift"])
        #expect(run.status == expected.status)
        #expect(!expected.output.isEmpty)
        #expect(run.output == expected.output)
    }

    struct Nested: Sendable, CustomTestStringConvertible {
        var name: String
        var open: String
        var middle: String
        var close: String
        var testDescription: String { name }
    }

    static let nestings: [Nested] = [
        Nested(name: "parentheses", open: "(", middle: "1", close: ")"),
        Nested(name: "square brackets", open: "[", middle: "1", close: "]"),
        Nested(name: "braces", open: "{", middle: "", close: "}"),
        Nested(name: "closures", open: "f { ", middle: "g()", close: " }"),
        Nested(name: "string interpolations", open: "\"\\(", middle: "x", close: ")\""),
        Nested(name: "raw string interpolations", open: "#\"\\#(", middle: "x", close: ")\"#"),
        Nested(name: "multiline interpolations", open: "\"\"\"\n\\(", middle: "x", close: ")\n\"\"\""),
        Nested(name: "block comments", open: "/*", middle: " x ", close: "*/"),
        Nested(name: "#if blocks", open: "#if A\n", middle: "let a = 1\n", close: "#endif\n"),
        Nested(name: "generic arguments", open: "A<", middle: "B", close: ">"),
        Nested(name: "type declarations", open: "struct S { ", middle: "var x = 1", close: " }"),
        Nested(name: "openers only", open: "({[", middle: "", close: ""),
        Nested(name: "closers only", open: "", middle: "", close: ")}]"),
    ]

    /// 10,000 levels: no stack overflow (everything is iterative). Speed is measured by scripts/benchmark.py,
/// not asserted here.
    @Test("10,000 nested levels", arguments: nestings)
    func deepNesting(_ nesting: Nested) throws {
        let depth = 10_000
        let scratch = try ScratchFolder()
        let body = String(repeating: nesting.open, count: depth) + nesting.middle + String(repeating: nesting.close, count: depth)
        try scratch.write("Deep.swift", BuggySource.text + "let deep = " + body + "\n")
        let run = try scratch.lint(["--enable-all-rules", "."])
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.errors.suffix(500))")
        #expect(run.problemLines.isEmpty, "\(run.errors.suffix(500))")
    }

    static let chains: [Nested] = [
        Nested(name: "#elseif branches", open: "#if A\nlet a = 0\n", middle: "#elseif B\nlet b = 1\n", close: "#endif\n"),
        Nested(name: "else if", open: "if a { f() }", middle: " else if b { g() }", close: ""),
        Nested(name: "switch cases", open: "switch x {\n", middle: "case 1: f()\n", close: "}\n"),
        Nested(name: "member chain", open: "UIApplication.shared", middle: ".connectedScenes", close: ".first"),
        Nested(name: "optional chain", open: "view", middle: "?.window", close: "?.windowScene"),
        Nested(name: "ternaries", open: "a", middle: " ? b : a", close: ""),
        Nested(name: "statements on one line", open: "", middle: "f(); ", close: ""),
        Nested(name: "attributes", open: "", middle: "@objc ", close: "func f() {}"),
        Nested(name: "parameters", open: "func f(", middle: "a: Int, ", close: "z: Int) {}"),
        Nested(name: "arguments", open: "f(", middle: "a: 1, ", close: "z: 2)"),
        Nested(name: "#available checks", open: "", middle: "if #available(iOS 15, *) { f() } else { g() }\n", close: ""),
    ]

    /// 10,000 repetitions of one element: linted to the end, the diagnostic after them still found.
    @Test("10,000-long chains", arguments: chains)
    func longChains(_ chain: Nested) throws {
        let scratch = try ScratchFolder()
        let body = chain.open + String(repeating: chain.middle, count: 10_000) + chain.close
        try scratch.write("Long.swift", BuggySource.text + "func long() {\n" + body + "\n}\n")
        let run = try scratch.lint(["--enable-all-rules", "."])
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.errors.suffix(500))")
        #expect(run.problemLines.isEmpty, "\(run.errors.suffix(500))")
        #expect(run.diagnosticLines.contains { $0.hasPrefix("Long.swift:4:") })
    }

    @Test("a 1 MB line", arguments: ["string", "code", "comment"])
    func longLine(kind: String) throws {
        let scratch = try ScratchFolder()
        let megabyte = 1 << 20
        let line: String
        switch kind {
        case "string": line = "let s = \"" + String(repeating: "a", count: megabyte) + "\""
        case "code": line = "let x = " + String(repeating: "a.b(c) + ", count: megabyte / 9) + "1"
        default: line = "// " + String(repeating: "é", count: megabyte / 2)
        }
        try scratch.write("Long.swift", BuggySource.text + line + "\n")
        let run = try scratch.lint(["--enable-all-rules", "."])
        #expect(run.status == 0, "\(run.errors.suffix(500))")
        #expect(run.problemLines.isEmpty)
        #expect(run.diagnosticLines.contains { $0.hasPrefix("Long.swift:4:") })
    }

    /// A file of 50 MB (under the 64 MB default limit) is linted; with a lower limit it is refused
    /// in one line before being read. Mostly comment lines, so that a debug build on a busy
    /// machine gets through it in seconds; realistic code at this size is measured by
    /// scripts/benchmark.py against a release build.
    @Test("a 50 MB file")
    func hugeFile() throws {
        let scratch = try ScratchFolder()
        let target = 50 << 20
        let filler = String(repeating: "// Generated filler line that no rule looks at, as in a vendored blob.\n", count: 3_000)
        var text = ""
        text.reserveCapacity(target + filler.utf8.count)
        var copies = 0
        while text.utf8.count < target {
            text += BuggySource.text.replacingOccurrences(of: "presentShareSheet", with: "presentShareSheet\(copies)") + filler
            copies += 1
        }
        try scratch.write("Huge.swift", text)
        let run = try scratch.lint(["--quiet", "."])
        #expect(run.status == 0, "\(run.errors.suffix(500))")
        #expect(run.diagnosticLines.count == copies)

        let limited = try scratch.lint(["--max-file-size", "10", "."])
        #expect(limited.status == 2)
        #expect(limited.problemLines.count == 1)
        #expect(limited.problemLines.first?.hasPrefix("Huge.swift: error: file is 50") == true, "\(limited.errors)")
        #expect(limited.problemLines.first?.hasSuffix("over the 10 MB limit") == true, "\(limited.errors)")
    }
}
