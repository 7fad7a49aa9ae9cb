import SeamLintCore
import SeamLintCLI

extension FuzzChecks {
    /// Seeds for the fuzzers: every rule example in `language` (markers removed) and its companion files.
    public static func ruleExampleSeeds(language: SourceLanguage = .swift) -> [String] {
        var seeds: [String] = []
        for rule in allRules {
            let description = rule.description
            for example in description.triggering + description.nonTriggering where example.language == language {
                seeds.append(example.code.replacingOccurrences(of: "↓", with: ""))
                seeds += example.companions
            }
        }
        return seeds
    }
}
