import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct KeyWindowLookup: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "key_window_lookup",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
