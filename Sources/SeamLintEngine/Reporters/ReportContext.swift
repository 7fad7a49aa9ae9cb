import SeamLintCore

/// What reporters need besides the diagnostics.
public struct ReportContext: Sendable {
    public static let defaultRuleDocumentationBase =
        "https://github.com/seamlint/seamlint/blob/main/Rules/README.md#"

    /// Every rule that ran (SARIF `tool.driver.rules`, the summary).
    public var rules: [RuleDescription]
    public var toolVersion: String
    /// The absolute folder `%SRCROOT%` stands for in SARIF; artifact URIs are relative to it.
    public var sarifRoot: String
    /// The folder relative diagnostic paths are relative to.
    public var workingDirectory: String
    /// A rule's documentation is at this prefix followed by its id.
    public var ruleDocumentationBase: String
    /// `--verbose`: the Xcode format adds each finding's help as a `note:` line.
    public var verbose: Bool

    /// `workingDirectory` defaults to the current directory, `sarifRoot` to `workingDirectory`.
    public init(rules: [RuleDescription] = [], toolVersion: String, workingDirectory: String? = nil,
                sarifRoot: String? = nil, ruleDocumentationBase: String = ReportContext.defaultRuleDocumentationBase,
                verbose: Bool = false) {
        let workingDirectory = PathNames.standardize(workingDirectory ?? FileSystem.currentDirectory(), relativeTo: "/")
        self.rules = rules
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
        self.sarifRoot = PathNames.standardize(sarifRoot ?? workingDirectory, relativeTo: workingDirectory)
        self.ruleDocumentationBase = ruleDocumentationBase
        self.verbose = verbose
    }

    /// The documentation address of a rule.
    public func documentationURL(forRule id: String) -> String {
        ruleDocumentationBase + URIEncoding.encode(id)
    }

    /// A diagnostic's file as a standardized absolute path.
    func absolutePath(of file: String) -> String {
        PathNames.standardize(file, relativeTo: workingDirectory)
    }
}
