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
    /// Directive indices by the rule id they name (`all` under "all"), so a lookup reads only what
    /// can apply: region commands in file order, line commands by target line.
    private let index: [String: RuleIndex]

    private struct RuleIndex: Sendable {
        var regions: [Int] = []
        var lines: [Int: [Int]] = [:]
    }

    /// Reads the commands in `file`'s comments. `knownRuleIDs`: every registered rule.
    public init(file: SourceFile, knownRuleIDs: Set<String>) {
        (directives, problems) = SuppressionParser.parse(file, knownRuleIDs: knownRuleIDs)
        var index: [String: RuleIndex] = [:]
        for (position, directive) in directives.enumerated() {
            for rule in directive.rules {
                if directive.scope == .region {
                    index[rule.id, default: RuleIndex()].regions.append(position)
                } else if let line = directive.targetLine {
                    index[rule.id, default: RuleIndex()].lines[line, default: []].append(position)
                }
            }
        }
        self.index = index
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
        let keys = id == SuppressionDirective.allRules ? [id] : [id, SuppressionDirective.allRules]
        let rules = keys.compactMap { index[$0] }
        var steps = 1
        defer { ScalingCounter.add(steps) }
        // The last line command for this line, else the last region command before `offset`.
        var chosen = rules.compactMap { $0.lines[line]?.last { $0 != except } }.max()
        if chosen == nil {
            chosen = rules.compactMap { rule -> Int? in
                // Directives are in file order, so their offsets ascend: binary search.
                var low = 0, high = rule.regions.count
                while low < high {
                    steps += 1
                    let middle = (low + high) / 2
                    if directives[rule.regions[middle]].offset < offset { low = middle + 1 } else { high = middle }
                }
                if low > 0 && rule.regions[low - 1] == except { low -= 1 }
                return low > 0 ? rule.regions[low - 1] : nil
            }.max()
        }
        guard let chosen, let rule = directives[chosen].entryIndex(for: id) else { return nil }
        return directives[chosen].action == .disable ? Entry(directive: chosen, rule: rule) : nil
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
