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
                         "Carthage/F.swift", "node_modules/G.swift", ".swiftpm/H.swift", "Sources/.build/I.swift",
                         "Sources/Assets.xcassets/J.swift", "Sources/en.lproj/K.swift", "Model.xcdatamodeld/L.swift"] {
            tree.file(excluded)
        }
        tree.file("Sources/README.md")
        tree.file("Sources/.lproj/Named.swift")  // only the ending: not a catalog
        let found = tree.discover([])
        #expect(found.files.map(\.path) == ["Sources/.lproj/Named.swift", "Sources/App/A.swift"])
        #expect(found.problems.isEmpty)

        var everything = DiscoveryOptions()
        everything.useDefaultExcludes = false
        #expect(tree.discover(["."], options: everything).files.count == 13)
        // Naming an excluded folder explicitly walks it.
        #expect(tree.discover([".build"]).files.map(\.path) == [".build/debug/B.swift"])
        #expect(tree.discover(["Sources/en.lproj"]).files.map(\.path) == ["Sources/en.lproj/K.swift"])
        // The language server asks the same of one file.
        #expect(LintWorkspace.isExcluded(tree.root + "/Sources/en.lproj/K.swift", options: DiscoveryOptions(), workingDirectory: tree.root))
        #expect(!LintWorkspace.isExcluded(tree.root + "/Sources/.lproj/Named.swift", options: DiscoveryOptions(), workingDirectory: tree.root))
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
        // The parent of the working directory: what is under the working directory stays relative.
        #expect(tree.discover([".."], from: tree.path("Sources")).files.map(\.path) == [tree.path("Other/B.swift"), "A.swift"])
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
        // A link named next to the real folder: the real paths win, whatever the argument order.
        #expect(tree.discover(["Alias", "."]).files.map(\.path) == ["Real/A.swift", "Real/Deep/B.swift"])
        tree.link("Alias2", to: "Real")
        #expect(tree.discover(["Alias/Deep", "Real/Deep"]).files.map(\.path) == ["Real/Deep/B.swift"])
        for arguments in [["Alias2", "Alias"], ["Alias", "Alias2"]] {
            #expect(tree.discover(arguments).files.map(\.path) == ["Alias/A.swift", "Alias/Deep/B.swift"])
        }
        // Through the link only: kept under the link's path; Z's target is outside this root.
        #expect(tree.discover(["Alias/Deep"]).files.map(\.path) == ["Alias/Deep/B.swift"])
        #expect(tree.discover(["Alias"]).files.map(\.path) == ["Alias/A.swift", "Alias/Deep/B.swift"])
    }

    /// Files found walking real folders are kept apart from named files and links until the end:
    /// the same choice must come out whichever way a file is met first.
    @Test func walkedFilesMeetNamedFilesAndLinks() {
        let tree = ScratchTree()
        tree.file("Real/A.swift")
        tree.file("Real/Deep/B.swift")
        tree.link("Alias", to: "Real")
        for arguments in [["Real", "Alias/A.swift"], ["Alias/A.swift", "Real"], ["Alias", "Real/A.swift"], ["Real/A.swift", "Alias"]] {
            let found = tree.discover(arguments).files.map(\.path)
            let expected = arguments.contains("Real") ? ["Real/A.swift", "Real/Deep/B.swift"] : ["Alias/Deep/B.swift", "Real/A.swift"]
            #expect(found == expected, "\(arguments)")
        }
        // Named and walked: once, under the path that crosses no link.
        #expect(tree.discover(["Real/Deep/B.swift", "Real", "Real/Deep/B.swift"]).files.map(\.path) == ["Real/A.swift", "Real/Deep/B.swift"])
        #expect(tree.discover([tree.path("Real/A.swift"), "Real"]).files.map(\.path) == ["Real/A.swift", "Real/Deep/B.swift"])
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

    /// Speed is scripts/benchmark.py's business; this asserts what is found.
    @Test func manyFilesAreFoundOnceInOrder() {
        let tree = ScratchTree()
        for folder in 0..<20 {
            for file in 0..<100 { tree.file("M\(folder)/F\(file).swift", []) }
        }
        let found = tree.discover(["."]).files
        #expect(found.count == 2000)
        #expect(Set(found.map(\.path)).count == 2000)
        #expect(found == found.sorted())
    }
}

@Suite struct DiscoveryReadingTests {
    private func reference(_ tree: ScratchTree, _ name: String, _ bytes: [UInt8]) -> SourceFileRef {
        SourceFileRef(path: name, absolutePath: tree.file(name, bytes), language: .swift)
    }

    private func problem(_ result: Result<[UInt8], InputProblem>) -> String? {
        if case .failure(let problem) = result { return problem.description }
        return nil
    }

    @Test func readsWholeFilesIncludingEmptyAndBOM() throws {
        let tree = ScratchTree()
        #expect(try SourceReader.read(reference(tree, "Empty.swift", [])).get() == [])
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let é = 1\n".utf8)
        #expect(try SourceReader.read(reference(tree, "BOM.swift", withBOM)).get() == withBOM)
        let large = (0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        #expect(try SourceReader.read(reference(tree, "Large.swift", large)).get() == large)
    }

    @Test func rejectsBinaryInvalidAndOversizedFiles() {
        let tree = ScratchTree()
        #expect(problem(SourceReader.read(reference(tree, "Nul.swift", [0x61, 0x62, 0x63, 0, 0x64])))
            == "Nul.swift: error: binary file (NUL byte at offset 3)")
        let invalid = Array("let a = 1\nlet é = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        #expect(problem(SourceReader.read(reference(tree, "Latin1.swift", invalid)))
            == "Latin1.swift: error: not valid UTF-8 (byte 0xC3 at line 2, column 10)")
        #expect(problem(SourceReader.read(reference(tree, "Lone.swift", [0x80])))
            == "Lone.swift: error: not valid UTF-8 (byte 0x80 at line 1, column 1)")
        #expect(problem(SourceReader.read(reference(tree, "Wide.swift", [0xFF, 0xFE, 0x61, 0x00])))
            == "Wide.swift: error: UTF-16LE text (SeamLint reads UTF-8 only)")
        let big = reference(tree, "Big.swift", Array(repeating: 0x20, count: 2048))
        #expect(problem(SourceReader.read(big, maximumSize: 100)) == "Big.swift: error: file is 2.0 KB, over the 100 bytes limit")
        #expect(problem(SourceReader.read(big, maximumSize: 2048)) == nil)
        #expect(ByteCount.text(Int(70.2 * 1024 * 1024)) == "70.2 MB")
        #expect(ByteCount.text(SourceReader.defaultMaximumSize, exact: true) == "64 MB")
    }

    @Test func unreadableFilesAreProblems() {
        let tree = ScratchTree()
        tree.folder("Folder.swift")
        let folder = SourceFileRef(path: "Folder.swift", absolutePath: tree.path("Folder.swift"), language: .swift)
        #expect(problem(SourceReader.read(folder)) == "Folder.swift: error: is a directory")

        let gone = SourceFileRef(path: "Gone.swift", absolutePath: tree.path("Gone.swift"), language: .swift)
        #expect(problem(SourceReader.read(gone)) == "Gone.swift: error: no such file or directory")

        #expect(mkfifo(tree.path("Pipe.swift"), 0o644) == 0)
        let pipe = SourceFileRef(path: "Pipe.swift", absolutePath: tree.path("Pipe.swift"), language: .swift)
        #expect(problem(SourceReader.read(pipe)) == "Pipe.swift: error: not a regular file")

        let locked = reference(tree, "Locked.swift", Array("x".utf8))
        chmod(locked.absolutePath, 0)
        if access(locked.absolutePath, R_OK) != 0 {  // tests may run as root, which reads anything
            #expect(problem(SourceReader.read(locked)) == "Locked.swift: error: permission denied")
        } else {
            #expect(problem(SourceReader.read(locked)) == nil)
        }
    }

    @Test(arguments: [
        ([0x41, 0xC3, 0xA9], nil),                    // é
        ([0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0xA6, 0x84], nil), // € 🦄
        ([0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF], nil), // U+FFFF, U+10FFFF
        ([0xC0, 0x80], 0),                            // overlong NUL
        ([0x41, 0xC1, 0xBF], 1),                      // overlong
        ([0xE0, 0x80, 0x80], 0),                      // overlong 3-byte
        ([0xF0, 0x80, 0x80, 0x80], 0),                // overlong 4-byte
        ([0xED, 0xA0, 0x80], 0),                      // surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),                // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0x41, 0x42, 0xE2, 0x82], 2),                // truncated at the end
        ([0xE2, 0x41, 0x82], 0),                      // interrupted
        ([0x41, 0xBF], 1),                            // stray continuation
        ([0xFF], 0),
    ] as [([UInt8], Int?)])
    func validatesUTF8(bytes: [UInt8], expected: Int?) {
        #expect(bytes.withUnsafeBufferPointer(SourceReader.validateUTF8) == expected)
        // The same behind ASCII runs of every length, to cross the 32- and 8-byte fast paths' boundaries.
        for padding in 0..<70 {
            let padded = Array(repeating: UInt8(ascii: "x"), count: padding) + bytes + Array("tail".utf8)
            let offset = padded.withUnsafeBufferPointer(SourceReader.validateUTF8)
            if let expected {
                #expect(offset == padding + expected)
            } else {
                #expect(offset == nil)
            }
        }
    }

    @Test func validatorAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF,
                                    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            // Up to 80 bytes, mostly ASCII in the longer ones, so the 32-byte path meets each case.
            let count = Int.random(in: 0..<80, using: &generator)
            let asciiShare = count > 12 ? 0.9 : 0
            let bytes = (0..<count).map { _ in
                if Double.random(in: 0..<1, using: &generator) < asciiShare { return UInt8.random(in: 0...0x7F, using: &generator) }
                return Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let offset = bytes.withUnsafeBufferPointer(SourceReader.validateUTF8)
            #expect((offset == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            if let offset {
                #expect(String(validating: bytes[..<offset], as: UTF8.self) != nil, "\(bytes)")
            }
        }
    }
}

@Suite struct DiscoveryReferenceTests {
    @Test func referenceForAPathThatNeedNotExist() {
        let here = FileSystem.currentDirectory()
        let reference = FileDiscovery.reference(forPath: "./Sources/../Sources/New File.m")
        #expect(reference.path == "Sources/New File.m")
        #expect(reference.absolutePath == PathNames.standardize("Sources/New File.m", relativeTo: here))
        #expect(reference.language == .objectiveC)
        #expect(FileDiscovery.reference(forPath: "/elsewhere/x").path == (here == "/" ? "elsewhere/x" : "/elsewhere/x"))
        #expect(FileDiscovery.reference(forPath: "/elsewhere/x").language == .swift)
    }
}
