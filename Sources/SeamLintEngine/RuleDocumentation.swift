import SeamLintCore

/// Renders rule metadata as Markdown: `lint explain` and the generated `Rules/README.md`.
public enum RuleDocumentation {
    /// The reference page for all rules.
    public static func reference(for rules: [RuleDescription]) -> String {
        var text = """
        # SeamLint rules

        Generated from each rule's metadata by `swift run seamlint-dev regenerate`; do not edit by hand
        (a test fails when this file is stale).

        | id | severity | default | fixable | summary |
        |---|---|---|---|---|

        """
        for rule in rules {
            text += "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) | \(rule.isOptIn ? "opt-in" : "on") | "
                + "\(rule.isFixable ? "yes" : "no") | \(rule.summary) |\n"
        }
        for rule in rules { text += "\n" + markdown(for: rule) }
        return text
    }

    /// One rule's section: metadata, rationale, examples.
    public static func markdown(for rule: RuleDescription) -> String {
        var text = "## \(rule.id)\n\n\(rule.summary)\n\n"
        text += "- Severity: \(rule.severity.rawValue)\n"
        text += "- Enabled by default: \(rule.isOptIn ? "no (opt-in)" : "yes")\n"
        text += "- Fixable: \(rule.isFixable ? "yes" : "no")\n"
        for link in rule.documentation { text += "- Apple documentation: <\(link)>\n" }
        text += "\n" + rule.rationale.trimmingTrailingNewlines() + "\n"
        text += "\n### Triggering examples\n"
        for example in rule.triggering { text += "\n" + codeBlock(example) }
        text += "\n### Non-triggering examples\n"
        for example in rule.nonTriggering { text += "\n" + codeBlock(example) }
        if !rule.corrections.isEmpty {
            text += "\n### Fixes\n"
            for correction in rule.corrections {
                text += "\n```swift\n// before\n\(correction.before.trimmingTrailingNewlines())\n// after\n"
                    + "\(correction.after.trimmingTrailingNewlines())\n```\n"
            }
        }
        return text
    }

    private static func codeBlock(_ example: Example) -> String {
        let language = example.language == .swift ? "swift" : "objc"
        var text = "```\(language)\n\(example.code.trimmingTrailingNewlines())\n```\n"
        for (index, companion) in example.companions.enumerated() {
            text += "\nwith another file (\(index + 1)):\n\n```\(language)\n\(companion.trimmingTrailingNewlines())\n```\n"
        }
        if let target = example.iosDeploymentTarget { text += "\n(iOS deployment target \(target))\n" }
        return text
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while result.last == "\n" { result = result.dropLast() }
        while result.first == "\n" { result = result.dropFirst() }
        return String(result)
    }
}
