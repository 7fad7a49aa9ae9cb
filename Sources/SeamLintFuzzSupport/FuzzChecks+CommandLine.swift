import Foundation
import SeamLintEngine
import SeamLintCLI

extension FuzzChecks {
    /// Where an input's files split: a mutated input may become several files, so that project
    /// rules see facts from more than one file.
    static let fileSeparator = Array("\n//--file--\n".utf8)
    static let maximumFiles = 4

    /// The whole command line, in-process, on a scratch folder holding the input's files (some in
    /// a subfolder): discovery, every rule (fact collectors and project rules included), one
    /// reporter picked by the input, then `--fix` and a re-lint. No trap, no hang (libFuzzer's
    /// `-timeout`), a documented exit code, and a problem names the file it is about.
    public static func commandLine(_ bytes: [UInt8]) -> String? {
        // A folder per input: tests replay inputs in parallel.
        let folder = NSTemporaryDirectory() + "/seamlint-fuzz-cli-\(UUID().uuidString)"
        let manager = FileManager.default
        defer { try? manager.removeItem(atPath: folder) }
        guard (try? manager.createDirectory(atPath: folder + "/Sub", withIntermediateDirectories: true)) != nil else {
            return nil  // the machine, not the linter
        }
        let parts = split(bytes)
        for (index, part) in parts.enumerated() {
            let name = index % 2 == 0 ? "File\(index).swift" : "Sub/File\(index).swift"
            guard manager.createFile(atPath: folder + "/" + name, contents: Data(part)) else { return nil }
        }
        let reporters = Reporters.all.map { $0.id }
        let reporter = reporters[Int(bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % UInt32(reporters.count))]
        let base = ["--no-config", "--enable-all-rules", "--quiet", "--workers", "1", folder]
        if let failure = runChecked(base + ["--reporter", reporter], fileCount: parts.count) { return "\(reporter): \(failure)" }
        if let failure = runChecked(["--fix"] + base, fileCount: parts.count) { return "--fix: \(failure)" }
        if let failure = runChecked(base, fileCount: parts.count) { return "after --fix: \(failure)" }
        return nil
    }

    /// The input cut at `fileSeparator`, at most `maximumFiles` parts (the last keeps the rest).
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        let separator = fileSeparator
        while index + separator.count <= bytes.count && parts.count < maximumFiles - 1 {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    private static func runChecked(_ arguments: [String], fileCount: Int) -> String? {
        let output = TextSink.memory(), errors = TextSink.memory()
        let status = CommandLineTool(output: output, errors: errors).run(arguments)
        guard [ExitCode.success, ExitCode.lintFailure, ExitCode.usageOrInputError].contains(status) else {
            return "exit code \(status)"
        }
        if status == ExitCode.usageOrInputError {
            // Each problem line names a file of the input ("File0.swift: error: …" or a path to it).
            let lines = errors.buffer.split(separator: "\n").filter { !$0.hasPrefix("SeamLint: ") }
            if lines.isEmpty { return "exit 2 without a message" }
            if let unnamed = lines.first(where: { !$0.contains("File") }) { return "problem names no file: \(unnamed)" }
        }
        return nil
    }
}
