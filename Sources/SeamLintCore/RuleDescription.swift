/// A rule example: source text where `↓` marks each position a diagnostic must start at
/// (triggering examples) or source that must produce nothing (non-triggering ones).
public struct Example: Sendable {
    public var code: String
    /// The language of the example; Objective-C examples run through libclang.
    public var language: SourceLanguage
    /// For project rules: other files linted together with this one (no markers).
    public var companions: [String]
    /// The deployment target the example is linted with, when it matters.
    public var iosDeploymentTarget: Version?
    /// Pretend file name (test-file rules look at it).
    public var fileName: String
    public var sourceFile: StaticString
    public var sourceLine: UInt

    public init(_ code: String, language: SourceLanguage = .swift, companions: [String] = [],
                iosDeploymentTarget: Version? = nil, fileName: String? = nil,
                file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.language = language
        self.companions = companions
        self.iosDeploymentTarget = iosDeploymentTarget
        self.fileName = fileName ?? (language == .swift ? "Example.swift" : "Example.m")
        self.sourceFile = file
        self.sourceLine = line
    }
}

public enum SourceLanguage: String, Sendable, Codable {
    case swift, objectiveC
}

/// A rule's metadata: everything the docs, `lint rules`, `lint explain` and reporters show.
public struct RuleDescription: Sendable {
    /// `snake_case`, named after what the rule flags.
    public var id: String
    /// One line.
    public var summary: String
    /// Markdown in three sections: what it does, why it bites, what to write instead.
    public var rationale: String
    /// Apple documentation or release notes, when they exist.
    public var documentation: [String]
    public var severity: Severity
    public var isOptIn: Bool
    public var isFixable: Bool
    /// What the rule may be configured with besides `severity`; read through `RuleContext.options`.
    public var options: [RuleOption]
    public var triggering: [Example]
    public var nonTriggering: [Example]
    /// Before/after pairs for fixable rules (`↓` markers are ignored in the before text).
    public var corrections: [(before: String, after: String)]

    public init(id: String, summary: String, rationale: String, documentation: [String] = [],
                severity: Severity, isOptIn: Bool = false, isFixable: Bool = false, options: [RuleOption] = [],
                triggering: [Example], nonTriggering: [Example],
                corrections: [(before: String, after: String)] = []) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.documentation = documentation
        self.severity = severity
        self.isOptIn = isOptIn
        self.isFixable = isFixable
        self.options = options
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }
}

/// A dotted version such as `16.4`; missing components compare as zero.
public struct Version: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var components: [Int]

    public init(_ components: Int...) { self.components = components }
    public init(components: [Int]) { self.components = components }
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard let value = Int(part), value >= 0 else { return nil }
            components.append(value)
        }
        guard !components.isEmpty, components.count <= 3 else { return nil }
        self.components = components
    }

    public var major: Int { components.first ?? 0 }
    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }
    public static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
