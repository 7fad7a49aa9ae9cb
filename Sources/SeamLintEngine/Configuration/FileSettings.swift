import SeamLintCore

/// The rule settings that govern one file: the configuration files above it, refined folder by
/// folder, with command-line flags applied last. Shared by every file of a folder.
public struct FileSettings: Sendable, Equatable {
    /// The rules that run on the file.
    public var enabledRuleIDs: Set<String>
    /// Severity per rule id where configuration overrides the rule's default.
    public var severities: [String: Severity]
    /// Configured option values per rule id.
    public var ruleOptions: [String: RuleOptions]
    /// From `ios_deployment_target`; nil leaves the target to the manifests (or the command line).
    public var iosDeploymentTarget: DeploymentTarget?

    public init(enabledRuleIDs: Set<String>, severities: [String: Severity] = [:],
                ruleOptions: [String: RuleOptions] = [:], iosDeploymentTarget: DeploymentTarget? = nil) {
        self.enabledRuleIDs = enabledRuleIDs
        self.severities = severities
        self.ruleOptions = ruleOptions
        self.iosDeploymentTarget = iosDeploymentTarget
    }

    /// The defaults: every rule that is not opt-in, at its own severity.
    public static func defaults(for rules: [any Rule.Type]) -> FileSettings {
        FileSettings(enabledRuleIDs: Set(rules.filter { !$0.description.isOptIn }.map { $0.description.id }))
    }

    public func isEnabled(_ id: String) -> Bool { enabledRuleIDs.contains(id) }

    /// The configured severity of rule `id`, else `fallback` (asked per rule per file: an empty
    /// table is answered without hashing the id).
    func severity(of id: String, default fallback: Severity) -> Severity {
        severities.isEmpty ? fallback : severities[id] ?? fallback
    }

    /// The configured options of rule `id`.
    func options(of id: String) -> RuleOptions {
        ruleOptions.isEmpty ? RuleOptions() : ruleOptions[id] ?? RuleOptions()
    }

    public func severity(of rule: any Rule.Type) -> Severity {
        severities[rule.description.id] ?? rule.description.severity
    }

    /// The same settings with nothing enabled: the file still contributes project facts
    /// (changed-files mode keeps the whole project's facts) but reports nothing.
    public var factsOnly: FileSettings {
        var copy = self
        copy.enabledRuleIDs = []
        return copy
    }

    /// The same settings with only the rules among `ids` left enabled.
    public func restricted(to ids: Set<String>) -> FileSettings {
        var copy = self
        copy.enabledRuleIDs.formIntersection(ids)
        return copy
    }
}

extension FileSettings {
    /// A project rule decides once for the whole project; each of its findings then follows the
    /// settings of the file it points at: dropped where the rule is off, at that file's severity.
    /// `bySettings` is keyed by display path; empty when one set of settings covers the run.
    /// `reportedAt` is the severity the rule reported at: a finding the rule lowered below it (a
    /// note in a single-scene app) stays lowered, whatever the file's severity.
    static func scope(_ diagnostics: [Diagnostic], of rule: any Rule.Type, bySettings: [String: FileSettings],
                      reportedAt: Severity) -> [Diagnostic] {
        guard !bySettings.isEmpty else { return diagnostics }
        let id = rule.description.id
        return diagnostics.compactMap { diagnostic in
            guard let settings = bySettings[diagnostic.location.file] else { return diagnostic }
            guard settings.isEnabled(id) else { return nil }
            var scoped = diagnostic
            let configured = settings.severity(of: rule)
            scoped.severity = diagnostic.severity < reportedAt ? min(diagnostic.severity, configured) : configured
            return scoped
        }
    }
}

extension FileSettings {
    /// These settings refined by one file: `only` replaces the enabled set, `opt_in` adds to it,
    /// `"off"` removes; severities and options override key by key; the nearest target wins.
    func refined(by file: ConfigurationFile, allIDs: [String]) -> FileSettings {
        var result = self
        if let only = file.only { result.enabledRuleIDs = Set(only) }
        switch file.optIn {
        case .all: result.enabledRuleIDs.formUnion(allIDs)
        case .ids(let ids): result.enabledRuleIDs.formUnion(ids)
        case nil: break
        }
        for (id, setting) in file.rules {
            if setting.level == .off { result.enabledRuleIDs.remove(id) }
            if let severity = setting.level?.severity { result.severities[id] = severity }
            if !setting.options.isEmpty { result.ruleOptions[id] = result.options(of: id).merging(setting.options) }
        }
        if let version = file.iosDeploymentTarget {
            result.iosDeploymentTarget = DeploymentTarget(version: version, source: file.displayPath)
        }
        return result
    }
}
