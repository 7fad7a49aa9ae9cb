import Foundation
import SeamLintCore

/// `seamlint-dev tokenize`: prints a file's tokens, SourceKit's syntax map for it, or measures
/// tokenizer throughput.
public enum TokenizeCommand: DevCommand {
    public static let name = "tokenize"
    public static let summary = "print a file's tokens, its SourceKit syntax map, or time the tokenizer"
    public static let usage = """
        usage: seamlint-dev tokenize FILE                  tokens as `line:col kind [keyword] [flags] text`
               seamlint-dev tokenize --syntax-map FILE     SourceKit's syntax map for FILE
               seamlint-dev tokenize --bench [--iterations N] <file-or-folder>…
                 reads every .swift file first, then times only tokenizing (one thread);
                 build with -c release for meaningful numbers
        """

    public static func run(arguments: [String]) -> Int32 {
        guard let first = arguments.first else { printError(usage); return 2 }
        switch first {
        case "-h", "--help":
            print(usage)
            return 0
        case "--bench":
            return bench(Array(arguments.dropFirst()))
        case "--syntax-map":
            guard arguments.count == 2 else { printError(usage); return 2 }
            return printSyntaxMap(arguments[1])
        default:
            guard arguments.count == 1 else { printError(usage); return 2 }
            return printTokens(first)
        }
    }

    static func printTokens(_ path: String) -> Int32 {
        guard let bytes = SwiftFileCollector.read(path) else { printError("\(path): cannot read"); return 1 }
        let lines = LineTable(bytes)
        var output = ""
        for token in Tokenizer.tokenize(bytes) {
            output += TokenDescription.describe(token, bytes: bytes, lines: lines)
            output += "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        return 0
    }

    static func printSyntaxMap(_ path: String) -> Int32 {
        guard let bytes = SwiftFileCollector.read(path) else { printError("\(path): cannot read"); return 1 }
        guard let oracle = SourceKitOracle.load() else {
            printError("cannot load SourceKit: \(SourceKitOracle.loadError ?? "unknown")")
            return 1
        }
        do {
            let lines = LineTable(bytes)
            for entry in try oracle.syntaxMap(bytes: bytes) {
                let (line, column) = lines.location(of: entry.offset)
                let range = max(0, entry.offset)..<min(bytes.count, entry.offset + entry.length)
                print("\(line):\(column) \(entry.kind) \(Excerpt.make(bytes, range))")
            }
            return 0
        } catch {
            printError("\(path): \(error)")
            return 1
        }
    }

    static func bench(_ arguments: [String]) -> Int32 {
        var iterations = 20
        var paths: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--iterations" {
                guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { printError(usage); return 2 }
                iterations = value
            } else {
                paths.append(argument)
            }
        }
        let files = SwiftFileCollector.collect(paths).compactMap(SwiftFileCollector.read)
        guard !files.isEmpty else { printError("no .swift files in \(paths)"); return 1 }
        let result = TokenizerBenchmark.run(files: files, iterations: iterations)
        let megabytes = Double(result.bytes) / 1_000_000
        print("files: \(files.count), bytes: \(result.bytes), tokens per pass: \(result.tokens)")
        print(String(format: "best: %.1f MB/s (%.2f ms)  median: %.1f MB/s (%.2f ms)  over %d passes",
                     megabytes / result.best, result.best * 1000, megabytes / result.median, result.median * 1000,
                     iterations))
        return 0
    }
}

/// Times `Tokenizer.tokenize` alone over files already in memory.
public enum TokenizerBenchmark {
    public struct Result: Sendable {
        public let bytes: Int
        public let tokens: Int
        /// Seconds per pass over all files.
        public let best: Double
        public let median: Double
    }

    public static func run(files: [[UInt8]], iterations: Int) -> Result {
        var tokens: [Token] = []
        tokens.reserveCapacity(files.map(\.count).max() ?? 0)
        var tokenCount = 0
        // One untimed pass warms caches and grows the reused array to its final size.
        for file in files {
            tokens.removeAll(keepingCapacity: true)
            file.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
            tokenCount += tokens.count
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<iterations {
            let elapsed = clock.measure {
                for file in files {
                    tokens.removeAll(keepingCapacity: true)
                    file.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
                }
            }
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        samples.sort()
        return Result(bytes: files.reduce(0) { $0 + $1.count }, tokens: tokenCount,
                      best: samples[0], median: samples[samples.count / 2])
    }
}

/// Human-readable token descriptions for debugging and test failure messages.
public enum TokenDescription {
    /// `line:col kind [keyword] [flags] text`, with control characters in the text escaped.
    public static func describe(_ token: Token, bytes: [UInt8], lines: LineTable) -> String {
        let (line, column) = lines.location(of: Int(token.start))
        var text = "\(line):\(column) \(token.kind)"
        if token.keyword != .none { text += " keyword=\(token.keyword.text)" }
        let flagNames: [(TokenFlags, String)] = [
            (.backticked, "backticked"), (.dollar, "dollar"), (.multiline, "multiline"),
            (.unterminated, "unterminated"), (.raw, "raw"),
        ]
        let flags = flagNames.filter { token.flags.contains($0.0) }.map(\.1)
        if !flags.isEmpty { text += " [\(flags.joined(separator: ","))]" }
        let range = Int(token.start)..<min(bytes.count, token.end)
        return text + " " + Excerpt.make(bytes, range, limit: 200)
    }
}
