import Foundation
import SeamLintCore
import SeamLintDevSupport
import Testing

// Expectations use `TokenDescription.compact`: `code text` per token joined by ` | `, with
// whitespace and newlines left out unless a case asks for trivia. Codes: `id`, `kw`, `ctx`
// (identifier spelling a contextual keyword), `attr`, `directive`, `pound`, `int`, `float`,
// `quote` (string delimiter), `str` (string text), `interp`, `interp-end`, `regex`, `op`,
// `unknown`, `//`, `///`, `/*`, `/**`, `#!`, `bom`, `ws`, `nl`; punctuation is its own text.
// A trailing ` !` marks an unterminated token.

/// One tokenizer edge case: a source and its expected compact rendering.
struct TokenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let expected: String
    /// Whether the expectation includes whitespace and newline tokens.
    let trivia: Bool
    /// Why SourceKit cannot be compared on this input, or nil when it can.
    let notComparable: String?

    init(_ name: String, _ source: String, _ expected: String, trivia: Bool = false, notComparable: String? = nil) {
        self.name = name
        self.source = source
        self.expected = expected
        self.trivia = trivia
        self.notComparable = notComparable
    }

    var bytes: [UInt8] { Array(source.utf8) }
    var testDescription: String { name }
}

enum TokenizerEdgeCases {
    static let all: [TokenCase] = comments + strings + interpolations + regexes + numbers + names + directives
        + operators + trivia + recovery

    static let comments: [TokenCase] = [
        TokenCase("nested block comment", "/* a /* b */ c */x", "/* /* a /* b */ c */ | id x"),
        TokenCase("doc comments", "/// doc\n//// four\n/** block */\n/*** stars */\n/**/\n// plain",
                  "/// /// doc | /// //// four | /** /** block */ | /** /*** stars */ | /* /**/ | // // plain"),
        TokenCase("unterminated nested comment", "/* a /* b */", "/* /* a /* b */ !"),
        TokenCase("slash star slash is no close", "/*/ x */y", "/* /*/ x */ | id y"),
        TokenCase("comment inside interpolation", #""\(x /* ) */)""#,
                  #"quote " | interp \( | id x | /* /* ) */ | interp-end ) | quote ""#),
    ]

    static let strings: [TokenCase] = [
        TokenCase("escapes", #""a\"b\\c\n\u{1F600}""#, #"quote " | str a\"b\\c\n\u{1F600} | quote ""#),
        TokenCase("multiline", "\"\"\"\n  line \"quoted\"\n  \"\"\"",
                  #"quote """ | str \n  line "quoted"\n   | quote """"#),
        TokenCase("raw, one pound", ##"#"a "b" \n"#"##, ##"quote #" | str a "b" \n | quote "#"##),
        TokenCase("raw, two pounds", ###"##"a "# b"##"###, ###"quote ##" | str a "# b | quote "##"###),
        TokenCase("raw, three pounds", ####"###"x "## y"###"####, ####"quote ###" | str x "## y | quote "###"####),
        TokenCase("raw quotes closing on their line", ##"#"""#"##, ##"quote #" | str " | quote "#"##),
        TokenCase("raw multiline", "#\"\"\"\n  a \"\"\" b\n  \"\"\"#", ##"quote #""" | str \n  a """ b\n   | quote """#"##),
        TokenCase("raw escaped quote", ##"#"a\#"b"#"##, ##"quote #" | str a\#"b | quote "#"##),
        TokenCase("raw with fewer closing pounds inside", ###"##"a"#b"##"###, ###"quote ##" | str a"#b | quote "##"###),
        TokenCase("empty strings", "\"\" #\"\"# \"\"\"\n\"\"\"",
                  ##"quote " | quote " | quote #" | quote "# | quote """ | str \n | quote """"##),
        TokenCase("single quoted", #"'a"b'"#, #"quote ' | str a"b | quote '"#),
        TokenCase("multiline line continuation", "\"\"\"\na \\\nb\n\"\"\"", #"quote """ | str \na \\nb\n | quote """"#),
        TokenCase("escaped newline ends a single-line string", "\"a\\\nb\"", #"quote " | str a\ ! | id b | quote " !"#),
        TokenCase("unterminated string", #""abc"#, #"quote " | str abc !"#),
        TokenCase("unterminated empty string", #"""#, #"quote " !"#),
        TokenCase("unterminated multiline", "\"\"\"\nabc", #"quote """ | str \nabc !"#),
        TokenCase("unterminated raw", ##"#"a"##, ##"quote #" | str a !"##),
    ]

    /// Invalid code: SourceKit's lexer folds an interpolation left open on its line into the
    /// string token; we keep its code as code, as swift-syntax's lexer does.
    static let unclosedInterpolation = "interpolation left open: SourceKit folds it into the string"

    static let interpolations: [TokenCase] = [
        TokenCase("interpolation", #""a\(b)c""#, #"quote " | str a | interp \( | id b | interp-end ) | str c | quote ""#),
        TokenCase("raw interpolation", ##"#"a\#(b)\(c)"#"##,
                  ##"quote #" | str a | interp \#( | id b | interp-end ) | str \(c) | quote "#"##),
        TokenCase("string inside interpolation", #""\(f("\(x)"))""#,
                  #"quote " | interp \( | id f | ( | quote " | interp \( | id x | interp-end ) | quote " | ) | interp-end ) | quote ""#),
        TokenCase("parens inside interpolation", #""\((a + (b)))""#,
                  #"quote " | interp \( | ( | id a | op + | ( | id b | ) | ) | interp-end ) | quote ""#),
        TokenCase("closure inside interpolation", #""\(xs.map { "\($0)" })""#,
                  #"quote " | interp \( | id xs | . | id map | { | quote " | interp \( | id $0 | interp-end ) | quote " | } | interp-end ) | quote ""#),
        TokenCase("multiline inside multiline interpolation", "\"\"\"\n\\(\"\"\"\n  in\n  \"\"\")\n\"\"\"",
                  #"quote """ | str \n | interp \( | quote """ | str \n  in\n   | quote """ | interp-end ) | str \n | quote """"#),
        TokenCase("line break ends single-line interpolation", "\"\\(a\nb)\"",
                  #"quote " | interp \( | id a | id b | ) | quote " !"#, notComparable: unclosedInterpolation),
        TokenCase("interpolation at end", #""\(x)""#, #"quote " | interp \( | id x | interp-end ) | quote ""#),
        TokenCase("unterminated interpolation", #""a\(b"#, #"quote " | str a | interp \( | id b"#,
                  notComparable: unclosedInterpolation),
    ]

    static let regexes: [TokenCase] = [
        TokenCase("regex after =", "let r = /ab+c/", "kw let | id r | op = | regex /ab+c/"),
        TokenCase("division chain", "a / b / c", "id a | op / | id b | op / | id c"),
        TokenCase("divide-assign", "x /= 2", "id x | op /= | int 2"),
        TokenCase("unapplied slashes as arguments", "foo(/a, /b)", "id foo | ( | op / | id a | , | op / | id b | )"),
        TokenCase("regexes as arguments", "foo(/a/, /b/)", "id foo | ( | regex /a/ | , | regex /b/ | )"),
        TokenCase("prefix operator split from regex", "_ = !/x/", "kw _ | op = | op ! | regex /x/"),
        TokenCase("trailing space: not a regex", "_ = x[/x /]", "kw _ | op = | id x | [ | op / | id x | op / | ]"),
        TokenCase("unbalanced paren: not a regex", "quxqux(/^)", "id quxqux | ( | op /^ | )"),
        TokenCase("paren inside a class", "_ = /[)]/", "kw _ | op = | regex /[)]/"),
        TokenCase("escaped slash", #"_ = /\//"#, #"kw _ | op = | regex /\//"#),
        TokenCase("regex after try?", "_ = try? / x/", "kw _ | op = | kw try | op ? | regex / x/"),
        TokenCase("regex after try!", "_ = try! / x/", "kw _ | op = | kw try | op ! | regex / x/"),
        TokenCase("leading space where a regex must be", "_ = / x /", "kw _ | op = | regex / x /"),
        TokenCase("regex after return", "return /x/", "kw return | regex /x/"),
        TokenCase("regex after case", "case /x/:", "kw case | regex /x/ | :"),
        TokenCase("regexes in an array", "[/a/, /b/]", "[ | regex /a/ | , | regex /b/ | ]"),
        TokenCase("division after true", "true / 2 / 3", "kw true | op / | int 2 | op / | int 3"),
        TokenCase("division after postfix !", "x! / 2 / 3", "id x | op ! | op / | int 2 | op / | int 3"),
        TokenCase("slash operator after func", "func /^/ (a: Int) {}", "kw func | op /^/ | ( | id a | : | id Int | ) | { | }"),
        TokenCase("prefix slash func", "prefix func /(a: Int) {}", "ctx prefix | kw func | op / | ( | id a | : | id Int | ) | { | }"),
        TokenCase("operator ending in slash", "a ^^/ b", "id a | op ^^/ | id b"),
        TokenCase("closing slash starts a comment", "_ = /x// c", "kw _ | op = | op / | id x | // // c"),
        TokenCase("regex inside interpolation", #""\(/x/)""#, #"quote " | interp \( | regex /x/ | interp-end ) | quote ""#),
        TokenCase("extended regex", "#/a/b/#", "regex #/a/b/#"),
        TokenCase("extended regex, two pounds", "##/a/#b/##", "regex ##/a/#b/##"),
        TokenCase("extended multiline regex", "#/\n  a # c\n  b\n/#", #"regex #/\n  a # c\n  b\n/#"#),
        TokenCase("unterminated extended regex", "#/abc\nx", "regex #/abc ! | id x"),
        TokenCase("unterminated multiline regex", "#/\nabc", "regex #/ ! | id abc"),
    ]

    static let numbers: [TokenCase] = [
        TokenCase("literals", "0x1p-2 0xFF.description 1_000.5e3 0o17 0b1010 1e10 1.5 0x1.8p1",
                  "float 0x1p-2 | int 0xFF | . | id description | float 1_000.5e3 | int 0o17 | int 0b1010 | float 1e10 | float 1.5 | float 0x1.8p1"),
        TokenCase("tuple members", "t.0.1", "id t | . | int 0 | . | int 1"),
        TokenCase("float then member", "1.5.description 1.e3", "float 1.5 | . | id description | int 1 | . | id e3"),
        TokenCase("negative", "-1 + -0.5", "op - | int 1 | op + | op - | float 0.5"),
        TokenCase("hex fraction without exponent", "0x1.5 0x1.f", "int 0x1.5 | int 0x1 | . | id f",
                  notComparable: "malformed literal"),
        TokenCase("malformed", "0xG 0b2 1abc 0o8 0b 0x", "int 0xG | int 0b2 | int 1abc | int 0o8 | int 0b | int 0x",
                  notComparable: "malformed literals: SourceKit classifies nothing"),
        TokenCase("exponent without digits", "1e 1e+ 0x1p", "float 1e | float 1e+ | float 0x1p",
                  notComparable: "malformed literals"),
    ]

    static let names: [TokenCase] = [
        TokenCase("identifiers", "café 日本 🎉x `class` `a b` $0 $name _ x",
                  "id café | id 日本 | id 🎉x | id `class` | id `a b` | id $0 | id $name | kw _ | id x"),
        TokenCase("keywords and contextual keywords", "let override self async Self Any init get",
                  "kw let | ctx override | kw self | ctx async | kw Self | kw Any | kw init | ctx get"),
        TokenCase("attributes", "@Foo @available(iOS 15, *) @_spi(X) @`weird`",
                  "attr @Foo | attr @available | ( | id iOS | int 15 | , | op * | ) | attr @_spi | ( | id X | ) | attr @`weird`"),
        TokenCase("emoji name", "let 🐶🐮 = 1", "kw let | id 🐶🐮 | op = | int 1"),
        TokenCase("combining mark starts a name", "\u{301}x", "id \u{301}x", notComparable: "invalid code"),
        TokenCase("editor placeholders", "<#name#> <#T##Int#>", "id <#name#> | id <#T##Int#>"),
        TokenCase("key paths", #"\.a.b \Foo.bar"#, #"\ | . | id a | . | id b | \ | id Foo | . | id bar"#),
    ]

    static let directives: [TokenCase] = [
        TokenCase("conditional compilation", "#if os(iOS)\n#elseif DEBUG\n#else\n#endif",
                  "directive #if | id os | ( | id iOS | ) | directive #elseif | id DEBUG | directive #else | directive #endif"),
        TokenCase("pound keywords and macros",
                  #"#available(iOS 15, *) #unavailable(iOS 13) #selector(f) #keyPath(A.b) #foo(1) #warning("w")"#,
                  #"pound #available | ( | id iOS | int 15 | , | op * | ) | pound #unavailable | ( | id iOS | int 13 | ) | pound #selector | ( | id f | ) | pound #keyPath | ( | id A | . | id b | ) | pound #foo | ( | int 1 | ) | directive #warning | ( | quote " | str w | quote " | )"#),
    ]

    static let operators: [TokenCase] = [
        TokenCase("operators", "a..<b a...b ...b x.==y a<~>b x!.y a!=b x?.y a ?? b -> & &+",
                  "id a | op ..< | id b | id a | op ... | id b | op ... | id b | id x | op .== | id y | id a | op <~> | id b | id x | op ! | . | id y | id a | op ! | op = | id b | id x | op ? | . | id y | id a | op ?? | id b | op -> | op & | op &+"),
        TokenCase("dot operator and comment", "x./*c*/y a ./ b", "id x | . | /* /*c*/ | id y | id a | op ./ | id b"),
        TokenCase("generic closing angles", "Array<Set<Int>>", "id Array | op < | id Set | op < | id Int | op >>"),
        TokenCase("unicode operators", "a ∘ b ⊕ c", "id a | op ∘ | id b | op ⊕ | id c"),
    ]

    static let trivia: [TokenCase] = [
        TokenCase("CRLF and lone CR", "a\r\nb\rc\n", #"id a | nl \r\n | id b | nl \r | id c | nl \n"#, trivia: true),
        TokenCase("line comment ends at CR", "// c\rx", #"// // c | nl \r | id x"#, trivia: true),
        TokenCase("string ends at CR", "\"ab\rc", #"quote " | str ab ! | nl \r | id c"#, trivia: true),
        TokenCase("BOM and shebang", "\u{FEFF}#!/usr/bin/swift\nlet x",
                  "bom \u{FEFF} | #! #!/usr/bin/swift | nl \\n | kw let | ws   | id x", trivia: true),
        TokenCase("BOM mid-file and inside a name", "a \u{FEFF}b c\u{FEFF}d",
                  "id a | ws   | bom \u{FEFF} | id b | ws   | id c\u{FEFF}d", trivia: true),
        TokenCase("non-breaking space", "a\u{A0} b", "id a | ws \u{A0}  | id b", trivia: true),
        TokenCase("tab, vertical tab, form feed", "a\t\u{0B}\u{0C}b", #"id a | ws \t\x0B\x0C | id b"#, trivia: true),
        TokenCase("shebang only at the start", "x\n#!y", #"id x | nl \n | unknown # | op ! | id y"#, trivia: true,
                  notComparable: "invalid code"),
    ]

    static let recovery: [TokenCase] = [
        TokenCase("unterminated backtick", "`abc\nx", "unknown ` | id abc | id x", notComparable: "invalid code"),
        TokenCase("empty backticks", "`` x", "unknown `` | id x", notComparable: "invalid code"),
        TokenCase("lone $, @, #", "$ x @ y # z", "id $ | id x | unknown @ | id y | unknown # | id z",
                  notComparable: "invalid code"),
        TokenCase("curly quotes", "“hi” x", "unknown “hi” | id x"),
    ]
}

/// Checks the lossless and interpolation invariants on `bytes`, recording an issue on failure.
func expectWellFormed(_ bytes: [UInt8], _ label: @autoclosure () -> String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let tokens = Tokenizer.tokenize(bytes)
    if let problem = TokenInvariants.losslessViolation(tokens, byteCount: bytes.count)
        ?? TokenInvariants.interpolationViolation(tokens) {
        Issue.record("\(label()): \(problem)", sourceLocation: sourceLocation)
    }
}

/// The package root, found from this file's path (Tests/SeamLintTests/…).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every `.swift` file under Samples/, as paths relative to the package root.
func sampleFiles() -> [String] {
    let samples = packageRoot.appendingPathComponent("Samples").path
    return SwiftFileCollector.collect([samples]).map { String($0.dropFirst(packageRoot.path.count + 1)) }
}

/// A small deterministic generator (SplitMix64) so random inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("Tokenizer")
struct TokenizerTests {
    /// Line breaks inside an extended regex literal start lines, as in multiline strings (found
    /// by the fuzzer: code after such a regex was reported lines too early).
    @Test func extendedRegexLiteralSpansLines() {
        let source = "let pattern = #/\n  (?<word>\\w+)\n/#\nlet window = view.window\n"
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        #expect(file.code.contains { $0.kind == .regexLiteral })
        #expect(file.lineStarts.count == 5)
        let offset = source.utf8.count - "let window = view.window\n".utf8.count
        #expect(file.location(ofOffset: offset).line == 4)
    }

    @Test("edge cases: expected tokens", arguments: TokenizerEdgeCases.all)
    func expectedTokens(_ testCase: TokenCase) {
        let bytes = testCase.bytes
        let actual = TokenDescription.compact(Tokenizer.tokenize(bytes), bytes: bytes, trivia: testCase.trivia)
        #expect(actual == testCase.expected)
    }

    @Test("edge cases: lossless", arguments: TokenizerEdgeCases.all)
    func edgeCasesAreLossless(_ testCase: TokenCase) {
        expectWellFormed(testCase.bytes, testCase.name)
    }

    @Test("Samples/ files: lossless", arguments: sampleFiles())
    func samplesAreLossless(_ path: String) throws {
        let bytes = try #require(SwiftFileCollector.read(packageRoot.appendingPathComponent(path).path))
        expectWellFormed(bytes, path)
    }

    @Test("Samples/ has Swift files to check")
    func samplesExist() {
        #expect(!sampleFiles().isEmpty, "no .swift files under \(packageRoot.path)/Samples")
    }

    @Test("tokenize(_:into:) appends after existing tokens")
    func appendsToExistingArray() {
        let first: [UInt8] = Array("let a".utf8), second: [UInt8] = Array("b // c".utf8)
        var tokens = Tokenizer.tokenize(first)
        let before = tokens.count
        second.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
        #expect(Array(tokens.prefix(before)) == Tokenizer.tokenize(first))
        #expect(Array(tokens.dropFirst(before)) == Tokenizer.tokenize(second))
        #expect(Tokenizer.tokenize([]).isEmpty)
    }

    @Test("flags: raw, multiline, backticked, dollar, spaceBefore")
    func flags() {
        let bytes = Array("#\"a\"# \"\"\"\nb\n\"\"\" `c` $0 x+y".utf8)
        let tokens = Tokenizer.tokenize(bytes).filter { $0.kind != .whitespace && $0.kind != .newline }
        #expect(tokens[0].flags.contains(.raw) && tokens[1].flags.contains(.raw))
        #expect(tokens[3].flags.contains(.multiline) && tokens[4].flags.contains(.multiline))
        #expect(tokens[6].flags.contains(.backticked))
        #expect(tokens[7].flags.contains(.dollar))
        #expect(tokens[8].flags.contains(.spaceBefore))        // x
        #expect(!tokens[9].flags.contains(.spaceBefore))       // +
        #expect(tokens[0].flags.contains(.spaceBefore))        // start of file counts as space
    }

    @Test("keywords: every spelling found, reserved ones as keywords")
    func keywords() {
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            let tokens = Tokenizer.tokenize(bytes)
            #expect(tokens.count == 1 && tokens[0].keyword == keyword, "\(keyword)")
            #expect(tokens.first?.kind == (keyword.isReserved ? .keyword : .identifier), "\(keyword)")
            #expect(bytes.withUnsafeBufferPointer { Keyword.lookup($0.baseAddress!, count: $0.count) } == keyword)
        }
        for name in ["lets", "le", "Let", "self_", "selfish", "_x", "associatedtypes", "precedencegroupx", "a"] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { Keyword.lookup($0.baseAddress!, count: $0.count) } == .none, "\(name)")
        }
    }

    @Test("unterminated constructs at end of file", arguments: [
        "\"abc", "\"\"\"\nabc", "#\"abc", "##\"a\"#", "'abc", "/* abc", "/* /* */", "#/abc", "#/\nabc",
        "\"\\(x", "\"\\(", "\"\\(\"\\(", "\"\"\"\n\\(", "`abc", "<#abc", "0x", "1e", "0x1.", "@", "#", "\\", "$",
        "/", "#/", "##", "\"\\", "#\"\\#", "x /", "x / y /", "/x", "\"\\(/x", "/*/", "//", "///", "/**",
    ])
    func unterminatedAtEndOfFile(_ source: String) {
        expectWellFormed(Array(source.utf8), source.debugDescription)
    }

    @Test("unterminated literals are flagged")
    func unterminatedFlags() {
        for source in ["\"abc", "\"\"\"\nabc", "#\"abc", "/* abc", "#/abc", "#/\nabc", "\""] {
            let tokens = Tokenizer.tokenize(Array(source.utf8))
            #expect(tokens.contains { $0.flags.contains(.unterminated) }, "\(source.debugDescription)")
        }
    }

    @Test("invalid UTF-8 and NUL bytes in every context")
    func invalidBytes() {
        let contexts = ["", "\"", "\"\"\"\n", "#\"", "//", "/*", "#/", "#/\n", "`", "@", "#", "$", "x", "1", "\"\\(", "/", "'", "<#"]
        let garbage: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                  [0x80, 0x80], [0x00], [0x00, 0x00, 0x0A], [0xEF, 0xBB], [0xC2]]
        for context in contexts {
            for bytes in garbage {
                let input = Array(context.utf8) + bytes + Array("x\"/".utf8) + bytes
                expectWellFormed(input, "\(context.debugDescription) + \(bytes)")
            }
        }
        let tokens = Tokenizer.tokenize([0xFF, 0x80, 0x41])
        #expect(tokens.map(\.kind) == [.unknown, .identifier])
    }

    @Test("random bytes never break the invariants")
    func randomBytes() {
        var generator = SeededGenerator(state: 0x5EA4_11E7)
        for round in 0..<2000 {
            let length = Int.random(in: 0..<160, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expectWellFormed(bytes, "random input \(round): \(bytes)")
        }
    }

    @Test("random Swift-flavoured fragments never break the invariants")
    func randomFragments() {
        let fragments = ["\"", "\"\"\"", "#", "##", "/", "//", "/*", "*/", "\\(", "\\#(", "\\", "(", ")", "{", "}", "[",
                         "]", "\n", "\r", "\r\n", " ", "\t", "'", "`", "$", "@", "0x", "1.5e", "0b", "#/", "/#", "let",
                         "a", "é", "\u{FEFF}", "\u{A0}", "<#", "#>", "!", "?", ".", "..", "=", "try", "func", "“", "”",
                         "#if", "x", "1", "_"]
        var generator = SeededGenerator(state: 0xF4A6_0001)
        for round in 0..<2000 {
            let count = Int.random(in: 0..<40, using: &generator)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                if Int.random(in: 0..<20, using: &generator) == 0 {
                    bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                } else {
                    bytes += Array(fragments.randomElement(using: &generator)!.utf8)
                }
            }
            expectWellFormed(bytes, "fragment input \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test("mutated Samples/ files never break the invariants")
    func mutatedSamples() throws {
        let files = sampleFiles().prefix(8).compactMap { SwiftFileCollector.read(packageRoot.appendingPathComponent($0).path) }
        try #require(!files.isEmpty)
        var generator = SeededGenerator(state: 0x3A7E)
        for round in 0..<300 {
            var bytes = files[round % files.count]
            for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array("\"#/\\()`'*".utf8).randomElement(using: &generator)!, at: index)
                }
            }
            expectWellFormed(bytes, "mutation round \(round)")
        }
    }

    @Test("10,000 nested brackets")
    func deepBrackets() {
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] {
            let source = String(repeating: open, count: 10_000) + "x" + String(repeating: close, count: 10_000)
            let tokens = Tokenizer.tokenize(Array(source.utf8))
            #expect(tokens.count == 20_001)
            expectWellFormed(Array(source.utf8), "nested \(open)")
            expectWellFormed(Array(String(repeating: open, count: 10_000).utf8), "unclosed \(open)")
        }
    }

    @Test("10,000 nested interpolations")
    func deepInterpolations() {
        let depth = 10_000
        let closed = String(repeating: #""\("#, count: depth) + "x" + String(repeating: #")""#, count: depth)
        let tokens = Tokenizer.tokenize(Array(closed.utf8))
        #expect(tokens.filter { $0.kind == .interpolationStart }.count == depth)
        #expect(tokens.filter { $0.kind == .interpolationEnd }.count == depth)
        #expect(tokens.filter { $0.kind == .stringDelimiter }.count == 2 * depth)
        expectWellFormed(Array(closed.utf8), "nested interpolations")

        let raw = String(repeating: ##"#"\#("##, count: depth) + "x" + String(repeating: ##")"#"##, count: depth)
        #expect(Tokenizer.tokenize(Array(raw.utf8)).filter { $0.kind == .interpolationEnd }.count == depth)
        let multiline = String(repeating: "\"\"\"\n\\(", count: depth) + "x" + String(repeating: ")\n\"\"\"", count: depth)
        #expect(Tokenizer.tokenize(Array(multiline.utf8)).filter { $0.kind == .interpolationEnd }.count == depth)
        expectWellFormed(Array(String(repeating: #""\("#, count: depth).utf8), "unclosed nested interpolations")
        expectWellFormed(Array(String(repeating: "\"\"\"\n\\(/*", count: depth).utf8), "unclosed nested multiline")
    }

    /// Names and space runs are scanned eight bytes at a time when eight bytes remain: every
    /// byte value at every offset in the word must end (or continue) the run as byte-wise.
    @Test("word-at-a-time scanning matches byte classes")
    func wordScanning() {
        let identifierBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        let spaceBytes: Set<UInt8> = [0x20, 0x09, 0x0B, 0x0C]
        for value in 0...255 {
            let byte = UInt8(value)
            for offset in 0..<9 {
                let name = Array("a".utf8) + Array(repeating: UInt8(ascii: "b"), count: offset) + [byte]
                    + Array(repeating: UInt8(ascii: "+"), count: 20)
                let nameEnd = identifierBytes.contains(byte) ? offset + 2 : offset + 1
                let nameToken = Tokenizer.tokenize(name)[0]
                if byte < 0x80 {
                    #expect(nameToken.length == UInt32(nameEnd), "name, byte \(value) at \(offset + 1)")
                } else {
                    #expect(nameToken.length == UInt32(offset + 1), "name, byte \(value) at \(offset + 1)")
                }
                let spaces = Array(repeating: UInt8(ascii: " "), count: offset + 1) + [byte]
                    + Array(repeating: UInt8(ascii: "+"), count: 20)
                let spaceEnd = spaceBytes.contains(byte) ? offset + 2 : offset + 1
                #expect(Tokenizer.tokenize(spaces)[0].length == UInt32(spaceEnd), "spaces, byte \(value) at \(offset + 1)")
            }
        }
    }

    @Test("tokenizing is deterministic")
    func deterministic() throws {
        for path in sampleFiles().prefix(5) {
            let bytes = try #require(SwiftFileCollector.read(packageRoot.appendingPathComponent(path).path))
            #expect(Tokenizer.tokenize(bytes) == Tokenizer.tokenize(bytes))
        }
    }
}
