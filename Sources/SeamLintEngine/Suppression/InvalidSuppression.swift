import SeamLintCore

/// Engine-backed: suppression comments are read by the engine for every file (the same reading
/// decides what they silence), which reports their mistakes under this rule's id; `check` has
/// nothing to do. See `SuppressionParser`.
public struct InvalidSuppression: Rule {
    public init() {}

    /// The engine reads suppression comments only in files that spell their marker; `check` does
    /// nothing, so a file without it has nothing for this rule either (and need not be tokenized).
    public static let triggerWords = ["seamlint:"]

    public static let description = RuleDescription(
        id: "invalid_suppression",
        summary: "A suppression comment with a typo silences nothing",
        rationale: """
            ### What it does
            Reports `seamlint:` comments SeamLint cannot follow: an unknown command or scope \
            (`seamlint:disbale`, `seamlint:disable:nxt`), a command without rule ids, an unknown rule id \
            (with the nearest valid one), and a command in a documentation comment (`///`), which is \
            ignored. The command must open a `//` or `/* */` comment; `swiftlint:` commands are not read.

            ### Why is this bad?
            A misspelled suppression looks like it works in review but silences nothing, or silences the \
            wrong thing: the finding it was written for still fails the build, or somebody adds a second, \
            broader suppression to get past it.

            ### Use instead
            `// seamlint:disable:next rule_id - why`, `:this`, `:previous`, or a region from \
            `// seamlint:disable rule_a rule_b` to `// seamlint:enable rule_a rule_b`; `all` names every \
            rule. `lint rules` lists the ids.
            """,
        severity: .warning,
        triggering: [
            Example("""
                // seamlint:disable:next ↓key_windw_lookup
                let window = UIApplication.shared.keyWindow
                """),
            Example("""
                // ↓seamlint:disbale key_window_lookup
                let window = UIApplication.shared.keyWindow
                """),
            Example("""
                // ↓seamlint:disable:nxt key_window_lookup
                let window = UIApplication.shared.keyWindow
                """),
            Example("""
                let window = UIApplication.shared.keyWindow // ↓seamlint:disable:this
                """),
            Example("""
                /// ↓seamlint:disable:next key_window_lookup
                var window: UIWindow? { UIApplication.shared.keyWindow }
                """),
        ],
        nonTriggering: [
            Example("""
                // seamlint:disable:next key_window_lookup - the only window of this extension
                let window = UIApplication.shared.keyWindow
                """),
            Example("""
                /* seamlint:disable key_window_lookup connected_scenes_first */
                let window = UIApplication.shared.keyWindow
                // seamlint:enable key_window_lookup connected_scenes_first
                """),
            Example("""
                let window = UIApplication.shared.keyWindow // seamlint:disable:this all
                """),
            // Prose that mentions the tool is not a command.
            Example("""
                // Run seamlint: it finds window lookups.
                let title = "Trails"
                """),
            Example("""
                let text = "// seamlint:disbale key_windw_lookup"
                """),
            // Another tool's syntax is left alone.
            Example("""
                // swiftlint:disable:next identifier_name
                let x = 1
                """),
        ]
    )

    public func check(_ context: inout RuleContext) {}
}
