import Foundation
@testable import SeamLintCLI
import SeamLintCore
import SeamLintEngine
import Testing

/// The command line around the terminal reporter: which format a run gets, colour, the summary,
/// and `lint explain` wrapped.
@Suite struct TerminalOutputTests {
    static func run(_ arguments: [String]) -> ConfigurationCommandLineTests.Run {
        ConfigurationCommandLineTests.run(arguments)
    }

    @Test func pipedOutputIsTheXcodeFormatByteForByte() throws {
        // Standard output is not a terminal here: the default stays xcode.
        for app in ["MenuApp", "SceneDelegateApp", "OverlayDialogApp"] {
            let run = Self.run(["--quiet", "--enable-all-rules", "Samples/\(app)"])
            let expected = try String(contentsOf: PackageRoot.url.appendingPathComponent("Samples/\(app)/expected.txt"), encoding: .utf8)
            #expect(Array(run.output.utf8) == Array(expected.utf8), "\(app)")
        }
        let withSummary = Self.run(["--no-config", "Samples/MenuApp"])
        #expect(withSummary.errors.hasPrefix("SeamLint: ") && !withSummary.output.contains("Found "))
    }

    @Test func theTerminalReporterOnRequest() {
        let plain = Self.run(["--no-config", "--reporter", "terminal", "Samples/MenuApp"])
        #expect(plain.status == 0)
        #expect(plain.output.hasPrefix("warning[menu_touch_through]: "))
        #expect(plain.output.contains("\n54 |                 Menu {\n   |                 ^^^^\n"))
        #expect(plain.output.contains("\nFound 4 diagnostics (4 warnings) in 2 files; "))
        #expect(!plain.output.contains("\u{1B}"))
        // Its summary replaces the one-line summary on standard error.
        #expect(plain.errors.isEmpty)
        let colored = Self.run(["--no-config", "--reporter", "terminal", "--color", "always", "Samples/MenuApp"])
        #expect(colored.output.hasPrefix("\u{1B}[1;33mwarning[menu_touch_through]\u{1B}[0m"))
        let quiet = Self.run(["--no-config", "--quiet", "--reporter", "terminal", "Samples/MenuApp"])
        #expect(!quiet.output.contains("Found ") && quiet.output.contains("^^^^"))
        let wrong = Self.run(["--no-config", "--color", "sometimes", "Samples/MenuApp"])
        #expect(wrong.status == 2 && wrong.errors == "error: --color: 'sometimes' is not one of auto, always, never\n")
    }

    @Test func summaryCountsWhatTheBaselineAndSuppressionsHid() throws {
        let scratch = ConfigurationScratch()
        let file = scratch.write("A.swift", """
            func show() {
                let window = UIApplication.shared.keyWindow
                // seamlint:disable:next connected_scenes_first
                let scene = UIApplication.shared.connectedScenes.first
            }

            """)
        let baseline = scratch.path("baseline.json")
        _ = Self.run(["--no-config", "--quiet", "--write-baseline", baseline, file])
        let run = Self.run(["--no-config", "--reporter", "terminal", "--baseline", baseline, file])
        #expect(run.output.hasPrefix("No diagnostics: 1 file linted in "), "\(run.output)")
        #expect(run.output.hasSuffix("Not shown: 1 recorded in the baseline, 1 silenced by suppression comments.\n"), "\(run.output)")
    }

    @Test func colourFollowsTheFlagThenTheEnvironment() {
        typealias Output = TerminalOutput
        #expect(Output.usesColor(.auto, environment: [:], isTerminal: true))
        #expect(!Output.usesColor(.auto, environment: [:], isTerminal: false))
        #expect(!Output.usesColor(.auto, environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(Output.usesColor(.auto, environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!Output.usesColor(.auto, environment: ["TERM": "dumb"], isTerminal: true))
        #expect(Output.usesColor(.auto, environment: ["FORCE_COLOR": "1"], isTerminal: false))
        #expect(Output.usesColor(.auto, environment: ["CLICOLOR_FORCE": "1", "TERM": "dumb"], isTerminal: false))
        #expect(!Output.usesColor(.auto, environment: ["FORCE_COLOR": "0"], isTerminal: false))
        #expect(!Output.usesColor(.auto, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], isTerminal: true))
        #expect(Output.usesColor(.always, environment: ["NO_COLOR": "1", "TERM": "dumb"], isTerminal: false))
        #expect(!Output.usesColor(.never, environment: ["FORCE_COLOR": "1"], isTerminal: true))
    }

    @Test func explainWrapsToTheWidthAndHasOptionsAndSuppression() throws {
        let run = try LintProcess.run(["explain", "connected_scenes_first"], environment: ["COLUMNS": "60"])
        #expect(run.status == 0)
        #expect(Self.overlongLines(run.output, width: 60).isEmpty, "\(Self.overlongLines(run.output, width: 60))")
        #expect(run.output.contains("\n### Options\n") && run.output.contains("\n### How to suppress\n"))
        #expect(run.output.contains("- `include_tests` (true or false, default `false`):"))
        #expect(run.output.contains("`// seamlint:disable:next connected_scenes_first - reason`"))
        // Piped without COLUMNS: 80 columns.
        let piped = try LintProcess.run(["explain", "connected_scenes_first"], environment: [:])
        #expect(Self.overlongLines(piped.output, width: 80).isEmpty && Self.overlongLines(piped.output, width: 70).count > 0)
    }

    /// Lines wider than `width` outside code blocks and tables, other than a lone long word (a link).
    static func overlongLines(_ text: String, width: Int) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n").filter { line in
            if line.hasPrefix("```") { inFence.toggle(); return false }
            return !inFence && !line.hasPrefix("|") && line.count > width && line.drop { $0 == " " || $0 == "-" }.contains(" ")
        }
    }

    @Test func markdownWrapping() {
        let text = "A paragraph with `a code span` in it and more words.\n\n- An item that goes on and on\n  and continues.\n\n```swift\nlet veryLongLine = 1 // not wrapped at all, whatever its width\n```\n| a | b |\n"
        #expect(MarkdownWrapping.wrap(text, width: 24) == """
            A paragraph with
            `a code span` in it and
            more words.

            - An item that goes on
              and on and continues.

            ```swift
            let veryLongLine = 1 // not wrapped at all, whatever its width
            ```
            | a | b |

            """)
    }
}
