import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct PrivateUIKitClass: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "private_uikit_class",
        summary: "",
        rationale: "",
        severity: .note, isOptIn: true,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
