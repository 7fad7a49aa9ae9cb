import Foundation
import SeamLintCore
@testable import SeamLintEngine
import SeamLintRules
import Testing

/// Inputs that once took quadratic time, checked by counting steps (`ScalingCounter`), never by a
/// clock: doubling the input must about double the steps (linear), not quadruple them.
/// `scripts/scaling.py` measures the same cases on the release build (docs/robustness.md).
@Suite("Scaling")
struct ScalingTests {
    /// Steps at `n` and `2n`; linear work grows about 2×, quadratic 4×.
    static func expectLinear(_ n: Int, sourceLocation: SourceLocation = #_sourceLocation, _ steps: (Int) throws -> Int) rethrows {
        let small = try steps(n)
        let large = try steps(2 * n)
        #expect(small > 0, "nothing counted", sourceLocation: sourceLocation)
        #expect(Double(large) <= 2.5 * Double(small) + 1000, "\(small) steps for \(n), \(large) for \(2 * n)",
                sourceLocation: sourceLocation)
    }

    static func baselineText(_ count: Int, oneLine: Bool) -> String {
        let entries = (0..<count).map { index in
            Baseline.Entry(file: "App/File\(index / 100).swift", rule: "key_window_lookup",
                           fingerprint: String(index, radix: 16), count: 1, message: "keyWindow is deprecated")
        }
        let text = Baseline(entries: entries).rendered()
        return oneLine ? text.replacingOccurrences(of: "\n", with: " ") : text
    }

    @Test("loading a baseline is linear in its entries", arguments: [false, true])
    func baselineLoading(oneLine: Bool) throws {
        let scratch = ConfigurationScratch()
        try Self.expectLinear(2000) { count in
            let path = scratch.write("baseline.json", Self.baselineText(count, oneLine: oneLine))
            var loaded: Baseline?
            let steps = ScalingCounter.counting { loaded = try? Baseline.load(path: path, displayPath: "baseline.json").get() }
            #expect(loaded?.entries.count == count)
            return steps
        }
    }

    @Test("a baseline over the old 64 MB input limit loads: the limit matches what --write-baseline may write")
    func largeBaseline() throws {
        let scratch = ConfigurationScratch()
        let padding = String(repeating: " ", count: 65 * 1024 * 1024)
        let path = scratch.write("baseline.json", #"{ "version": 1, "entries": [] }"# + padding)
        #expect(throws: Never.self) { try Baseline.load(path: path, displayPath: "baseline.json").get() }
        #expect(Baseline.maximumFileSize >= 512 * 1024 * 1024)
    }

    @Test("loading a configuration is linear in its lists", arguments: [false, true])
    func configurationLoading(oneLine: Bool) throws {
        let scratch = ConfigurationScratch()
        let vocabulary = ConfigurationVocabulary(rules: [KeyWindowLookup.description], reporterIDs: ["xcode"])
        try Self.expectLinear(4000) { count in
            let globs = (0..<count).map { "\"Generated\($0)/**\"" }.joined(separator: oneLine ? ", " : ",\n    ")
            let path = scratch.write(".seamlint.json", "{ \"excluded\": [\(globs)], \"included\": [\(globs)] }\n")
            var excluded = 0
            let steps = ScalingCounter.counting {
                excluded = (try? ConfigurationFile.load(path: path, displayPath: ".seamlint.json", vocabulary: vocabulary).get())?
                    .excluded.count ?? -1
            }
            #expect(excluded == count)
            return steps
        }
    }

    @Test("a mistake in every element of a long list is reported in linear time")
    func configurationProblems() {
        let scratch = ConfigurationScratch()
        let vocabulary = ConfigurationVocabulary(rules: [KeyWindowLookup.description], reporterIDs: ["xcode"])
        Self.expectLinear(2000) { count in
            let path = scratch.write(".seamlint.json", "{ \"excluded\": [" + Array(repeating: "1", count: count).joined(separator: ",") + "] }")
            var problems = 0
            let steps = ScalingCounter.counting {
                if case .failure(let error) = ConfigurationFile.load(path: path, displayPath: ".seamlint.json", vocabulary: vocabulary) {
                    problems = error.problems.count
                }
            }
            #expect(problems == count)
            return steps
        }
    }

    static func previews(_ count: Int, fixed: Bool) -> String {
        (0..<count).map { index in
            "struct Preview\(index): UIViewRepresentable {\n    \(fixed ? "static " : "")func dismantleUIView() {}\n}\n\n"
        }.joined()
    }

    @Test("the --dry-run diff of many fixes is linear")
    func unifiedDiff() {
        Self.expectLinear(300) { count in
            let old = Self.previews(count, fixed: false), new = Self.previews(count, fixed: true)
            var diff = ""
            let steps = ScalingCounter.counting { diff = UnifiedDiff.render(old: old, new: new, path: "P.swift") }
            #expect(diff.components(separatedBy: "\n+    static func").count == count + 1)
            return steps
        }
    }

    @Test("the diff of unrelated texts stays linear: it falls back to replacing whole stretches")
    func unifiedDiffWorstCase() {
        Self.expectLinear(400) { count in
            let old = (0..<count).map { "a\($0 % 7)\n" }.joined(), new = (0..<count).map { "b\($0 % 5)\n" }.joined()
            var diff = ""
            let steps = ScalingCounter.counting { diff = UnifiedDiff.render(old: old, new: new, path: "P.swift") }
            #expect(diff.components(separatedBy: "\n-a").count + diff.components(separatedBy: "\n+b").count == 2 * count + 2)
            return steps
        }
    }

    @Test("applying many fixes to one file is linear")
    func fixApplier() {
        Self.expectLinear(1000) { count in
            let text = Self.previews(count, fixed: false)
            let bytes = Array(text.utf8)
            var diagnostics: [Diagnostic] = []
            var offset = 0
            for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if content.hasPrefix("    func") {
                    diagnostics.append(Diagnostic(ruleID: "r", severity: .warning, message: "m",
                                                  location: Location(file: "P.swift", line: line + 1, column: 5, offset: offset + 4),
                                                  fix: [Edit(range: offset + 4..<offset + 4, replacement: "static ")]))
                }
                offset += content.utf8.count + 1
            }
            var fixed: [UInt8] = []
            let steps = ScalingCounter.counting { fixed = FixApplier.apply(diagnostics, to: bytes).bytes }
            #expect(fixed == Array(Self.previews(count, fixed: true).utf8))
            return steps
        }
    }

    @Test("many suppressions in one file are parsed and looked up in linear time")
    func suppressions() {
        Self.expectLinear(1000) { count in
            var text = "func show() {\n"
            for _ in 0..<count { text += "    // seamlint:disable:next key_window_lookup\n    _ = UIApplication.shared.keyWindow\n" }
            let file = SourceFile(path: "S.swift", bytes: Array(text.utf8))
            var silenced = 0
            let steps = ScalingCounter.counting {
                let map = SuppressionMap(file: file, knownRuleIDs: ["key_window_lookup"])
                for index in 0..<count {
                    let line = 3 + 2 * index
                    let diagnostic = Diagnostic(ruleID: "key_window_lookup", severity: .warning, message: "m",
                                                location: Location(file: "S.swift", line: line, column: 5, offset: 0))
                    if map.isSuppressed(diagnostic) { silenced += 1 }
                }
            }
            #expect(silenced == count)
            return steps
        }
    }
}
