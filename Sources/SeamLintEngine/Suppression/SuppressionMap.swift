import SeamLintCore

/// The suppression commands of one file, small enough to keep for every file until the end of
/// a run (project rules report late) and to answer "is this diagnostic silenced?" for a fixer.
public struct SuppressionMap: Sendable {
    /// Identifies one rule id (or `all`) of one directive.
    struct Entry: Hashable, Sendable {
        var directive: Int
        var rule: Int
    }

    /// In file order.
    public let directives: [SuppressionDirective]
    /// Malformed commands and unknown rule ids, reported as `invalid_suppression`.
    public let problems: [SuppressionProblem]

    /// Reads the commands in `file`'s comments. `knownRuleIDs`: every registered rule.
    public init(file: SourceFile, knownRuleIDs: Set<String>) {
        (directives, problems) = SuppressionParser.parse(file, knownRuleIDs: knownRuleIDs)
    }

    /// Whether the file has no command at all (most files): nothing to keep.
    public var isEmpty: Bool { directives.isEmpty && problems.isEmpty }

    /// Whether a suppression comment silences `diagnostic` (which must be in this file). A fixer
    /// asks this before applying a diagnostic's edits: a suppressed finding fixes nothing.
    public func isSuppressed(_ diagnostic: Diagnostic) -> Bool {
        silencer(of: diagnostic.ruleID, line: diagnostic.location.line, offset: diagnostic.location.offset) != nil
    }

    /// The entry that silences rule `id` at a position. A line command (`:previous`, `:this`,
    /// `:next`) for the line wins over regions; among several, the last written wins. A command
    /// never silences reports about itself (`except`).
    func silencer(of id: String, line: Int, offset: Int, except: Int? = nil) -> Entry? {
        var lineCommand: (action: SuppressionDirective.Action, entry: Entry)?
        var region: Entry?
        for (index, directive) in directives.enumerated() where index != except {
            guard let rule = directive.entryIndex(for: id) else { continue }
            let entry = Entry(directive: index, rule: rule)
            if directive.scope == .region {
                guard directive.offset < offset else { continue }
                region = directive.action == .disable ? entry : nil
            } else if directive.targetLine == line {
                lineCommand = (directive.action, entry)
            }
        }
        if let lineCommand { return lineCommand.action == .disable ? lineCommand.entry : nil }
        return region
    }

    /// `disable` entries that silenced nothing, for rules that ran (`all`: only when every
    /// registered rule ran, since a rule that did not run may be the one it is there for).
    func unusedEntries(used: Set<Entry>, ranRuleIDs: Set<String>, everyRuleRan: Bool) -> [Entry] {
        var unused: [Entry] = []
        for (index, directive) in directives.enumerated() where directive.action == .disable {
            for (ruleIndex, rule) in directive.rules.enumerated() {
                let entry = Entry(directive: index, rule: ruleIndex)
                guard !used.contains(entry) else { continue }
                let ran = rule.id == SuppressionDirective.allRules ? everyRuleRan : ranRuleIDs.contains(rule.id)
                if ran { unused.append(entry) }
            }
        }
        return unused
    }

    func rule(_ entry: Entry) -> SuppressionDirective.NamedRule { directives[entry.directive].rules[entry.rule] }
}
