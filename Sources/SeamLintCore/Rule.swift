/// A rule that looks at one file at a time.
///
/// Rules are value types with no state: `check` may run on many files at once.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Identifiers that must appear in a file for this rule to have anything to say
    /// (a cheap pre-scan skips the rule elsewhere). Empty: always run.
    static var triggerWords: [String] { get }
    func check(_ context: inout RuleContext)
}

extension Rule {
    public static var triggerWords: [String] { [] }
}

/// A rule whose verdict depends on other files: it records facts per file (in parallel) and
/// decides at the end. Its facts are collected when it is enabled or an enabled rule reads them.
public protocol ProjectRule: Rule {
    /// What one file contributes: the rule's own value type (see `ProjectFacts`). `finish` reads the
    /// project's merged value with `context.facts(of: Self.self)`.
    associatedtype Facts: ProjectFacts
    /// Other project rules whose facts `finish` reads as well, with `context.facts(of: Other.self)`
    /// (their collectors then run even when those rules are off). Reading the facts of a rule not
    /// listed here fails an assertion, whether or not that rule is enabled.
    static var readsFactsOf: [any ProjectRule.Type] { get }
    /// Words that must appear in a file (Swift or Objective-C) for `collectFacts` to record
    /// anything there; a cheap pre-scan skips the collector elsewhere. Empty: every file.
    static var factTriggerWords: [String] { get }
    /// The same for `collectObjectiveCFacts` on an Objective-C file; `factTriggerWords` unless the
    /// rule says otherwise (its Objective-C facts may need fewer words than its Swift ones).
    static var objectiveCFactTriggerWords: [String] { get }
    /// Facts this file contributes to the project. Runs for every file (that mentions a
    /// `factTriggerWords` word, when there are any).
    func collectFacts(_ context: RuleContext, into facts: inout Facts)
    /// The same for an Objective-C file; called only for rules that adopt `ObjectiveCRule`.
    func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts)
    /// Emits diagnostics once all files' facts are known.
    func finish(_ context: inout ProjectContext)
    /// For rules that report nothing without some rare fact (an opaque scroll-edge appearance, an
    /// instance `dismantle…`): `collectFacts` records that fact (and what other rules read), and
    /// `collectDeferredFacts` the rest, in a second pass over the Swift files of the projects whose
    /// first-pass facts `needsDeferredFacts` accepts (appended to each file's first-pass facts).
    /// Most projects never pay for the rest.
    static var defersFacts: Bool { get }
    static func needsDeferredFacts(_ firstPass: Facts) -> Bool
    func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts)
    /// Which Swift files the second pass reads, given the project's facts so far (the first pass
    /// and the deferred facts of earlier rounds): those that mention one of these words outside
    /// comments (a name in a comment is no use, declaration or call of it). Nil: every
    /// Swift file of the project, in one round. A word of several names separated by spaces needs
    /// them all. The engine reads, in rounds, the files not yet read
    /// that mention a word new to the round, until a round brings no new word. A rule returns the
    /// words any deferred fact that could change its findings must spell (a name it follows), so
    /// the files left unread could only have added facts `finish` ignores. `collectDeferredFacts`
    /// must not depend on the round.
    ///
    /// `searched`: the words the earlier rounds in this project looked for (empty in round 1). Every
    /// Swift file of the project that spells one of them has been read for this rule, so `facts`
    /// already hold whatever such a file records: a name among them that no deferred fact mentions
    /// is mentioned by none a further file could add. A rule may use that to leave out words whose
    /// answer is already decided.
    static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]?
    /// True when `collectDeferredFacts` records only what the first pass left out (it returns at
    /// once where `firstPassCollects`): the second pass then never reads a file whose first pass
    /// ran `collectFacts` for this rule.
    static var deferredFactsComplementFirstPass: Bool { get }
}

extension ProjectRule {
    public func check(_ context: inout RuleContext) {}
    public static var factTriggerWords: [String] { [] }
    public static var objectiveCFactTriggerWords: [String] { factTriggerWords }
    public static var readsFactsOf: [any ProjectRule.Type] { [] }
    public func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts) {}
    public static var defersFacts: Bool { false }
    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool { true }
    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {}
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? { nil }
    public static var deferredFactsComplementFirstPass: Bool { false }

    /// Whether the first pass collected this Swift file's facts (it spells one of
    /// `factTriggerWords`, as the engine checks): a deferred collector that records only what the
    /// first pass left out returns at once for such a file, so no fact is recorded twice.
    public static func firstPassCollects(_ file: SourceFile) -> Bool {
        factTriggerWords.contains { file.mentions(Array($0.utf8)) }
    }
}

/// Where a deployment target came from, for messages and `--verbose`.
public struct DeploymentTarget: Sendable, Hashable {
    public var version: Version?
    /// "Package.swift", "App.xcodeproj/project.pbxproj", "--ios-deployment-target" … or nil when unknown.
    public var source: String?
    /// False when the governing manifest builds for other platforms only (a macOS-only Xcode
    /// project or XcodeGen spec): iOS-only findings do not apply to its files.
    public var buildsForIOS: Bool

    public init(version: Version?, source: String?, buildsForIOS: Bool = true) {
        self.version = version
        self.source = source
        self.buildsForIOS = buildsForIOS
    }

    public static let unknown = DeploymentTarget(version: nil, source: nil)

    /// Text for messages when the target is unknown.
    public static let unknownHint = "the iOS deployment target was not found (set `ios_deployment_target` in .seamlint.json or pass --ios-deployment-target)"
}

/// What a rule sees while checking one file, and where it reports.
public struct RuleContext {
    public let file: SourceFile
    public let ruleID: String
    public let severity: Severity
    /// The rule's declared options as configured (`rules: { id: { option: value } }`), checked
    /// against their kinds; unset ones read as their defaults.
    public let options: RuleOptions
    public let deploymentTarget: DeploymentTarget
    /// True for test sources (in a `…Tests` folder, or named `…Test`/`…Tests`; see `TestFileDetector`).
    public let isTestFile: Bool
    /// True for a test file the rule should skip: tests run with a single scene and window, so
    /// lookup rules leave them alone unless their option `include_tests` (`RuleOption.includeTests`,
    /// which such a rule declares) is true.
    public var skipsTestFile: Bool { isTestFile && !options.bool(.includeTests) }
    /// How many scenes the app that builds this file can have (its Info.plist).
    public let appScenes: AppScenes
    public internal(set) var diagnostics: [Diagnostic] = []

    public init(file: SourceFile, ruleID: String, severity: Severity, options: RuleOptions = RuleOptions(),
                deploymentTarget: DeploymentTarget = .unknown, isTestFile: Bool = false, appScenes: AppScenes = .unknown) {
        self.file = file
        self.ruleID = ruleID
        self.severity = severity
        self.options = options
        self.deploymentTarget = deploymentTarget
        self.isTestFile = isTestFile
        self.appScenes = appScenes
    }

    /// Lowers the severity of the diagnostic reported last (a finding that does not bite in this
    /// app today, such as a scene lookup in a single-scene app).
    public mutating func lowerLastSeverity(to severity: Severity) {
        guard !diagnostics.isEmpty else { return }
        diagnostics[diagnostics.count - 1].severity = min(severity, diagnostics[diagnostics.count - 1].severity)
    }

    /// Reports a finding at code token `index` (`length` bytes from its start, the token by default).
    /// `message` is the headline (what is wrong), `help` what to write instead.
    /// `decidedBy`: code tokens outside the flagged text that decided the finding (see `Diagnostic.decidedBy`).
    public mutating func report(at index: Int, _ message: String, help: String? = nil, length: Int? = nil,
                                related: [RelatedLocation] = [], decidedBy: [Int] = [], fix: [Edit] = []) {
        let token = file.code[index]
        append(start: Int(token.start), length: length ?? Int(token.length), message, help: help, related: related,
               decidedBy: decidedBy, fix: fix)
    }

    /// Reports a finding spanning code tokens `first` through `last` (across lines): the whole
    /// construct a reader must change. The primary position is the start of `first`. `anchor`:
    /// the token that names the finding for its content fingerprint (see `Diagnostic.anchor`).
    public mutating func report(from first: Int, through last: Int, anchor: Int? = nil, _ message: String,
                                help: String? = nil, related: [RelatedLocation] = [], decidedBy: [Int] = [],
                                fix: [Edit] = []) {
        let start = Int(file.code[first].start)
        let end = max(start, Int(file.code[max(first, last)].end))
        let anchorRange = anchor.map { Int(file.code[$0].start)..<Int(file.code[$0].end) }
        append(start: start, length: end - start, message, help: help, related: related, decidedBy: decidedBy, fix: fix,
               anchor: anchorRange)
    }

    private mutating func append(start: Int, length: Int, _ message: String, help: String?,
                                 related: [RelatedLocation], decidedBy: [Int], fix: [Edit], anchor: Range<Int>? = nil) {
        let location = file.location(ofOffset: start)
        var diagnostic = Diagnostic(ruleID: ruleID, severity: severity, message: message, help: help,
                                    location: location, length: length,
                                    end: file.end(of: location, length: length), related: related, fix: fix)
        diagnostic.decidedBy = decidedBy.map { file.location(ofOffset: Int(file.code[$0].start)) }
        diagnostic.anchor = anchor
        diagnostics.append(diagnostic)
    }
}

/// What a project rule sees once every file has been read.
public struct ProjectContext {
    public let ruleID: String
    public let severity: Severity
    public let options: RuleOptions
    /// The project-level deployment target (lowest found), for messages.
    public let deploymentTarget: DeploymentTarget
    /// How many scenes the project's app can have (its Info.plist).
    public let appScenes: AppScenes
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The project's merged facts of this rule and of the rules in its `readsFactsOf`.
    private let facts: FactTable

    public init(ruleID: String, severity: Severity, options: RuleOptions = RuleOptions(), facts: FactTable = FactTable(),
                deploymentTarget: DeploymentTarget = .unknown, appScenes: AppScenes = .unknown) {
        self.ruleID = ruleID
        self.severity = severity
        self.options = options
        self.facts = facts
        self.deploymentTarget = deploymentTarget
        self.appScenes = appScenes
    }

    /// Lowers the severity of the diagnostic reported last (see `RuleContext.lowerLastSeverity`).
    public mutating func lowerLastSeverity(to severity: Severity) {
        guard !diagnostics.isEmpty else { return }
        diagnostics[diagnostics.count - 1].severity = min(severity, diagnostics[diagnostics.count - 1].severity)
    }

    /// What `rule` recorded in this project's files, merged in file order. `rule` is this rule or
    /// one of its `readsFactsOf`: an undeclared read would work only while the other rule happens to
    /// be enabled, so it fails an assertion (and reads nothing in a release build).
    public func facts<R: ProjectRule>(of rule: R.Type) -> R.Facts {
        if let recorded = facts.facts(of: rule) { return recorded }
        assertionFailure("`\(ruleID)` reads the facts of `\(R.description.id)` but does not list \(R.self) in `readsFactsOf`")
        return R.Facts()
    }

    /// Reports at a fact's location.
    public mutating func report(at site: FactLocation, _ message: String, help: String? = nil,
                                related: [RelatedLocation] = [], decidedBy: [FactLocation] = [], fix: [Edit] = []) {
        var diagnostic = Diagnostic(ruleID: ruleID, severity: severity, message: message, help: help,
                                    location: site.location, length: site.length, end: site.end, related: related, fix: fix)
        diagnostic.anchor = site.anchor
        diagnostic.decidedBy = decidedBy.map(\.location)
        diagnostics.append(diagnostic)
    }
}
