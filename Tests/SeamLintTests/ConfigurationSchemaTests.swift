import Foundation
@testable import SeamLintEngine
import SeamLintCLI
import Testing

/// The JSON Schema and the documentation stay in step with what the loader accepts (GeneratedFilesTests
/// keeps the shipped schema current).
@Suite struct ConfigurationSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func schemaNamesEveryKeyRuleAndReporter() throws {
        let text = ConfigurationSchema.rendered(rules: allRules.map { $0.description }, reporterIDs: Reporters.all.map { $0.id })
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ConfigurationKey.allCases.map(\.rawValue)))
        let rules = try #require((properties["rules"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rules.keys) == Set(allRules.map { $0.description.id }))
        let reporters = try #require((properties["reporter"] as? [String: Any])?["enum"] as? [String])
        #expect(reporters == Reporters.all.map { $0.id })
    }

    /// Each rule's object form lists exactly `severity` and its declared options, typed, with
    /// their defaults and descriptions.
    @Test func schemaListsEveryRulesOptions() throws {
        let text = ConfigurationSchema.rendered(rules: allRules.map { $0.description }, reporterIDs: Reporters.all.map { $0.id })
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rules = try #require(((schema["properties"] as? [String: Any])?["rules"] as? [String: Any])?["properties"] as? [String: Any])
        var declaring = 0
        for rule in allRules.map({ $0.description }) {
            let forms = try #require((rules[rule.id] as? [String: Any])?["oneOf"] as? [[String: Any]])
            let fields = try #require(forms.last?["properties"] as? [String: [String: Any]])
            #expect(Set(fields.keys) == Set(["severity"] + rule.options.map(\.name)), "\(rule.id)")
            #expect(forms.last?["additionalProperties"] as? Bool == false)
            for option in rule.options {
                #expect(fields[option.name]?["description"] as? String == option.summary)
                #expect(fields[option.name]?["default"] != nil)
            }
            if !rule.options.isEmpty { declaring += 1 }
        }
        #expect(declaring >= 2)
        let includeTests = try #require(((rules["key_window_lookup"] as? [String: Any])?["oneOf"] as? [[String: Any]])?.last?["properties"] as? [String: [String: Any]])
        #expect(includeTests["include_tests"]?["type"] as? String == "boolean")
        #expect(includeTests["include_tests"]?["default"] as? Bool == false)
    }

    @Test func schemaTypesEachKindOfOption() throws {
        let text = ConfigurationSchema.rendered(rules: [OptionalWord.description], reporterIDs: [])
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rules = try #require(((schema["properties"] as? [String: Any])?["rules"] as? [String: Any])?["properties"] as? [String: Any])
        let forms = try #require((rules["test_opt_in"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let fields = try #require(forms.last?["properties"] as? [String: [String: Any]])
        #expect(fields["limit"]?["type"] as? String == "integer" && fields["limit"]?["default"] as? Int == 1)
        #expect(fields["word"]?["type"] as? String == "string")
        #expect(fields["strict_mode"]?["type"] as? String == "boolean")
        #expect(fields["tags"]?["type"] as? String == "array" && (fields["tags"]?["items"] as? [String: String]) == ["type": "string"])
        #expect(fields["mode"]?["enum"] as? [String] == ["fast", "thorough"] && fields["mode"]?["default"] as? String == "fast")
    }

    static func documentation() throws -> String {
        try String(contentsOfFile: repository + "/docs/configuration.md", encoding: .utf8)
    }

    @Test func documentationDescribesEveryKeyAndFlag() throws {
        let text = try Self.documentation()
        for key in ConfigurationKey.allCases {
            #expect(text.contains("`\(key.rawValue)`"), "docs/configuration.md does not describe `\(key.rawValue)`")
        }
        for flag in ["--config", "--no-config", "--baseline", "--write-baseline", "--diff", "--staged", "--changed-lines-only",
                     "--strict", "--lenient", "--only-rule", "--enable-all-rules"] {
            #expect(text.contains("`\(flag)"), "docs/configuration.md does not describe \(flag)")
        }
    }

    /// Every `json5` block in the documentation is a valid configuration; the first is complete.
    @Test func documentedExamplesAreValid() throws {
        let text = try Self.documentation()
        let blocks = text.components(separatedBy: "```json5\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty)
        let vocabulary = ConfigurationVocabulary(rules: allRules.map { $0.description }, reporterIDs: Reporters.all.map { $0.id })
        let scratch = ConfigurationScratch()
        for (index, block) in blocks.enumerated() {
            let path = scratch.write("example\(index).json", block)
            let result = ConfigurationFile.load(path: path, displayPath: "docs example \(index + 1)", vocabulary: vocabulary)
            #expect(result.failureText == nil, "\(result.failureText ?? "")")
            if index == 0, case .success(let file) = result {
                #expect(file.keys == Set(ConfigurationKey.allCases).subtracting([.only]), "the complete example misses keys")
            }
        }
    }
}
