import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct SceneLifecycleNotForwarded: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "scene_lifecycle_not_forwarded",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
