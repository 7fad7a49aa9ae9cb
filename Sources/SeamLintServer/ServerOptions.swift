import SeamLintCore
import SeamLintEngine

/// What `lint server` was started with: the rule registry and the command-line options that shape
/// linting (the configuration files are read from the workspace root, as `lint` run there would).
public struct ServerOptions: Sendable {
    /// Every registered rule.
    public var allRules: [any Rule.Type]
    /// `--config`, `--no-config`, `--only-rule`, `--disable-rule`, `--enable-all-rules`, flags' options.
    public var overrides = ProjectConfiguration.Overrides()
    /// Reporter ids the configuration's `reporter` key may name.
    public var reporterIDs: [String] = []
    /// libclang path, limits and worker executable; whether Objective-C is linted is decided by
    /// `objectiveCOverride`, else the configuration's `objc`, else yes.
    public var objectiveC = ObjectiveCOptions()
    /// `--objc` (true) or `--no-objc` (false).
    public var objectiveCOverride: Bool?
    public var iosDeploymentTarget: DeploymentTarget?
    public var workers = 0
    public var maximumFileSize = SourceReader.defaultMaximumSize
    public var followSymlinks = false
    public var toolVersion = "0"
    /// A rule's documentation is at this prefix followed by its id.
    public var ruleDocumentationBase = ReportContext.defaultRuleDocumentationBase
    /// Where a folder to lint comes from when the client names no workspace (`rootUri` null).
    public var defaultRoot: String?

    public init(allRules: [any Rule.Type]) { self.allRules = allRules }
}
