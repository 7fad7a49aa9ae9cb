import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Rule metadata is documentation: it must be complete (GeneratedFilesTests keeps the reference current).
@Suite("Rule reference")
struct RuleReferenceTests {
    @Test("metadata is complete", arguments: allRules.map { $0.description.id })
    func metadata(id: String) throws {
        let rule = try #require(allRules.first { $0.description.id == id }).description
        #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "_" || $0.isNumber }, "ids are snake_case")
        #expect(!rule.summary.isEmpty && !rule.summary.contains("\n"), "one-line summary")
        for section in ["### What it does", "### Why is this bad?", "### Use instead"] {
            #expect(rule.rationale.contains(section), "rationale lacks '\(section)'")
        }
        #expect(!rule.isFixable || !rule.corrections.isEmpty, "fixable rules show a correction")
        let names = rule.options.map(\.name)
        #expect(Set(names).count == names.count, "option names are unique")
        for option in rule.options {
            #expect(option.name != "severity", "`severity` is every rule's own key")
            #expect(!option.name.isEmpty && option.name.allSatisfy { $0.isLowercase || $0 == "_" || $0.isNumber }, "options are snake_case")
            #expect(!option.summary.isEmpty && !option.summary.contains("\n"), "one-line option description")
        }
    }

    @Test("the reference lists each rule's options with kind, default and description")
    func referenceListsOptions() throws {
        let keyWindow = RuleDocumentation.markdown(for: KeyWindowLookup.description)
        #expect(keyWindow.contains("\n### Options\n\nSet in `.seamlint.json`, beside `severity`:\n\n"
                                   + "- `include_tests` (true or false, default `false`): \(RuleOption.includeTests.summary)\n"))
        #expect(keyWindow.contains("{ rules: { key_window_lookup: { severity: \"warning\", include_tests: false, note_in_single_scene_apps: true } } }"))
        let kinds = RuleDocumentation.markdown(for: OptionalWord.description)
        for line in ["`word` (string, default `\"\"`)", "`limit` (integer, default `1`)", "`strict_mode` (true or false, default `false`)",
                     "`tags` (list of strings, default `[]`)", "`mode` (one of `\"fast\"`, `\"thorough\"`, default `\"fast\"`)"] {
            #expect(kinds.contains(line), "\(line)")
        }
        // Without options: the severity alone, and how to suppress, generated as for every rule.
        let plain = RuleDocumentation.markdown(for: ProjectWord.description)
        #expect(plain.contains("### Options\n\nNone besides its severity.") && !plain.contains("beside `severity`"))
        #expect(plain.contains("### How to suppress\n\n- One finding: `// seamlint:disable:next test_project - reason`"))
    }

    @Test("ids are unique")
    func uniqueIDs() {
        let ids = allRules.map { $0.description.id }
        #expect(Set(ids).count == ids.count)
    }
}

/// The package root, found from this file's path.
enum PackageRoot {
    static let url: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}
