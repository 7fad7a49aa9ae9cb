import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// How configuration files combine: the root file, nested files refining it folder by folder,
/// the command line over both, and what reaches each file when linting.
@Suite struct ConfigurationResolutionTests {
    /// The rules a run needs are those of every folder: folders under no nested file share the
    /// root's (merged once), and a nested file met after many of them still adds its own.
    @Test func enabledRulesJoinEveryNestedFileWhereverItComes() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", #"{ rules: { test_forbidden: "error" } }"#)
        for folder in ["A", "B", "C", "D"] { scratch.write("\(folder)/X.swift", "let x = 1\n") }
        scratch.write("E/Deep/.seamlint.json", #"{ opt_in: ["test_opt_in"] }"#)
        scratch.write("E/Deep/Y.swift", "let y = 1\n")
        scratch.write("F/Z.swift", "let z = 1\n")
        let configuration = try ProjectConfiguration.load(workingDirectory: scratch.path(""), overrides: .init(),
                                                          rules: TestRules.all, reporterIDs: [])
        let files = ["A/X.swift", "B/X.swift", "C/X.swift", "D/X.swift", "E/Deep/Y.swift", "F/Z.swift"].map(scratch.path)
        let enabled = configuration.enabledRules(forFiles: files).map { $0.description.id }
        #expect(enabled.contains("test_opt_in"))
        #expect(enabled.contains("test_forbidden"))
        let withoutNested = configuration.enabledRules(forFiles: files.filter { !$0.contains("/E/") }).map { $0.description.id }
        #expect(!withoutNested.contains("test_opt_in") && withoutNested.contains("test_forbidden"))
    }

    /// A root file, a nested one that refines it and a nested one below that.
    static func nestedTree() -> ConfigurationScratch {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", """
            { rules: { test_forbidden: { word: "root" } }, excluded: ["Generated", "**/*.skip.swift"] }
            """)
        scratch.write("A.swift", "let forbidden = optional\nlet menu = 1\n")
        scratch.write("Generated/G.swift", "let forbidden = 1\n")
        scratch.write("Sub/.seamlint.json", """
            { opt_in: ["test_opt_in"], rules: { test_forbidden: "error" } }
            """)
        scratch.write("Sub/B.swift", "let forbidden = optional\n")
        scratch.write("Sub/B.skip.swift", "let forbidden = 1\n")
        scratch.write("Sub/Deep/.seamlint.json", """
            { rules: { test_forbidden: "off", test_project: "off" }, excluded: ["Skip.swift"], ios_deployment_target: "17" }
            """)
        scratch.write("Sub/Deep/C.swift", "let forbidden = optional\nlet menu = 2\n")
        scratch.write("Sub/Deep/Skip.swift", "let forbidden = 1\n")
        return scratch
    }

    @Test func nestedFilesRefineTheirParents() throws {
        let scratch = Self.nestedTree()
        let (diagnostics, configuration, files) = try TestRules.lintTree(scratch)
        #expect(files == ["A.swift", "Sub/B.swift", "Sub/Deep/C.swift"])
        #expect(diagnostics.map(\.brief) == [
            "A.swift:1 test_forbidden",
            "A.swift:2 test_project",
            "Sub/B.swift:1 test_forbidden",
            "Sub/B.swift:1 test_opt_in",
            "Sub/Deep/C.swift:1 test_opt_in",
        ])
        // Severities and options come from the nearest file that sets them.
        #expect(diagnostics.map(\.severity) == [.warning, .error, .error, .note, .note])
        #expect(diagnostics[0].message.hasSuffix("option=root"))
        #expect(diagnostics[2].message.hasSuffix("option=root"))
        #expect(configuration.nestedFiles == ["Sub/.seamlint.json", "Sub/Deep/.seamlint.json"])
        let deep = configuration.settings(forFile: scratch.path("Sub/Deep/C.swift"))
        #expect(deep.iosDeploymentTarget == DeploymentTarget(version: Version(17), source: "Sub/Deep/.seamlint.json"))
        #expect(configuration.settings(forFile: scratch.path("A.swift")).iosDeploymentTarget == nil)
    }

    @Test func onlyIsExclusiveAndOptInAllEnablesEverything() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", #"{ only: ["test_opt_in"] }"#)
        scratch.write("A.swift", "let forbidden = optional\n")
        scratch.write("All/.seamlint.json", #"{ opt_in: "all" }"#)
        scratch.write("All/B.swift", "let forbidden = optional\n")
        let (diagnostics, _, _) = try TestRules.lintTree(scratch)
        #expect(diagnostics.map(\.brief) == ["A.swift:1 test_opt_in", "All/B.swift:1 test_forbidden", "All/B.swift:1 test_opt_in"])
    }

    @Test func includedLimitsTheWalkAndExcludedWins() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", #"{ included: ["Sources", "Tools/*.swift"], excluded: ["Sources/Vendor"] }"#)
        scratch.write("Sources/App/A.swift", "let forbidden = 1\n")
        scratch.write("Sources/Vendor/V.swift", "let forbidden = 1\n")
        scratch.write("Tools/T.swift", "let forbidden = 1\n")
        scratch.write("Tools/Deep/D.swift", "let forbidden = 1\n")
        scratch.write("Other/O.swift", "let forbidden = 1\n")
        scratch.write("Top.swift", "let forbidden = 1\n")
        let (_, _, files) = try TestRules.lintTree(scratch)
        #expect(files == ["Sources/App/A.swift", "Tools/T.swift"])
    }

    /// Patterns are relative to their file's folder, also when the walk starts above it.
    @Test func includedPatternsOfAFileInASubfolder() throws {
        let scratch = ConfigurationScratch()
        scratch.write("mobile/ci.json", #"{ included: ["Sources"] }"#)
        scratch.write("mobile/Sources/A.swift", "let x = 1\n")
        scratch.write("mobile/Other/B.swift", "let x = 1\n")
        scratch.write("Sources/C.swift", "let x = 1\n")
        var overrides = ProjectConfiguration.Overrides()
        overrides.configurationFile = "mobile/ci.json"
        #expect(try TestRules.lintTree(scratch, overrides: overrides).files == ["mobile/Sources/A.swift"])
        #expect(try TestRules.lintTree(scratch, overrides: overrides, paths: ["mobile"]).files == ["mobile/Sources/A.swift"])
    }

    @Test func defaultExcludesCanBeTurnedOff() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".build/Generated.swift", "let forbidden = 1\n")
        scratch.write("A.swift", "let forbidden = 1\n")
        #expect(try TestRules.lintTree(scratch).files == ["A.swift"])
        scratch.write(".seamlint.json", "{ use_default_excludes: false }")
        #expect(try TestRules.lintTree(scratch).files == [".build/Generated.swift", "A.swift"])
    }

    @Test func theRootFileIsTheNearestUpToTheGitRoot() throws {
        let scratch = ConfigurationScratch()
        scratch.write("outer/.seamlint.json", "{ strict: true }")
        scratch.write("outer/repo/.git/HEAD", "ref: refs/heads/main\n")
        scratch.write("outer/repo/Sources/App/A.swift", "let x = 1\n")
        // Above the git root: not found.
        #expect(ProjectConfiguration.findRootFile(from: scratch.path("outer/repo/Sources/App")) == nil)
        scratch.write("outer/repo/.seamlint.json", "{ reporter: 'json' }")
        #expect(ProjectConfiguration.findRootFile(from: scratch.path("outer/repo/Sources/App")) == scratch.path("outer/repo/.seamlint.json"))
        scratch.write("outer/repo/Sources/.seamlint.json", "{}")
        #expect(ProjectConfiguration.findRootFile(from: scratch.path("outer/repo/Sources/App")) == scratch.path("outer/repo/Sources/.seamlint.json"))
        // Outside any repository only the working directory itself is looked at.
        scratch.write("loose/.seamlint.json", "{}")
        scratch.write("loose/inner/A.swift", "let x = 1\n")
        #expect(ProjectConfiguration.findRootFile(from: scratch.path("loose/inner")) == nil)
        #expect(ProjectConfiguration.findRootFile(from: scratch.path("loose")) == scratch.path("loose/.seamlint.json"))
    }

    @Test func runWideKeysComeFromTheRootFile() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", #"{ reporter: "json", strict: true, baseline: "ci/base.json", use_default_excludes: false, objc: false }"#)
        let configuration = try ProjectConfiguration.load(workingDirectory: scratch.root, rules: TestRules.all, reporterIDs: ["json"])
        #expect(configuration.reporter == "json")
        #expect(configuration.strict)
        #expect(configuration.baseline == scratch.path("ci/base.json"))
        #expect(!configuration.useDefaultExcludes)
        #expect(configuration.objectiveC == false)
    }

    @Test func explicitFileIsTheOnlyFileRead() throws {
        let scratch = Self.nestedTree()
        scratch.write("ci.json", #"{ rules: { test_forbidden: "note" } }"#)
        var overrides = ProjectConfiguration.Overrides()
        overrides.configurationFile = "ci.json"
        let (diagnostics, _, _) = try TestRules.lintTree(scratch, overrides: overrides)
        // No root exclusions, no nested files: every file, every forbidden word as a note.
        #expect(diagnostics.filter { $0.ruleID == "test_forbidden" }.count == 6)
        #expect(diagnostics.filter { $0.ruleID == "test_forbidden" }.allSatisfy { $0.severity == .note })
        #expect(diagnostics.filter { $0.ruleID == "test_opt_in" }.isEmpty)
    }

    @Test func noConfigReadsNothing() throws {
        let scratch = Self.nestedTree()
        var overrides = ProjectConfiguration.Overrides()
        overrides.ignoresFiles = true
        let (diagnostics, configuration, _) = try TestRules.lintTree(scratch, overrides: overrides)
        #expect(configuration.root == nil)
        let forbidden = diagnostics.filter { $0.ruleID == "test_forbidden" }
        #expect(forbidden.count == 6)
        #expect(forbidden.allSatisfy { $0.severity == .warning })
    }

    @Test func commandLineFlagsWin() throws {
        let scratch = Self.nestedTree()
        var only = ProjectConfiguration.Overrides()
        only.onlyRules = ["test_forbidden"]
        let onlyRun = try TestRules.lintTree(scratch, overrides: only).diagnostics
        // Turned off in Sub/Deep, yet --only-rule runs it there too; nothing else runs.
        #expect(Set(onlyRun.map(\.ruleID)) == ["test_forbidden"])
        #expect(onlyRun.contains { $0.location.file == "Sub/Deep/C.swift" })

        var all = ProjectConfiguration.Overrides()
        all.enableAllRules = true
        all.iosDeploymentTarget = DeploymentTarget(version: Version(15), source: "--ios-deployment-target")
        all.ruleOptions = ["test_forbidden": RuleOptions(["word": .string("flag")])]
        let (allRun, configuration, _) = try TestRules.lintTree(scratch, overrides: all)
        #expect(allRun.map(\.brief).contains("Sub/Deep/C.swift:1 test_forbidden"))
        #expect(allRun.map(\.brief).contains("A.swift:1 test_opt_in"))
        #expect(allRun.first { $0.ruleID == "test_forbidden" }?.message.hasSuffix("option=flag") == true)
        // The command-line target wins: the file's own is dropped so the Linter uses the override.
        #expect(configuration.settings(forFile: scratch.path("Sub/Deep/C.swift")).iosDeploymentTarget == nil)
    }

    /// Project rules see the facts of every file but report by each file's settings.
    @Test func projectRuleFindingsFollowTheFilesSettings() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", #"{ rules: { test_project: "warning" } }"#)
        scratch.write("A.swift", "let menu = 1\n")
        scratch.write("Quiet/.seamlint.json", #"{ rules: { test_project: "off" } }"#)
        scratch.write("Quiet/B.swift", "let menu = 2\n")
        scratch.write("Loud/.seamlint.json", #"{ rules: { test_project: "error" } }"#)
        scratch.write("Loud/C.swift", "let menu = 3\n")
        let diagnostics = try TestRules.lintTree(scratch).diagnostics.filter { $0.ruleID == "test_project" }
        #expect(diagnostics.map { "\($0.location.file) \($0.severity)" } == ["A.swift warning", "Loud/C.swift error"])
        // A fact in a folder where the rule is off still counts for the whole project.
        scratch.write("Quiet/Workaround.swift", "let workaround = true\n")
        #expect(try TestRules.lintTree(scratch).diagnostics.filter { $0.ruleID == "test_project" }.isEmpty)
    }

    @Test func mistakesInNestedFilesStopTheRun() throws {
        let scratch = ConfigurationScratch()
        scratch.write("A.swift", "let x = 1\n")
        scratch.write("Sub/.seamlint.json", "{ rules: { test_forbiden: 'off' } }")
        scratch.write("Sub/B.swift", "let x = 1\n")
        #expect {
            try TestRules.lintTree(scratch)
        } throws: { error in
            (error as? ConfigurationError)?.description
                == "Sub/.seamlint.json:1:12: rules.test_forbiden: unknown rule id 'test_forbiden'; did you mean 'test_forbidden'? (see `lint rules`)"
        }
    }

    @Test func warningsForLikelyMistakes() throws {
        let scratch = ConfigurationScratch()
        scratch.write(".seamlint.json", """
            {
              rules: { test_opt_in: { severity: "warning" }, test_project: "off" },
            }
            """)
        scratch.write("A.swift", "let x = 1\n")
        scratch.write("Sub/.seamlint.json", "{ reporter: 'json', strict: true }")
        scratch.write("Sub/B.swift", "let x = 1\n")
        let configuration = try TestRules.lintTree(scratch).configuration
        #expect(configuration.warnings().map(\.description) == [
            ".seamlint.json:2:12: rules.test_opt_in: rule 'test_opt_in' is configured but not enabled; add it to 'opt_in' to run it",
            "Sub/.seamlint.json:1:3: reporter: 'reporter' applies to the whole run and is ignored in a nested configuration",
            "Sub/.seamlint.json:1:21: strict: 'strict' applies to the whole run and is ignored in a nested configuration",
        ])
        // Enabled below the file that configures it: no warning.
        scratch.write("Sub/.seamlint.json", "{ opt_in: ['test_opt_in'] }")
        #expect(try TestRules.lintTree(scratch).configuration.warnings().isEmpty)
    }

    @Test func foldersAreResolvedOnce() throws {
        let scratch = Self.nestedTree()
        let configuration = try ProjectConfiguration.load(workingDirectory: scratch.root, rules: TestRules.all, reporterIDs: [])
        let first = configuration.settings(forFile: scratch.path("Sub/Deep/C.swift"))
        scratch.write("Sub/Deep/.seamlint.json", "{ rules: { test_forbidden: 'error' } }")  // not read again
        #expect(configuration.settings(forFile: scratch.path("Sub/Deep/Other.swift")) == first)
    }
}
