import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct MenuTouchThrough: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "menu_touch_through",
        summary: "",
        rationale: "",
        severity: .warning,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
