/// The file `seamlint-dev new-rule` writes: a complete rule that builds and passes its example
/// tests as it stands (it flags calls to a placeholder function), for the author to rewrite.
public enum RuleSkeleton {
    /// An UpperCamelCase Swift identifier (a type or family folder name).
    public static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    public static func source(name: String, family: String) -> String {
        let id = RuleOrganisation.ruleID(forTypeName: name)
        let quotes = "\"\"\""
        return """
            import SeamLintCore

            // TODO: everything below is a placeholder that flags calls to `legacyPresent(…)`. Rewrite the
            // summary, the three rationale sections, the links, the examples (they are the rule's tests:
            // `↓` marks where a diagnostic must point) and the check; then run
            // `swift run seamlint-dev regenerate` and `swift test --filter "Rule examples"`.

            /// `\(id)` (family \(family)): flags calls to `legacyPresent(…)`.
            public struct \(name): Rule {
                public init() {}

                public static let triggerWords = ["legacyPresent"]

                public static let description = RuleDescription(
                    id: "\(id)",
                    summary: "Calling `legacyPresent` presents on an arbitrary window",
                    rationale: \(quotes)
                        ### What it does
                        Finds calls to `legacyPresent(…)`.

                        ### Why is this bad?
                        Say what goes wrong at run time, on which systems, and why testing misses it.

                        ### Use instead
                        Show the replacement, and when the flagged code is fine.
                        \(quotes),
                    documentation: ["https://developer.apple.com/documentation/uikit"],
                    severity: .warning,
                    triggering: [
                        Example("↓legacyPresent(sheet)"),
                        Example(\(quotes)
                            func show() {
                                ↓legacyPresent(sheet)
                            }
                            \(quotes)),
                        Example("let action = { coordinator.↓legacyPresent(alert) }"),
                    ],
                    nonTriggering: [
                        Example("present(sheet)"),
                        Example("let legacyPresent = false"),
                        Example("func legacyPresent(_ sheet: Sheet) {}"),
                        Example("// legacyPresent(sheet)"),
                        Example("let text = \\"legacyPresent(sheet)\\""),
                    ]
                )

                public func check(_ context: inout RuleContext) {
                    let file = context.file
                    let code = file.code
                    for index in code.indices.dropLast() where code[index].kind == .identifier
                        && code[index + 1].kind == .leftParen && file.tokenIs(index, "legacyPresent")
                        && !(index > 0 && code[index - 1].keyword == .func) {
                        context.report(at: index, "`legacyPresent` presents on an arbitrary window; present from this view's controller")
                    }
                }
            }

            """
    }
}
