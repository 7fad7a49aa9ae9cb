import Foundation
import SeamLintCore
import SeamLintDevSupport
import Testing

// Compares the tokenizer's comment / string / code classification of every byte with
// SourceKit's syntax map (see `SourceClassifier` for what is compared and `KnownDifference`
// for the accepted differences). Skipped when the toolchain's SourceKit cannot be loaded.

private let sourceKitAvailable = SourceKitOracle.load() != nil
private let extraFolder = ProcessInfo.processInfo.environment["SEAMLINT_SOURCEKIT_DIFF_DIR"]

/// Fails the test with the first disagreements of `report`, if any are unexplained.
private func expectAgreement(_ report: DifferentialReport, _ label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
    guard !report.isFullAgreement else { return }
    let shown = report.disagreements.prefix(8).map { "  \($0)" }.joined(separator: "\n")
    Issue.record("\(label): \(report.unexplainedBytes) of \(report.comparedBytes) bytes disagree with SourceKit\n\(shown)",
                 sourceLocation: sourceLocation)
}

@Suite("SourceKit differential", .enabled(if: sourceKitAvailable, "SourceKit (libsourcekitdInProc) cannot be loaded"))
struct SourceKitDifferentialTests {
    @Test("the oracle answers with a syntax map")
    func oracleWorks() throws {
        let oracle = try #require(SourceKitOracle.load())
        let bytes = Array("let x = \"s\" // c\n/// d\nlet r = #/a/#\n".utf8)
        let kinds = Set(try oracle.syntaxMap(bytes: bytes).map(\.kind))
        #expect(kinds.isSuperset(of: ["keyword", "identifier", "string", "comment", "doccomment"]))
    }

    @Test("Samples/ files agree with SourceKit", arguments: sampleFiles())
    func samples(_ path: String) throws {
        let oracle = try #require(SourceKitOracle.load())
        let bytes = try #require(SwiftFileCollector.read(packageRoot.appendingPathComponent(path).path))
        expectAgreement(try oracle.compare(bytes: bytes), path)
    }

    @Test("tokenizer edge cases agree with SourceKit",
          arguments: TokenizerEdgeCases.all.filter { $0.notComparable == nil })
    func edgeCases(_ testCase: TokenCase) throws {
        let oracle = try #require(SourceKitOracle.load())
        expectAgreement(try oracle.compare(bytes: testCase.bytes), testCase.name)
    }

    @Test("$SEAMLINT_SOURCEKIT_DIFF_DIR agrees with SourceKit",
          .enabled(if: extraFolder != nil, "SEAMLINT_SOURCEKIT_DIFF_DIR is not set"))
    func extraFolderAgrees() throws {
        let oracle = try #require(SourceKitOracle.load())
        let files = SwiftFileCollector.collect([try #require(extraFolder)])
        #expect(!files.isEmpty, "no .swift files under \(extraFolder ?? "")")
        for file in files {
            let bytes = try #require(SwiftFileCollector.read(file))
            expectWellFormed(bytes, file)
            expectAgreement(try oracle.compare(bytes: bytes), file)
        }
    }

    @Test("known differences are recognised, and only those",
          arguments: [
            ("var v: Int { _read { yield x } }", KnownDifference.yieldKeyword),
            ("@_cdecl(\"pump\")\nfunc f() {}", .attributeArguments),
            ("let n = 0xG", .malformedNumber),
          ])
    func knownDifferences(_ source: String, _ expected: KnownDifference) throws {
        let oracle = try #require(SourceKitOracle.load())
        let report = try oracle.compare(bytes: Array(source.utf8))
        #expect(report.isFullAgreement)
        #expect(!report.explained.isEmpty && report.explained.allSatisfy { $0.explanation == expected })
    }

    @Test("the comparison is concurrency-safe")
    func concurrentRequests() async throws {
        let oracle = try #require(SourceKitOracle.load())
        let sources = (0..<16).map { "let v\($0) = \"\\(\($0))\" // \($0)\n" }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for source in sources {
                group.addTask { try oracle.compare(bytes: Array(source.utf8)).isFullAgreement }
            }
            for try await agreed in group { #expect(agreed) }
        }
    }
}

/// The report logic itself, on hand-made classifications: runs without SourceKit.
@Suite("Differential report")
struct DifferentialReportTests {
    @Test("disagreeing bytes merge into runs with locations, across ignored bytes")
    func runs() {
        let bytes = Array("ab\ncd ef".utf8)
        let ours: [SourceClass] = [.word, .word, .ignored, .string, .string, .ignored, .word, .comment]
        let theirs: [SourceClass] = [.word, .word, .ignored, .word, .word, .ignored, .word, .word]
        let report = DifferentialReport(bytes: bytes, ours: ours, theirs: theirs)
        #expect(report.comparedBytes == 6 && report.agreeingBytes == 3)
        #expect(report.disagreements.map(\.range) == [3..<5, 7..<8])
        #expect(report.disagreements.first?.line == 2 && report.disagreements.first?.column == 1)
        #expect(!report.isFullAgreement)
    }

    @Test("class pairs that agree")
    func agreementTable() {
        #expect(SourceClassifier.agrees(ours: .regex, theirs: .unclassified))
        #expect(!SourceClassifier.agrees(ours: .regex, theirs: .word))
        #expect(SourceClassifier.agrees(ours: .punctuation, theirs: .word))
        #expect(SourceClassifier.agrees(ours: .punctuation, theirs: .unclassified))
        #expect(!SourceClassifier.agrees(ours: .word, theirs: .unclassified))
        #expect(!SourceClassifier.agrees(ours: .string, theirs: .comment))
        #expect(SourceClassifier.agrees(ours: .ignored, theirs: .comment))
    }

    @Test("SourceKit kinds map to classes")
    func kindClasses() {
        #expect(SourceClassifier.sourceClass(ofKind: "comment.url") == .comment)
        #expect(SourceClassifier.sourceClass(ofKind: "doccomment.field") == .comment)
        #expect(SourceClassifier.sourceClass(ofKind: "string") == .string)
        #expect(SourceClassifier.sourceClass(ofKind: "string_interpolation_anchor") == .ignored)
        #expect(SourceClassifier.sourceClass(ofKind: "keyword") == .word)
    }
}
