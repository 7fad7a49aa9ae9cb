import SeamLintCore

/// One `seamlint:` command written in a comment:
/// `// seamlint:disable rule_a rule_b - why`, `// seamlint:enable rule_a`,
/// `// seamlint:disable:next rule_id`, `:this`, `:previous`; `all` names every rule.
public struct SuppressionDirective: Sendable, Hashable {
    public enum Action: String, Sendable, CaseIterable {
        case disable, enable
    }

    public enum Scope: String, Sendable, CaseIterable {
        /// From the comment to the matching `enable` (or the end of the file).
        case region
        /// The nearest line above the comment that holds code.
        case previous
        /// The comment's own line.
        case this
        /// The nearest line below the comment that holds code.
        case next
    }

    /// A rule id (or `all`) as written, with where it is written, for "superfluous" reports.
    public struct NamedRule: Sendable, Hashable {
        public var id: String
        public var location: Location
        public var length: Int
        public var end: SourcePosition?
    }

    public var action: Action
    public var scope: Scope
    public var rules: [NamedRule]
    /// Byte offset and line of the comment.
    public var offset: Int
    public var line: Int
    /// The line a `:previous` / `:this` / `:next` command applies to; nil when there is none
    /// (`:next` after the last line of code) or for regions.
    public var targetLine: Int?
    /// Free text after ` - `.
    public var justification: String?

    /// The entry naming `id`: the id itself, else `all`.
    func entryIndex(for id: String) -> Int? {
        rules.firstIndex { $0.id == id } ?? rules.firstIndex { $0.id == SuppressionDirective.allRules }
    }

    public static let allRules = "all"
}

/// A malformed command or an unknown rule id in a suppression comment.
public struct SuppressionProblem: Sendable, Hashable {
    /// The headline: what is wrong with the comment.
    public var message: String
    /// What to write instead.
    public var help: String
    public var location: Location
    public var length: Int
    public var end: SourcePosition?

    init(message: String, help: String, location: Location, length: Int, in file: SourceFile) {
        self.message = message
        self.help = help
        self.location = location
        self.length = length
        end = file.end(of: location, length: length)
    }
}
