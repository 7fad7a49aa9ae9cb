import Foundation
import SeamLintCore
import SeamLintEngine

/// `--fix`: lint, apply fixes in memory, re-lint, at most `maximumPasses` times; then write
/// each changed file once, atomically (or print a diff with `--dry-run`).
struct FixRun {
    static let maximumPasses = 5

    let linter: Linter
    let files: [SourceFileRef]

    struct Outcome {
        /// The diagnostics left after fixing.
        var result: LintResult
        /// New content by absolute path, for files that changed.
        var fixed: [String: [UInt8]]
        /// Fixes applied per display path.
        var counts: [String: Int]
    }

    func run(startingWith overrides: [String: [UInt8]] = [:]) -> Outcome {
        var contents = overrides
        var counts: [String: Int] = [:]
        var changed: Set<String> = []
        var result = linter.lint(files, overrides: contents)
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for _ in 0..<Self.maximumPasses {
            let fixable = Dictionary(grouping: result.diagnostics.filter { !$0.fix.isEmpty }, by: \.location.file)
            guard !fixable.isEmpty else { break }
            var progressed = false
            for (path, diagnostics) in fixable {
                guard let file = byPath[path] else { continue }
                let original: [UInt8]
                if let current = contents[file.absolutePath] {
                    original = current
                } else if case .success(let bytes) = SourceReader.read(file) {
                    original = bytes
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
        return Outcome(result: result, fixed: contents.filter { changed.contains($0.key) }, counts: counts)
    }
}
