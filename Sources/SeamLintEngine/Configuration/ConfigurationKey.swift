import SeamLintCore

/// The keys of `.seamlint.json`. Their names are a contract: documented in docs/configuration.md
/// and in schemas/seamlint.schema.json (generated from this list, checked by a test).
public enum ConfigurationKey: String, CaseIterable, Sendable {
    case schema = "$schema"
    case rules
    case optIn = "opt_in"
    case only
    case included
    case excluded
    case useDefaultExcludes = "use_default_excludes"
    case iosDeploymentTarget = "ios_deployment_target"
    case reporter
    case strict
    case baseline
    case objc

    /// Settings of the run as a whole. In a nested configuration they are ignored with a warning:
    /// one run has one reporter, one exit policy, one baseline and one folder walk.
    public var isRunWide: Bool {
        switch self {
        case .reporter, .strict, .baseline, .useDefaultExcludes, .objc: true
        default: false
        }
    }

    /// One line for the schema's `description` and the docs.
    public var summary: String {
        switch self {
        case .schema: "The JSON Schema this file follows, for editors; ignored by SeamLint."
        case .rules: "Per rule: \"off\", \"note\", \"warning\", \"error\", or an object with `severity` and rule options."
        case .optIn: "Rules to enable besides the default ones (opt-in rules), or \"all\"."
        case .only: "Run exactly these rules and no others."
        case .included: "If set, lint only paths matching one of these globs (`*`, `**`, `?`), relative to this file."
        case .excluded: "Skip paths matching any of these globs, relative to this file; wins over `included`."
        case .useDefaultExcludes: "Skip .build, .git, DerivedData, Pods, Carthage, node_modules and .swiftpm folders and resource catalogs (.xcassets, .lproj, .xcdatamodeld) (default true)."
        case .iosDeploymentTarget: "The iOS deployment target, overriding manifests (e.g. \"16.4\")."
        case .reporter: "The output format when --reporter is not given (see `lint reporters`)."
        case .strict: "Warnings fail the run, as with --strict."
        case .baseline: "A baseline file (relative to this file): report only diagnostics not recorded in it."
        case .objc: "Lint Objective-C files (.m, .mm, .h) through libclang (default true), as with --objc / --no-objc."
        }
    }

    public static let fileName = ".seamlint.json"
}

/// What `rules.<id>` may say about severity: a level or "off".
public enum RuleLevel: String, CaseIterable, Sendable {
    case off, note, warning, error

    var severity: Severity? { Severity(rawValue: rawValue) }
}
