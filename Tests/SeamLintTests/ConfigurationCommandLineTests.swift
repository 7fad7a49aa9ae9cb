import Foundation
import SeamLintCLI
import SeamLintCore
import Testing

/// The configuration through `lint`: keys take effect, flags win, mistakes exit 2 on one line each.
@Suite struct ConfigurationCommandLineTests {
    static let keyWindow = "func show() {\n    let window = UIApplication.shared.keyWindow\n}\n"

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String]) -> Run {
        let output = TextSink.memory()
        let errors = TextSink.memory()
        let status = CommandLineTool(output: output, errors: errors).run(arguments)
        return Run(status: status, output: output.buffer, errors: errors.buffer)
    }

    @Test func mistakesExitTwoWithOneLineEach() {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", "{\n  exluded: [],\n  strict: 'yes',\n}\n")
        scratch.write("A.swift", Self.keyWindow)
        let run = Self.run(["--config", config, "--quiet", scratch.path("A.swift")])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == """
            error: \(config):2:3: exluded: unknown key 'exluded'; did you mean 'excluded'?
            error: \(config):3:3: strict: expected true or false, found a string

            """)
    }

    /// A misspelt or mistyped rule option stops the real `lint` process with exit 2 and a suggestion.
    @Test func ruleOptionMistakesExitTwo() throws {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", """
            {
              rules: {
                connected_scenes_first: { include_test: true },
                key_window_lookup: { severity: "error", include_tests: "yes" },
              },
            }

            """)
        scratch.write("A.swift", Self.keyWindow)
        let run = try LintProcess.run(["--config", config, "--quiet", scratch.path("A.swift")])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == """
            error: \(config):3:31: rules.connected_scenes_first.include_test: unknown option 'include_test'; did you mean 'include_tests'? (connected_scenes_first takes 'severity', 'include_tests', 'note_in_single_scene_apps'; see `lint explain connected_scenes_first`)
            error: \(config):4:45: rules.key_window_lookup.include_tests: expected true or false, found a string

            """)
    }

    /// The option read from a file and the flag setting it reach the rule as the same typed value.
    @Test func includeTestsFromTheFileOrTheFlag() {
        let scratch = ConfigurationScratch()
        scratch.write("AppTests/LoginTests.swift", Self.keyWindow)
        let skipped = Self.run(["--no-config", "--quiet", scratch.root])
        #expect(skipped.status == 0 && skipped.output.isEmpty)
        let flagged = Self.run(["--no-config", "--quiet", "--include-tests", scratch.root])
        #expect(flagged.output.contains("LoginTests.swift:2:") && flagged.output.contains("key_window_lookup"))
        let config = scratch.write("seamlint.json", "{ rules: { key_window_lookup: { include_tests: true } } }")
        let configured = Self.run(["--config", config, "--quiet", scratch.root])
        #expect(configured.output == flagged.output)
        let off = scratch.write("off.json", "{ rules: { key_window_lookup: { include_tests: false } } }")
        #expect(Self.run(["--config", off, "--quiet", scratch.root]).output.isEmpty)
    }

    @Test func missingConfigurationFile() {
        let scratch = ConfigurationScratch()
        let run = Self.run(["--config", scratch.path("none.json"), scratch.root])
        #expect(run.status == 2)
        #expect(run.errors == "error: \(scratch.path("none.json")): cannot read the configuration: no such file or directory\n")
    }

    @Test func reporterAndStrictComeFromTheFileUnlessFlagsSayOtherwise() {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", "{ reporter: 'json', strict: true }")
        scratch.write("A.swift", Self.keyWindow)
        let fromFile = Self.run(["--config", config, "--quiet", scratch.root])
        #expect(fromFile.status == 1)  // a warning fails the run under `strict`
        #expect(fromFile.output.hasPrefix("[") && fromFile.output.contains("\"key_window_lookup\""))
        let flag = Self.run(["--config", config, "--quiet", "--reporter", "xcode", scratch.root])
        #expect(flag.output.contains("A.swift:2:"))
        let plain = Self.run(["--no-config", "--quiet", scratch.root])
        #expect(plain.status == 0)
    }

    @Test func rulesSeverityAndExclusionsTakeEffect() {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", "{ rules: { key_window_lookup: 'error' }, excluded: ['Legacy'] }")
        scratch.write("A.swift", Self.keyWindow)
        scratch.write("Legacy/B.swift", Self.keyWindow)
        let run = Self.run(["--config", config, "--quiet", scratch.root])
        #expect(run.status == 1)
        #expect(run.output.contains("A.swift:2:") && run.output.contains(": error: "))
        #expect(!run.output.contains("Legacy"))
        let off = scratch.write("off.json", "{ rules: { key_window_lookup: 'off' } }")
        #expect(Self.run(["--config", off, "--quiet", scratch.root]).output.isEmpty)
        // --only-rule wins over "off".
        #expect(Self.run(["--config", off, "--quiet", "--only-rule", "key_window_lookup", scratch.root]).output.contains("A.swift:2:"))
    }

    @Test func objcKeyTurnsObjectiveCOff() {
        let scratch = ConfigurationScratch()
        let off = scratch.write("seamlint.json", "{ objc: false }")
        scratch.write("Legacy.m", "@implementation Legacy\n@end\n")
        let skipped = Self.run(["--config", off, scratch.root])
        #expect(skipped.errors.contains("SeamLint: 0 files linted"))
        #expect(!skipped.errors.contains("Objective-C"))
        // The flag wins over the file.
        #expect(Self.run(["--config", off, "--objc", scratch.root]).errors.contains("1 file"))
    }

    /// `--verbose` names each governing manifest; one that builds for other platforms only says
    /// so instead of printing an unknown version.
    @Test func verboseDeploymentTargets() {
        let scratch = ConfigurationScratch()
        scratch.write("Phone/project.yml", "targets:\n  Phone:\n    platform: iOS\n    deploymentTarget: \"16.4\"\n")
        scratch.write("Phone/A.swift", "let x = 1\n")
        scratch.write("Mac/project.yml", "targets:\n  Mac:\n    platform: macOS\n    deploymentTarget: \"13.0\"\n")
        scratch.write("Mac/B.swift", "let y = 2\n")
        let errors = Self.run(["--no-config", "--verbose", scratch.root]).errors
        #expect(errors.contains("iOS deployment target 16.4 from "), "\(errors)")
        #expect(errors.contains("no iOS target (other platforms only) in "), "\(errors)")
        #expect(!errors.contains(" ? from"), "\(errors)")
    }

    @Test func warningsGoToStandardErrorUnlessQuiet() {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", "{ rules: { private_uikit_class: 'warning' } }")
        scratch.write("A.swift", "let x = 1\n")
        let run = Self.run(["--config", config, scratch.root])
        #expect(run.errors.contains("warning: \(config):1:12: rules.private_uikit_class: rule 'private_uikit_class' is configured but not enabled"))
        #expect(!Self.run(["--config", config, "--quiet", scratch.root]).errors.contains("warning:"))
        #expect(Self.run(["--config", config, "--verbose", scratch.root]).errors.contains("configuration: \(config)\n"))
        #expect(Self.run(["--no-config", "--verbose", scratch.root]).errors.contains("configuration: none\n"))
    }

    @Test(arguments: [
        (["--changed-lines-only"], "error: --changed-lines-only needs --diff BASE or --staged\n"),
        (["--diff", "HEAD", "--staged"], "error: --diff and --staged cannot be combined\n"),
        (["--write-baseline", "b.json", "--staged"],
         "error: --write-baseline records a whole run; it cannot be combined with --diff, --staged or --stdin\n"),
        (["--staged", "--stdin", "--stdin-path", "A.swift"], "error: --staged cannot be combined with --stdin\n"),
    ])
    func conflictingFlags(flags: [String], expected: String) {
        let run = Self.run(["--no-config"] + flags)
        #expect(run.status == 2)
        #expect(run.errors == expected)
    }
}
