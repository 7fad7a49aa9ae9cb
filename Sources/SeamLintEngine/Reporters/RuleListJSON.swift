import SeamLintCore

/// `lint rules --reporter json`: the rule list as data, for scripts and editor extensions.
public enum RuleListJSON {
    public static func render(_ rules: [RuleDescription]) -> String {
        JSONValue.array(rules.map { rule in
            .object([
                "id": .string(rule.id),
                "severity": .string(rule.severity.rawValue),
                "enabled_by_default": .bool(!rule.isOptIn),
                "fixable": .bool(rule.isFixable),
                "summary": .string(rule.summary),
                "documentation": .array(rule.documentation.map { .string($0) }),
            ])
        }).rendered()
    }
}
