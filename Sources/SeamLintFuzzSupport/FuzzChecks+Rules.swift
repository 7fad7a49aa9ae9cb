import SeamLintCore
import SeamLintEngine
import SeamLintCLI

extension FuzzChecks {
    /// How many fix passes may be needed before fixing changes nothing (as `lint --fix`).
    static let maximumFixPasses = 5

    /// All rules (opt-in ones too) and their fixes: no trap; every diagnostic points inside the
    /// file; a fix keeps the file valid UTF-8 and tokenizer-clean; and after a pass that applied
    /// every fix (none deferred for overlapping), another pass changes nothing.
    public static func rules(_ bytes: [UInt8], path: String = "Fuzz.swift", language: SourceLanguage = .swift) -> String? {
        // The engine rejects files that are not UTF-8 before any rule sees them.
        var current = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let linter = inMemoryLinter
        var previousPassDeferred = true
        for pass in 1...maximumFixPasses {
            let result = linter.lint(sources: [(path: path, code: String(decoding: current, as: UTF8.self))],
                                     language: language)
            if let failure = checkDiagnostics(result.diagnostics, in: current, path: path) { return "pass \(pass): \(failure)" }
            let outcome = FixApplier.apply(result.diagnostics, to: current)
            if outcome.bytes == current { return nil }
            if !previousPassDeferred {
                return "fixes are not idempotent: pass \(pass) changed what pass \(pass - 1) had fixed completely"
            }
            if let offset = outcome.bytes.withUnsafeBufferPointer({ SourceReader.validateUTF8($0) }) {
                return "pass \(pass): a fix made the file invalid UTF-8 at byte \(offset)"
            }
            let retokenized = language == .swift ? tokenizer(outcome.bytes) : objectiveCTokenizer(outcome.bytes)
            if let failure = retokenized { return "pass \(pass): after fixing, \(failure)" }
            previousPassDeferred = !outcome.deferred.isEmpty
            current = outcome.bytes
        }
        // Every pass deferred overlapping fixes: progress, bounded like `--fix`, not a bug.
        return nil
    }

    /// Locations, lengths, ends and edits of file diagnostics lie inside the file; the end is where
    /// the flagged text ends.
    static func checkDiagnostics(_ diagnostics: [Diagnostic], in bytes: [UInt8], path: String = "Fuzz.swift") -> String? {
        for diagnostic in diagnostics where diagnostic.location.file == path {
            let location = diagnostic.location
            if location.offset < 0 || location.offset > bytes.count || diagnostic.length < 0
                || location.offset + diagnostic.length > bytes.count || location.line < 1 || location.column < 1 {
                return "\(diagnostic.ruleID) reports offset \(location.offset), length \(diagnostic.length) "
                    + "at \(location.line):\(location.column) in \(bytes.count) bytes"
            }
            let expectedEnd = SourcePosition.end(after: location, length: diagnostic.length, in: bytes)
            if diagnostic.end == nil || diagnostic.end != expectedEnd {
                return "\(diagnostic.ruleID) at \(location.line):\(location.column) ends at \(String(describing: diagnostic.end)), "
                    + "not \(String(describing: expectedEnd))"
            }
            for edit in diagnostic.fix where edit.range.lowerBound < 0 || edit.range.upperBound > bytes.count {
                return "\(diagnostic.ruleID) proposes an edit of \(edit.range) in \(bytes.count) bytes"
            }
        }
        return nil
    }

    /// Every registered rule, one worker, no manifests read from disk.
    static var inMemoryLinter: Linter {
        var options = LintOptions(rules: allRules)
        options.workers = 1
        options.discoverDeploymentTargets = false
        return Linter(options: options, allRules: allRules)
    }
}
