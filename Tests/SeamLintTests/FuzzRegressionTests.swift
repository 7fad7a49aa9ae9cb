import Foundation
import Testing
@testable import SeamLintCore
@testable import SeamLintFuzzSupport

/// Replays every input a fuzzer ever failed on, and the structure-layer inputs hostile-input
/// testing found too slow (Fixtures/FuzzRegressions, one file each, named `TARGET-WHAT[-HASH]`
/// with no extension so SwiftPM never compiles them), with the fuzzers' invariants and time
/// budget; and runs the same invariants on the seed corpus: the Samples and every rule example.
/// Fixtures named `objc-…` are replayed through the Objective-C checks (libclang's tokens) too.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fixtureFolder = PackageRoot.url.appendingPathComponent("Tests/SeamLintTests/Fixtures/FuzzRegressions")

    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    static let sampleFiles: [String] = {
        let root = PackageRoot.url.appendingPathComponent("Samples")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".swift") { found.append("Samples/" + path) }
        }
        return found.sorted()
    }()

    @Test("a fuzzer's failing input stays fixed", arguments: fixtures)
    func regression(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtureFolder.appendingPathComponent(name)))
        #expect(FuzzChecks.tokenizerWithinBudget(bytes) == nil)
        #expect(FuzzChecks.rules(bytes) == nil)
        if name.hasPrefix("objc-") && ObjectiveCFixture.isAvailable {
            #expect(FuzzChecks.objectiveCTokenizer(bytes) == nil)
            // Both dialects (the fuzzers pick one by the first byte).
            for path in ["Fuzz.m", "Fuzz.mm"] {
                #expect(FuzzChecks.rules(bytes, path: path, language: .objectiveC) == nil, "\(path)")
            }
        }
        #expect(FuzzChecks.commandLine(bytes) == nil)
    }

    @Test("there are regression fixtures to replay")
    func fixturesExist() {
        #expect(!Self.fixtures.isEmpty, "no files in \(Self.fixtureFolder.path)")
    }

    @Test("Samples hold the invariants", arguments: sampleFiles)
    func sample(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: PackageRoot.url.appendingPathComponent(path)))
        #expect(FuzzChecks.tokenizer(bytes) == nil)
        #expect(FuzzChecks.rules(bytes) == nil)
    }

    @Test("rule examples hold the invariants")
    func ruleExamples() {
        let seeds = FuzzChecks.ruleExampleSeeds()
        #expect(seeds.count > 50)
        for seed in seeds {
            #expect(FuzzChecks.tokenizer(Array(seed.utf8)) == nil, "\(seed)")
            #expect(FuzzChecks.rules(Array(seed.utf8)) == nil, "\(seed)")
        }
    }

    /// The invariants would notice a broken tokenizer or structure layer.
    @Test("the checks catch broken tables", arguments: BrokenTable.allCases)
    func checksCanFail(broken: BrokenTable) {
        let bytes = Array("let x = f(a[1]) // done\n".utf8)
        var tokens = Tokenizer.tokenize(bytes)
        switch broken {
        case .gap: tokens.remove(at: 1)
        case .overlap: tokens[1].length += 1
        case .shortCoverage: tokens.removeLast()
        case .emptyToken: tokens.insert(Token(kind: .whitespace, start: 0, length: 0), at: 0)
        }
        #expect(FuzzChecks.checkTokens(tokens, bytes) != nil)
    }

    enum BrokenTable: CaseIterable { case gap, overlap, shortCoverage, emptyToken }

    @Test("the line check counts CRLF once and lone CR as a break")
    func lineCheck() {
        for text in ["a\r\nb", "a\rb\nc", "\"\"\"\r\nx\r\"\"\"", "/*\r\n*/\r", ""] {
            #expect(FuzzChecks.checkLines(SourceFile(path: "x.swift", bytes: Array(text.utf8))) == nil, "\(text.debugDescription)")
        }
    }
}
