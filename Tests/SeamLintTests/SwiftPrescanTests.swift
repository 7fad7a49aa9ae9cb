import Foundation
import Testing
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI

/// Swift files that mention none of the words of the enabled rules, fact collectors and
/// suppression comments are neither tokenized nor given structure: the diagnostics must be the
/// same as when every file is.
struct SwiftPrescanTests {
    /// Every rule's Swift examples (with their companions, a file that spells no rule's words, and
    /// again with the example's own rule id suppressed on its marked lines) and the sample apps,
    /// linted with every rule, with the rules that do not read every Swift file (the pre-scan only
    /// works without those) and with the example's rule alone.
    @Test func prescanChangesNoDiagnostic() throws {
        var projects: [(files: [(name: String, code: String)], rule: (any Rule.Type)?)] = []
        let plain = ("Plain.swift", "struct Plain {\n    let value = 1\n}\n")
        for rule in allRules {
            let description = rule.description
            for example in description.triggering + description.nonTriggering where example.language == .swift {
                let companions = example.companions.enumerated().map { ("Companion\($0.offset).swift", $0.element) }
                let code = MarkedSource(example.code).code
                projects.append(([(example.fileName, code)] + companions + [plain], rule))
                let suppressed = MarkedSource(ExampleRunner.disablingEachMarkedLine(example.code, id: description.id)).code
                projects.append(([(example.fileName, suppressed)] + companions + [plain], rule))
            }
        }
        let samples = PackageRoot.url.appendingPathComponent("Samples")
        for sample in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let folder = samples.appendingPathComponent(sample)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            let files = try names.sorted().filter { $0.hasSuffix(".swift") }.map { name in
                (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            }
            if !files.isEmpty { projects.append((files + [plain], nil)) }
        }
        #expect(projects.count > 100)
        let selective = Self.rulesNotReadingEveryFile
        #expect(Self.linter(selective, prescan: true).swiftWords != nil)
        #expect(selective.count > allRules.count / 2)
        for project in projects {
            var selections = [allRules, selective]
            if let rule = project.rule { selections.append([rule]) }
            for rules in selections {
                let skipping = Self.lint(project.files, rules: rules, prescan: true)
                let tokenizingAll = Self.lint(project.files, rules: rules, prescan: false)
                #expect(skipping.diagnostics == tokenizingAll.diagnostics, "\(project.files.map(\.name)) \(rules.count) rules")
                #expect(skipping.filesLinted == tokenizingAll.filesLinted)
                #expect(skipping.deferredFactFiles == tokenizingAll.deferredFactFiles)
                #expect(skipping.suppressedCount == tokenizingAll.suppressedCount)
            }
        }
    }

    /// A file that spells a rule's or a collector's word anywhere (even in a comment) is linted;
    /// one that spells none is skipped, and a file with the suppression marker is read too.
    @Test func onlyFilesWithAWordAreTokenized() throws {
        let rules: [any Rule.Type] = [NeedleRule.self, NeedleFacts.self, InvalidSuppression.self]
        let linter = Self.linter(rules, prescan: true)
        let words = try #require(linter.swiftWords)
        for word in ["needle", "haystack", "seamlint:"] {
            #expect(TextSearch.containsAny(Array("// \(word)\n".utf8), words), "\(word)")
        }
        let files = [("Rule.swift", "// needle\nlet a = 1\n"), ("Facts.swift", "let haystack = 2\n"),
                     ("Plain.swift", "let other = 3\n")]
        for prescan in [true, false] {
            let result = Self.lint(files, rules: [NeedleRule.self, NeedleFacts.self], prescan: prescan)
            let found = result.diagnostics.map { "\($0.ruleID) \($0.location.file)" }.sorted()
            #expect(found == ["needle_facts Facts.swift", "needle_rule Rule.swift"], "prescan \(prescan)")
            #expect(result.filesLinted == 3)
        }
    }

    /// A rule or collector that reads every Swift file turns the pre-scan off.
    @Test func ruleWithoutTriggerWordsReadsEveryFile() {
        #expect(Linter.prescanWords(for: .swift, fileRules: [EverySwiftFile.self], factCollectors: []) == nil)
        #expect(Linter.prescanWords(for: .swift, fileRules: [], factCollectors: []) == [Array("seamlint:".utf8)])
        #expect(Self.linter([EverySwiftFile.self, NeedleRule.self], prescan: true).swiftWords == nil)
    }

    /// The registry's rules whose checks and fact collectors all have Swift trigger words.
    static var rulesNotReadingEveryFile: [any Rule.Type] {
        allRules.filter { rule in
            let collectors = Linter.factCollectors(for: (rule as? any ProjectRule.Type).map { [$0] } ?? [], allRules: allRules)
            let fileRules = rule is any ProjectRule.Type ? [] : [rule]
            return Linter.prescanWords(for: .swift, fileRules: fileRules, factCollectors: collectors) != nil
        }
    }

    static func linter(_ rules: [any Rule.Type], prescan: Bool) -> Linter {
        InMemoryLint.linter(rules: rules, workers: 1, registry: allRules + [NeedleRule.self, NeedleFacts.self]) { options in
            options.skipsSwiftFilesWithoutTriggerWords = prescan
            options.objectiveC.isEnabled = false
        }
    }

    static func lint(_ files: [(name: String, code: String)], rules: [any Rule.Type], prescan: Bool) -> LintResult {
        var references: [SourceFileRef] = []
        var overrides: [String: [UInt8]] = [:]
        for file in files {
            let absolute = "/virtual/project/" + file.name
            references.append(SourceFileRef(path: file.name, absolutePath: absolute, language: .swift))
            overrides[absolute] = Array(file.code.utf8)
        }
        return linter(rules, prescan: prescan).lint(references, overrides: overrides)
    }
}

/// Reports every file it runs on, and runs only where `needle` is spelled.
private struct NeedleRule: Rule {
    static let description = RuleDescription(id: "needle_rule", summary: "test", rationale: "test",
                                             severity: .warning, triggering: [], nonTriggering: [])
    static let triggerWords = ["needle"]
    func check(_ context: inout RuleContext) {
        if !context.file.code.isEmpty { context.report(at: 0, "ran") }
    }
}

/// Records every file it collects from, and collects only where `haystack` is spelled.
private struct NeedleFacts: ProjectRule {
    struct Facts: ProjectFacts {
        var sites: [FactLocation] = []
        init() {}
        mutating func append(_ later: Self) { sites += later.sites }
    }
    static let description = RuleDescription(id: "needle_facts", summary: "test", rationale: "test",
                                             severity: .warning, triggering: [], nonTriggering: [])
    static let factTriggerWords = ["haystack"]
    func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        if !context.file.code.isEmpty { facts.sites.append(context.factLocation(at: 0)) }
    }
    func finish(_ context: inout ProjectContext) {
        for site in context.facts(of: Self.self).sites { context.report(at: site, "collected") }
    }
}

/// A Swift rule with no trigger words.
private struct EverySwiftFile: Rule {
    static let description = RuleDescription(id: "every_swift_file", summary: "test", rationale: "test",
                                             severity: .warning, triggering: [], nonTriggering: [])
    func check(_ context: inout RuleContext) {}
}
