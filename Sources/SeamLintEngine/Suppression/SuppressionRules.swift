import SeamLintCore

/// The rules the suppression pass reports for (their `check` does nothing): they live with the pass
/// so that the engine needs no rule target; the command line adds them to the registry.
public let suppressionRules: [any Rule.Type] = [SuperfluousSuppression.self, InvalidSuppression.self]
