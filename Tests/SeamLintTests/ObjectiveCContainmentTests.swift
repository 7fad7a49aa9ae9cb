import Foundation
import SeamLintCore
@testable import SeamLintEngine
import SeamLintRules
import SeamLintCLI
import Testing

/// Inputs that crashed, overflowed the stack of, or hung libclang, and what a run does with a
/// libclang that fails anyway: the file is named on one line, the run goes on, exit status 2.
@Suite("Objective-C containment", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCContainmentTests {
    /// Files that made libclang crash (stack overflow), run for half a minute or more with gigabytes
    /// of memory, or block: as SeamLint parsed before, each took the whole run down or stopped it.
    static let killers: [(name: String, text: String)] = [
        ("Parentheses.m", "void f(void) { int x = " + String(repeating: "(", count: 1_150) + "1"
            + String(repeating: ")", count: 1_150) + "; }\n"),
        ("TopLevelParentheses.m", "int x = " + String(repeating: "(", count: 20_000) + "1"
            + String(repeating: ")", count: 20_000) + ";\n"),
        ("Structs.m", (0..<1_000).map { "struct S\($0) {" }.joined() + "int x;" + String(repeating: "};", count: 1_000) + "\n"),
        ("Angles.mm", String(repeating: "id<", count: 8_000) + "\n"),
        // Each `#define` doubles the expansion: 2^26 tokens (31 s and 3.7 GB for a 592-byte file).
        ("Macros.m", "#define A0 x\n" + (1...26).map { "#define A\($0) A\($0 - 1) A\($0 - 1)\n" }.joined() + "int y = A26;\n"),
        // Unclosed `<` in Objective-C++: 4x the time per two levels (16 levels took a second, 24 minutes).
        ("Templates.mm", String(repeating: "A<", count: 24) + " x;\n"),
        // `#if` expressions are evaluated recursively by the preprocessor.
        ("Condition.m", "#if " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000) + "\n#endif\n"),
        // Quadratic in libclang: one selector implemented by thousands of classes.
        ("Implementations.m", (0..<3_000).map { "@implementation C\($0)\n- (void)run { [self run]; }\n@end\n" }.joined()),
        ("IncludesFIFO.m", "#include \"fifo.h\"\n#import \"fifo.h\"\nint x;\n"),
    ]

    @Test("each killer lexes in this process, losslessly", arguments: killers.map(\.name))
    func lexesInProcess(name: String) throws {
        let text = try #require(Self.killers.first { $0.name == name }).text
        let folder = try ScratchFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("fifo.h").path, 0o600) == 0)
        // The real path: a relative `#include` would be looked up next to it, if libclang looked.
        let tokens = try ObjectiveCFixture.tokens(text, path: folder.url.appendingPathComponent(name).path)
        #expect(isLossless(tokens, count: text.utf8.count))
        #expect(tokens.count > 10)
    }

    /// A tree holding every killer and the buggy Objective-C sample still reports every finding of
    /// the sample, and nothing about the killers but the FIFO's one line.
    @Test("a tree of killers and the buggy sample reports the sample's findings")
    func treeWithKillers() throws {
        let folder = try ScratchFolder()
        for (name, text) in Self.killers { try folder.write("Killers/" + name, text) }
        #expect(mkfifo(folder.url.appendingPathComponent("Killers/fifo.h").path, 0o600) == 0)
        let sample = PackageRoot.url.appendingPathComponent("Samples/ObjCApp")
        for name in try FileManager.default.contentsOfDirectory(atPath: sample.path) where !name.hasSuffix(".txt") {
            try folder.write("ObjCApp/" + name, try folder.bytesOf(sample.appendingPathComponent(name)))
        }
        let alone = try LintProcess.run(["--no-config", "ObjCApp"], directory: folder.url)
        let run = try folder.lint(["."])
        #expect(alone.diagnosticLines.count >= 5)
        #expect(run.diagnosticLines.filter { $0.hasPrefix("ObjCApp/") } == alone.diagnosticLines)
        #expect(!run.output.contains("Killers/"), "\(run.output)")
        // The killers lex (they cost nothing); only the FIFO is named, as discovery never opens one.
        #expect(run.problemLines == ["Killers/fifo.h: error: not a regular file (a FIFO); skipped"], "\(run.errors)")
        #expect(run.status == 2)
    }

    /// With a libclang that crashes, hangs, spins or exhausts its memory on marked files, each
    /// such file costs one error line; the others (Swift, and Objective-C lexed by a fresh worker
    /// after a death) are linted.
    @Test("a failing libclang costs one file each", .enabled(if: FakeLibclang.compiler != nil))
    func failingLibclang() throws {
        let folder = try ScratchFolder()
        let library = try FakeLibclang.build(in: folder)
        // Each names `window` (a word rules read): a file that names none never reaches libclang.
        for marker in ["CRASH", "HANG", "SPIN", "MEMORY"] {
            try folder.write("Tree/\(marker.lowercased()).m", "int x; // SEAMLINT_\(marker) window\n")
        }
        try folder.write("Tree/after-crash.m", "int fine; // window\n")
        try folder.write("Tree/Buggy.swift", BuggySource.text)
        let environment = ProcessInfo.processInfo.environment.merging(
            ["SEAMLINT_LIBCLANG_TIME_LIMIT": "2", "SEAMLINT_LIBCLANG_MEMORY_LIMIT": "512"]) { $1 }
        // One worker: `after-crash.m` follows `crash.m` in the same (restarted) worker process.
        let run = try folder.lint(["--libclang", library, "--workers", "1", "Tree"], environment: environment)
        #expect(run.status == 2)
        #expect(run.diagnosticLines.count == 1 && run.diagnosticLines[0].hasPrefix("Tree/Buggy.swift:4:"), "\(run.output)")
        let expected = [
            "Tree/crash.m: error: libclang crashed while lexing the file (SIGSEGV, e.g. a stack overflow)",
            "Tree/hang.m: error: libclang did not finish lexing the file within 2 s",
            "Tree/memory.m: error: libclang aborted while lexing the file (SIGABRT; out of memory past 512 MB, or a failed check)",
            "Tree/spin.m: error: libclang did not finish lexing the file within 2 s",
        ]
        #expect(run.problemLines.sorted() == expected, "\(run.errors)")
    }

    /// A sandbox may forbid starting processes: the run then lexes in its own process.
    @Test("where no worker can be started, libclang runs in this process")
    func workerCannotStart() throws {
        let sample = PackageRoot.url.appendingPathComponent("Samples/ObjCApp/MMPresentationHelper.m")
        let code = String(decoding: try Data(contentsOf: sample), as: UTF8.self)
        func lint(worker: String?) -> LintResult {
            var options = LintOptions(rules: allRules)
            options.discoverDeploymentTargets = false
            options.objectiveC.workerExecutable = worker
            return Linter(options: options, allRules: allRules).lint(sources: [(path: "A.m", code: code)], language: .objectiveC)
        }
        let inProcess = lint(worker: nil)
        let unstartable = lint(worker: "/nonexistent/lint")
        #expect(inProcess.diagnostics.count >= 2)
        #expect(unstartable.problems.isEmpty, "\(unstartable.problems)")
        #expect(unstartable.diagnostics.map(\.location.offset) == inProcess.diagnostics.map(\.location.offset))
    }

    @Test("a bad limit in the environment is a usage error")
    func badLimits() throws {
        let folder = try ScratchFolder()
        try folder.write("A.m", "int x;\n")
        for (name, value) in [("SEAMLINT_LIBCLANG_TIME_LIMIT", "soon"), ("SEAMLINT_LIBCLANG_MEMORY_LIMIT", "1")] {
            let environment = ProcessInfo.processInfo.environment.merging([name: value]) { $1 }
            let run = try folder.lint(["."], environment: environment)
            #expect(run.status == 2)
            #expect(run.errors.contains(name), "\(run.errors)")
        }
    }
}

/// A stand-in libclang compiled from Fixtures/FakeLibclang with the toolchain's C compiler.
enum FakeLibclang {
    static let compiler: String? = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/clang" }
            + ["/opt/swift/usr/bin/clang", "/usr/bin/clang", "/usr/bin/cc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func build(in folder: ScratchFolder) throws -> String {
        let source = PackageRoot.url.appendingPathComponent("Tests/SeamLintTests/Fixtures/FakeLibclang/fake_libclang.c").path
        let library = folder.url.appendingPathComponent("libfakeclang.so").path
        let run = try runProgram(URL(fileURLWithPath: try #require(compiler)),
                                 ["-shared", "-fPIC", "-O1", "-o", library, source], directory: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        return library
    }
}

extension ScratchFolder {
    func bytesOf(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
