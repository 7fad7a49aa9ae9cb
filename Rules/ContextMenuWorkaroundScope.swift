import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct ContextMenuWorkaroundScope: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "context_menu_workaround_scope",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
