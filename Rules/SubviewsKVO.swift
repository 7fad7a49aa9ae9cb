import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct SubviewsKVO: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "subviews_kvo",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
