import Foundation
import Testing
import SeamLintDevSupport

/// Every committed file derived from the rules is current: the registry, the rule reference, the
/// JSON Schema and the README rule table here; the Samples expectations in SamplesIntegrationTests
/// and the reporter goldens in their own suites. All are rewritten by `swift run seamlint-dev regenerate`.
@Suite("Generated files")
struct GeneratedFilesTests {
    static let rendered = Result<[DerivedFiles.File], any Error> {
        try [DerivedFiles.registry(root: PackageRoot.url.path)] + DerivedFiles.fromMetadata(root: PackageRoot.url.path, samples: false)
    }

    @Test func everyDerivedFileRenders() throws {
        let files = try Self.rendered.get()
        #expect(files.map(\.path) == [RuleOrganisation.registryPath, "Rules/README.md", "schemas/seamlint.schema.json", "README.md"])
    }

    @Test("derived files are current", arguments: (try? rendered.get()) ?? [])
    func current(file: DerivedFiles.File) throws {
        let committed = try String(contentsOfFile: PackageRoot.url.path + "/" + file.path, encoding: .utf8)
        #expect(committed == file.text, "\(file.path) is stale: run `swift run seamlint-dev regenerate` and review the diff")
    }

    @Test func readmeTableNeedsItsMarkers() {
        #expect(throws: GenerationError.self) { try DerivedFiles.readmeWithRuleTable("# SeamLint\n", rules: []) }
        let readme = "a\n\(DerivedFiles.readmeTableStart)\nold\n\(DerivedFiles.readmeTableEnd)\nb\n"
        let table = try? DerivedFiles.readmeWithRuleTable(readme, rules: [])
        #expect(table == "a\n\(DerivedFiles.readmeTableStart)\n| id | severity | default | fixable | summary |\n|---|---|---|---|---|\n\(DerivedFiles.readmeTableEnd)\nb\n")
    }
}

/// Set by `seamlint-dev regenerate` when it reruns the golden tests to rewrite their files.
enum GeneratedFiles {
    static let isRegenerating = ProcessInfo.processInfo.environment["SEAMLINT_REGENERATE"] == "1"
}

extension DerivedFiles.File: CustomTestStringConvertible {
    public var testDescription: String { path }
}
