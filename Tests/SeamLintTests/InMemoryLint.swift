import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// The test suite's one in-memory lint: sources linted together as one project, with no manifest
/// read (the deployment target is `target`, else unknown) unless `adjust` turns discovery back on.
enum InMemoryLint {
    static func run(_ sources: [(path: String, code: String)], rules: [any Rule.Type], language: SourceLanguage = .swift,
                    target: Version? = nil, ruleOptions: [String: RuleOptions] = [:], workers: Int = 1,
                    registry: [any Rule.Type] = allRules, adjust: (inout LintOptions) -> Void = { _ in }) -> LintResult {
        linter(rules: rules, target: target, ruleOptions: ruleOptions, workers: workers, registry: registry, adjust: adjust)
            .lint(sources: sources, language: language)
    }

    static func diagnostics(_ sources: [(path: String, code: String)], rules: [any Rule.Type], language: SourceLanguage = .swift,
                            target: Version? = nil, ruleOptions: [String: RuleOptions] = [:], workers: Int = 1,
                            registry: [any Rule.Type] = allRules) -> [Diagnostic] {
        run(sources, rules: rules, language: language, target: target, ruleOptions: ruleOptions, workers: workers,
            registry: registry).diagnostics
    }

    /// Swift and Objective-C files (language from the extension) as one project under /virtual/project.
    static func mixed(_ files: [(name: String, code: String)], rules: [any Rule.Type], target: Version? = nil,
                      workers: Int = 0) -> LintResult {
        var references: [SourceFileRef] = []
        var overrides: [String: [UInt8]] = [:]
        for file in files {
            let absolute = "/virtual/project/" + file.name
            references.append(SourceFileRef(path: file.name, absolutePath: absolute,
                                            language: file.name.hasSuffix(".swift") ? .swift : .objectiveC))
            overrides[absolute] = Array(file.code.utf8)
        }
        return linter(rules: rules, target: target, workers: workers).lint(references, overrides: overrides)
    }

    static func linter(rules: [any Rule.Type], target: Version? = nil, ruleOptions: [String: RuleOptions] = [:],
                       workers: Int = 1, registry: [any Rule.Type] = allRules,
                       adjust: (inout LintOptions) -> Void = { _ in }) -> Linter {
        Linter(options: options(rules, target, ruleOptions, workers, adjust), allRules: registry)
    }

    private static func options(_ rules: [any Rule.Type], _ target: Version?, _ ruleOptions: [String: RuleOptions],
                                _ workers: Int, _ adjust: (inout LintOptions) -> Void) -> LintOptions {
        var options = LintOptions(rules: rules)
        options.discoverDeploymentTargets = false
        options.workers = workers
        options.ruleOptions = ruleOptions
        options.iosDeploymentTarget = target.map { DeploymentTarget(version: $0, source: "test") }
        adjust(&options)
        return options
    }
}
