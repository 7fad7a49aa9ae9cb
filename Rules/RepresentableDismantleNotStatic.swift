import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct RepresentableDismantleNotStatic: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "representable_dismantle_not_static",
        summary: "",
        rationale: "",
        severity: .error, isFixable: true,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
