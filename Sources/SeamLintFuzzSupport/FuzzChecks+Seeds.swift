import SeamLintCore
import SeamLintCLI

extension FuzzChecks {
    /// Seeds for the fuzzers: every Swift rule example (markers removed) and its companion files.
    public static func ruleExampleSeeds() -> [String] {
        var seeds: [String] = []
        for rule in allRules {
            let description = rule.description
            for example in description.triggering + description.nonTriggering where example.language == .swift {
                seeds.append(example.code.replacingOccurrences(of: "↓", with: ""))
                seeds += example.companions
            }
        }
        return seeds
    }
}
