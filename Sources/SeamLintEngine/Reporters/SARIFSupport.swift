import SeamLintCore

/// A rule as SARIF describes it; bare (id and level only) for a rule the context does not list.
struct SARIFRule {
    var id: String
    /// UpperCamelCase of the id: SARIF's "understandable to an end user" name.
    var name: String
    var severity: Severity
    var summary: String?
    var rationale: String?
    var documentation: [String]

    init(_ rule: RuleDescription) {
        id = rule.id
        name = SARIFRule.camelCase(rule.id)
        severity = rule.severity
        summary = rule.summary
        rationale = rule.rationale
        documentation = rule.documentation
    }

    init(id: String, severity: Severity) {
        self.id = id
        name = SARIFRule.camelCase(id)
        self.severity = severity
        documentation = []
    }

    static func camelCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// Where a file is, in SARIF terms: relative to `%SRCROOT%` when under it, else absolute.
struct SARIFArtifact {
    static let rootID = "%SRCROOT%"

    var uri: String
    var isUnderRoot: Bool

    init(file: String, context: ReportContext) {
        let absolute = context.absolutePath(of: file)
        let relative = PathNames.displayPath(absolute, workingDirectory: context.sarifRoot)
        isUnderRoot = !relative.hasPrefix("/")
        uri = isUnderRoot ? URIEncoding.encode(relative) : URIEncoding.fileURI(absolute)
    }

    var value: JSONValue {
        var members: JSONObject = ["uri": .string(uri)]
        if isUnderRoot { members["uriBaseId"] = .string(SARIFArtifact.rootID) }
        return .object(members)
    }
}
