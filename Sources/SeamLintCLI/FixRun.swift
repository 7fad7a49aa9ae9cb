import Foundation
import SeamLintCore
import SeamLintEngine

/// `--fix`: lint, apply fixes in memory, re-lint, at most `maximumPasses` times; then write
/// each changed file once, atomically (or print a diff with `--dry-run`). Only diagnostics the
/// linter returns are fixed: disabled rules never ran and suppressed findings were dropped
/// inside `Linter`, so neither contributes an edit.
struct FixRun {
    static let maximumPasses = 5

    let linter: Linter
    let files: [SourceFileRef]
    /// Display paths whose fixes apply; nil: every file's.
    var fixable: Set<String>? = nil

    struct Outcome {
        /// The diagnostics left after fixing.
        var result: LintResult
        /// The diagnostics before any fix: what the files on disk still have after `--dry-run`.
        var unfixedResult: LintResult
        /// New content by absolute path, for files that changed.
        var fixed: [String: [UInt8]]
        /// Fixes applied per display path.
        var counts: [String: Int]
        /// The files as they were when their fixes were computed, by absolute path.
        var snapshots: [String: FileSnapshot] = [:]
    }

    func run(startingWith overrides: [String: [UInt8]] = [:]) -> Outcome {
        var contents = overrides
        var counts: [String: Int] = [:]
        var changed: Set<String> = []
        var snapshots: [String: FileSnapshot] = [:]
        // Stamped before the lint that finds the fixes: an edit saved after it changes the stamp.
        var stamps: [String: FileSnapshot.Stamped] = [:]
        for file in files where contents[file.absolutePath] == nil {
            stamps[file.absolutePath] = FileSnapshot.stamp(file.absolutePath)
        }
        var result = linter.lint(files, overrides: contents)
        let unfixed = result
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for _ in 0..<Self.maximumPasses {
            let candidates = result.diagnostics.filter { !$0.fix.isEmpty && fixable?.contains($0.location.file) != false }
            let byFile = Dictionary(grouping: candidates, by: \.location.file)
            guard !byFile.isEmpty else { break }
            var progressed = false
            for (path, diagnostics) in byFile {
                guard let file = byPath[path] else { continue }
                let original: [UInt8]
                if let current = contents[file.absolutePath] {
                    original = current
                } else if case .success(let bytes) = SourceReader.read(file), let stamp = stamps[file.absolutePath] {
                    original = bytes
                    snapshots[file.absolutePath] = stamp.snapshot(of: bytes)
                } else {
                    continue
                }
                let outcome = FixApplier.apply(diagnostics, to: original)
                guard outcome.bytes != original else { continue }
                contents[file.absolutePath] = outcome.bytes
                changed.insert(file.absolutePath)
                counts[path, default: 0] += outcome.applied.count
                progressed = true
            }
            guard progressed else { break }
            result = linter.lint(files, overrides: contents)
        }
        return Outcome(result: result, unfixedResult: unfixed, fixed: contents.filter { changed.contains($0.key) }, counts: counts,
                       snapshots: snapshots)
    }

    /// Writes the fixed files, or prints their diff (`--dry-run`) or the fixed standard input.
    /// A file changed by someone else since it was read, read-only, hard-linked, or whose owner or
    /// extended attributes cannot be kept is left alone and returned as a problem (exit 2); the
    /// others are written. Stops at the first file that cannot be written (exit 2): it keeps its
    /// old content, files before it are fixed, files after it untouched, and the one error line
    /// says which.
    static func finish(_ fix: Outcome, input: InputSelection, arguments: Arguments,
                       output: TextSink, errors: TextSink) throws(UsageError) -> [InputProblem] {
        let dryRun = arguments.has("--dry-run")
        if let stdinPath = input.stdinDisplayPath, let absolute = input.stdinAbsolutePath {
            let original = input.overrides[absolute] ?? []
            let bytes = fix.fixed[absolute] ?? original
            if dryRun {
                try ReportOutput.deliver(UnifiedDiff.render(old: String(decoding: original, as: UTF8.self),
                                                            new: String(decoding: bytes, as: UTF8.self), path: stdinPath),
                                         arguments: arguments, output: output)
            } else {
                try ReportOutput.deliver(String(decoding: bytes, as: UTF8.self), arguments: arguments, output: output)
            }
            return []
        }
        // A dry run's diff is the report: it goes where `--output` says, in one write.
        var diff = ""
        let writeGuard = FixWriteGuard(paths: input.roots)
        var skipped: [InputProblem] = []
        for file in input.files {
            guard let new = fix.fixed[file.absolutePath], let snapshot = fix.snapshots[file.absolutePath] else { continue }
            let shown = file.path.escapingControlCharacters
            if let refusal = writeGuard.refusal(for: file) { throw UsageError("\(shown): \(refusal)") }
            if dryRun {
                // The diff is of the bytes the fixes were computed from, or of nothing.
                guard case .success(let old) = SourceReader.read(file), snapshot.matches(old) else {
                    skipped.append(InputProblem(path: file.path, reason: "changed since it was read; no diff (run again)"))
                    continue
                }
                diff += UnifiedDiff.render(old: String(decoding: old, as: UTF8.self),
                                           new: String(decoding: new, as: UTF8.self), path: file.path)
                continue
            }
            do {
                try AtomicFile.replace(Data(new), at: file.absolutePath, unchangedSince: snapshot)
            } catch let refusal as AtomicFile.Refusal {
                skipped.append(InputProblem(path: file.path, reason: refusal.description))
                continue
            } catch {
                throw UsageError("\(shown): cannot write the fix: \(error)")
            }
            let count = fix.counts[file.path] ?? 0
            if !arguments.has("--quiet") { errors.write("fixed \(count) issue\(count == 1 ? "" : "s") in \(shown)\n") }
        }
        if dryRun { try ReportOutput.deliver(diff, arguments: arguments, output: output) }
        return skipped
    }
}
