import Foundation
import SeamLintCore

extension Linter {
    /// Project-rule findings are made from facts, after the files' bytes are gone: their files
    /// (only those, once each) are loaded again to stamp their content fingerprints, so the
    /// reporters and the baseline never read a file themselves.
    static func stampContentFingerprints(_ diagnostics: inout [Diagnostic], files: [FileResult], workers: Int,
                                         load: @Sendable (Int) -> LoadOutcome) {
        var pending: [String: [Int]] = [:]
        for index in diagnostics.indices where diagnostics[index].contentFingerprint == nil {
            pending[diagnostics[index].location.file, default: []].append(index)
        }
        guard !pending.isEmpty else { return }
        var fileIndex: [String: Int] = [:]
        // By index: no copy of each `FileResult` (every field retained, then released).
        for index in files.indices where pending[files[index].path] != nil && fileIndex[files[index].path] == nil {
            fileIndex[files[index].path] = index
        }
        // Each file on its own: read and fingerprinted on every core (a file per finding, often).
        let paths = pending.keys.sorted()
        let found = ResultSlots<[(position: Int, fingerprint: String)]>(count: paths.count)
        let queue = WorkQueue(count: paths.count)
        let (reading, indexOf, positions) = (diagnostics, fileIndex, pending)
        DispatchQueue.concurrentPerform(iterations: min(workers, paths.count)) { _ in
            while let slot = queue.next() {
                let path = paths[slot]
                guard let index = indexOf[path], case .source(let loaded) = load(index) else { found[slot] = []; continue }
                var content = ContentFingerprint(bytes: loaded.bytes)
                found[slot] = positions[path]!.map { ($0, content.of(reading[$0])) }
            }
        }
        for stamps in found.takeValues() {
            for stamp in stamps { diagnostics[stamp.position].contentFingerprint = stamp.fingerprint }
        }
    }
}
