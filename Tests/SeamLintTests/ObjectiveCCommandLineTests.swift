import Foundation
import SeamLintCore
@testable import SeamLintCLI
@testable import SeamLintEngine
import SeamLintRules
import Testing

/// Objective-C on the command line: with libclang hidden, Swift is linted as usual and one
/// warning says what was skipped; `--no-objc`, `--libclang` and their mistakes.
@Suite("Objective-C command line")
struct ObjectiveCCommandLineTests {
    static let swiftSource = """
        func present(_ controller: UIViewController) {
            UIApplication.shared.keyWindow?.rootViewController?.present(controller, animated: true)
        }
        """
    static let objectiveCSource = """
        @implementation Helper
        + (UIWindow *)window {
            return [UIApplication sharedApplication].keyWindow;
        }
        @end
        """

    /// A folder with `Present.swift` and, optionally, `Helper.m`; removed afterwards.
    final class Project {
        let url: URL

        init(objectiveC: Bool) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-objc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try swiftSource.write(to: url.appendingPathComponent("Present.swift"), atomically: true, encoding: .utf8)
            if objectiveC {
                try objectiveCSource.write(to: url.appendingPathComponent("Helper.m"), atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(extra) { $1 }
    }

    @Test func hiddenLibclangWarnsOnceAndLintsSwiftAsUsual() throws {
        let hidden = Self.environment(["SEAMLINT_LIBCLANG": "/nonexistent/libclang.so"])
        let mixed = try Project(objectiveC: true)
        let swiftOnly = try Project(objectiveC: false)
        let run = try LintProcess.run(["--no-config", mixed.url.path], environment: hidden, directory: mixed.url)
        let reference = try LintProcess.run(["--no-config", swiftOnly.url.path], environment: hidden, directory: swiftOnly.url)

        #expect(run.status == reference.status)
        #expect(run.output == reference.output)
        #expect(run.output.contains("Present.swift:2:5: warning:"))
        let warnings = run.errors.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(run.errors)")
        let warning = String(warnings.first ?? "")
        #expect(warning.hasPrefix("warning: 1 Objective-C file was not linted: libclang could not be loaded; tried /nonexistent/libclang.so (SEAMLINT_LIBCLANG): "))
        #if os(Linux)
        #expect(warning.contains("install it with `apt-get install libclang-dev`"))
        #endif
        #expect(run.errors.contains("SeamLint: 1 file linted, 1 warning"))
        #expect(!reference.errors.contains("Objective-C"))
    }

    @Test func noObjCSkipsSilently() throws {
        let mixed = try Project(objectiveC: true)
        let hidden = Self.environment(["SEAMLINT_LIBCLANG": "/nonexistent/libclang.so"])
        let run = try LintProcess.run(["--no-config", "--no-objc", mixed.url.path], environment: hidden, directory: mixed.url)
        #expect(!run.errors.contains("warning:"))
        #expect(run.errors.contains("SeamLint: 1 file linted"))
    }

    @Test func configurationTurnsObjectiveCOffAndTheFlagBackOn() throws {
        let mixed = try Project(objectiveC: true)
        try "{ \"objc\": false }\n".write(to: mixed.url.appendingPathComponent(".seamlint.json"), atomically: true, encoding: .utf8)
        let hidden = Self.environment(["SEAMLINT_LIBCLANG": "/nonexistent/libclang.so"])
        let off = try LintProcess.run([mixed.url.path], environment: hidden, directory: mixed.url)
        #expect(!off.errors.contains("warning:"), "\(off.errors)")
        #expect(off.errors.contains("SeamLint: 1 file linted"))
        let on = try LintProcess.run(["--objc", mixed.url.path], environment: hidden, directory: mixed.url)
        #expect(on.errors.contains("warning: 1 Objective-C file was not linted"), "\(on.errors)")
    }

    @Test(arguments: [
        (["--libclang", "/nonexistent/libclang.so", "."], "error: --libclang: /nonexistent/libclang.so: no such file\n"),
        (["--objc", "--no-objc", "."], "error: --objc and --no-objc contradict each other; pass one\n"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let project = try Project(objectiveC: false)
        let run = try LintProcess.run(["--no-config"] + arguments, directory: project.url)
        #expect(run.status == 2)
        #expect(run.errors == message)
        #expect(run.output.isEmpty)
    }

    @Test(.enabled(if: ObjectiveCFixture.isAvailable))
    func objectiveCIsLintedWithLibclang() throws {
        let project = try Project(objectiveC: true)
        let run = try LintProcess.run(["--no-config", "--verbose", project.url.path], directory: project.url)
        #expect(run.output.contains("Helper.m:3:12: warning: "))
        #expect(run.output.contains("(key_window_lookup)"))
        #expect(run.output.contains("Present.swift:2:5: warning:"))
        #expect(run.errors.contains("Objective-C: libclang "))
        #expect(run.errors.contains("SeamLint: 2 files linted, 2 warnings"))
    }

    /// The engine's side, in process: skipped files are counted, not linted, and explained.
    @Test func linterCountsSkippedFiles() {
        let result = InMemoryLint.run([(path: "Helper.m", code: Self.objectiveCSource)], rules: allRules, language: .objectiveC,
                                      workers: 0) { $0.objectiveC.libclangPath = "/nonexistent/libclang.so" }
        #expect(result.objectiveCFilesSkipped == 1)
        #expect(result.filesLinted == 0)
        #expect(result.diagnostics.isEmpty)
        let warning = ObjectiveCCommandLine.warning(for: result)
        #expect(warning?.hasPrefix("warning: 1 Objective-C file was not linted: ") == true)
        #expect(warning?.hasSuffix("\n") == true && warning?.dropLast().contains("\n") == false)
    }

    @Test func aSwiftOnlyRunNeverLooksForLibclang() {
        let result = InMemoryLint.run([(path: "A.swift", code: "let a = 1\n")], rules: allRules,
                                      workers: 0) { $0.objectiveC.libclangPath = "/nonexistent/libclang.so" }
        #expect(result.libclang == nil)
        #expect(ObjectiveCCommandLine.warning(for: result) == nil)
    }

    @Test func disabledObjectiveCIsNotWarnedAbout() {
        let result = InMemoryLint.run([(path: "Helper.m", code: Self.objectiveCSource)], rules: allRules, language: .objectiveC,
                                      workers: 0) { $0.objectiveC = ObjectiveCOptions(isEnabled: false, libclangPath: "/nonexistent/libclang.so") }
        #expect(result.objectiveCFilesSkipped == 0 && result.libclang == nil)
    }
}
