import Foundation
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import Testing

/// Every rule, fact collector and project rule survives every prefix and every suffix of every
/// Swift rule example and sample file (issue 18: half-typed files are an editor's normal input).
/// Each seed's cuts are linted together, in one run with every rule, so project rules see them all.
/// (Objective-C prefixes need libclang and belong with its containment; add them to `seeds`.)
@Suite("Truncated files")
struct TruncationTests {
    struct Seed: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    /// Examples short enough to cut at every byte; longer seeds are cut at token boundaries.
    static let everyByteLimit = 120
    /// At most this many cut points per seed (evenly spread, deterministic), to keep the suite fast.
    static let maximumCuts = 64

    static let seeds: [Seed] = {
        var seeds: [Seed] = []
        for rule in allRules {
            let description = rule.description
            for (index, example) in (description.triggering + description.nonTriggering).enumerated()
            where example.language == .swift {
                let code = example.code.replacingOccurrences(of: "↓", with: "")
                seeds.append(Seed(name: "\(description.id) example \(index)", bytes: Array(code.utf8)))
                for (companion, text) in example.companions.enumerated() {
                    seeds.append(Seed(name: "\(description.id) example \(index) companion \(companion)", bytes: Array(text.utf8)))
                }
            }
        }
        let samples = PackageRoot.url.appendingPathComponent("Samples")
        let paths = (FileManager.default.enumerator(atPath: samples.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        for path in paths {
            let data = (try? Data(contentsOf: samples.appendingPathComponent(path))) ?? Data()
            seeds.append(Seed(name: "Samples/\(path)", bytes: Array(data)))
        }
        return seeds
    }()

    /// Where `bytes` is cut: every byte of a short seed, else every token boundary, thinned evenly.
    static func cutPoints(_ bytes: [UInt8]) -> [Int] {
        var points: [Int]
        if bytes.count <= everyByteLimit {
            points = Array(0...bytes.count)
        } else {
            points = Tokenizer.tokenize(bytes).map { Int($0.start) } + [bytes.count]
        }
        guard points.count > maximumCuts else { return points }
        let stride = Double(points.count - 1) / Double(maximumCuts - 1)
        return (0..<maximumCuts).map { points[Int((Double($0) * stride).rounded())] }
    }

    static let linter: Linter = {
        var options = LintOptions(rules: allRules)
        options.workers = 1
        options.discoverDeploymentTargets = false
        return Linter(options: options, allRules: allRules)
    }()

    @Test func seedsCoverTheExamplesAndSamples() {
        #expect(Self.seeds.count > 150)
        #expect(Self.seeds.contains { $0.name.hasPrefix("Samples/") })
    }

    @Test("every prefix and suffix is linted without a trap", arguments: seeds)
    func prefixesAndSuffixes(_ seed: Seed) {
        var sources: [(path: String, code: String)] = []
        for cut in Self.cutPoints(seed.bytes) {
            sources.append((path: "Prefix\(cut).swift", code: String(decoding: seed.bytes[..<cut], as: UTF8.self)))
            sources.append((path: "Suffix\(cut).swift", code: String(decoding: seed.bytes[cut...], as: UTF8.self)))
        }
        let result = Self.linter.lint(sources: sources)
        // Reaching here is the test; the count only shows the run linted the cuts.
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.filesLinted == sources.count)
    }
}
