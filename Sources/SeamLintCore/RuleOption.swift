/// An option a rule declares in its `RuleDescription`: configured as
/// `rules: { id: { name: value } }` in `.seamlint.json`, checked against its kind there (an unknown
/// name or a wrong type stops the run), listed in the JSON Schema and the rule reference, and read
/// typed by the rule: `context.options.bool(.includeTests)`.
public struct RuleOption: Sendable, Hashable {
    /// What values an option takes.
    public enum Kind: Sendable, Hashable {
        case bool
        case int
        case string
        /// An array of strings.
        case strings
        /// One of these strings.
        case choice([String])
    }

    /// `snake_case`; never `severity`, which every rule takes.
    public let name: String
    public let kind: Kind
    /// What the rule sees when the configuration does not set the option.
    public let defaultValue: RuleOptionValue
    /// One line for the schema and the rule reference.
    public let summary: String

    private init(name: String, kind: Kind, defaultValue: RuleOptionValue, summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    public static func bool(_ name: String, default value: Bool = false, summary: String) -> RuleOption {
        RuleOption(name: name, kind: .bool, defaultValue: .bool(value), summary: summary)
    }

    public static func int(_ name: String, default value: Int, summary: String) -> RuleOption {
        RuleOption(name: name, kind: .int, defaultValue: .int(value), summary: summary)
    }

    public static func string(_ name: String, default value: String, summary: String) -> RuleOption {
        RuleOption(name: name, kind: .string, defaultValue: .string(value), summary: summary)
    }

    public static func strings(_ name: String, default value: [String] = [], summary: String) -> RuleOption {
        RuleOption(name: name, kind: .strings, defaultValue: .strings(value), summary: summary)
    }

    /// `value` must be one of `choices`.
    public static func choice(_ name: String, among choices: [String], default value: String, summary: String) -> RuleOption {
        precondition(choices.contains(value), "the default of option '\(name)' is not one of its choices")
        return RuleOption(name: name, kind: .choice(choices), defaultValue: .string(value), summary: summary)
    }

    /// Whether `value` is of this option's kind (and, for a choice, one of its strings).
    public func accepts(_ value: RuleOptionValue) -> Bool {
        switch (kind, value) {
        case (.bool, .bool), (.int, .int), (.string, .string), (.strings, .strings): true
        case (.choice(let choices), .string(let text)): choices.contains(text)
        default: false
        }
    }
}

extension RuleOption {
    /// Shared by the rules that leave test files alone (see `RuleContext.skipsTestFile`).
    public static let includeTests = RuleOption.bool(
        "include_tests", summary: "Lint test files too; tests run with a single scene and window, so by default they are skipped.")
}

/// A configured option value, already checked against its option's kind.
public enum RuleOptionValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    /// Also the value of a `choice` option.
    case string(String)
    case strings([String])
}

/// The options one rule sees for one file: configured values by name, and for everything else the
/// declared default.
public struct RuleOptions: Sendable, Hashable {
    public private(set) var values: [String: RuleOptionValue]

    public init(_ values: [String: RuleOptionValue] = [:]) { self.values = values }

    public var isEmpty: Bool { values.isEmpty }

    public subscript(name: String) -> RuleOptionValue? { values[name] }

    /// Sets `option` (whose kind `value` must have).
    public mutating func set(_ option: RuleOption, to value: RuleOptionValue) {
        precondition(option.accepts(value), "a \(value) does not fit option '\(option.name)'")
        values[option.name] = value
    }

    /// These options with `other`'s values winning.
    public func merging(_ other: RuleOptions) -> RuleOptions {
        RuleOptions(values.merging(other.values) { $1 })
    }

    /// The value of `option`; the kind-specific readers below are what rules call.
    public func value(_ option: RuleOption) -> RuleOptionValue { values[option.name] ?? option.defaultValue }

    public func bool(_ option: RuleOption) -> Bool {
        if case .bool(let flag) = value(option) { return flag }
        return mismatch(option, false)
    }

    public func int(_ option: RuleOption) -> Int {
        if case .int(let number) = value(option) { return number }
        return mismatch(option, 0)
    }

    /// The value of a `string` or `choice` option.
    public func string(_ option: RuleOption) -> String {
        if case .string(let text) = value(option) { return text }
        return mismatch(option, "")
    }

    public func strings(_ option: RuleOption) -> [String] {
        if case .strings(let list) = value(option) { return list }
        return mismatch(option, [])
    }

    /// A rule asked for an option with the reader of another kind: a bug in the rule, caught by its
    /// tests; release builds go on with an empty value.
    private func mismatch<Value>(_ option: RuleOption, _ fallback: Value) -> Value {
        assertionFailure("option '\(option.name)' is not read as its declared kind")
        return fallback
    }
}
