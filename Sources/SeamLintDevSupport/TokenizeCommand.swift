import Foundation
import SeamLintCore

/// `seamlint-dev tokenize`: prints a file's tokens, SourceKit's syntax map for it, or measures
/// tokenizer throughput.
public enum TokenizeCommand: DevCommand {
    public static let name = "tokenize"
    public static let summary = "print a file's tokens, its SourceKit syntax map, or time the tokenizer"
    public static let usage = """
        usage: seamlint-dev tokenize FILE                  tokens as `line:col kind [keyword] [flags] text`
               seamlint-dev tokenize --compact [--trivia] FILE
                 one line: `code text | …` (as in the tests); whitespace and newlines with --trivia
               seamlint-dev tokenize --syntax-map FILE     SourceKit's syntax map for FILE
               seamlint-dev tokenize --bench [--iterations N] <file-or-folder>…
                 reads every .swift file first, then times only tokenizing on one thread, into a
                 reused array and into a fresh array per file (what the linter does); reports
                 thread CPU time (steady on a busy machine) and wall time. Build with -c release.
        """

    public static func run(arguments: [String]) -> Int32 {
        guard let first = arguments.first else { printError(usage); return 2 }
        switch first {
        case "-h", "--help":
            print(usage)
            return 0
        case "--bench":
            return bench(Array(arguments.dropFirst()))
        case "--compact":
            let trivia = arguments.count == 3 && arguments[1] == "--trivia"
            guard arguments.count == (trivia ? 3 : 2), let bytes = SwiftFileCollector.read(arguments.last!) else {
                printError(usage)
                return 2
            }
            print(TokenDescription.compact(Tokenizer.tokenize(bytes), bytes: bytes, trivia: trivia))
            return 0
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
        let fresh = TokenizerBenchmark.run(files: files, iterations: iterations, mode: .freshArray)
        let megabytes = Double(result.bytes) / 1_000_000
        print("files: \(files.count), bytes: \(result.bytes), tokens: \(result.tokens), \(iterations) passes, one thread")
        for (label, run) in [("reused array", result), ("fresh arrays", fresh)] {
            print(String(format: "%@  cpu: best %.1f MB/s, median %.1f MB/s   wall: best %.1f MB/s, median %.1f MB/s",
                         label, megabytes / run.bestCPU, megabytes / run.medianCPU, megabytes / run.best,
                         megabytes / run.median))
        }
        return 0
    }
}

/// Times `Tokenizer.tokenize` alone over files already in memory, on the calling thread.
public enum TokenizerBenchmark {
    public struct Result: Sendable {
        public let bytes: Int
        public let tokens: Int
        /// Seconds per pass over all files, wall clock.
        public let best: Double
        public let median: Double
        /// Seconds per pass, CPU time of this thread: steadier than wall time on a busy machine.
        public let bestCPU: Double
        public let medianCPU: Double
    }

    /// How each pass gets its token arrays.
    public enum Mode: Sendable {
        /// `tokenize(_:into:)` into one reused array: tokenizing only.
        case reusedArray
        /// `tokenize(_:)`, a new array per file, as the linter calls it: includes allocation.
        case freshArray
    }

    public static func run(files: [[UInt8]], iterations: Int, mode: Mode = .reusedArray) -> Result {
        var tokens: [Token] = []
        tokens.reserveCapacity(files.map(\.count).max() ?? 0)
        var tokenCount = 0
        // One untimed pass warms caches and grows the reused array to its final size.
        for file in files {
            tokens.removeAll(keepingCapacity: true)
            file.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
            tokenCount += tokens.count
        }
        var wall: [Double] = [], cpu: [Double] = []
        var sink = 0
        for _ in 0..<iterations {
            let wallStart = now(CLOCK_MONOTONIC), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
            switch mode {
            case .reusedArray:
                for file in files {
                    tokens.removeAll(keepingCapacity: true)
                    file.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
                }
            case .freshArray:
                // Keep the result observable so the call is not optimised away.
                for file in files { sink &+= Tokenizer.tokenize(file).count }
            }
            cpu.append(now(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
            wall.append(now(CLOCK_MONOTONIC) - wallStart)
        }
        withExtendedLifetime(sink) {}
        wall.sort()
        cpu.sort()
        return Result(bytes: files.reduce(0) { $0 + $1.count }, tokens: tokenCount,
                      best: wall[0], median: wall[wall.count / 2], bestCPU: cpu[0], medianCPU: cpu[cpu.count / 2])
    }

    private static func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// Human-readable token descriptions for debugging and test failure messages.
public enum TokenDescription {
    /// A short code per kind for compact renderings; punctuation renders as its own text.
    public static func code(_ kind: TokenKind) -> String? {
        switch kind {
        case .whitespace: "ws"
        case .newline: "nl"
        case .lineComment: "//"
        case .blockComment: "/*"
        case .docLineComment: "///"
        case .docBlockComment: "/**"
        case .shebang: "#!"
        case .byteOrderMark: "bom"
        case .identifier: "id"
        case .keyword: "kw"
        case .attribute: "attr"
        case .poundDirective: "directive"
        case .poundKeyword: "pound"
        case .integerLiteral: "int"
        case .floatLiteral: "float"
        case .stringDelimiter: "quote"
        case .stringSegment: "str"
        case .interpolationStart: "interp"
        case .interpolationEnd: "interp-end"
        case .regexLiteral: "regex"
        case .operator: "op"
        case .unknown: "unknown"
        case .fileEdge: "edge"
        case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .period, .comma,
             .colon, .semicolon, .backslash: nil
        }
    }

    /// Tokens as `code text` items joined by ` | `, e.g. `kw let | id x | op = | int 1`.
    /// Whitespace and newlines are left out unless `trivia` is set; identifiers that spell a
    /// contextual keyword render as `ctx`; a trailing `!` marks `.unterminated`.
    public static func compact(_ tokens: [Token], bytes: [UInt8], trivia: Bool = false) -> String {
        var items: [String] = []
        for token in tokens {
            if !trivia && (token.kind == .whitespace || token.kind == .newline) { continue }
            let text = escaped(bytes[Int(token.start)..<min(bytes.count, token.end)])
            var item: String
            if token.kind == .identifier && token.keyword != .none {
                item = "ctx \(text)"
            } else if let code = code(token.kind) {
                item = "\(code) \(text)"
            } else {
                item = text
            }
            if token.flags.contains(.unterminated) { item += " !" }
            items.append(item)
        }
        return items.joined(separator: " | ")
    }

    /// Bytes as text with line breaks, tabs, control characters and invalid UTF-8 escaped.
    public static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x0A: text += "\\n"; index += 1; continue
            case 0x0D: text += "\\r"; index += 1; continue
            case 0x09: text += "\\t"; index += 1; continue
            case 0x00..<0x20, 0x7F: text += "\\x" + hex(byte); index += 1; continue
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte)); index += 1; continue
            default: break
            }
            // A well-formed multi-byte scalar stays as is; anything else is shown byte by byte.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let end = min(bytes.endIndex, index + length)
            let decoded = String(validating: bytes[index..<end], as: UTF8.self)
            if length > 1, end - index == length, let decoded, decoded.unicodeScalars.count == 1 {
                text += decoded
                index = end
            } else {
                text += "\\x" + hex(byte)
                index += 1
            }
        }
        return text
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

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
