import Foundation
import Testing
@testable import SeamLintCore
@testable import SeamLintEngine
@testable import SeamLintFuzzSupport
import SeamLintRules
import SeamLintCLI

/// Half-typed Objective-C is what an editor lints: every prefix and every suffix of every
/// Objective-C sample file and rule example, cut at each code token, is linted by every rule and
/// walked by every Objective-C structure query. A token walk that runs off either end traps and
/// takes the test process down, so the test fails by crashing.
@Suite("Objective-C truncation", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCTruncationTests {
    struct Source: CustomStringConvertible, Sendable {
        let name: String
        let code: String
        var description: String { name }
    }

    static let sources: [Source] = {
        var found: [Source] = []
        let root = PackageRoot.url.appendingPathComponent("Samples")
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            guard [".m", ".mm", ".h"].contains(where: { path.hasSuffix($0) }),
                  let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { continue }
            found.append(Source(name: "Samples/" + path, code: String(decoding: data, as: UTF8.self)))
        }
        for rule in allRules {
            for (index, example) in (rule.description.triggering + rule.description.nonTriggering).enumerated()
            where example.language == .objectiveC {
                let name = "\(rule.description.id) example \(index + 1)/" + example.fileName
                found.append(Source(name: name, code: MarkedSource(example.code).code))
            }
        }
        return found.sorted { $0.name < $1.name }
    }()

    @Test("there are Objective-C samples and examples to cut")
    func sourcesExist() {
        #expect(Self.sources.filter { $0.name.hasPrefix("Samples/") }.count >= 8)
        #expect(Self.sources.filter { !$0.name.hasPrefix("Samples/") }.count >= 5)
    }

    @Test("every prefix and suffix lints without a trap", arguments: sources)
    func cuts(source: Source) throws {
        let bytes = Array(source.code.utf8)
        // A `.h` that reads as plain C++ is not lexed at all; cut it as Objective-C++.
        let path = source.name.hasSuffix(".m") ? "Cut.m" : "Cut.mm"
        // A lexer of its own: the cases run in parallel, and a libclang parser serves one thread
        // (sharing the fuzzers' lexer crashed inside `clang_getLocationForOffset`).
        let lexer = try #require(ObjectiveCLexer())
        let whole = try #require(lexer.tokens(of: bytes, path: path)).get()
        let boundaries = whole.filter { !$0.kind.isTrivia }.map { Int($0.start) } + [bytes.count]
        let target = DeploymentTarget(version: Version(13), source: "test")
        var cuts = 0
        for boundary in boundaries {
            for piece in [Array(bytes[..<boundary]), Array(bytes[boundary...])] {
                let tokens = try #require(lexer.tokens(of: piece, path: path)).get()
                let file = SourceFile(path: path, bytes: piece, tokens: tokens, language: .objectiveC)
                #expect(FuzzChecks.checkObjectiveCStructure(file) == nil, "\(source.name) cut at byte \(boundary)")
                // Every rule and fact collector, without the linter's pre-filters: all their code runs.
                for rule in allRules {
                    var context = RuleContext(file: file, ruleID: rule.description.id, severity: .warning,
                                              deploymentTarget: target)
                    rule.checkFile(&context)
                    _ = (rule as? any ProjectRule.Type)?.collectFileFacts(context)
                }
                cuts += 1
            }
        }
        #expect(cuts == 2 * boundaries.count && cuts > 2)
    }
}
