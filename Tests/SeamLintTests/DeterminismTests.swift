import Foundation
import Testing

/// The same input gives byte-identical output whatever the number of workers and however the
/// threads happen to be scheduled: the built `lint` runs several times on the Samples and on a
/// larger tree with 1, 2 and 8 workers, and every output and summary must match the first.
@Suite("Determinism")
struct DeterminismTests {
    static let workerCounts = [1, 8, 2, 8, 1, 8]

    @Test("Samples: identical output with 1, 2 and 8 workers", arguments: ["xcode", "json", "sarif", "checkstyle", "markdown"])
    func samples(reporter: String) throws {
        try Self.expectStable(["--enable-all-rules", "--reporter", reporter, "Samples"], directory: PackageRoot.url)
    }

    /// Many files with the same findings in different folders: the output order must come from
    /// sorting, not from which worker finished first.
    @Test("a tree of 400 files: identical output with 1, 2 and 8 workers", arguments: ["xcode", "sarif"])
    func largerTree(reporter: String) throws {
        let scratch = try ScratchFolder()
        let samples = PackageRoot.url.appendingPathComponent("Samples")
        for copy in 0..<8 {
            try FileManager.default.copyItem(at: samples, to: scratch.url.appendingPathComponent("Copy\(copy)"))
        }
        for index in 0..<100 { try scratch.write("Flat/File\(index).swift", BuggySource.text) }
        try Self.expectStable(["--no-config", "--enable-all-rules", "--reporter", reporter, "."], directory: scratch.url)
    }

    static func expectStable(_ arguments: [String], directory: URL) throws {
        var first: LintProcess.Run?
        for workers in workerCounts {
            let run = try LintProcess.run(["--workers", "\(workers)"] + arguments, directory: directory)
            #expect(run.status == 0 || run.status == 1, "\(run.errors)")
            guard let reference = first else {
                #expect(!run.output.isEmpty)
                first = run
                continue
            }
            #expect(Array(run.output.utf8) == Array(reference.output.utf8), "output differs with \(workers) workers")
            #expect(run.errors == reference.errors, "summary differs with \(workers) workers")
            #expect(run.status == reference.status)
        }
    }
}
