import Foundation
import SeamLintCLI
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// Baselines: recorded, written, read back, matched without line numbers, counted.
@Suite struct BaselineTests {
    /// Lints in-memory files and checks them against a baseline recorded from `before`.
    static func compare(before: [(path: String, code: String)], after: [(path: String, code: String)])
        -> Baseline.Comparison {
        let baseline = record(before)
        let sources = Dictionary(uniqueKeysWithValues: after.map { ($0.path, Array($0.code.utf8)) })
        let fingerprinter = BaselineFingerprinter(baselinePath: "/work/baseline.json", workingDirectory: "/work") { sources[$0] }
        return baseline.compare(TestRules.lint(after), fingerprinter: fingerprinter, lintedFiles: Set(after.map(\.path)))
    }

    static func record(_ files: [(path: String, code: String)]) -> Baseline {
        let sources = Dictionary(uniqueKeysWithValues: files.map { ($0.path, Array($0.code.utf8)) })
        let fingerprinter = BaselineFingerprinter(baselinePath: "/work/baseline.json", workingDirectory: "/work") { sources[$0] }
        return Baseline.recording(TestRules.lint(files), fingerprinter: fingerprinter)
    }

    static let legacy = "import UIKit\n\nfunc load() {\n    let forbidden = 1\n}\n"

    @Test func editsElsewhereKeepEntriesMatched() {
        let shifted = "import UIKit\n// A new comment.\nimport Combine\n\n\nfunc load() {\n        let   forbidden = 1\n}\n"
        let comparison = Self.compare(before: [("A.swift", Self.legacy)], after: [("A.swift", shifted)])
        #expect(comparison.new.isEmpty)
        #expect(comparison.matched == 1)
        #expect(comparison.stale.isEmpty)
    }

    @Test func editingTheFlaggedCodeMakesItNewAndTheEntryStale() {
        let edited = Self.legacy.replacingOccurrences(of: "let forbidden = 1", with: "let forbidden = 2")
        let comparison = Self.compare(before: [("A.swift", Self.legacy)], after: [("A.swift", edited)])
        #expect(comparison.new.map(\.brief) == ["A.swift:4 test_forbidden"])
        #expect(comparison.stale.map { "\($0.file) \($0.rule) \($0.count)" } == ["A.swift test_forbidden 1"])
    }

    @Test func identicalFindingsAreCountedNotCollapsed() {
        let block = "a()\nlet forbidden = 1\nb()\n"
        let twice = Self.record([("A.swift", block + block)])
        #expect(twice.entries.count == 1 && twice.entries[0].count == 2)
        let three = Self.compare(before: [("A.swift", block + block)], after: [("A.swift", block + block + block)])
        #expect(three.new.map(\.brief) == ["A.swift:8 test_forbidden"])  // the extra one, in file order
        #expect(three.matched == 2)
        let once = Self.compare(before: [("A.swift", block + block)], after: [("A.swift", block)])
        #expect(once.new.isEmpty)
        #expect(once.stale.map(\.count) == [1])
    }

    @Test func theSameCodeInAnotherFileIsNotBaselined() {
        let comparison = Self.compare(before: [("A.swift", Self.legacy)], after: [("A.swift", Self.legacy), ("B.swift", Self.legacy)])
        #expect(comparison.new.map(\.brief) == ["B.swift:4 test_forbidden"])
    }

    @Test func entriesOfFilesNotLintedAreNotStale() {
        let baseline = Self.record([("A.swift", Self.legacy), ("B.swift", Self.legacy)])
        let fingerprinter = BaselineFingerprinter(baselinePath: "/work/baseline.json", workingDirectory: "/work") { _ in nil }
        let comparison = baseline.compare([], fingerprinter: fingerprinter, lintedFiles: ["A.swift"])
        #expect(comparison.stale.map(\.file) == ["A.swift"])
    }

    @Test func theFileIsSortedStableJSONWithRelativePaths() throws {
        let sources: [String: [UInt8]] = ["Sources/B.swift": Array("let forbidden = 1\n".utf8),
                                          "Sources/A.swift": Array("let forbidden = 1\nlet menu = 2\n".utf8),
                                          "/elsewhere/C.swift": Array("let forbidden = 1\n".utf8)]
        let diagnostics = TestRules.lint(sources.map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })
        let fingerprinter = BaselineFingerprinter(baselinePath: "/work/ci/baseline.json", workingDirectory: "/work") { sources[$0] }
        let baseline = Baseline.recording(diagnostics.shuffled(), fingerprinter: fingerprinter)
        let text = baseline.rendered()
        #expect(text == Baseline.recording(diagnostics, fingerprinter: fingerprinter).rendered())
        #expect(baseline.entries.map { "\($0.file) \($0.rule)" } == [
            "../../elsewhere/C.swift test_forbidden", "../Sources/A.swift test_forbidden", "../Sources/A.swift test_project",
            "../Sources/B.swift test_forbidden",
        ])
        let fingerprint = baseline.entries[0].fingerprint
        #expect(fingerprint.count == 16 && fingerprint.allSatisfy(\.isHexDigit))
        #expect(text.hasPrefix("{\n  \"entries\": [\n    {\n      \"count\": 1,\n      \"file\": \"../../elsewhere/C.swift\",\n"))
        #expect(text.hasSuffix("  ],\n  \"version\": 1\n}\n"))
        #expect(!text.contains("line"))

        let scratch = ConfigurationScratch()
        let path = scratch.write("baseline.json", text)
        #expect(try Baseline.load(path: path, displayPath: "baseline.json").get() == baseline)
    }

    @Test(arguments: [
        ("{ entries: [] ", "baseline.json:1:15: malformed JSON5: unterminated object: expected '}'"),
        ("[]", #"baseline.json: expected an object with "version" and "entries""#),
        (#"{ "version": 2, "entries": [] }"#, #"baseline.json:1:3: version: expected "version": 1 (written by a different SeamLint?)"#),
        (#"{ "version": 1 }"#, #"baseline.json: expected "entries": an array"#),
        (#"{ "version": 1, "entries": [], "extra": 1 }"#, #"baseline.json:1:32: unknown key; a baseline holds only "version" and "entries""#),
        (#"{ "version": 1, "entries": [3] }"#, "baseline.json:1:29: entries[0]: expected an object"),
        (#"{ "version": 1, "entries": [{ "file": "A.swift", "rule": "r", "fingerprint": "f", "count": 0 }] }"#,
         "baseline.json:1:83: entries[0].count: expected a whole number of at least 1"),
        (#"{ "version": 1, "entries": [{ "file": "A.swift", "fingerprint": "f" }] }"#,
         #"baseline.json:1:29: entries[0]: expected "rule": a non-empty string"#),
        (#"{ "version": 1, "entries": [{ "file": "", "rule": "r", "fingerprint": "f", "line": 3 }] }"#,
         #"baseline.json:1:31: entries[0].file: expected "file": a non-empty string"#),
    ])
    func mistakesInTheFile(text: String, expected: String) {
        let scratch = ConfigurationScratch()
        let path = scratch.write("baseline.json", text)
        let result = Baseline.load(path: path, displayPath: "baseline.json")
        guard case .failure(let error) = result else { Issue.record("accepted \(text)"); return }
        #expect(error.problems.first?.description == expected)
    }

    @Test func missingFile() {
        let result = Baseline.load(path: "/nonexistent/b.json", displayPath: "b.json")
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.description == "b.json: cannot read the baseline: no such file or directory")
    }
}

/// The baseline through `lint`: write, adopt, report only what is new.
@Suite struct BaselineCommandLineTests {
    static let keyWindow = "func show() {\n    let window = UIApplication.shared.keyWindow\n}\n"

    static func run(_ arguments: [String]) -> ConfigurationCommandLineTests.Run {
        ConfigurationCommandLineTests.run(arguments)
    }

    @Test func writeThenAdopt() throws {
        let scratch = ConfigurationScratch()
        scratch.write("App/A.swift", Self.keyWindow)
        let baseline = scratch.path("seamlint-baseline.json")
        let written = Self.run(["--no-config", "--write-baseline", baseline, scratch.path("App")])
        #expect(written.status == 0)  // warnings only
        #expect(written.output.contains("A.swift:2:"))  // writing does not hide this run's findings
        #expect(written.errors.contains("baseline \(baseline): recorded 1 diagnostic\n"))
        let text = try #require(scratch.read("seamlint-baseline.json"))
        #expect(text.contains("\"file\": \"App/A.swift\""))

        // Lines added above: still baselined.
        scratch.write("App/A.swift", "import UIKit\n\n" + Self.keyWindow)
        let adopted = Self.run(["--no-config", "--baseline", baseline, "--quiet", scratch.path("App")])
        #expect(adopted.status == 0)
        #expect(adopted.output.isEmpty)

        // A new finding is reported; the old one stays silent.
        scratch.write("App/B.swift", Self.keyWindow)
        let new = Self.run(["--no-config", "--baseline", baseline, "--quiet", scratch.path("App")])
        #expect(new.output.contains("B.swift:2:") && !new.output.contains("A.swift"))

        // Fixed code leaves a stale entry, shown with --verbose and dropped by the next write.
        scratch.write("App/A.swift", "func show() {}\n")
        let stale = Self.run(["--no-config", "--baseline", baseline, "--verbose", scratch.path("App")])
        #expect(stale.errors.contains("baseline \(baseline): 0 diagnostics matched, 1 stale entry\n"))
        #expect(stale.errors.contains("stale: App/A.swift: key_window_lookup ×1 no longer found"))
        _ = Self.run(["--no-config", "--baseline", baseline, "--write-baseline", baseline, "--quiet", scratch.path("App")])
        let rewritten = try #require(scratch.read("seamlint-baseline.json"))
        #expect(rewritten.contains("App/B.swift") && !rewritten.contains("App/A.swift"))
    }

    @Test func theConfigurationKeyNamesTheBaseline() throws {
        let scratch = ConfigurationScratch()
        scratch.write("App/A.swift", Self.keyWindow)
        let config = scratch.write("ci/seamlint.json", "{ baseline: 'baseline.json' }")
        // Missing while writing it for the first time is fine.
        let first = Self.run(["--config", config, "--write-baseline", scratch.path("ci/baseline.json"), "--quiet", scratch.path("App")])
        #expect(first.status == 0)
        #expect(try #require(scratch.read("ci/baseline.json")).contains("\"file\": \"../App/A.swift\""))
        #expect(Self.run(["--config", config, "--quiet", scratch.path("App")]).output.isEmpty)
        scratch.remove("ci/baseline.json")
        let missing = Self.run(["--config", config, "--quiet", scratch.path("App")])
        #expect(missing.status == 2)
        #expect(missing.errors == "error: \(scratch.path("ci/baseline.json")): cannot read the baseline: no such file or directory\n")
    }
}
