import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct ConnectedScenesFirst: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "connected_scenes_first",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
