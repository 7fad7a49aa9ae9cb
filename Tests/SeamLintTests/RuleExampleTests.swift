import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// Every rule's examples are its specification: these tests are generated from them alone, with
/// the SwiftLint verifier's variants. Swift examples here; Objective-C ones in
/// ObjectiveCExampleTests, which is reported as skipped where libclang is missing.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ruleIDs = allRules.map { $0.description.id }

    @Test("has enough examples", arguments: ruleIDs)
    func exampleCounts(id: String) throws {
        let description = try #require(ExampleChecks.lookup(id)).description
        #expect(description.triggering.count >= 3, "\(id) needs at least 3 triggering examples")
        #expect(description.nonTriggering.count >= 5, "\(id) needs at least 5 non-triggering examples")
    }

    @Test("triggering examples produce exactly the marked diagnostics", arguments: ruleIDs)
    func triggering(id: String) throws { try ExampleChecks.triggering(id, .swift) }

    @Test("non-triggering examples produce nothing", arguments: ruleIDs)
    func nonTriggering(id: String) throws { try ExampleChecks.nonTriggering(id, .swift) }

    @Test("triggering examples are silent inside comments and strings", arguments: ruleIDs)
    func wrapped(id: String) throws { try ExampleChecks.wrapped(id, .swift) }

    @Test("positions shift with a multi-byte line before the example", arguments: ruleIDs)
    func multiByteShift(id: String) throws { try ExampleChecks.shifted(id, .swift, prefix: example_multiBytePrefix) }

    @Test("positions shift with a shebang line before the example", arguments: ruleIDs)
    func shebangShift(id: String) throws { try ExampleChecks.shifted(id, .swift, prefix: "#!/usr/bin/env swift\n") }

    @Test("disable:next above each marked line silences it and is not superfluous", arguments: ExampleChecks.suppressibleIDs)
    func disabledNext(id: String) throws { try ExampleChecks.disabledNext(id, .swift) }

    @Test("corrections: the --fix loop turns each before into its after, and the result is clean", arguments: ruleIDs)
    func corrections(id: String) throws {
        let rule = try #require(ExampleChecks.lookup(id))
        for (before, after) in rule.description.corrections {
            let marked = MarkedSource(before)
            let found = ExampleRunner.findings(rule, in: marked.code, example: Example(marked.code))
            #expect(found.map(\.location.offset) == marked.offsets, "\(ExampleRunner.explain(marked, found.map(\.location.offset)))")
            #expect(found.allSatisfy { !$0.fix.isEmpty }, "every diagnostic of a correction carries a fix")
            let fixed = ExampleRunner.fixed(marked.code, by: rule)
            #expect(fixed.code == after, "fixed:\n\(fixed.code)\nexpected:\n\(after)")
            #expect(fixed.remaining.isEmpty, "\(fixed.remaining.map(\.brief))")
        }
    }
}

/// The same checks for the Objective-C examples, which need libclang.
@Suite("Rule examples (Objective-C)",
       .enabled(if: ObjectiveCAvailability.isAvailable,
                "libclang not found: \(ExampleChecks.objectiveCExampleCount) Objective-C examples skipped"))
struct ObjectiveCExampleTests {
    static let ruleIDs = allRules.filter { rule in
        (rule.description.triggering + rule.description.nonTriggering).contains { $0.language == .objectiveC }
    }.map { $0.description.id }

    @Test("triggering examples produce exactly the marked diagnostics", arguments: ruleIDs)
    func triggering(id: String) throws { try ExampleChecks.triggering(id, .objectiveC) }

    @Test("non-triggering examples produce nothing", arguments: ruleIDs)
    func nonTriggering(id: String) throws { try ExampleChecks.nonTriggering(id, .objectiveC) }

    @Test("triggering examples are silent inside comments and strings", arguments: ruleIDs)
    func wrapped(id: String) throws { try ExampleChecks.wrapped(id, .objectiveC) }

    @Test("positions shift with a multi-byte line before the example", arguments: ruleIDs)
    func multiByteShift(id: String) throws { try ExampleChecks.shifted(id, .objectiveC, prefix: example_multiBytePrefix) }

    @Test("disable:next above each marked line silences it and is not superfluous", arguments: ruleIDs)
    func disabledNext(id: String) throws { try ExampleChecks.disabledNext(id, .objectiveC) }
}

/// The example checks, for the examples of one language.
enum ExampleChecks {
    /// The suppression rules judge the comments themselves: no suppression variants for them.
    static let suppressibleIDs = allRules.map { $0.description.id }
        .filter { $0 != SuperfluousSuppression.description.id && $0 != InvalidSuppression.description.id }

    static let objectiveCExampleCount = allRules.reduce(0) { count, rule in
        count + (rule.description.triggering + rule.description.nonTriggering).filter { $0.language == .objectiveC }.count
    }

    static func lookup(_ id: String) -> (any Rule.Type)? { allRules.first { $0.description.id == id } }

    static func triggering(_ id: String, _ language: SourceLanguage) throws {
        let rule = try #require(lookup(id))
        for example in rule.description.triggering where example.language == language {
            let marked = MarkedSource(example.code)
            #expect(!marked.offsets.isEmpty, "triggering example without a ↓ marker", sourceLocation: example.location)
            let found = ExampleRunner.offsets(of: rule, in: marked.code, example: example)
            #expect(found == marked.offsets, "\(ExampleRunner.explain(marked, found))", sourceLocation: example.location)
        }
    }

    static func nonTriggering(_ id: String, _ language: SourceLanguage) throws {
        let rule = try #require(lookup(id))
        for example in rule.description.nonTriggering where example.language == language {
            let code = MarkedSource(example.code).code
            let found = ExampleRunner.offsets(of: rule, in: code, example: example)
            #expect(found.isEmpty, "\(ExampleRunner.explain(MarkedSource(code), found))", sourceLocation: example.location)
        }
    }

    static func wrapped(_ id: String, _ language: SourceLanguage) throws {
        let rule = try #require(lookup(id))
        for example in rule.description.triggering where example.language == language {
            let code = MarkedSource(example.code).code
            for (name, wrapped) in ExampleRunner.wrappings(of: code, language: example.language) {
                let found = ExampleRunner.offsets(of: rule, in: wrapped, example: example)
                #expect(found.isEmpty, "fires inside a \(name):\n\(wrapped)", sourceLocation: example.location)
            }
        }
    }

    /// With a one-line `prefix`: offsets move by its bytes, lines by one, columns stay.
    static func shifted(_ id: String, _ language: SourceLanguage, prefix: String) throws {
        let rule = try #require(lookup(id))
        for example in rule.description.triggering where example.language == language {
            let marked = MarkedSource(example.code)
            let found = ExampleRunner.locations(of: rule, in: prefix + marked.code, example: example)
            let plain = ExampleRunner.locations(of: rule, in: marked.code, example: example)
            #expect(found.map(\.offset) == marked.offsets.map { $0 + prefix.utf8.count }, sourceLocation: example.location)
            #expect(found.map(\.line) == plain.map { $0.line + 1 }, sourceLocation: example.location)
            #expect(found.map(\.column) == plain.map(\.column), sourceLocation: example.location)
        }
    }

    static func disabledNext(_ id: String, _ language: SourceLanguage) throws {
        let rule = try #require(lookup(id))
        for example in rule.description.triggering where example.language == language {
            let code = MarkedSource(ExampleRunner.disablingEachMarkedLine(example.code, id: id)).code
            let found = ExampleRunner.findings(rule, in: code, example: example, alsoReporting: [SuperfluousSuppression.self])
            #expect(found.isEmpty, "\(found.map(\.brief))\n\(code)", sourceLocation: example.location)
        }
    }
}

/// A line of emoji and CJK text whose byte, scalar and UTF-16 counts all differ.
let example_multiBytePrefix = "// 日本語のコメント 🎉👩‍👩‍👧 café\n"

extension Example {
    var location: SourceLocation {
        SourceLocation(fileID: "SeamLintRules/\(sourceFile)", filePath: "\(sourceFile)",
                       line: Int(sourceLine), column: 1)
    }
}
