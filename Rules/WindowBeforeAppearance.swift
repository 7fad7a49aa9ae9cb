import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct WindowBeforeAppearance: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "window_before_appearance",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
