import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct ScrollEdgeOverlay: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "scroll_edge_overlay",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
