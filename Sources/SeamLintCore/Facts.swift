/// What one file tells a project rule: the rule's own `Sendable` value type, with typed fields
/// (locations, flags, lists, versions). The engine collects one value per file (in parallel),
/// keeps the non-empty ones and appends them per project in file order, so `finish` sees one
/// merged value (`ProjectContext.facts(of:)`).
///
/// `Equatable` gives `isEmpty` for free (a value equal to `init()`), so the engine drops the many
/// files that record nothing without each type listing its fields twice.
public protocol ProjectFacts: Sendable, Equatable {
    /// No facts.
    init()
    /// Appends the facts of a later file: every field, lists in order.
    mutating func append(_ later: Self)
}

extension ProjectFacts {
    /// True when nothing was recorded.
    public var isEmpty: Bool { self == Self() }
}

/// Where a fact was seen: the location and length of a code token, to report at or point to later.
public struct FactLocation: Sendable, Hashable {
    public var location: Location
    public var length: Int
    /// Just past the recorded text; nil when recorded without the file's text.
    public var end: SourcePosition?
    /// See `Diagnostic.anchor`: the bytes naming a finding reported here, when narrower.
    public var anchor: Range<Int>? = nil

    public init(location: Location, length: Int = 0, end: SourcePosition? = nil) {
        self.location = location
        self.length = length
        self.end = end
    }
}

extension RuleContext {
    /// Where code token `index` is, for a fact.
    public func factLocation(at index: Int) -> FactLocation {
        let token = file.code[index]
        let location = file.location(ofOffset: Int(token.start))
        return FactLocation(location: location, length: Int(token.length), end: file.end(of: location, length: Int(token.length)))
    }

    /// Where code tokens `first` through `last` are (a whole construct, across lines), for a fact;
    /// `anchor`: the token that names a finding reported there (see `Diagnostic.anchor`).
    public func factLocation(from first: Int, through last: Int, anchor: Int? = nil) -> FactLocation {
        let start = Int(file.code[first].start)
        let length = max(start, Int(file.code[max(first, last)].end)) - start
        let location = file.location(ofOffset: start)
        var site = FactLocation(location: location, length: length, end: file.end(of: location, length: length))
        site.anchor = anchor.map { Int(file.code[$0].start)..<Int(file.code[$0].end) }
        return site
    }
}

/// The merged facts of one project that one rule may read: its own and those of the rules in its
/// `readsFactsOf`, keyed by the recording rule's type. The engine fills one per rule and project;
/// tests build their own.
public struct FactTable: Sendable {
    private var byRule: [ObjectIdentifier: any ProjectFacts] = [:]

    public init() {}

    /// Makes `facts` (a value of `rule.Facts`) the facts recorded by `rule`.
    public mutating func set(_ facts: any ProjectFacts, of rule: any ProjectRule.Type) {
        assert(type(of: facts) == rule.factsType, "facts of \(type(of: facts)) given as \(rule)'s")
        byRule[ObjectIdentifier(rule)] = facts
    }

    /// The facts recorded by `rule`; nil when the table has no entry for it (the rule did not
    /// declare it reads them).
    public func facts<R: ProjectRule>(of rule: R.Type) -> R.Facts? {
        guard let facts = byRule[ObjectIdentifier(rule)] else { return nil }
        return facts as? R.Facts
    }
}

extension ProjectRule {
    /// `Facts`, for checks on erased values.
    static var factsType: any ProjectFacts.Type { Facts.self }
}
