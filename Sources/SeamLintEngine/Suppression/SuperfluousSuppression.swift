import SeamLintCore

/// Engine-backed: whether a suppression silenced anything is known only once every rule —
/// project rules included — has reported, so the engine's suppression pass emits this rule's
/// diagnostics (see `SuppressionPass`); `check` has nothing to do. The rule exists so that it has
/// an id, a severity, documentation, configuration and examples like any other.
public struct SuperfluousSuppression: Rule {
    public init() {}

    /// The engine reads suppression comments only in files that spell their marker; `check` does
    /// nothing, so a file without it has nothing for this rule either (and need not be tokenized).
    public static let triggerWords = ["seamlint:"]

    public static let description = RuleDescription(
        id: "superfluous_suppression",
        summary: "A suppression comment that silences nothing should be removed",
        rationale: """
            ### What it does
            Reports each rule id in a `// seamlint:disable…` comment that silenced no diagnostic in this run: \
            a region, or a `:previous`, `:this` or `:next` line, where that rule found nothing. Only rules \
            that ran on the file are judged (a rule turned off, or not picked with `--only-rule`, may be \
            the one the comment is for), and `all` only when every rule ran. A suppression that silences \
            another suppression's report counts as used; no comment silences reports about itself.

            ### Why is this bad?
            Suppressions outlive their reason: the code is fixed or moved, the comment stays, and the next \
            real finding at that place is silenced without anyone deciding so. A stale `disable:next` also \
            tells readers there is a problem where there is none.

            ### Use instead
            Delete the comment, or the rule id from it. If the finding is gone because the code is \
            correct now, nothing else is needed.
            """,
        severity: .note,
        triggering: [
            Example("""
                // seamlint:disable:next ↓superfluous_suppression
                let title = "Trails"
                """),
            Example("""
                let count = 3 // seamlint:disable:this ↓superfluous_suppression - left from a refactor
                """),
            Example("""
                // seamlint:disable ↓superfluous_suppression
                let title = "Trails"
                // seamlint:enable superfluous_suppression
                """),
            // `:previous` on the first line has no line to apply to.
            Example("""
                // seamlint:disable:previous ↓superfluous_suppression
                let title = "Trails"
                """),
        ],
        nonTriggering: [
            // The rule named did not run (only this rule runs in these examples), so it cannot be judged.
            Example("""
                // seamlint:disable:next key_window_lookup - the host window is the only window
                let window = UIApplication.shared.keyWindow
                """),
            // `all` is judged only when every rule ran.
            Example("""
                // seamlint:disable all
                let title = "Trails"
                """),
            // Not a comment.
            Example("""
                let text = "// seamlint:disable:next superfluous_suppression"
                """),
            // Another tool's syntax is not SeamLint's.
            Example("""
                // swiftlint:disable:next superfluous_suppression
                let title = "Trails"
                """),
            // The region silences the line command's report, so neither is superfluous.
            Example("""
                // seamlint:disable superfluous_suppression
                let title = "Trails" // seamlint:disable:this superfluous_suppression
                """),
            // An `enable` alone silences nothing and is not reported.
            Example("""
                // seamlint:enable superfluous_suppression
                let title = "Trails"
                """),
        ]
    )

    public func check(_ context: inout RuleContext) {}
}
