import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// Small in-memory sources for the terminal reporter: tabs, CJK, combining marks, a multi-line
/// span, control characters in a file name, a message and the source text.
enum TerminalFixture {
    static let tabs = "\tlet\tscene = app.connectedScenes.first\n"
    static let cjk = "let 名前 = \"東京\"; let s = scenes.first\n"
    static let combining = "let cafe\u{301} = 1; let s = scenes.first\n"
    static let multiLine = "func f() {\n    let scene = UIApplication.shared\n        .connectedScenes\n        .first\n}\n"
    static let hostile = "let s = \"\u{1B}]0;pwned\u{7}\"; let x = scenes.first\r\n"
    static let hostileFile = "Sources/evil\u{1B}[31m\u{7}.swift"
    static let tall = (1...9).map { "    .step\($0)" }.joined(separator: "\n") + "\n"

    static let sources: [String: String] = [
        "Tabs.swift": tabs, "CJK.swift": cjk, "Combining.swift": combining, "MultiLine.swift": multiLine,
        hostileFile: hostile, "Tall.swift": tall,
    ]

    /// A diagnostic over `text`'s `occurrence`-th match … `until` (inclusive), positions computed from the file.
    static func diagnostic(_ file: String, _ text: String, until: String? = nil, rule: String = "connected_scenes_first",
                           severity: Severity = .warning, message: String = "`scenes.first` picks an arbitrary scene",
                           help: String? = "Pass in the scene of this window.", related: [RelatedLocation] = [],
                           fix: [Edit] = []) -> Diagnostic {
        let bytes = Array(sources[file]!.utf8)
        let start = offset(of: text, in: bytes)
        let end = until.map { offset(of: $0, in: bytes, from: start) + $0.utf8.count } ?? start + text.utf8.count
        let location = self.location(file, at: start)
        var diagnostic = Diagnostic(ruleID: rule, severity: severity, message: message, help: help, location: location,
                                    length: end - start, related: related, fix: fix)
        diagnostic.end = SourcePosition.end(after: location, length: end - start, in: bytes)
        return diagnostic
    }

    static func location(_ file: String, at offset: Int) -> Location {
        let before = Array(sources[file]!.utf8)[..<offset]
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return Location(file: file, line: line, column: column, offset: offset)
    }

    static func offset(of text: String, in bytes: [UInt8], from: Int = 0) -> Int {
        let needle = Array(text.utf8)
        return (from...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
    }

    static func reporter(color: Bool, summary: RunSummary? = nil) -> TerminalReporter {
        TerminalReporter(style: TerminalStyle(color: color), source: { sources[$0].map { Array($0.utf8) } }, runSummary: summary)
    }

    static let context = ReportContext(rules: [], toolVersion: "0", workingDirectory: "/work")
}

@Suite struct TerminalReporterTests {
    typealias Fixture = TerminalFixture

    @Test func tabsExpandToStopsOfFour() {
        let output = Fixture.reporter(color: false).render([Fixture.diagnostic("Tabs.swift", "connectedScenes.first")],
                                                          context: Fixture.context)
        #expect(output == """
            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> Tabs.swift:1:18
              |
            1 |     let scene = app.connectedScenes.first
              |                     ^^^^^^^^^^^^^^^^^^^^^
              |
              = help: Pass in the scene of this window.


            """)
    }

    @Test func wideAndCombiningCharactersKeepTheUnderlineAligned() {
        let diagnostics = [Fixture.diagnostic("CJK.swift", "scenes.first"), Fixture.diagnostic("Combining.swift", "scenes.first", help: nil)]
        let output = Fixture.reporter(color: false).render(diagnostics, context: Fixture.context)
        // 名前 and 東京 take two columns each; e + U+0301 takes one.
        #expect(output == """
            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> CJK.swift:1:24
              |
            1 | let 名前 = "東京"; let s = scenes.first
              |                            ^^^^^^^^^^^^
              |
              = help: Pass in the scene of this window.

            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> Combining.swift:1:24
              |
            1 | let café = 1; let s = scenes.first
              |                       ^^^^^^^^^^^^


            """)
    }

    @Test func aMultiLineSpanIsDrawnAcrossItsLines() {
        let diagnostic = Fixture.diagnostic("MultiLine.swift", "UIApplication", until: ".first",
                                            related: [RelatedLocation(location: Fixture.location("MultiLine.swift", at: 0),
                                                                      message: "in this function")])
        let output = Fixture.reporter(color: false).render([diagnostic], context: Fixture.context)
        #expect(output == """
            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> MultiLine.swift:2:17
              |
            2 |       let scene = UIApplication.shared
              |  _________________^
            3 | |         .connectedScenes
            4 | |         .first
              | |______________^
              |
              = help: Pass in the scene of this window.
            note: in this function
             --> MultiLine.swift:1:1
              |
            1 | func f() {
              | ----


            """)
    }

    @Test func aTallSpanShowsItsFirstAndLastLines() {
        let output = Fixture.reporter(color: false).render([Fixture.diagnostic("Tall.swift", ".step1", until: "step9", help: nil)],
                                                          context: Fixture.context)
        #expect(output == """
            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> Tall.swift:1:5
              |
            1 |       .step1
              |  _____^
            2 | |     .step2
            ...
            8 | |     .step8
            9 | |     .step9
              | |__________^


            """)
    }

    @Test func controlCharactersFromInputAreShownEscaped() {
        let diagnostic = Fixture.diagnostic(Fixture.hostileFile, "scenes.first", message: "Bad \u{1B}[2J\u{7} message",
                                            help: "Help \u{1B}]8;;x\u{7}", related: [
                                                RelatedLocation(location: Fixture.location(Fixture.hostileFile, at: 0),
                                                                message: "note \u{9B}31m")])
        for color in [false, true] {
            let output = Fixture.reporter(color: color).render([diagnostic], context: Fixture.context)
            // Only the reporter's own SGR sequences: ESC followed by `[`, digits, `;` and `m`.
            let stripped = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(!stripped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                    "\(output.debugDescription)")
            if !color {
                #expect(output == """
                    warning[connected_scenes_first]: Bad \\u{1B}[2J\\u{7} message
                     --> Sources/evil\\u{1B}[31m\\u{7}.swift:1:31
                      |
                    1 | let s = "\\u{1B}]0;pwned\\u{7}"; let x = scenes.first
                      |                                        ^^^^^^^^^^^^
                      |
                      = help: Help \\u{1B}]8;;x\\u{7}
                    note: note \\u{9B}31m
                     --> Sources/evil\\u{1B}[31m\\u{7}.swift:1:1
                      |
                    1 | let s = "\\u{1B}]0;pwned\\u{7}"; let x = scenes.first
                      | ---


                    """)
            }
        }
    }

    @Test func colourPaintsOnlyTheReportersOwnParts() {
        let diagnostic = Fixture.diagnostic("CJK.swift", "scenes.first", severity: .error)
        let output = Fixture.reporter(color: true).render([diagnostic], context: Fixture.context)
        let escape = "\u{1B}"
        #expect(output == """
            \(escape)[1;31merror[connected_scenes_first]\(escape)[0m\(escape)[1m: `scenes.first` picks an arbitrary scene\(escape)[0m
             \(escape)[1;34m-->\(escape)[0m CJK.swift:1:24
              \(escape)[1;34m|\(escape)[0m
            \(escape)[1;34m1\(escape)[0m \(escape)[1;34m|\(escape)[0m let 名前 = "東京"; let s = scenes.first
              \(escape)[1;34m|\(escape)[0m                            \(escape)[1;31m^^^^^^^^^^^^\(escape)[0m
              \(escape)[1;34m|\(escape)[0m
              \(escape)[1;34m=\(escape)[0m \(escape)[1;36mhelp\(escape)[0m\(escape)[1m:\(escape)[0m Pass in the scene of this window.


            """)
    }

    @Test func aNoteSharedByFindingsIsPrintedOnce() {
        let app = RelatedLocation(location: Fixture.location("MultiLine.swift", at: 0), message: "the app")
        let diagnostics = [Fixture.diagnostic("CJK.swift", "scenes.first", help: nil, related: [app]),
                           Fixture.diagnostic("Combining.swift", "scenes.first", help: nil, related: [app])]
        let terminal = Fixture.reporter(color: false).render(diagnostics, context: Fixture.context)
        #expect(terminal.components(separatedBy: "note: the app (shared by 2 findings)\n").count == 2)
        #expect(terminal.components(separatedBy: "the app").count == 2)
        let xcode = XcodeReporter().render(diagnostics, context: Fixture.context)
        #expect(xcode == """
            CJK.swift:1:24: warning: `scenes.first` picks an arbitrary scene (connected_scenes_first)
            MultiLine.swift:1:1: note: the app (shared by 2 findings)
            Combining.swift:1:24: warning: `scenes.first` picks an arbitrary scene (connected_scenes_first)

            """)
        // A note of one finding only, or of another rule, stays with its finding.
        var other = diagnostics[1]
        other.ruleID = "key_window_lookup"
        #expect(XcodeReporter().render([diagnostics[0], other], context: Fixture.context).components(separatedBy: "note: the app\n").count == 3)
    }

    @Test func withoutItsSourceADiagnosticKeepsItsLocation() {
        let diagnostic = Fixture.diagnostic("CJK.swift", "scenes.first")
        let output = TerminalReporter().render([diagnostic], context: Fixture.context)
        #expect(output == """
            warning[connected_scenes_first]: `scenes.first` picks an arbitrary scene
             --> CJK.swift:1:24
              = help: Pass in the scene of this window.


            """)
        // A file that changed since it was linted (the span is past its end): no excerpt either.
        var moved = diagnostic
        moved.location.offset = 10_000
        moved.end = nil
        #expect(!Fixture.reporter(color: false).render([moved], context: Fixture.context).contains(" | "))
    }

    @Test func summaryCountsRulesSeveritiesFixesAndHiddenFindings() {
        let fix = [Edit(range: 0..<1, replacement: "x")]
        let diagnostics = [
            Fixture.diagnostic("CJK.swift", "scenes.first", help: nil),
            Fixture.diagnostic("Combining.swift", "scenes.first", help: nil),
            Fixture.diagnostic("Tabs.swift", "let", rule: "representable_dismantle_not_static", severity: .error, help: nil, fix: fix),
        ]
        let summary = RunSummary(filesLinted: 12, seconds: 0.314, hiddenByBaseline: 3, hiddenBySuppressions: 1)
        let output = Fixture.reporter(color: false, summary: summary).render(diagnostics, context: Fixture.context)
        let tail = output.components(separatedBy: "\n\n").last!
        #expect(tail == """
            Found 3 diagnostics (1 error, 2 warnings) in 3 files; 12 files linted in 0.31s.
              2 warning connected_scenes_first
              1 error   representable_dismantle_not_static
            1 fixable with `lint --fix`.
            Not shown: 3 recorded in the baseline, 1 silenced by suppression comments.

            """)
        let clean = Fixture.reporter(color: false, summary: RunSummary(filesLinted: 1, seconds: 2)).render([], context: Fixture.context)
        #expect(clean == "No diagnostics: 1 file linted in 2.00s.\n")
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("a" as Character) == 1)
        #expect(DisplayWidth.of("名" as Character) == 2)
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("🦄" as Character) == 2)
        #expect(DisplayWidth.of("👍🏽" as Character) == 2)
        #expect(DisplayWidth.of("ｱ" as Character) == 1)   // halfwidth katakana
        #expect(DisplayWidth.of("Ａ" as Character) == 2)   // fullwidth Latin
        let line = DisplayLine(Array("\ta名\u{1B}b".utf8)[...])
        #expect(line.cells.map(\.text).joined() == "    a名\\u{1B}b")
        #expect(line.width == 4 + 1 + 2 + 6 + 1)
        #expect(line.column(atByte: 2) == 5 && line.column(atByte: 3) == 5 && line.endColumn(atByte: 5) == 7)
    }

    @Test func aVeryLongLineIsCutAroundTheSpan() {
        let long = String(repeating: "x", count: 1_000) + " scenes.first " + String(repeating: "y", count: 1_000) + "\n"
        let excerpt = SourceExcerpt(bytes: Array(long.utf8), style: TerminalStyle(color: false))
        let rows = excerpt.rows(start: 1_001, end: 1_013, firstLine: 1, marker: "^", paint: .warning, label: nil)!
        #expect(rows[0].content.hasPrefix("…") && rows[0].content.hasSuffix("…"))
        #expect(DisplayWidth.of(rows[0].content) == SourceExcerpt.widestLine + 2)
        let caret = rows[1].content.firstIndex(of: "^")!
        let column = rows[1].content.distance(from: rows[1].content.startIndex, to: caret)
        #expect(Array(rows[0].content)[column...].starts(with: "scenes.first"))
    }
}
