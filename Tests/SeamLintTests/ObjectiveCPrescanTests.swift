import Foundation
import Testing
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI

/// Objective-C files that mention none of the words of the rules, fact collectors and suppression
/// comments that read them are linted without libclang: the diagnostics must be the same as when
/// every file goes through it.
@Suite(.enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCPrescanTests {
    /// Every rule's Objective-C examples (one project each, every rule on, with the example's own
    /// rule id suppressed on its marked lines too), and the Objective-C sample apps as projects.
    @Test func prescanChangesNoDiagnostic() throws {
        var projects: [[(name: String, code: String)]] = []
        for rule in allRules {
            let description = rule.description
            for example in description.triggering + description.nonTriggering where example.language == .objectiveC {
                let code = MarkedSource(example.code).code
                projects.append([(example.fileName, code)])
                let suppressed = MarkedSource(ExampleRunner.disablingEachMarkedLine(example.code, id: description.id)).code
                projects.append([(example.fileName, suppressed), ("Other.m", "@implementation Other\n@end\n")])
                for (_, wrapped) in ExampleRunner.wrappings(of: code, language: .objectiveC) {
                    projects.append([(example.fileName, wrapped)])
                }
            }
        }
        for sample in ["ObjCApp", "ObjCAppFixed"] {
            let folder = PackageRoot.url.appendingPathComponent("Samples/" + sample)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .filter { $0.hasSuffix(".m") || $0.hasSuffix(".h") || $0.hasSuffix(".swift") }
            projects.append(try names.map { name in
                (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            })
        }
        #expect(projects.count > 20)
        let rules = allRules
        for files in projects {
            let skipping = Self.lint(files, rules: rules, prescan: true)
            let tokenizingAll = Self.lint(files, rules: rules, prescan: false)
            #expect(skipping.diagnostics == tokenizingAll.diagnostics, "\(files.map(\.name))")
            #expect(skipping.filesLinted == tokenizingAll.filesLinted)
        }
    }

    /// A file none of whose words any rule reads never reaches libclang; one that names a word does.
    @Test func onlyFilesWithAWordReachLibclang() throws {
        let linter = InMemoryLint.linter(rules: allRules)
        let words = try #require(linter.objectiveCWords)
        #expect(words.contains(Array("seamlint:".utf8)))
        let plain = Array("@implementation Plain\n- (void)run { [self go]; }\n@end\n".utf8)
        let named = Array("@implementation Named\n- (void)run { self.view.window.hidden = YES; }\n@end\n".utf8)
        #expect(!TextSearch.containsAny(plain, words))
        #expect(TextSearch.containsAny(named, words))
        let worker = ObjectiveCWorker(support: linter.objectiveC)
        guard case .nothingToCheck = worker.tokens(of: plain, path: "/virtual/Plain.m", needsTokens: { false }) else {
            Issue.record("a file without the words was tokenized")
            return
        }
    }

    /// A rule or collector that reads every Objective-C file turns the pre-scan off.
    @Test func ruleWithoutTriggerWordsReadsEveryFile() {
        #expect(Linter.prescanWords(for: .objectiveC, fileRules: [EveryObjectiveCFile.self], factCollectors: []) == nil)
        #expect(Linter.prescanWords(for: .objectiveC, fileRules: [], factCollectors: []) == [Array("seamlint:".utf8)])
    }

    static func lint(_ files: [(name: String, code: String)], rules: [any Rule.Type], prescan: Bool) -> LintResult {
        var references: [SourceFileRef] = []
        var overrides: [String: [UInt8]] = [:]
        for file in files {
            let absolute = "/virtual/project/" + file.name
            references.append(SourceFileRef(path: file.name, absolutePath: absolute,
                                            language: file.name.hasSuffix(".swift") ? .swift : .objectiveC))
            overrides[absolute] = Array(file.code.utf8)
        }
        let linter = InMemoryLint.linter(rules: rules, workers: 1) { $0.objectiveC.skipsFilesWithoutTriggerWords = prescan }
        return linter.lint(references, overrides: overrides)
    }
}

/// An Objective-C rule with no trigger words.
private struct EveryObjectiveCFile: ObjectiveCRule {
    static let description = RuleDescription(id: "every_objective_c_file", summary: "test", rationale: "test",
                                             severity: .warning, triggering: [], nonTriggering: [])
    func check(_ context: inout RuleContext) {}
    func checkObjectiveC(_ context: inout RuleContext) {}
}
