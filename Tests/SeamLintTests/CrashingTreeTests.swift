import Foundation
import Testing

/// One tree holding every input that once trapped or hung the run, beside the buggy samples: the
/// run still reports every sample's findings, and every file it cannot lint is named on its own
/// line (issue 18: one bad file costs one file, not the run).
@Suite("A tree of crashing inputs")
struct CrashingTreeTests {
    /// Inputs SeamLint must reject, each named in one problem line: (file name, bytes).
    static let rejected: [(name: String, bytes: [UInt8])] = [
        ("NotUTF8.swift", Array("let a = \"caf".utf8) + [0xE9, 0x22, 0x0A]),
    ]
    /// The Objective-C crashers (truncated message sends, deep nesting) go here, as (name, text),
    /// once libclang runs contained; each must then be linted or named, like the Swift ones.
    static let objectiveCCrashers: [(name: String, text: String)] = []

    static let fuzzRegressions = PackageRoot.url.appendingPathComponent("Tests/SeamLintTests/Fixtures/FuzzRegressions")

    @Test func theSamplesFindingsSurviveEveryCrasherBesideThem() throws {
        let scratch = try ScratchFolder()
        let samples = PackageRoot.url.appendingPathComponent("Samples")
        try FileManager.default.copyItem(at: samples, to: scratch.url.appendingPathComponent("Samples"))
        for (index, crasher) in TokenBoundsTests.crashers.enumerated() {
            try scratch.write("Crashers/Swift\(index).swift", crasher.text)
        }
        let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: Self.fuzzRegressions.path)) ?? []
        for name in fixtures.sorted() {
            let bytes = [UInt8](try Data(contentsOf: Self.fuzzRegressions.appendingPathComponent(name)))
            try scratch.write("Crashers/Fuzz/\(name).swift", bytes)
        }
        for (index, crasher) in Self.objectiveCCrashers.enumerated() {
            try scratch.write("Crashers/ObjC\(index)-\(crasher.name)", crasher.text)
        }
        for file in Self.rejected { try scratch.write("Crashers/\(file.name)", file.bytes) }

        let run = try scratch.lint(["--enable-all-rules", "Samples", "Crashers"])
        #expect(run.status == 2, "a rejected file makes the run exit 2; stderr: \(run.errors)")
        var expected: [String] = []
        for name in SamplesIntegrationTests.samples {
            let text = try String(contentsOf: samples.appendingPathComponent("\(name)/expected.txt"), encoding: .utf8)
            expected += text.split(separator: "\n").map(String.init)
        }
        #expect(expected.count > 20)
        let reported = run.diagnosticLines.filter { $0.hasPrefix("Samples/") }
        #expect(reported.sorted() == expected.sorted())
        for file in Self.rejected {
            #expect(run.problemLines.filter { $0.hasPrefix("Crashers/\(file.name): error: ") }.count == 1,
                    "\(run.errors)")
        }
        // Fuzz fixtures holding NUL bytes are rejected as binary too: each bad file once, by name.
        let named = run.problemLines.compactMap { $0.components(separatedBy: ": error: ").first }
        #expect(named.allSatisfy { $0.hasPrefix("Crashers/") } && Set(named).count == named.count, "\(run.errors)")
    }
}
