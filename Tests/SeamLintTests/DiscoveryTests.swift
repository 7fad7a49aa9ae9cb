import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// A scratch folder built by one test and removed when the test ends.
private final class ScratchTree {
    let root: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/seamlint-discovery-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        // The canonical form, so that expected absolute paths match what discovery reports.
        let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        root = FileSystem.resolve(String(decoding: bytes, as: UTF8.self))!
    }

    deinit {
        chmodAll(root)
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func file(_ relative: String, _ contents: [UInt8] = Array("let x = 1\n".utf8)) -> String {
        let full = path(relative)
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        precondition(FileManager.default.createFile(atPath: full, contents: Data(contents)), "cannot create \(full)")
        return full
    }

    func folder(_ relative: String) {
        try! FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// `relative` becomes a symbolic link whose content is `target`, verbatim.
    func link(_ relative: String, to target: String) {
        precondition(symlink(target, path(relative)) == 0, "symlink failed")
    }

    func discover(_ arguments: [String], options: DiscoveryOptions = DiscoveryOptions(), from directory: String? = nil)
        -> (files: [SourceFileRef], problems: [InputProblem])
    {
        FileDiscovery.discover(arguments, options: options, workingDirectory: directory ?? root)
    }

    private func chmodAll(_ path: String) {
        chmod(path, 0o755)
        for child in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            var status = stat()
            if lstat(path + "/" + child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { chmodAll(path + "/" + child) }
        }
    }
}

@Suite struct DiscoveryTests {
    @Test func defaultExcludesSkipBuildProductsAndDependencies() {
        let tree = ScratchTree()
        tree.file("Sources/App/A.swift")
        for excluded in [".build/debug/B.swift", ".git/C.swift", "DerivedData/D.swift", "Pods/E/E.swift",
                         "Carthage/F.swift", "node_modules/G.swift", ".swiftpm/H.swift", "Sources/.build/I.swift"] {
            tree.file(excluded)
        }
        tree.file("Sources/README.md")
        let found = tree.discover([])
        #expect(found.files.map(\.path) == ["Sources/App/A.swift"])
        #expect(found.problems.isEmpty)

        var everything = DiscoveryOptions()
        everything.useDefaultExcludes = false
        #expect(tree.discover(["."], options: everything).files.count == 9)
        // Naming an excluded folder explicitly walks it.
        #expect(tree.discover([".build"]).files.map(\.path) == [".build/debug/B.swift"])
    }

    @Test func explicitFilesAndFolders() {
        let tree = ScratchTree()
        tree.file("Sources/A.swift")
        tree.file("Sources/B.m")
        tree.file("Sources/C.mm")
        tree.file("Sources/D.h")
        tree.file("Sources/notes.txt")
        tree.file("Makefile")

        let all = tree.discover(["Sources"])
        #expect(all.files.map(\.path) == ["Sources/A.swift", "Sources/B.m", "Sources/C.mm", "Sources/D.h"])
        #expect(all.files.map(\.language) == [.swift, .objectiveC, .objectiveC, .objectiveC])
        #expect(all.files[0].absolutePath == tree.path("Sources/A.swift"))

        let explicit = tree.discover(["Sources/B.m", "Makefile", "Sources/notes.txt"])
        #expect(explicit.files.map(\.path) == ["Sources/B.m"])
        #expect(explicit.problems.map(\.description) == [
            "Makefile: error: not a Swift or Objective-C source file",
            "Sources/notes.txt: error: not a Swift or Objective-C source file",
        ])

        var swiftOnly = DiscoveryOptions()
        swiftOnly.includeObjectiveC = false
        let swift = tree.discover(["Sources", "Sources/B.m"], options: swiftOnly)
        #expect(swift.files.map(\.path) == ["Sources/A.swift"])
        #expect(swift.problems.isEmpty)
    }

    @Test func missingPathIsAProblem() {
        let tree = ScratchTree()
        tree.file("A.swift")
        let found = tree.discover(["A.swift", "Missing.swift", "gone/"])
        #expect(found.files.map(\.path) == ["A.swift"])
        #expect(found.problems == [
            InputProblem(path: "Missing.swift", reason: "no such file or directory"),
            InputProblem(path: "gone", reason: "no such file or directory"),
        ])
    }

    @Test func displayPathsAreRelativeToTheWorkingDirectory() {
        let tree = ScratchTree()
        tree.file("Sources/A.swift")
        tree.file("Other/B.swift")
        #expect(tree.discover(["./Sources/../Sources/"]).files.map(\.path) == ["Sources/A.swift"])
        #expect(tree.discover([tree.path("Sources")]).files.map(\.path) == ["Sources/A.swift"])
        // From inside Sources: files above it are shown absolute, files under it relative.
        let fromSources = tree.discover([".", "../Other"], from: tree.path("Sources"))
        #expect(fromSources.files.map(\.path) == [tree.path("Other/B.swift"), "A.swift"])
        #expect(fromSources.files.map(\.absolutePath) == [tree.path("Other/B.swift"), tree.path("Sources/A.swift")])
    }

    @Test func sortsByteWiseAndKeepsDistinctNormalizations() throws {
        let tree = ScratchTree()
        let nfc = "\u{E9}.swift", nfd = "e\u{301}.swift"
        for name in ["b.swift", "B.swift", "Z.swift", "a.swift", nfc, nfd, "_.swift"] { tree.file(name) }
        let paths = tree.discover(["."]).files.map { Array($0.path.utf8) }
        if try FileManager.default.contentsOfDirectory(atPath: tree.root).count == 7 {
            // Canonically equivalent names are two files here (Linux), and stay two.
            let expected = ["B.swift", "Z.swift", "_.swift", "a.swift", "b.swift", nfd, nfc]
            #expect(paths == expected.map { Array($0.utf8) })
        } else {  // a normalizing file system (macOS) keeps one of them
            #expect(paths.count == 6 && paths == paths.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test func hostileFileNames() throws {
        let tree = ScratchTree()
        let names = ["with space.swift", "new\nline.swift", "carriage\rreturn.swift", "per%cent.swift",
                     "co:lon.swift", "com,ma.swift", "quo\"te'.swift", "ünï🦄.swift", "-dash.swift",
                     "::warning file=x::y.swift", "back\\slash.swift", "tab\t.swift", "<&>.swift"]
        for name in names { tree.file("In/" + name, Array("// \(name)\n".utf8)) }
        let found = tree.discover(["In"])
        #expect(found.problems.isEmpty)
        #expect(Set(found.files.map(\.path)) == Set(names.map { "In/" + $0 }))
        for file in found.files {
            let bytes = try SourceReader.read(file).get()
            #expect(String(decoding: bytes, as: UTF8.self) == "// \(file.path.dropFirst(3))\n")
        }
        // Explicit arguments with the same names work too, including one that looks like an option.
        #expect(tree.discover(["In/-dash.swift", "In/new\nline.swift"]).files.count == 2)
        let problem = InputProblem(path: "In/new\nline\u{1B}.swift", reason: "no such file or directory")
        #expect(problem.description == "In/new\\nline\\u{1B}.swift: error: no such file or directory")
    }

    @Test func symbolicLinkLoopsTerminate() {
        let tree = ScratchTree()
        tree.file("a/A.swift")
        tree.file("b/B.swift")
        tree.link("a/toB", to: "../b")
        tree.link("b/toA", to: "../a")
        tree.link("a/self", to: ".")
        tree.link("b/up", to: "..")
        tree.link("loop1.swift", to: "loop2.swift")
        tree.link("loop2.swift", to: "loop1.swift")
        var following = DiscoveryOptions()
        following.followSymlinks = true
        for options in [DiscoveryOptions(), following] {
            let found = tree.discover(["."], options: options)
            #expect(found.files.map(\.path) == ["a/A.swift", "b/B.swift"])
            #expect(found.problems.map(\.path) == ["loop1.swift", "loop2.swift"])  // broken: they resolve nowhere
        }
        // Starting inside the loop: b is outside the root "a", so reached only when following links.
        #expect(tree.discover(["a"]).files.map(\.path) == ["a/A.swift"])
        #expect(tree.discover(["a"], options: following).files.map(\.path) == ["a/A.swift", "a/toB/B.swift"])
    }

    @Test func linksOutOfTheTreeAreNotFollowedByDefault() {
        let outside = ScratchTree()
        outside.file("Vendor/V.swift")
        outside.file("Single.swift")
        let tree = ScratchTree()
        tree.file("Sources/A.swift")
        tree.link("Sources/Vendor", to: outside.path("Vendor"))
        tree.link("Sources/Single.swift", to: outside.path("Single.swift"))
        #expect(tree.discover(["."]).files.map(\.path) == ["Sources/A.swift"])

        var following = DiscoveryOptions()
        following.followSymlinks = true
        #expect(tree.discover(["."], options: following).files.map(\.path)
            == ["Sources/A.swift", "Sources/Single.swift", "Sources/Vendor/V.swift"])
        // Naming the link itself is naming its target.
        #expect(tree.discover(["Sources/Vendor"]).files.map(\.path) == ["Sources/Vendor/V.swift"])
    }

    @Test func linksInsideTheTreeAreDeduplicated() {
        let tree = ScratchTree()
        tree.file("Real/A.swift")
        tree.file("Real/Deep/B.swift")
        tree.link("Alias", to: "Real")
        tree.link("AAA.swift", to: "Real/A.swift")
        tree.link("Real/Deep/Z.swift", to: "../A.swift")
        let found = tree.discover(["."])
        #expect(found.files.map(\.path) == ["Real/A.swift", "Real/Deep/B.swift"])
        #expect(found.problems.isEmpty)
        // The same file named twice, and a folder and a file under it.
        #expect(tree.discover(["Real/A.swift", "Real/A.swift", "Real", "./Real/Deep"]).files.map(\.path)
            == ["Real/A.swift", "Real/Deep/B.swift"])
        // Through the link only: kept under the link's path; Z's target is outside this root.
        #expect(tree.discover(["Alias/Deep"]).files.map(\.path) == ["Alias/Deep/B.swift"])
        #expect(tree.discover(["Alias"]).files.map(\.path) == ["Alias/A.swift", "Alias/Deep/B.swift"])
    }

    @Test func configuredExclusionsPruneFolders() {
        let tree = ScratchTree()
        tree.file("Sources/A.swift")
        tree.file("Sources/Generated/G.swift")
        tree.file("Tests/T.swift")
        let generated = tree.path("Sources/Generated")
        var options = DiscoveryOptions()
        options.isExcluded = { path in path == generated || path.hasSuffix("/T.swift") }
        #expect(tree.discover(["."], options: options).files.map(\.path) == ["Sources/A.swift"])
        // Explicit paths are linted anyway unless `excludeExplicitPaths` says otherwise.
        #expect(tree.discover(["Tests/T.swift"], options: options).files.count == 1)
        options.excludeExplicitPaths = true
        #expect(tree.discover(["Tests/T.swift"], options: options).files.isEmpty)
    }

    @Test func unreadableFolderIsAProblemAndTheWalkGoesOn() {
        let tree = ScratchTree()
        tree.file("Open/A.swift")
        tree.file("Closed/B.swift")
        chmod(tree.path("Closed"), 0)
        defer { chmod(tree.path("Closed"), 0o755) }
        let found = tree.discover(["."])
        if access(tree.path("Closed"), R_OK) == 0 {  // root ignores permissions
            #expect(found.files.map(\.path) == ["Closed/B.swift", "Open/A.swift"])
        } else {
            #expect(found.files.map(\.path) == ["Open/A.swift"])
            #expect(found.problems == [InputProblem(path: "Closed", reason: "permission denied")])
        }
    }

    @Test func manyFilesAreFoundQuickly() {
        let tree = ScratchTree()
        for folder in 0..<20 {
            for file in 0..<100 { tree.file("M\(folder)/F\(file).swift", []) }
        }
        let clock = ContinuousClock()
        var found: [SourceFileRef] = []
        let elapsed = clock.measure { found = tree.discover(["."]).files }
        #expect(found.count == 2000)
        #expect(found == found.sorted())
        #expect(elapsed < .seconds(2))  // generous: debug build, shared machine; ~5 ms in release
    }
}
