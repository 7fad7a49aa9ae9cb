import Foundation
import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

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
