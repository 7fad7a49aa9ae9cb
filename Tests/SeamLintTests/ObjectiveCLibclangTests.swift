import Foundation
@testable import SeamLintEngine
import Testing

/// Finding and loading libclang: the search order, failures, and the struct layouts.
@Suite("Objective-C libclang")
struct ObjectiveCLibclangTests {
    /// A fake machine: the given files exist, `/usr/lib` holds the given names.
    static func system(files: Set<String>, environment: [String: String] = [:], usrLib: [String] = [],
                       swiftCore: [String] = ["/opt/swift/usr/lib/swift/linux"],
                       links: [String: String] = [:]) -> LibclangLocator.System {
        LibclangLocator.System(environment: environment, loadedSwiftLibraryFolders: { swiftCore },
                               fileExists: { files.contains($0) }, resolveSymbolicLinks: { links[$0] ?? $0 },
                               listFolder: { $0 == "/usr/lib" ? usrLib : [] })
    }

    #if os(Linux)
    @Test func searchOrderOnLinux() {
        let files: Set<String> = ["/opt/swift/usr/lib/libclang.so", "/usr/lib/llvm-14/lib/libclang.so",
                                  "/usr/lib/llvm-9/lib/libclang.so.1", "/usr/lib/llvm-19/lib/libclang.so"]
        let system = Self.system(files: files, usrLib: ["llvm-9", "x86_64-linux-gnu", "llvm-14", "llvm-19"])
        let paths = LibclangLocator.candidates(explicitPath: nil, system: system).map(\.path)
        #expect(paths == ["/opt/swift/usr/lib/libclang.so", "/usr/lib/llvm-19/lib/libclang.so",
                          "/usr/lib/llvm-14/lib/libclang.so", "/usr/lib/llvm-9/lib/libclang.so.1",
                          "libclang.so", "libclang.so.1"])
    }

    @Test func toolchainFromSwiftOnPathWhenTheStandardLibraryIsStatic() {
        let files: Set<String> = ["/usr/bin/swift", "/toolchains/6.3/usr/lib/libclang.so"]
        let system = Self.system(files: files, environment: ["PATH": "/usr/local/bin:/usr/bin"], swiftCore: [],
                                 links: ["/usr/bin/swift": "/toolchains/6.3/usr/bin/swift-frontend"])
        #expect(LibclangLocator.candidates(explicitPath: nil, system: system).first?.path == "/toolchains/6.3/usr/lib/libclang.so")
        #expect(LibclangLocator.toolchainRoots(system) == ["/toolchains/6.3/usr"])
    }
    #endif

    @Test func anExplicitLibraryIsTheOnlyCandidate() {
        let system = Self.system(files: ["/opt/swift/usr/lib/libclang.so"], environment: ["SEAMLINT_LIBCLANG": "/env/libclang.so"])
        #expect(LibclangLocator.candidates(explicitPath: nil, system: system)
                == [LibclangCandidate(path: "/env/libclang.so", origin: "SEAMLINT_LIBCLANG")])
        #expect(LibclangLocator.candidates(explicitPath: "/flag/libclang.so", system: system)
                == [LibclangCandidate(path: "/flag/libclang.so", origin: "--libclang")])
        // An empty variable is unset.
        let empty = Self.system(files: [], environment: ["SEAMLINT_LIBCLANG": ""])
        #expect(LibclangLocator.candidates(explicitPath: nil, system: empty).allSatisfy { !$0.path.hasPrefix("/env") })
    }

    @Test func loadFailuresSayWhy() throws {
        guard case .failure(let missing) = Libclang.load(path: "/nonexistent/libclang.so") else {
            Issue.record("loaded a library that does not exist")
            return
        }
        #expect(missing.reason.contains("No such file"))
        // A real shared library that is not libclang.
        let libc = ["/lib/x86_64-linux-gnu/libc.so.6", "/lib/aarch64-linux-gnu/libc.so.6", "/usr/lib/libSystem.B.dylib"]
            .first { FileManager.default.fileExists(atPath: $0) }
        if let libc, case .failure(let notClang) = Libclang.load(path: libc) {
            #expect(notClang.reason == "not a usable libclang (no clang_createIndex)")
        }
    }

    @Test func aNamedLibraryThatFailsIsNotReplacedByAnother() {
        let support = ObjectiveCSupport(options: ObjectiveCOptions(), environment: ["SEAMLINT_LIBCLANG": "/nonexistent/libclang.so"])
        #expect(support.library() == nil)
        guard case .unavailable(let reason)? = support.status else {
            Issue.record("no status after a search")
            return
        }
        #expect(reason.hasPrefix("libclang could not be loaded; tried /nonexistent/libclang.so (SEAMLINT_LIBCLANG): "))
    }

    /// CI installs libclang-dev, so the Objective-C tests must not be skipped there.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SEAMLINT_REQUIRE_LIBCLANG"] == "1"))
    func libclangIsFoundWhereRequired() {
        #expect(ObjectiveCAvailability.isAvailable, "\(ObjectiveCAvailability.status)")
    }

    /// The hand-written layouts in Sources/CLibclang match clang-c/Index.h: compiled with the
    /// toolchain's clang against the installed header (libclang-dev), field by field.
    @Test(.enabled(if: LayoutCheck.header != nil && LayoutCheck.clang != nil))
    func structLayoutsMatchTheRealHeader() throws {
        let header = try #require(LayoutCheck.header)
        let clang = try #require(LayoutCheck.clang)
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-layout-\(UUID().uuidString).c")
        defer { try? FileManager.default.removeItem(at: source) }
        try LayoutCheck.program.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clang)
        process.arguments = ["-fsyntax-only", "-I", header, "-I", PackageRoot.url.appendingPathComponent("Sources/CLibclang").path,
                             source.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }
}

enum LayoutCheck {
    /// An `include` folder holding clang-c/Index.h.
    static let header: String? = {
        let llvm = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
            .filter { $0.hasPrefix("llvm-") }.sorted().map { "/usr/lib/\($0)/include" }
        return (llvm + ["/usr/include", "/opt/homebrew/opt/llvm/include", "/usr/local/opt/llvm/include"])
            .first { FileManager.default.fileExists(atPath: $0 + "/clang-c/Index.h") }
    }()

    /// The toolchain's clang (next to `swift` on PATH).
    static let clang: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = String(folder) + "/clang"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// SeamLint's structs, renamed, next to libclang's, compared with static assertions.
    static let program = """
        #include <stddef.h>
        #define CXSourceLocation SeamLintSourceLocation
        #define CXSourceRange SeamLintSourceRange
        #define CXToken SeamLintToken
        #define CXUnsavedFile SeamLintUnsavedFile
        #define CXString SeamLintString
        #include "CLibclang.h"
        #undef CXSourceLocation
        #undef CXSourceRange
        #undef CXToken
        #undef CXUnsavedFile
        #undef CXString
        #include <clang-c/Index.h>
        #define SAME(ours, theirs, field) \\
            _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #theirs "." #field); \\
            _Static_assert(sizeof(((ours *)0)->field) == sizeof(((theirs *)0)->field), #theirs "." #field " size")
        #define SAME_SIZE(ours, theirs) \\
            _Static_assert(sizeof(ours) == sizeof(theirs), #theirs " size"); \\
            _Static_assert(_Alignof(ours) == _Alignof(theirs), #theirs " alignment")
        SAME_SIZE(SeamLintSourceLocation, CXSourceLocation);
        SAME(SeamLintSourceLocation, CXSourceLocation, ptr_data);
        SAME(SeamLintSourceLocation, CXSourceLocation, int_data);
        SAME_SIZE(SeamLintSourceRange, CXSourceRange);
        SAME(SeamLintSourceRange, CXSourceRange, ptr_data);
        SAME(SeamLintSourceRange, CXSourceRange, begin_int_data);
        SAME(SeamLintSourceRange, CXSourceRange, end_int_data);
        SAME_SIZE(SeamLintToken, CXToken);
        SAME(SeamLintToken, CXToken, int_data);
        SAME(SeamLintToken, CXToken, ptr_data);
        SAME_SIZE(struct SeamLintUnsavedFile, struct CXUnsavedFile);
        SAME(struct SeamLintUnsavedFile, struct CXUnsavedFile, Filename);
        SAME(struct SeamLintUnsavedFile, struct CXUnsavedFile, Contents);
        SAME(struct SeamLintUnsavedFile, struct CXUnsavedFile, Length);
        SAME_SIZE(SeamLintString, CXString);
        SAME(SeamLintString, CXString, data);
        SAME(SeamLintString, CXString, private_flags);
        _Static_assert(CXToken_Punctuation == 0 && CXToken_Keyword == 1 && CXToken_Identifier == 2
                       && CXToken_Literal == 3 && CXToken_Comment == 4, "CXTokenKind values");
        _Static_assert(CXTranslationUnit_SkipFunctionBodies == 0x40 && CXTranslationUnit_SingleFileParse == 0x400,
                       "parse options");
        _Static_assert(CXError_Crashed == 2 && CXError_InvalidArguments == 3 && CXError_ASTReadError == 4, "error codes");
        """
}
