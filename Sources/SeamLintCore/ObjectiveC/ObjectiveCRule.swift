/// A rule that also reads Objective-C files (same id, same configuration).
///
/// The engine hands an Objective-C file only to rules that adopt this protocol, and calls
/// `checkObjectiveC` instead of `check` (and, for project rules, `collectObjectiveCFacts` instead of
/// `collectFacts`): Swift logic would misread Objective-C tokens (declarations, closures and key paths
/// are spelled differently), so a rule opts in per language.
/// The Objective-C view (`objectiveCContainers()`, `objectiveCMessage(at:)`, `objectiveCPath(endingAt:)`)
/// lives in the core; the checks built on it live with the rule family that uses them.
public protocol ObjectiveCRule: Rule {
    /// Checks an Objective-C file (`context.file.language == .objectiveC`).
    func checkObjectiveC(_ context: inout RuleContext)
}

extension ObjectiveCRule {
    public func checkObjectiveC(_ context: inout RuleContext) {}
}
