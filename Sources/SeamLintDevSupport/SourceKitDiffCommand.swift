import Foundation
import SeamLintCore

/// `seamlint-dev sourcekit-diff <paths…>`: compares the tokenizer's comment/string/code byte
/// classes with SourceKit's syntax map on every `.swift` file under the paths.
public enum SourceKitDiffCommand: DevCommand {
    public static let name = "sourcekit-diff"
    public static let summary = "compare tokenizer byte classes with SourceKit's syntax map"
    public static let usage = """
        usage: seamlint-dev sourcekit-diff [--show N] [--summary] <file-or-folder>…
          --show N     disagreements printed per file (default 5, 0 prints only counts)
          --summary    also print unexplained disagreement counts by class pair
        SourceKit is loaded from $\(SourceKitLocator.environmentVariable) or next to the toolchain.
        """

    public static func run(arguments: [String]) -> Int32 {
        var show = 5
        var summary = false
        var paths: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--show":
                guard let value = iterator.next().flatMap({ Int($0) }) else { printError(usage); return 2 }
                show = value
            case "--summary": summary = true
            case "-h", "--help": print(usage); return 0
            default:
                if argument.hasPrefix("-") { printError(usage); return 2 }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { printError(usage); return 2 }
        guard let oracle = SourceKitOracle.load() else {
            printError("sourcekit-diff: cannot load SourceKit: \(SourceKitOracle.loadError ?? "unknown")")
            return 1
        }
        let files = SwiftFileCollector.collect(paths)
        var compared = 0, agreeing = 0, explainedBytes = 0, filesWithDisagreements = 0, failures = 0
        var byPair: [String: (runs: Int, bytes: Int)] = [:]
        var byKnown: [KnownDifference: (runs: Int, bytes: Int)] = [:]
        for file in files {
            guard let bytes = SwiftFileCollector.read(file) else {
                printError("\(file): cannot read")
                failures += 1
                continue
            }
            if let problem = TokenInvariants.losslessViolation(Tokenizer.tokenize(bytes), byteCount: bytes.count) {
                printError("\(file): tokens are not lossless: \(problem)")
                failures += 1
            }
            let report: DifferentialReport
            do {
                report = try oracle.compare(bytes: bytes)
            } catch {
                printError("\(file): \(error)")
                failures += 1
                continue
            }
            compared += report.comparedBytes
            agreeing += report.agreeingBytes
            explainedBytes += report.explainedBytes
            for disagreement in report.explained {
                let previous = byKnown[disagreement.explanation!] ?? (0, 0)
                byKnown[disagreement.explanation!] = (previous.runs + 1, previous.bytes + disagreement.range.count)
            }
            guard !report.isFullAgreement else { continue }
            filesWithDisagreements += 1
            print("\(file): \(report.unexplainedBytes) disagreeing bytes in \(report.disagreements.count) runs")
            for disagreement in report.disagreements.prefix(show) {
                print("  \(file):\(disagreement)")
            }
            if report.disagreements.count > show && show > 0 {
                print("  … \(report.disagreements.count - show) more")
            }
            for disagreement in report.disagreements {
                let key = "ours=\(disagreement.ours) sourcekit=\(disagreement.theirs)"
                let previous = byPair[key] ?? (0, 0)
                byPair[key] = (previous.runs + 1, previous.bytes + disagreement.range.count)
            }
        }
        if summary {
            for (key, value) in byPair.sorted(by: { $0.key < $1.key }) {
                print("  unexplained \(key): \(value.runs) runs, \(value.bytes) bytes")
            }
        }
        for known in KnownDifference.allCases {
            guard let value = byKnown[known] else { continue }
            print("known difference \(known): \(value.runs) runs, \(value.bytes) bytes")
        }
        // Explained differences count as agreement in the headline figure; the raw one follows.
        func percent(_ part: Int) -> String {
            String(format: "%.4f", compared == 0 ? 100 : Double(part) * 100 / Double(compared))
        }
        print("agreement: \(percent(agreeing + explainedBytes))% of \(compared) bytes in \(files.count - failures) files"
              + " (\(filesWithDisagreements) files with disagreements)")
        if explainedBytes > 0 {
            print("raw agreement before known differences: \(percent(agreeing))%")
        }
        return failures == 0 ? 0 : 1
    }
}
