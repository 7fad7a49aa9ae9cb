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
    /// Other project rules whose facts `finish` reads as well (their collectors then run even
    /// when those rules are off).
    static var readsFactsOf: [any ProjectRule.Type] { get }
    /// Words that must appear in a file (Swift or Objective-C) for `collectFacts` to record
    /// anything there; a cheap pre-scan skips the collector elsewhere. Empty: every file.
    static var factTriggerWords: [String] { get }
    /// Facts this file contributes to the project. Runs for every file (that mentions a
    /// `factTriggerWords` word, when there are any).
    func collectFacts(_ context: inout RuleContext)
    /// Emits diagnostics once all files' facts are known.
    func finish(_ context: inout ProjectContext)
    /// For rules that report nothing without some rare fact (an opaque scroll-edge appearance, an
    /// instance `dismantle…`): `collectFacts` records that fact (and what other rules read), and
    /// `collectDeferredFacts` the rest, in a second pass over the Swift files of the projects whose
    /// first-pass facts `needsDeferredFacts` accepts. Most projects never pay for the rest.
    static var defersFacts: Bool { get }
    static func needsDeferredFacts(_ context: ProjectContext) -> Bool
    func collectDeferredFacts(_ context: inout RuleContext)
}

extension ProjectRule {
    public func check(_ context: inout RuleContext) {}
    public static var factTriggerWords: [String] { [] }
    public static var readsFactsOf: [any ProjectRule.Type] { [] }
    public static var defersFacts: Bool { false }
    public static func needsDeferredFacts(_ context: ProjectContext) -> Bool { true }
    public func collectDeferredFacts(_ context: inout RuleContext) {}
}

/// Project-wide knowledge recorded per file: "a UIWindow subclass watches
/// `_UIContextMenuContainerView` here", "a Menu is opened here". Kinds are namespaced strings.
public struct Fact: Sendable, Hashable {
    public var kind: String
    public var location: Location
    public var length: Int
    /// Just past the recorded text; nil when recorded without the file's text.
    public var end: SourcePosition?
    /// Free-form details (`"type": "MenuWindow"`, `"gated": "true"`).
    public var details: [String: String]
    /// The iOS deployment target that governs the fact's file.
    public var iosDeploymentTarget: Version?

    public init(kind: String, location: Location, length: Int = 0, end: SourcePosition? = nil,
                details: [String: String] = [:], iosDeploymentTarget: Version? = nil) {
        self.kind = kind
        self.location = location
        self.length = length
        self.end = end
        self.details = details
        self.iosDeploymentTarget = iosDeploymentTarget
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
    public internal(set) var diagnostics: [Diagnostic] = []
    public internal(set) var facts: [Fact] = []

    public init(file: SourceFile, ruleID: String, severity: Severity, options: RuleOptions = RuleOptions(),
                deploymentTarget: DeploymentTarget = .unknown, isTestFile: Bool = false) {
        self.file = file
        self.ruleID = ruleID
        self.severity = severity
        self.options = options
        self.deploymentTarget = deploymentTarget
        self.isTestFile = isTestFile
    }

    /// Reports a finding at code token `index`.
    public mutating func report(at index: Int, _ message: String, length: Int? = nil,
                                related: [RelatedLocation] = [], fix: [Edit] = []) {
        let token = file.code[index]
        let location = file.location(ofOffset: Int(token.start))
        let length = length ?? Int(token.length)
        diagnostics.append(Diagnostic(ruleID: ruleID, severity: severity, message: message, location: location,
                                      length: length, end: file.end(of: location, length: length), related: related, fix: fix))
    }

    /// Records a project fact at code token `index`.
    public mutating func record(_ kind: String, at index: Int, details: [String: String] = [:]) {
        let token = file.code[index]
        let location = file.location(ofOffset: Int(token.start))
        facts.append(Fact(kind: kind, location: location, length: Int(token.length),
                          end: file.end(of: location, length: Int(token.length)), details: details, iosDeploymentTarget: deploymentTarget.version))
    }
}

/// What a project rule sees once every file has been read.
public struct ProjectContext {
    public let ruleID: String
    public let severity: Severity
    public let options: RuleOptions
    /// All facts of all files, in file order.
    public let facts: [Fact]
    /// The project-level deployment target (lowest found), for messages.
    public let deploymentTarget: DeploymentTarget
    public internal(set) var diagnostics: [Diagnostic] = []
    /// `facts` grouped by kind, each group in file order.
    private let factsByKind: [String: [Fact]]

    /// `factsByKind`, when given, must be `facts` grouped by kind (the engine groups them once per
    /// project for all rules).
    public init(ruleID: String, severity: Severity, options: RuleOptions = RuleOptions(), facts: [Fact],
                factsByKind: [String: [Fact]]? = nil, deploymentTarget: DeploymentTarget = .unknown) {
        self.ruleID = ruleID
        self.severity = severity
        self.options = options
        self.facts = facts
        self.factsByKind = factsByKind ?? Dictionary(grouping: facts, by: \.kind)
        self.deploymentTarget = deploymentTarget
    }

    /// Facts of one kind, in file order.
    public func facts(_ kind: String) -> [Fact] { factsByKind[kind] ?? [] }

    /// Reports at a fact's location.
    public mutating func report(at fact: Fact, _ message: String, related: [RelatedLocation] = [], fix: [Edit] = []) {
        diagnostics.append(Diagnostic(ruleID: ruleID, severity: severity, message: message, location: fact.location,
                                      length: fact.length, end: fact.end, related: related, fix: fix))
    }
}
