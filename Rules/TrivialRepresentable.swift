import SeamLintCore

/// TODO(rules): placeholder until the rule lands.
public struct TrivialRepresentable: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "trivial_representable",
        summary: "",
        rationale: "",
        severity: .note, isOptIn: true,
        triggering: [],
        nonTriggering: []
    )
    public func check(_ context: inout RuleContext) {}
}
