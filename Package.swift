// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SeamLint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lint", targets: ["lint"]),
        // The same tool under an unambiguous name (the Android SDK installs a `lint` too).
        .executable(name: "seamlint", targets: ["seamlint"]),
        .library(name: "SeamLintCore", targets: ["SeamLintCore"]),
        .plugin(name: "SeamLintCommandPlugin", targets: ["SeamLintCommandPlugin"]),
        .plugin(name: "SeamLintBuildToolPlugin", targets: ["SeamLintBuildToolPlugin"]),
    ],
    targets: [
        // Tokenizer, structure layer and the rule API: no I/O, no Foundation in the hot path.
        .target(name: "SeamLintCore", path: "Sources/SeamLintCore"),
        // The rules in family folders (`Rules/<Family>/`): one file per rule, the family's recognisers beside them.
        .target(name: "SeamLintRules", dependencies: ["SeamLintCore"], path: "Rules",
                exclude: ["README.md"]),
        // File discovery, parallel runner, project facts, configuration, reporters, fixes, suppressions
        // (and their two rules). Takes the rules as input: it does not depend on the rules target.
        .target(name: "SeamLintEngine", dependencies: ["SeamLintCore", "CLibclang"],
                path: "Sources/SeamLintEngine"),
        // libclang's struct layouts (a header, nothing linked): Objective-C is tokenized by a libclang
        // opened at run time, so the package builds and lints Swift where it is missing.
        .systemLibrary(name: "CLibclang", path: "Sources/CLibclang"),
        // Argument parsing and commands, as a library so tests can drive them in-process; assembles the
        // rule registry (`allRules`).
        .target(name: "SeamLintCLI", dependencies: ["SeamLintEngine", "SeamLintRules", "SeamLintServer"], path: "Sources/SeamLintCLI"),
        // `lint server`: a language server over standard input and output (JSON-RPC framing, JSON and
        // the protocol written here), keeping a workspace's lint results in memory between edits.
        .target(name: "SeamLintServer", dependencies: ["SeamLintEngine"], path: "Sources/SeamLintServer"),
        .executableTarget(name: "lint", dependencies: ["SeamLintCLI"], path: "Sources/lint"),
        .executableTarget(name: "seamlint", dependencies: ["SeamLintCLI"], path: "Sources/seamlint"),
        // Developer tools: SourceKit differential oracle, the generated files and the organisation
        // rules of Rules/, benchmarks. Not needed to lint.
        .target(name: "SeamLintDevSupport", dependencies: ["SeamLintCore", "SeamLintEngine", "SeamLintCLI"],
                path: "Sources/SeamLintDevSupport"),
        .executableTarget(name: "seamlint-dev", dependencies: ["SeamLintDevSupport", "SeamLintEngine", "SeamLintCLI",
                                                             "SeamLintFuzzSupport"],
                          path: "Sources/seamlint-dev"),
        // `swift package lint` in a package that depends on SeamLint.
        .plugin(name: "SeamLintCommandPlugin",
                capability: .command(intent: .custom(verb: "lint", description: "Lint the package with SeamLint")),
                dependencies: ["lint"], path: "Plugins/SeamLintCommandPlugin"),
        // Lints each target on build; diagnostics surface as compiler warnings.
        .plugin(name: "SeamLintBuildToolPlugin", capability: .buildTool(), dependencies: ["lint"],
                path: "Plugins/SeamLintBuildToolPlugin"),
        // Fuzzing: invariants (library) and five libFuzzer targets, Swift, Objective-C and the CLI (scripts/fuzz.sh).
        .target(name: "SeamLintFuzzSupport", dependencies: ["SeamLintCore", "SeamLintEngine", "SeamLintCLI"],
                path: "Sources/SeamLintFuzzSupport"),
        .executableTarget(name: "fuzz-tokenizer", dependencies: ["SeamLintFuzzSupport"], path: "Fuzz/TokenizerFuzzer"),
        .executableTarget(name: "fuzz-rules", dependencies: ["SeamLintFuzzSupport"], path: "Fuzz/RulesFuzzer"),
        .executableTarget(name: "fuzz-objc-tokenizer", dependencies: ["SeamLintFuzzSupport"],
                          path: "Fuzz/ObjectiveCTokenizerFuzzer"),
        .executableTarget(name: "fuzz-objc-rules", dependencies: ["SeamLintFuzzSupport"], path: "Fuzz/ObjectiveCRulesFuzzer"),
        .executableTarget(name: "fuzz-cli", dependencies: ["SeamLintFuzzSupport"], path: "Fuzz/CommandLineFuzzer"),
        .testTarget(name: "SeamLintTests",
                    dependencies: ["SeamLintCore", "SeamLintRules", "SeamLintEngine", "SeamLintCLI", "SeamLintDevSupport",
                                   "SeamLintFuzzSupport", "SeamLintServer"],
                    path: "Tests/SeamLintTests", exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
