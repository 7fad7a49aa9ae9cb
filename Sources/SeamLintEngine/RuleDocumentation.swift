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
        text += "\n" + options(of: rule) + "\n" + suppression(of: rule)
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

    /// `### Options`: each option with its type, default and meaning, and how to set them.
    static func options(of rule: RuleDescription) -> String {
        var text = "### Options\n\n"
        let example: String
        if rule.options.isEmpty {
            text += "None besides its severity. In `.seamlint.json`:\n"
            example = "\"error\""
        } else {
            text += "Set in `.seamlint.json`, beside `severity`:\n\n"
            for option in rule.options {
                text += "- `\(option.name)` (\(kindName(option.kind)), default `\(valueText(option.defaultValue))`): \(option.summary)\n"
            }
            text += "\nFor example:\n"
            example = "{ severity: \"\(rule.severity.rawValue)\", " + rule.options.map { "\($0.name): \(valueText($0.defaultValue))" }
                .joined(separator: ", ") + " }"
        }
        text += "\n```json5\n{ rules: { \(rule.id): \(example) } }\n```\n"
        if rule.isOptIn { text += "\nThe rule is opt-in: enable it with `opt_in: [\"\(rule.id)\"]` or `--enable-all-rules`.\n" }
        return text
    }

    /// `### How to suppress`: one line, a region, a folder or the project, a run, a baseline.
    static func suppression(of rule: RuleDescription) -> String {
        """
        ### How to suppress

        - One finding: `// seamlint:disable:next \(rule.id) - reason` on the line above it, or         `// seamlint:disable:this \(rule.id)` at the end of its line.
        - A region: `// seamlint:disable \(rule.id)` up to `// seamlint:enable \(rule.id)` (or the end of the file).
        - A folder or the whole project: `rules: { \(rule.id): "off" }` in its `.seamlint.json`.
        - One run: `--disable-rule \(rule.id)`.
        - Findings to fix later: `--write-baseline FILE` records them, then `--baseline FILE` reports only new ones.

        """
    }

    private static func kindName(_ kind: RuleOption.Kind) -> String {
        switch kind {
        case .bool: "true or false"
        case .int: "integer"
        case .string: "string"
        case .strings: "list of strings"
        case .choice(let choices): "one of " + choices.map { "`\"\($0)\"`" }.joined(separator: ", ")
        }
    }

    /// As JSON writes it.
    private static func valueText(_ value: RuleOptionValue) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : String($0) }.joined() + "\""
        }
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .string(let text): return quoted(text)
        case .strings(let texts): return "[" + texts.map(quoted).joined(separator: ", ") + "]"
        }
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
