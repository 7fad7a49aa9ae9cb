import Foundation
import Testing
import SeamLintCLI

/// Runs the built `lint` executable on each sample app, as a user would, and compares its
/// output with the sample's `expected.txt` (regenerate with `swift run seamlint-dev regenerate`).
@Suite("Samples")
struct SamplesIntegrationTests {
    static let samples: [String] = {
        let root = PackageRoot.url.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }()

    @Test("output matches expected.txt", arguments: samples)
    func sample(name: String) throws {
        let run = try LintProcess.run(["--enable-all-rules", "Samples/\(name)"])
        let expectedURL = PackageRoot.url.appendingPathComponent("Samples/\(name)/expected.txt")
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(run.output == expected, "Samples/\(name)/expected.txt is stale: run `swift run seamlint-dev regenerate`")
        let hasErrors = run.output.contains(": error: ")
        #expect(run.status == (hasErrors ? 1 : 0), "exit status \(run.status); stderr: \(run.errors)")
    }

    @Test("fixed twins are silent, buggy samples are not", arguments: samples)
    func twins(name: String) throws {
        let expected = try String(contentsOf: PackageRoot.url.appendingPathComponent("Samples/\(name)/expected.txt"),
                                  encoding: .utf8)
        if name.hasSuffix("Fixed") {
            #expect(expected.isEmpty, "\(name) should produce no diagnostics")
        } else {
            #expect(!expected.isEmpty, "\(name) should produce diagnostics")
            #expect(Self.samples.contains(name + "Fixed"), "\(name) needs a fixed twin")
        }
    }

    @Test("every rule fires on some sample")
    func everyRuleFires() throws {
        var all = ""
        for name in Self.samples {
            all += (try? String(contentsOf: PackageRoot.url.appendingPathComponent("Samples/\(name)/expected.txt"),
                                encoding: .utf8)) ?? ""
        }
        // Suppression hygiene rules judge comments, not app code: SuppressionTests cover them.
        for rule in allRules where !rule.description.id.hasSuffix("_suppression") {
            #expect(all.contains("(\(rule.description.id))"), "no sample shows \(rule.description.id)")
        }
    }

    @Test("`lint Samples` exits 1 and prints the default rules' diagnostics")
    func readmeCommand() throws {
        let run = try LintProcess.run(["Samples"])
        #expect(run.status == 1)
        #expect(run.output.contains("warning:"))
        #expect(!run.output.contains("(private_uikit_class)"), "opt-in rules stay off by default")
    }
}

/// Runs the `lint` executable built next to the test bundle, from the package root.
enum LintProcess {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["SEAMLINT_LINT_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lint")
    }

    static func run(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
                    directory: URL = PackageRoot.url) throws -> Run {
        try runProgram(executable, arguments, directory: directory, environment: environment, input: input ?? Data())
    }
}
