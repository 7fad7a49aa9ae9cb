import Foundation
@testable import SeamLintCLI
import SeamLintCore
import Testing

/// Command-line conventions: mistakes a user makes get a precise error (exit 2) instead of being
/// silently ignored; rule ids are taken as repeatable options or comma lists everywhere.
@Suite struct CommandLineConventionTests {
    static let keyWindow = "func show() {\n    let window = UIApplication.shared.keyWindow\n}\n"
    static let twoRules = """
        func show() {
            let window = UIApplication.shared.keyWindow
            let scene = UIApplication.shared.connectedScenes.first
        }

        """

    static func run(_ arguments: [String]) -> ConfigurationCommandLineTests.Run {
        ConfigurationCommandLineTests.run(arguments)
    }

    @Test func mistypedSubcommandsGetDidYouMean() {
        for (word, meant) in [("rule", "rules"), ("help", "--help"), ("explian", "explain"), ("reporter", "reporters")] {
            let run = Self.run([word])
            #expect(run.status == 2, "\(word)")
            #expect(run.errors == "error: '\(word)' is neither a file nor a command; did you mean `lint \(meant)`?\n")
        }
    }

    @Test func aFileNamedLikeASubcommandIsLinted() throws {
        // The correction applies only when no such path exists.
        #expect(throws: UsageError.self) { try Arguments.parse(["rule"], pathExists: { _ in false }) }
        let parsed = try Arguments.parse(["rule"], pathExists: { $0 == "rule" })
        #expect(parsed.command == .lint && parsed.paths == ["rule"])
        // Path-like words are never taken for commands.
        #expect(Arguments.subcommandCorrection("rules.swift") == nil)
        #expect(Arguments.subcommandCorrection("Sources/rule") == nil)
    }

    @Test func optionsThatWouldBeIgnoredAreErrors() {
        let scratch = ConfigurationScratch()
        scratch.write("A.swift", Self.keyWindow)
        let cases: [([String], String)] = [
            (["--stdin-path", "A.swift", scratch.root], "--stdin-path only applies with --stdin"),
            (["--dry-run", scratch.root], "--dry-run only applies with --fix"),
            (["--config", scratch.path("x.json"), "--no-config", scratch.root], "--config and --no-config cannot be combined"),
        ]
        for (arguments, message) in cases {
            let run = Self.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.isEmpty)
            #expect(run.errors.hasPrefix("error: " + message) && run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        }
    }

    @Test func disableRuleIsRepeatableAndTakesCommaLists() {
        let scratch = ConfigurationScratch()
        let file = scratch.write("A.swift", Self.twoRules)
        let both = Self.run(["--quiet", "--reporter", "json", file])
        #expect(both.output.contains("\"key_window_lookup\"") && both.output.contains("\"connected_scenes_first\""))
        let one = Self.run(["--quiet", "--reporter", "json", "--disable-rule", "key_window_lookup", file])
        #expect(!one.output.contains("\"key_window_lookup\"") && one.output.contains("\"connected_scenes_first\""))
        for spelling in [["--disable-rule", "key_window_lookup,connected_scenes_first"],
                         ["--disable-rule", "key_window_lookup", "--disable-rule=connected_scenes_first"],
                         ["--disable-rule", "key_window_lookup, connected_scenes_first"]] {
            let none = Self.run(["--quiet", "--reporter", "json"] + spelling + [file])
            #expect(none.status == 0 && none.output == "[]\n", "\(spelling)")
        }
        // --only-rule takes lists too, and --disable-rule wins over it.
        let only = Self.run(["--quiet", "--reporter", "json", "--only-rule", "key_window_lookup,connected_scenes_first",
                             "--disable-rule", "connected_scenes_first", file])
        #expect(only.output.contains("\"key_window_lookup\"") && !only.output.contains("\"connected_scenes_first\""))
        let typo = Self.run(["--disable-rule", "key_window_lookp", file])
        #expect(typo.status == 2 && typo.errors.contains("did you mean 'key_window_lookup'?"))
    }

    @Test func disableRuleWinsOverTheConfiguration() {
        let scratch = ConfigurationScratch()
        let config = scratch.write("seamlint.json", "{ only: ['key_window_lookup'] }")
        let file = scratch.write("A.swift", Self.keyWindow)
        let run = Self.run(["--config", config, "--quiet", "--reporter", "json", "--disable-rule", "key_window_lookup", file])
        #expect(run.status == 0 && run.output == "[]\n")
    }

    @Test func suppressionCommentsTakeCommaLists() {
        let scratch = ConfigurationScratch()
        let file = scratch.write("A.swift", """
            func show() {
                // seamlint:disable key_window_lookup,connected_scenes_first
                let window = UIApplication.shared.keyWindow
                let scene = UIApplication.shared.connectedScenes.first
            }

            """)
        let run = Self.run(["--quiet", "--reporter", "json", file])
        #expect(run.status == 0 && run.output == "[]\n", "\(run.output)")
    }

    @Test func dryRunHonoursOutput() {
        let scratch = ConfigurationScratch()
        let source = """
            import SwiftUI
            struct Map: UIViewRepresentable {
                func makeUIView(context: Context) -> UIView { UIView() }
                func updateUIView(_ view: UIView, context: Context) {}
                func dismantleUIView(_ view: UIView, coordinator: ()) {}
            }

            """
        let file = scratch.write("Map.swift", source)
        let report = scratch.path("fix.diff")
        let run = Self.run(["--fix", "--dry-run", "--quiet", "--output", report, file])
        #expect(run.output.isEmpty)
        let diff = scratch.read("fix.diff") ?? ""
        #expect(diff.contains("+    static func dismantleUIView"), "\(diff)")
        #expect(scratch.read("Map.swift") == source)
    }

    @Test func rulesAsJSON() throws {
        let run = Self.run(["rules", "--reporter", "json"])
        #expect(run.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == allRules.map { $0.description.id })
        let scenes = try #require(list.first { $0["id"] as? String == "connected_scenes_first" })
        #expect(scenes["enabled_by_default"] as? Bool == true && scenes["fixable"] as? Bool == false)
        let wrong = Self.run(["rules", "--reporter", "sarif"])
        #expect(wrong.status == 2)
    }
}

/// `seamlint` is the same program as `lint`.
@Suite struct SeamLintExecutableTests {
    @Test func seamlintBehavesLikeLint() throws {
        let seamlint = LintProcess.executable.deletingLastPathComponent().appendingPathComponent("seamlint")
        try #require(FileManager.default.isExecutableFile(atPath: seamlint.path), "swift build builds the seamlint product")
        for arguments in [["--no-config", "Samples/SceneLookupApp"], ["rules"], ["--version"], ["rule"]] {
            let viaLint = try LintProcess.run(arguments)
            let viaSeamlint = try runProgram(seamlint, arguments, directory: PackageRoot.url)
            #expect(viaSeamlint.status == viaLint.status && viaSeamlint.output == viaLint.output
                    && viaSeamlint.errors == viaLint.errors, "\(arguments)")
        }
    }
}
