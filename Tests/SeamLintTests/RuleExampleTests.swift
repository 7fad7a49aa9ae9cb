import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// Every rule's examples are its specification: these tests are generated from them alone.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ruleIDs = allRules.map { $0.description.id }

    @Test("has enough examples", arguments: ruleIDs)
    func exampleCounts(id: String) throws {
        let description = try #require(Self.lookup(id)).description
        #expect(description.triggering.count >= 3, "\(id) needs at least 3 triggering examples")
        #expect(description.nonTriggering.count >= 5, "\(id) needs at least 5 non-triggering examples")
    }

    @Test("triggering examples produce exactly the marked diagnostics", arguments: ruleIDs)
    func triggering(id: String) throws {
        let rule = try #require(Self.lookup(id))
        for example in rule.description.triggering where ExampleRunner.canRun(example) {
            let marked = MarkedSource(example.code)
            #expect(!marked.offsets.isEmpty, "triggering example without a ↓ marker", sourceLocation: example.location)
            let found = ExampleRunner.offsets(of: rule, in: marked.code, example: example)
            #expect(found == marked.offsets, "\(ExampleRunner.explain(marked, found))", sourceLocation: example.location)
        }
    }

    @Test("non-triggering examples produce nothing", arguments: ruleIDs)
    func nonTriggering(id: String) throws {
        let rule = try #require(Self.lookup(id))
        for example in rule.description.nonTriggering where ExampleRunner.canRun(example) {
            let code = MarkedSource(example.code).code
            let found = ExampleRunner.offsets(of: rule, in: code, example: example)
            #expect(found.isEmpty, "\(ExampleRunner.explain(MarkedSource(code), found))", sourceLocation: example.location)
        }
    }

    @Test("triggering examples are silent inside comments and strings", arguments: ruleIDs)
    func wrapped(id: String) throws {
        let rule = try #require(Self.lookup(id))
        for example in rule.description.triggering where ExampleRunner.canRun(example) {
            let code = MarkedSource(example.code).code
            for (name, wrapped) in ExampleRunner.wrappings(of: code, language: example.language) {
                let found = ExampleRunner.offsets(of: rule, in: wrapped, example: example)
                #expect(found.isEmpty, "fires inside a \(name):\n\(wrapped)", sourceLocation: example.location)
            }
        }
    }

    @Test("positions shift with a multi-byte line before the example", arguments: ruleIDs)
    func multiByteShift(id: String) throws {
        let rule = try #require(Self.lookup(id))
        let prefix = example_multiBytePrefix
        for example in rule.description.triggering where ExampleRunner.canRun(example) {
            let marked = MarkedSource(example.code)
            let found = ExampleRunner.locations(of: rule, in: prefix + marked.code, example: example)
            let plain = ExampleRunner.locations(of: rule, in: marked.code, example: example)
            #expect(found.map(\.offset) == marked.offsets.map { $0 + prefix.utf8.count }, sourceLocation: example.location)
            #expect(found.map(\.line) == plain.map { $0.line + 1 }, sourceLocation: example.location)
            #expect(found.map(\.column) == plain.map(\.column), sourceLocation: example.location)
        }
    }

    private static func lookup(_ id: String) -> (any Rule.Type)? { allRules.first { $0.description.id == id } }
}

/// A line of emoji and CJK text whose byte, scalar and UTF-16 counts all differ.
let example_multiBytePrefix = "// 日本語のコメント 🎉👩‍👩‍👧 café\n"

extension Example {
    var location: SourceLocation {
        SourceLocation(fileID: "SeamLintRules/\(sourceFile)", filePath: "\(sourceFile)",
                       line: Int(sourceLine), column: 1)
    }
}
