import Foundation
import Testing
import SeamLintCore
import SeamLintRules
import SeamLintCLI
import SeamLintDevSupport

/// The organisation rules of Rules/, checked by parsing the project's own sources with its own
/// tokenizer: every rule type is registered, each rule file is named after its type, ids derive
/// from type names, and a family's helpers stay in the family.
@Suite("Organisation")
struct OrganisationTests {
    static func index(root: String) -> RuleSourceIndex {
        RuleSourceIndex(root: root, ruleProtocols: RuleSourceIndex.ruleProtocols(coreFolder: PackageRoot.url.path + "/Sources/SeamLintCore"))
    }

    @Test("Rules/ follows the organisation rules")
    func projectIsOrganised() {
        let index = Self.index(root: PackageRoot.url.path)
        #expect(index.rules.count == familyRules.count, "\(index.rules.map(\.name))")
        let ids = Dictionary(uniqueKeysWithValues: allRules.map { (String(describing: $0), $0.description.id) })
        let problems = RuleOrganisation.problems(index, registered: familyRules.map { String(describing: $0) }, ids: ids)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    @Test func idsDeriveFromTypeNames() {
        #expect(RuleOrganisation.ruleID(forTypeName: "ConnectedScenesFirst") == "connected_scenes_first")
        #expect(RuleOrganisation.ruleID(forTypeName: "SubviewsKVO") == "subviews_kvo")
        #expect(RuleOrganisation.ruleID(forTypeName: "PrivateUIKitClass") == "private_uikit_class")
        #expect(RuleOrganisation.ruleID(forTypeName: "KVOOnSubviews") == "kvo_on_subviews")
        #expect(RuleOrganisation.ruleID(forTypeName: "SwiftUIInUIKit2") == "swiftui_in_uikit2")
    }

    /// A scratch Rules/ folder with one breach of each kind: each is reported, and only those.
    @Test func breachesAreReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-organisation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Rules/Alpha/AlphaRule.swift", "public struct AlphaRule: ObjectiveCRule {}\n")
        try write("Rules/Alpha/AlphaHelpers.swift", """
            extension SourceFile { func alphaHosts() -> [Int] { [] } }
            struct AlphaScanner {}
            private func hidden() {}
            public struct AlphaFact {}
            """)
        try write("Rules/Beta/Misnamed.swift", """
            public struct BetaRule: ProjectRule {
                func check() { _ = file.alphaHosts(); _ = AlphaFact(); hidden() } // AlphaScanner in a comment
            }
            """)
        try write("Rules/Beta/Unregistered.swift", "public struct Unregistered: Rule {}\n")
        let index = Self.index(root: root.path)
        #expect(index.helpers.map(\.name).sorted() == ["AlphaScanner", "alphaHosts"])
        let problems = RuleOrganisation.problems(index, registered: ["AlphaRule", "BetaRule", "Gone"],
                                                 ids: ["AlphaRule": "alpha_rule", "BetaRule": "beta"])
        #expect(problems.sorted() == [
            "BetaRule: id 'beta' does not derive from the type name (expected 'beta_rule')",
            "Rules/Beta/Misnamed.swift: declares BetaRule; a rule file is named after its rule type",
            "Rules/Beta/Misnamed.swift: uses alphaHosts, a helper of the Alpha family (Rules/Alpha/AlphaHelpers.swift); "
                + "move it to the core or make the dependency a public fact type",
            "Rules/Beta/Unregistered.swift: Unregistered is not registered in Rules/Registry.generated.swift "
                + "(run `swift run seamlint-dev regenerate`)",
            "Rules/Registry.generated.swift: Gone is registered but no file in Rules/<Family>/ declares it",
        ])
        // The registry keeps the registered order and appends new rules by family and name.
        let registry = RuleOrganisation.registry(index, current: ["BetaRule", "Gone"])
        #expect(RuleOrganisation.registeredNames(inRegistry: registry) == ["BetaRule", "AlphaRule", "Unregistered"])
    }

    @Test func skeletonIsARuleNamedAfterItsFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-skeleton-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Rules/Widgets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(RuleSkeleton.source(name: "LegacyPresentCall", family: "Widgets").utf8)
            .write(to: folder.appendingPathComponent("LegacyPresentCall.swift"))
        let index = Self.index(root: root.path)
        #expect(index.rules.map(\.name) == ["LegacyPresentCall"])
        #expect(RuleOrganisation.problems(index, registered: ["LegacyPresentCall"], ids: [:]).isEmpty)
        #expect(RuleSkeleton.source(name: "LegacyPresentCall", family: "Widgets").contains("id: \"legacy_present_call\""))
        #expect(RuleSkeleton.isTypeName("Scenes") && !RuleSkeleton.isTypeName("scenes") && !RuleSkeleton.isTypeName("A-B"))
    }
}
