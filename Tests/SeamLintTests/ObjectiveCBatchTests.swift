import Foundation
import SeamLintCLI
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// Files lexed together by one libclang call (`ObjectiveCBatch`) get the tokens each gets alone.
@Suite("Objective-C batches", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCBatchTests {
    /// Files whose end could change what the next file's start lexes as, or the reverse.
    static let tricky: [(name: String, bytes: [UInt8])] = [
        ("unterminated comment", "int a; /* open"),
        ("line comment spliced", "int a; // open \\"),
        ("trailing backslash", "int a; \\"),
        ("backslash then spaces", "int a; \\ \t "),
        ("backslash and CR", "int a; \\\r"),
        ("spliced identifier", "int inter\\"),
        ("at sign", "[x run]; @"),
        ("at sign and blank line", "[x run]; @\n\n"),
        ("at sign and splice", "[x run]; @\\\n"),
        ("unterminated string", "s = @\"open"),
        ("unterminated character", "c = 'a"),
        ("byte order mark", "\u{FEFF}int b;"),
        ("NUL byte", "int a;\0int b;"),
        ("empty", ""),
        ("blank", " \n\t"),
        ("carriage return", "int a;\r"),
        ("digraph", "int a<:"),
        ("hash", "#"),
    ].map { ($0.0, Array($0.1.utf8)) } + [
        ("truncated UTF-8", [0x69, 0x6E, 0x74, 0x20, 0xE2, 0x82]),
        ("NUL at the end", [0x69, 0x3B, 0x00]),
    ]

    /// What each tricky file is put before and after: they start with an `@` keyword's name, one
    /// right away, one after a space.
    static let neighbours = [Array("interface Window : UIWindow\n@end\n".utf8), Array(" interface Window\n".utf8)]

    static let trickyCPlusPlus: [(name: String, bytes: [UInt8])] = [
        ("unterminated raw string", "auto s = R\"x(open"),
        ("raw string without delimiter end", "auto s = R\"abc"),
        ("raw string prefix", "auto s = R"),
        ("raw string across the end", "auto s = R\"(one\n"),
    ].map { ($0.0, Array($0.1.utf8)) }

    @Test func trickyFilesLexAsAlone() throws {
        for (files, dialect) in [(Self.tricky, ObjectiveCDialect.objectiveC),
                                 (Self.tricky + Self.trickyCPlusPlus, .objectiveCPlusPlus)] {
            // Each between neighbours on its own (an open comment hides every file after it),
            // then all in a row.
            for file in files {
                for neighbour in Self.neighbours {
                    try Self.expectSameAsAlone([neighbour, file.bytes, neighbour], dialect: dialect)
                }
            }
            try Self.expectSameAsAlone(files.flatMap { [$0.bytes] + Self.neighbours }, dialect: dialect)
        }
    }

    /// The Objective-C files of the samples and of the rule examples.
    @Test func samplesAndExamplesLexAsAlone() throws {
        var byDialect: [ObjectiveCDialect: [[UInt8]]] = [:]
        func add(_ bytes: [UInt8], path: String) {
            guard let dialect = ObjectiveCDialect.of(path: path, bytes: bytes) else { return }
            byDialect[dialect, default: []].append(bytes)
        }
        for path in ObjectiveCTokenTests.sampleFiles {
            add(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
        }
        for rule in allRules {
            for example in rule.description.triggering + rule.description.nonTriggering where example.language == .objectiveC {
                add(Array(MarkedSource(example.code).code.utf8), path: example.fileName)
                for companion in example.companions { add(Array(companion.utf8), path: "Companion.m") }
            }
        }
        #expect(byDialect[.objectiveC, default: []].count > 20)
        for (dialect, files) in byDialect { try Self.expectSameAsAlone(files, dialect: dialect) }
    }

    /// Small files that need no fallback share one call; one that fails the call is lexed alone,
    /// and only it fails.
    @Test func oneCallPerBatchAndFailuresPerFile() throws {
        let files = (0..<8).map { Array("@interface View\($0) : UIView\n@end\n".utf8) }
        let parser = try Self.parser()
        var calls = 0
        let lexed = ObjectiveCBatch.clangTokens(of: files) { bytes in
            calls += 1
            return parser.clangTokens(of: bytes, dialect: .objectiveC)
        }
        #expect(calls == 1)
        #expect(lexed.allSatisfy { (try? $0.get())?.count == 7 })

        calls = 0
        let failing = Array("crash".utf8)
        let outcomes = ObjectiveCBatch.clangTokens(of: [files[0], failing, files[1]]) { bytes in
            calls += 1
            guard !bytes.starts(with: failing) && !String(decoding: bytes, as: UTF8.self).contains("\ncrash") else {
                return .failure(ObjectiveCParseFailure("libclang crashed"))
            }
            return parser.clangTokens(of: bytes, dialect: .objectiveC)
        }
        #expect(calls == 4)
        #expect((try? outcomes[0].get()) != nil && (try? outcomes[2].get()) != nil)
        #expect(outcomes[1] == .failure(ObjectiveCParseFailure("libclang crashed")))
    }

    static func parser() throws -> ObjectiveCParser {
        ObjectiveCParser(library: try #require(ObjectiveCSupport(options: ObjectiveCOptions()).library()))
    }

    static func expectSameAsAlone(_ files: [[UInt8]], dialect: ObjectiveCDialect) throws {
        let parser = try parser()
        let alone = files.map { parser.clangTokens(of: $0, dialect: dialect) }
        let batched = ObjectiveCBatch.clangTokens(of: files) { parser.clangTokens(of: $0, dialect: dialect) }
        for (index, file) in files.enumerated() where batched[index] != alone[index] {
            Issue.record("\(dialect): batched tokens differ for \(String(decoding: file.prefix(60), as: UTF8.self).debugDescription)")
        }
    }
}
