import SeamLintCore

/// One collector's facts from one file (`collector`: its position in the linter's `factCollectors`).
struct CollectedFacts: Sendable {
    var collector: Int
    var facts: any ProjectFacts
}

extension [CollectedFacts] {
    /// Adds `later` (a later pass over the same file): a collector's facts stay one value per file.
    mutating func append(sameFile later: [CollectedFacts]) {
        for entry in later {
            if let position = firstIndex(where: { $0.collector == entry.collector }) {
                self[position].facts.append(erased: entry.facts)
            } else {
                append(entry)
            }
        }
    }
}

/// Each collector's facts in one project, appended in file order (nil: none recorded).
struct ProjectFactsByCollector: Sendable {
    private(set) var values: [(any ProjectFacts)?]

    init(collectors: Int) { values = [(any ProjectFacts)?](repeating: nil, count: collectors) }

    /// Makes `facts` the value of `collector` (merged elsewhere, in file order).
    mutating func set(_ collector: Int, _ facts: (any ProjectFacts)?) { values[collector] = facts }

    /// Appends one file's facts (files must come in file order), of the collectors `included` accepts.
    mutating func add(_ file: [CollectedFacts], of included: (Int) -> Bool = { _ in true }) {
        for entry in file where included(entry.collector) {
            if values[entry.collector] == nil {
                values[entry.collector] = entry.facts
            } else {
                values[entry.collector]!.append(erased: entry.facts)
            }
        }
    }
}

extension ProjectRule {
    /// This file's facts (`collectFacts`, or `collectObjectiveCFacts` for Objective-C files), boxed
    /// once per file and collector; nil when it records none (most files for most collectors).
    static func collectFileFacts(_ context: RuleContext) -> (any ProjectFacts)? {
        var facts = Facts()
        if context.file.language == .swift {
            Self().collectFacts(context, into: &facts)
        } else {
            Self().collectObjectiveCFacts(context, into: &facts)
        }
        return facts.isEmpty ? nil : facts
    }

    /// The second pass's facts of a Swift file (`collectDeferredFacts`); nil when none.
    static func collectDeferredFileFacts(_ context: RuleContext) -> (any ProjectFacts)? {
        var facts = Facts()
        Self().collectDeferredFacts(context, into: &facts)
        return facts.isEmpty ? nil : facts
    }

    /// `needsDeferredFacts` for a project's merged first-pass facts (nil: none recorded).
    static func needsDeferredFacts(erased firstPass: (any ProjectFacts)?) -> Bool {
        needsDeferredFacts(firstPass.map { $0 as! Facts } ?? Facts())
    }

    /// `deferredTriggerWords` for a project's merged facts so far (nil: none recorded).
    static func deferredTriggerWords(erased facts: (any ProjectFacts)?, searched: Set<String>) -> [String]? {
        deferredTriggerWords(facts.map { $0 as! Facts } ?? Facts(), searched: searched)
    }

    /// `deferredInput` for a project's merged first-pass facts (nil: none recorded).
    static func deferredInput(erased firstPass: (any ProjectFacts)?) -> [String] {
        deferredInput(firstPass.map { $0 as! Facts } ?? Facts())
    }

    /// An empty `Facts`, for a rule that recorded nothing in a project.
    static var noFacts: any ProjectFacts { Facts() }
}

extension ProjectFacts {
    /// `append` for a value the engine holds erased (always a `Self`: one collector's facts).
    mutating func append(erased later: any ProjectFacts) {
        append(later as! Self)
    }

    /// `==` for a value the engine holds erased: false for facts of another collector.
    func isEqual(erased other: any ProjectFacts) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
