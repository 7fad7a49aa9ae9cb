import Foundation
import SeamLintCore
import SeamLintDevSupport
@testable import SeamLintEngine
import Testing

/// libclang's tokens, given by hand, mapped onto SeamLint's model (no libclang needed).
struct MappingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    /// `(kind, text)`: libclang's tokens, found in order in `source`.
    let clang: [(ClangTokenKind, String)]
    let expected: String
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ clang: [(ClangTokenKind, String)], _ expected: String) {
        self.name = name
        self.source = source
        self.clang = clang
        self.expected = expected
    }

    var bytes: [UInt8] { Array(source.utf8) }

    /// Locates each token's text in the source, left to right.
    var clangTokens: [ClangToken] {
        let bytes = self.bytes
        var position = 0
        return clang.map { kind, text in
            let needle = Array(text.utf8)
            var start = position
            while start + needle.count <= bytes.count && Array(bytes[start..<start + needle.count]) != needle { start += 1 }
            position = start + needle.count
            return ClangToken(kind: kind, start: start, end: position)
        }
    }
}

@Suite("Objective-C tokens")
struct ObjectiveCTokenTests {
    static let mappingCases: [MappingCase] = [
        MappingCase("container keyword", "@implementation Foo", [(.punctuation, "@"), (.keyword, "implementation"), (.identifier, "Foo")],
                    "attr @implementation | id Foo"),
        MappingCase("@ before a keyword with a space stays an operator", "@ end", [(.punctuation, "@"), (.keyword, "end")],
                    "op @ | kw end"),
        MappingCase("Objective-C string", "x = @\"a b\";", [(.identifier, "x"), (.punctuation, "="), (.punctuation, "@"),
                                                             (.literal, "\"a b\""), (.punctuation, ";")],
                    "id x | op = | quote @\" | str a b | quote \" | ;"),
        MappingCase("empty C string with a prefix", "L\"\"", [(.literal, "L\"\"")], "quote L\" | quote \""),
        MappingCase("boxed and collection literals", "@[@1, @(x)]", [
            (.punctuation, "@"), (.punctuation, "["), (.punctuation, "@"), (.literal, "1"), (.punctuation, ","),
            (.punctuation, "@"), (.punctuation, "("), (.identifier, "x"), (.punctuation, ")"), (.punctuation, "]"),
        ], "op @ | [ | op @ | int 1 | , | op @ | ( | id x | ) | ]"),
        MappingCase("directive at line start", "#import <UIKit/UIKit.h>\n", [
            (.punctuation, "#"), (.identifier, "import"), (.punctuation, "<"), (.identifier, "UIKit"), (.punctuation, "/"),
            (.identifier, "UIKit"), (.punctuation, "."), (.identifier, "h"), (.punctuation, ">"),
        ], "directive #import | op < | id UIKit | op / | id UIKit | . | id h | op >"),
        MappingCase("# inside a line is an operator", "a # b", [(.identifier, "a"), (.punctuation, "#"), (.identifier, "b")],
                    "id a | op # | id b"),
        MappingCase("numbers", "1 0x1F 1.5f 1e3 0x1p3 'a'", [
            (.literal, "1"), (.literal, "0x1F"), (.literal, "1.5f"), (.literal, "1e3"), (.literal, "0x1p3"), (.literal, "'a'"),
        ], "int 1 | int 0x1F | float 1.5f | float 1e3 | float 0x1p3 | int 'a'"),
        MappingCase("comments from libclang", "/// doc\n/** d */ /**/ // c", [
            (.comment, "/// doc"), (.comment, "/** d */"), (.comment, "/**/"), (.comment, "// c"),
        ], "/// /// doc | /** /** d */ | /* /**/ | // // c"),
        MappingCase("comments libclang left out fill the gaps", "a /* x */ b // y", [(.identifier, "a"), (.identifier, "b")],
                    "id a | /* /* x */ | id b | // // y"),
        MappingCase("keywords keep their spelling's keyword", "self if", [(.identifier, "self"), (.keyword, "if")],
                    "ctx self | kw if"),
        MappingCase("unterminated string", "x = \"abc\n", [(.identifier, "x"), (.punctuation, "="), (.punctuation, "\"abc")],
                    "id x | op = | quote \" ! | str abc !"),
        MappingCase("line continuation", "#define A \\\n  1", [
            (.punctuation, "#"), (.identifier, "define"), (.identifier, "A"), (.literal, "1"),
        ], "directive #define | id A | int 1"),
        MappingCase("stray bytes libclang skipped", "a \u{1}\u{2} b", [(.identifier, "a"), (.identifier, "b")],
                    "id a | unknown \\x01\\x02 | id b"),
        MappingCase("overlapping and out-of-file tokens are dropped", "ab", [(.identifier, "ab"), (.identifier, "b")],
                    "id ab"),
    ]

    @Test("libclang tokens map onto the model", arguments: mappingCases)
    func mapping(_ testCase: MappingCase) {
        let tokens = ObjectiveCTokens.tokens(bytes: testCase.bytes, clangTokens: testCase.clangTokens)
        #expect(TokenDescription.compact(tokens, bytes: testCase.bytes) == testCase.expected)
        #expect(isLossless(tokens, count: testCase.bytes.count))
    }

    @Test func byteOrderMarkNewlinesAndSpaceFlags() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\n\rb".utf8)
        let clang = [ClangToken(kind: .identifier, start: 3, end: 4), ClangToken(kind: .identifier, start: 7, end: 8)]
        let tokens = ObjectiveCTokens.tokens(bytes: bytes, clangTokens: clang)
        #expect(tokens.map(\.kind) == [.byteOrderMark, .identifier, .newline, .newline, .identifier])
        #expect(tokens[2].length == 2)
        #expect(tokens[4].flags.contains(.spaceBefore))
        let file = SourceFile(path: "a.m", bytes: bytes, tokens: tokens, language: .objectiveC)
        #expect(file.lineStarts == [0, 6, 7])
        #expect(file.code.allSatisfy { $0.flags.contains(.lineStart) })
    }

    @Test func tokensBeyondTheFileAreIgnored() {
        let bytes = Array("ab".utf8)
        let clang = [ClangToken(kind: .identifier, start: 0, end: 2), ClangToken(kind: .identifier, start: 1, end: 9)]
        let tokens = ObjectiveCTokens.tokens(bytes: bytes, clangTokens: clang)
        #expect(tokens.count == 1 && isLossless(tokens, count: 2))
    }

    // MARK: Through libclang

    @Test(.enabled(if: ObjectiveCFixture.isAvailable))
    func realTokensOfAMethod() throws {
        let source = """
            // Greets.
            @implementation Greeter : NSObject
            - (void)viewDidLoad {
                [super viewDidLoad]; /* once */
                NSString *name = @"héllo 🎉";
                self.view.window.tintColor = nil;
            }
            @end
            """
        let bytes = Array(source.utf8)
        let tokens = try ObjectiveCFixture.tokens(bytes)
        #expect(isLossless(tokens, count: bytes.count))
        #expect(TokenDescription.compact(tokens, bytes: bytes) == [
            "// // Greets.", "attr @implementation", "id Greeter", ":", "id NSObject",
            "op -", "(", "kw void", ")", "id viewDidLoad", "{",
            "[", "ctx super", "id viewDidLoad", "]", ";", "/* /* once */",
            "id NSString", "op *", "id name", "op =", "quote @\"", "str héllo 🎉", "quote \"", ";",
            "ctx self", ".", "id view", ".", "id window", ".", "id tintColor", "op =", "ctx nil", ";",
            "}", "attr @end",
        ].joined(separator: " | "))
    }

    @Test(.enabled(if: ObjectiveCFixture.isAvailable))
    func missingHeadersAndBrokenCodeStillTokenize() throws {
        let source = "#import <NoSuchKit/NoSuchKit.h>\n@interface A : B <C\n- (void)x { [[[ }\n\"open\n"
        let bytes = Array(source.utf8)
        let tokens = try ObjectiveCFixture.tokens(bytes)
        #expect(isLossless(tokens, count: bytes.count))
        #expect(tokens.first?.kind == .poundDirective)
        #expect(tokens.contains { $0.flags.contains(.unterminated) })
    }

    @Test(.enabled(if: ObjectiveCFixture.isAvailable))
    func objectiveCPlusPlusAndEmptyFiles() throws {
        let source = "template <typename T> class Box { T value; };\n@interface Holder : NSObject @end\n"
        let tokens = try ObjectiveCFixture.tokens(source, path: "/virtual/Holder.mm")
        #expect(TokenDescription.compact(tokens, bytes: Array(source.utf8)).hasPrefix("kw template | op < | kw typename"))
        #expect(try ObjectiveCFixture.tokens("", path: "/virtual/Empty.m").isEmpty)
    }

    /// Tokens read from libclang's token fields are those its functions give, token for token, on
    /// the samples and on sources whose token lengths are easy to get wrong (line splices inside
    /// tokens, digraphs, raw strings, unterminated literals and comments, UTF-8, a BOM), and the
    /// fields were read (not the calls made after a failed check).
    @Test(.enabled(if: ObjectiveCFixture.isAvailable))
    func tokensFromFieldsMatchLibclangsFunctions() throws {
        let library = try #require(ObjectiveCSupport(options: ObjectiveCOptions()).library())
        let tricky: [(path: String, source: String)] = [
            ("/v/Splice.m", "#define LONG_NAME(x) \\\n  do { x; } while (0)\nint na\\\nme = 0x1p-3f + 'a' + L'b';\n"),
            ("/v/Digraphs.m", "<: :> <% %> %: %:%: a<<=b >>= c ... -> ->* ::\n"),
            ("/v/Raw.mm", "auto s = R\"delim(a \" ) b)delim\"; auto u = u8\"ü\"; int x = 1'000'000;\n"),
            ("/v/Open.m", "NSString *s = @\"héllo 🎉\"; char c = '\n/* never closed 🎉 \n"),
            ("/v/Bom.m", "\u{FEFF}@import UIKit;\n#import <Foo/Foo.h>\n@interface A : B <C> @end\n"),
        ]
        var sources = tricky.map { (path: $0.path, bytes: Array($0.source.utf8)) }
        for path in Self.sampleFiles { sources.append((path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))) }
        let parser = ObjectiveCParser(library: library)
        for source in sources {
            let dialect = ObjectiveCDialect.of(path: source.path, bytes: source.bytes) ?? .objectiveCPlusPlus
            let before = parser.filesReadFromFields
            let fields = try parser.clangTokens(of: source.bytes, dialect: dialect).get()
            #expect(parser.filesReadFromFields == before + 1, "\(source.path): the fields were not read")
            let calls = try parser.clangTokens(of: source.bytes, dialect: dialect, readsFields: false).get()
            #expect(fields == calls, "\(source.path)")
            #expect(!calls.isEmpty)
        }
    }

    /// Every sample Objective-C file tokenizes losslessly, and the SourceFile sees its lines.
    @Test(.enabled(if: ObjectiveCFixture.isAvailable), arguments: ObjectiveCTokenTests.sampleFiles)
    func samplesAreLossless(path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let tokens = try ObjectiveCFixture.tokens(bytes, path: path)
        #expect(isLossless(tokens, count: bytes.count))
        let file = SourceFile(path: path, bytes: bytes, tokens: tokens, language: .objectiveC)
        let newlines = bytes.filter { $0 == 0x0A }.count
        #expect(file.lineStarts.count == newlines + 1)
        #expect(!file.code.contains { $0.kind == .unknown })
    }

    static let sampleFiles: [String] = {
        let root = PackageRoot.url.appendingPathComponent("Samples").path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".m") || relative.hasSuffix(".h") || relative.hasSuffix(".mm") { paths.append(root + "/" + relative) }
        }
        return paths.sorted()
    }()

    @Test(arguments: [
        ("View.m", "", ObjectiveCDialect.objectiveC),
        ("View.mm", "", .objectiveCPlusPlus),
        ("View.h", "@interface View : UIView\n@end\n", .objectiveC),
        ("Plain.h", "int add(int a, int b);\n", .objectiveC),
        ("Mixed.h", "#import <Foundation/Foundation.h>\nnamespace x {}\n", .objectiveCPlusPlus),
    ])
    func dialects(path: String, source: String, expected: ObjectiveCDialect) {
        #expect(ObjectiveCDialect.of(path: path, bytes: Array(source.utf8)) == expected)
    }

    @Test func plainCPlusPlusHeadersAreNotObjectiveC() {
        let source = "#pragma once\nnamespace geo { template <typename T> struct Point { T x; }; }\n"
        #expect(ObjectiveCDialect.of(path: "Point.h", bytes: Array(source.utf8)) == nil)
    }
}
