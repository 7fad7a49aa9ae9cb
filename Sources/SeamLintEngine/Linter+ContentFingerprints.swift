import SeamLintCore

extension Linter {
    /// Project-rule findings are made from facts, after the files' bytes are gone: their files
    /// (only those, once each) are loaded again to stamp their content fingerprints, so the
    /// reporters and the baseline never read a file themselves.
    static func stampContentFingerprints(_ diagnostics: inout [Diagnostic], files: [FileResult],
                                         load: (Int) -> LoadOutcome) {
        var pending: [String: [Int]] = [:]
        for index in diagnostics.indices where diagnostics[index].contentFingerprint == nil {
            pending[diagnostics[index].location.file, default: []].append(index)
        }
        guard !pending.isEmpty else { return }
        var fileIndex: [String: Int] = [:]
        for (index, file) in files.enumerated() where pending[file.path] != nil && fileIndex[file.path] == nil {
            fileIndex[file.path] = index
        }
        for path in pending.keys.sorted() {
            guard let index = fileIndex[path], case .source(let loaded) = load(index) else { continue }
            var content = ContentFingerprint(bytes: loaded.bytes)
            for position in pending[path]! {
                diagnostics[position].contentFingerprint = content.of(diagnostics[position])
            }
        }
    }
}
