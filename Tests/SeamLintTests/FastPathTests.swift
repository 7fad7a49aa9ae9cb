import Foundation
import Testing
@testable import SeamLintCLI
@testable import SeamLintCore
@testable import SeamLintEngine
import SeamLintRules

/// The shortcuts taken for speed give the answers of the slow code they replaced: substring
/// search, the structure tables, path and manifest helpers, trigger words, fact grouping, timings.
@Suite("Fast paths")
struct FastPathTests {
    // MARK: Substring search

    /// The obvious quadratic search, as the reference.
    private static func naiveOffset(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    private static func offset(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBufferPointer { text in needle.withUnsafeBufferPointer { TextSearch.firstOffset(of: $0, in: text) } }
    }

    @Test("first occurrence", arguments: [
        ("hello View world", "View", 6), ("View", "View", 0), ("a View", "View", 2), ("Vie", "View", nil),
        ("", "x", nil), ("abc", "", 0), ("aaab", "aab", 1), ("xPxPhase scenePhase", "scenePhase", 9),
        ("UIViewUITransitionView", "UITransitionView", 6), ("café → Menu", "Menu", 10), ("__UI_UI", "_UI", 1),
    ] as [(String, String, Int?)])
    func firstOccurrence(haystack: String, needle: String, expected: Int?) {
        #expect(Self.offset(Array(needle.utf8), in: Array(haystack.utf8)) == expected)
    }

    /// The gram filter never rules out a word that occurs, at every length around its
    /// eight-byte steps and through runs of spaces; and it does rule out absent words.
    @Test func gramSetHasNoFalseNegatives() {
        var generator = SplitMix(seed: 21)
        let alphabet = Array("    ab\n(".utf8)
        for length in [0, 1, 2, 3, 7, 8, 9, 13, 14, 15, 16, 17, 64, 3_000] {
            for _ in 0..<20 {
                let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                let set = text.withUnsafeBufferPointer { GramSet($0, table: GramTable.current) }
                for start in text.indices {
                    for end in (start + 1)...min(text.count, start + 9) {
                        let word = Array(text[start..<end])
                        #expect(word.withUnsafeBufferPointer { set.mayContain($0) }, "\(word) in \(text)")
                    }
                }
            }
        }
        let text = Array(String(repeating: "let window = UIApplication.shared.windows.first\n", count: 50).utf8)
        let set = text.withUnsafeBufferPointer { GramSet($0, table: GramTable.current) }
        let absent = ["connectedScenes", "scenePhase", "dismantleUIView", "ZStack", "overlay"]
        let ruledOut = absent.filter { word in Array(word.utf8).withUnsafeBufferPointer { !set.mayContain($0) } }
        #expect(ruledOut.count >= 4, "only \(ruledOut) ruled out")
    }

    /// Trigger words named by several rules get one id, and a file's memo answers as a search
    /// would, whatever order the lists are asked in (an empty list: nothing to look for).
    @Test func triggerWordTableAnswersAsASearch() {
        var table = TriggerWordTable()
        let first = table.ids(["window", "UIApplication"]), second = table.ids(["UIApplication", "connectedScenes", "window"])
        #expect(first == [0, 1] && second == [1, 2, 0] && table.words.count == 3)
        let code = "let scene = UIApplication.shared.connectedScenes.first // no w-i-n-d-o-w here\n" + String(repeating: "let x = 1\n", count: 80)
        let file = SourceFile(path: "A.swift", bytes: Array(code.utf8))
        for lists in [[first, second, [], [0]], [[0], second, first, []]] {
            var memo = TriggerWordTable.Memo(table)
            let answers = lists.map { memo.mentionsAny($0, of: table, in: file) }
            let searched = lists.map { ids in ids.isEmpty || ids.contains { file.mentions(table.words[$0]) } }
            #expect(answers == searched)
        }
        var memo = TriggerWordTable.Memo(table)
        #expect(!memo.mentionsAny([0], of: table, in: file) && memo.mentionsAny([1], of: table, in: file) && !memo.mentionsAny([0], of: table, in: file))
    }

    /// Sets share a table per thread: files used in turn, and past the generation wrap (every 255
    /// sets), still answer for their own text.
    @Test func interleavedFilesKeepTheirOwnGrams() {
        func file(_ line: String) -> SourceFile {
            SourceFile(path: "A.swift", bytes: Array(String(repeating: line, count: 200).utf8))
        }
        let scenes = file("let connectedScenes = 1\n")
        let window = file("let keyWindow = 2\n")
        for round in 0..<300 {
            #expect(scenes.mentions(Array("connectedScenes".utf8)) && !scenes.mentions(Array("keyWindow".utf8)), "round \(round)")
            #expect(window.mentions(Array("keyWindow".utf8)) && !window.mentions(Array("connectedScenes".utf8)), "round \(round)")
            _ = file("let other\(round) = 3\n").mentions(Array("other".utf8))
        }
    }

    /// The pre-scan's gram set is the file's own when the `SourceFile` holds the same bytes and
    /// no other set was built since; other bytes, equal or not, get their own.
    @Test func preScanGramsAreReusedOnlyForTheSameBytes() {
        let table = GramTable.current
        let bytes = Array(String(repeating: "let keyWindow = 2\n", count: 200).utf8)
        #expect(TextSearch.containsAny(bytes, [Array("keyWindow".utf8)]))
        let builds = table.builds
        let file = SourceFile(path: "A.swift", bytes: bytes)
        #expect(file.mentions(Array("keyWindow".utf8)) && !file.mentions(Array("connectedScenes".utf8)))
        #expect(table.builds == builds, "the pre-scan's set was built again")
        // Equal contents in other storage: not the kept text.
        #expect(!TextSearch.containsAny(bytes, [Array("connectedScenes".utf8)]))
        let copy = SourceFile(path: "B.swift", bytes: Array(String(repeating: "let keyWindow = 2\n", count: 200).utf8))
        _ = copy.mentions(Array("keyWindow".utf8))
        #expect(table.builds == builds + 2)
        // A set built since (another file's) makes the kept one stale.
        #expect(TextSearch.containsAny(bytes, [Array("keyWindow".utf8)]))
        let other = SourceFile(path: "C.swift", bytes: Array(String(repeating: "let connectedScenes = 1\n", count: 200).utf8))
        #expect(other.mentions(Array("connectedScenes".utf8)) && !other.mentions(Array("keyWindow".utf8)))
        let later = SourceFile(path: "A.swift", bytes: bytes)
        #expect(later.mentions(Array("keyWindow".utf8)) && !later.mentions(Array("connectedScenes".utf8)))
        #expect(table.builds == builds + 5)
    }

    /// Many near misses around the anchor byte: every answer must match the reference.
    @Test func agreesWithNaiveSearch() {
        var generator = SplitMix(seed: 8)
        let alphabet = Array("aUIV_w(".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % 7)] }
            let needle = (0..<Int(1 + generator.next() % 4)).map { _ in alphabet[Int(generator.next() % 7)] }
            #expect(Self.offset(needle, in: haystack) == Self.naiveOffset(needle, in: haystack),
                    "\(String(decoding: needle, as: UTF8.self)) in \(String(decoding: haystack, as: UTF8.self))")
        }
    }

    @Test func fileMentions() {
        let file = SourceFile(path: "A.swift", bytes: Array("let s = \"scrollEdgeAppearance\" // Menu\n".utf8))
        #expect(file.mentionsText("scrollEdgeAppearance"))
        #expect(file.mentionsText("Menu"))
        #expect(!file.mentionsText("ContextMenuContainer"))
        #expect(!file.mentions([]))
        let segment = file.code.indices.first { file.code[$0].kind == .stringSegment }!
        #expect(file.tokenContains(segment, "EdgeApp"))
        #expect(!file.tokenContains(segment, "Menu"))
    }

    @Test func fileMentionsWholeNames() {
        func mentions(_ text: String) -> Bool { SourceFile(path: "A.swift", bytes: Array(text.utf8)).mentionsName("window") }
        #expect(mentions("self.window = w") && mentions("window") && mentions("(window)") && mentions("$window"))
        #expect(mentions("let s: UIWindowScene = windowScene; w = view.window"), "a later whole name counts")
        #expect(mentions("windowé") && mentions("éwindow"), "a byte from 0x80 is a boundary (over-approximating)")
        #expect(!mentions("windowScene") && !mentions("UIWindow") && !mentions("_window") && !mentions("window2") && !mentions(""))
        // Against a naive reference, on texts dense with near misses.
        var generator = SplitMix(seed: 21)
        let pieces = ["window", "windows", "Window", "w", "_", "1", " ", ".", "é", "in"]
        for _ in 0..<1_000 {
            let text = (0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8), name = Array("window".utf8)
            func isNameByte(_ byte: UInt8) -> Bool { byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber || byte == 0x5F) }
            let expected = bytes.count >= name.count && (0...(bytes.count - name.count)).contains { start in
                Array(bytes[start..<start + name.count]) == name && (start == 0 || !isNameByte(bytes[start - 1]))
                    && (start + name.count == bytes.count || !isNameByte(bytes[start + name.count]))
            }
            #expect(mentions(text) == expected, "\(text)")
        }
    }

    // MARK: Structure tables

    /// The tables as `SourceFile` built them before they moved to unsafe buffers.
    private static func referenceTables(_ bytes: [UInt8]) -> (code: [Token], lines: [Int], matching: [Int32], parent: [Int32]) {
        var code: [Token] = []
        var lines = [0]
        var sawNewline = true
        func lineStarts(in token: Token) -> Bool {
            var found = false
            var index = Int(token.start)
            while index < token.end {
                if bytes[index] == 0x0A {
                    lines.append(index + 1); found = true
                } else if bytes[index] == 0x0D {
                    if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                    lines.append(index + 1); found = true
                }
                index += 1
            }
            return found
        }
        for token in Tokenizer.tokenize(bytes) {
            switch token.kind {
            case .newline: sawNewline = true; lines.append(token.end); continue
            case .whitespace, .lineComment, .docLineComment, .byteOrderMark, .shebang: continue
            case .blockComment, .docBlockComment: if lineStarts(in: token) { sawNewline = true }; continue
            case .stringSegment: _ = lineStarts(in: token)
            default: break
            }
            var copy = token
            if sawNewline { copy.flags.insert(.lineStart) }
            code.append(copy)
            sawNewline = false
        }
        var matching = [Int32](repeating: -1, count: code.count)
        var parent = [Int32](repeating: -1, count: code.count)
        var stack: [Int] = []
        let pairs: [TokenKind: TokenKind] = [.leftParen: .rightParen, .leftBrace: .rightBrace,
                                             .leftSquare: .rightSquare, .interpolationStart: .interpolationEnd]
        for index in code.indices {
            parent[index] = Int32(stack.last ?? -1)
            if pairs[code[index].kind] != nil {
                stack.append(index)
            } else if let open = stack.last, pairs[code[open].kind] == code[index].kind {
                stack.removeLast()
                matching[index] = Int32(open)
                matching[open] = Int32(index)
                parent[index] = Int32(stack.last ?? -1)
            }
        }
        return (code, lines, matching, parent)
    }

    static let structureInputs = [
        "struct A { func f() { g(x: [1, 2]) } }\n",
        "/* one\r\n two\r three */ let a = \"\"\"\n  text \\(value)\n  \"\"\"\n)]} stray\n",
        "let x = (\n  [1,\n   2]\n  // note\n)\r\nfunc g() {\n  /** doc\n */ h() }",
        "", "{{{", ")))", "#if os(iOS)\nimport UIKit\n#endif\n",
    ]

    @Test("structure tables", arguments: structureInputs)
    func structureTables(source: String) {
        let bytes = Array(source.utf8)
        let file = SourceFile(path: "A.swift", bytes: bytes)
        let expected = Self.referenceTables(bytes)
        #expect(file.code.elements == expected.code)
        #expect(file.lineStarts == expected.lines)
        #expect(file.matching.elements == expected.matching)
        #expect(file.parent.elements == expected.parent)
    }

    @Test func structureTablesOfTheSamples() throws {
        let root = PackageRoot.url.appendingPathComponent("Samples")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(paths.count > 10)
        for path in paths {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
            let file = SourceFile(path: path, bytes: bytes)
            let expected = Self.referenceTables(bytes)
            #expect(file.code.elements == expected.code && file.lineStarts == expected.lines, "\(path)")
            #expect(file.matching.elements == expected.matching && file.parent.elements == expected.parent, "\(path)")
        }
    }

    // MARK: Paths and manifests

    @Test("directory of a path", arguments: [
        "/a/b/c.swift", "/a", "/", "", "c.swift", "a/b", "/a/b/", "//a//b", "/a/./b", "/a/b/..", "/ü/ñ.swift", "///",
    ])
    func directory(path: String) {
        #expect(PathNames.directory(of: path) == (path as NSString).deletingLastPathComponent)
    }

    @Test("joined paths", arguments: [
        (".", "a.swift", "a.swift"), ("/", "a", "/a"), ("/a/", "b", "/a/b"), ("a", "b.swift", "a/b.swift"),
        ("/ü/ñ", "ç.swift", "/ü/ñ/ç.swift"), ("a", "", "a/"), ("", "b", "/b"), ("./", "b", "./b"),
        ("/a/\u{301}", "b", "/a/\u{301}/b"), ("/0123456789abcdef", "0123456789abcdef.swift", "/0123456789abcdef/0123456789abcdef.swift"),
    ])
    func join(parent: String, name: String, expected: String) {
        let joined = PathNames.join(parent, name)
        #expect(joined == expected)
        #expect(Array(joined.utf8) == Array(expected.utf8))
    }

    /// Files grouped by project run by run give what one dictionary lookup per file gave.
    @Test func filesByProjectGroupsRuns() {
        let projects = ["/a", "/a", "/b", "/a", "", "/b", "/b", "/c", "/a", "/a"]
        let paths = ["1", "2", "3", "", "5", "6", "", "8", "9", "10"]
        let results = zip(projects, paths).map { project, path in
            var result = FileResult()
            result.project = project
            result.path = path
            return result
        }
        for withoutPath in [false, true] {
            var expected: [String: [Int]] = [:]
            for index in results.indices where withoutPath || !paths[index].isEmpty { expected[projects[index], default: []].append(index) }
            #expect(Linter.filesByProject(results, withoutPath: withoutPath) == expected)
        }
        #expect(Linter.filesByProject([], withoutPath: true).isEmpty)
    }

    /// `NameKey` is equal, and finds its entry, exactly when the bytes are equal, wherever they come from.
    @Test func nameKeysCompareBytes() {
        let spellings: [[UInt8]] = [[], Array("a".utf8), Array("ab".utf8), Array("ba".utf8), Array("a\0".utf8),
                                    Array("é".utf8), Array("e\u{301}".utf8), Array(String(repeating: "window", count: 9).utf8)]
        var table: [NameKey: Int] = [:]
        for (position, spelling) in spellings.enumerated() { table[NameKey(spelling)] = position }
        #expect(table.count == spellings.count)
        for (position, spelling) in spellings.enumerated() {
            let padded = [0x20] + spelling + [0x20]
            let key = NameKey(padded[1..<(padded.count - 1)])
            #expect(table[key] == position)
            for (other, otherSpelling) in spellings.enumerated() {
                #expect((key == NameKey(otherSpelling)) == (position == other))
            }
        }
        let file = SourceFile(path: "A.swift", bytes: Array("let window = window + windows".utf8))
        let keys = file.code.indices.map(file.nameKey(at:))
        #expect(keys[1] == keys[3] && keys[1] != keys[5] && keys[1].bytes == Array("window".utf8))
    }

    /// `tokenIs` and `isName`, inlined up to their length check, answer as comparing the token's
    /// text: at every token of a file with words of the same length, prefixes and keywords, and
    /// outside the file.
    @Test func tokenChecksAgreeWithTheTokenText() {
        let file = SourceFile(path: "A.swift", bytes: Array("let Menu = Menv(self) // Menu\nfunc Menus() { Menu; .menu; #if os(iOS) }".utf8))
        for index in -2..<(file.code.count + 2) {
            let text = index >= 0 && index < file.code.count ? file.text(at: index) : nil
            let isName = index >= 0 && index < file.code.count && [.identifier, .keyword].contains(file.code[index].kind)
            #expect(file.tokenIs(index, "Menu") == (text == "Menu"), "\(index)")
            #expect(file.tokenIs(index, "self") == (text == "self"), "\(index)")
            #expect(file.tokenIs(index, "#if") == (text == "#if"), "\(index)")
            #expect(file.tokenIs(index, "(") == (text == "("), "\(index)")
            #expect(file.isName(index, "Menu") == (isName && text == "Menu"), "\(index)")
            #expect(file.isName(index, "let") == (isName && text == "let"), "\(index)")
            #expect(file.isName(index, "iOS") == (isName && text == "iOS"), "\(index)")
            #expect(file.isName(index, "#if") == false, "\(index)")
        }
    }

    /// Names built from every list the byte checks spell out again: each entry, and near misses.
    static let folderEntryNames: [String] = {
        let lists = ProjectManifests.manifestNames + ProjectManifests.manifestEndings + FileDiscovery.defaultExcludedFolderEndings
            + [".swift", ".m", ".mm", ".h"]
        var names = ["", ".", "..", "a", "A.swift", "a.SWIFT", "a.swiftx", "a.m.", "b.mm", "c.h", "ü.swift", "é.xcodeproj"]
        for entry in lists {
            names += [entry, "A" + entry, String(entry.dropFirst()), String(entry.dropLast()), entry + "x", entry.uppercased(),
                      "Name" + entry + "/"]
        }
        return names
    }()

    @Test("folder entry names checked by bytes", arguments: folderEntryNames)
    func folderEntryNameChecks(name: String) {
        func endsWith(_ ending: String, longer: Bool) -> Bool {
            (longer ? name.utf8.count > ending.utf8.count : name.utf8.count >= ending.utf8.count)
                && name.utf8.suffix(ending.utf8.count).elementsEqual(ending.utf8)
        }
        let manifest = ProjectManifests.manifestNames.contains { name.utf8.elementsEqual($0.utf8) }
            || ProjectManifests.manifestEndings.contains { endsWith($0, longer: false) }
        let catalog = FileDiscovery.defaultExcludedFolderEndings.contains { endsWith($0, longer: true) }
        name.withCString { raw in
            #expect(ProjectManifests.isManifestName(raw) == manifest)
            #expect(FileDiscovery.isResourceCatalog(raw) == catalog)
        }
        let dot = name.utf8.lastIndex(of: UInt8(ascii: "."))
        let ext = dot.map { String(decoding: name.utf8[name.utf8.index(after: $0)...], as: UTF8.self) }
        let isObjectiveC = ["m", "mm", "h"].contains(ext ?? "")
        let expected: SourceLanguage? = dot == nil || dot == name.utf8.startIndex ? nil
            : ext == "swift" ? .swift : isObjectiveC ? .objectiveC : nil
        #expect(PathNames.language(ofFileName: name, includeObjectiveC: true) == expected)
        #expect(PathNames.language(ofFileName: name, includeObjectiveC: false) == (expected == .swift ? .swift : nil))
    }

    static let manifestTexts = [
        "IPHONEOS_DEPLOYMENT_TARGET = 15.0;\nOTHER = 1;\n\t\tIPHONEOS_DEPLOYMENT_TARGET = 14.0;",
        "a\r\nIPHONEOS_DEPLOYMENT_TARGET = 13.0 // x IPHONEOS_DEPLOYMENT_TARGET\r\nb",
        "x\u{2028}IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*] = 12.0\u{85}y\u{0B}IPHONEOS_DEPLOYMENT_TARGET = 16",
        "no settings here", "", "IPHONEOS_DEPLOYMENT_TARGET",
    ]

    @Test("manifest lines", arguments: manifestTexts)
    func manifestLines(text: String) {
        let word = "IPHONEOS_DEPLOYMENT_TARGET"
        let expected = text.split(whereSeparator: \.isNewline).filter { $0.contains(word) }.map(String.init)
        #expect(ManifestParser.lines(of: text, containing: "IPHONEOS_DEPLOYMENT_TARGET").map(String.init) == expected)
    }

    /// `buildSettingTarget` as it was before it looked only at lines naming the setting.
    private static func referenceBuildSettingTarget(_ text: String) -> Version? {
        var lowest: Version?
        for line in text.split(whereSeparator: \.isNewline) {
            var content = Substring(line)
            if let comment = content.range(of: "//") { content = content[..<comment.lowerBound] }
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("IPHONEOS_DEPLOYMENT_TARGET"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"'"))
            if let version = ManifestParser.versionPrefix(value), lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        return lowest
    }

    @Test("build setting target", arguments: manifestTexts + ["IPHONEOS_DEPLOYMENT_TARGET = $(inherited)"])
    func buildSettingTarget(text: String) {
        #expect(ManifestParser.buildSettingTarget(text) == Self.referenceBuildSettingTarget(text))
    }

    @Test func buildSettingTargetKeepsTheLowest() {
        #expect(ManifestParser.buildSettingTarget(Self.manifestTexts[0]) == Version(14))
    }

    @Test("test files", arguments: [
        ("App/View.swift", false), ("AppTests/ViewTests.swift", true), ("App/ViewTest.swift", true),
        ("App/Tests/View.swift", true), ("App/UITests/View.swift", true), ("App/Testsuite/View.swift", false),
        ("App/TestSupport.swift", false), ("App/BarTests.swift/", true), ("Tests", false), ("/Tests/A.swift", true),
        ("App/SceneTests.m", true), ("App/SceneTest.mm", true), ("App/Scene.m", false), ("App/Contest.h", false),
        ("App/LatestTests.h", false), ("App/UITesting/Scene.swift", true), ("Core_Test/main.m", true),
        ("App-Test/A.swift", true), ("Test/A.swift", true), ("App/SpeedTest/A.swift", false), ("App/Contest/A.swift", false),
    ])
    func testFiles(path: String, expected: Bool) {
        #expect(TestFileDetector.isTestFile(path) == expected)
    }

    /// `pathNamesOtherPlatform` before its byte-level shortcut.
    private static func referencePathNamesOtherPlatform(_ path: String) -> Bool {
        for component in path.split(separator: "/").dropLast() {
            let name = component.lowercased()
            if name.contains("tvos") || name.contains("watchos") || name.contains("watchkit") { return true }
            if ["watchapp", "watch app", "watchextension", "watch extension"].contains(where: name.contains) { return true }
            if name == "macos" || name.hasSuffix(" macos") || name.hasSuffix("-macos") || name.hasSuffix("_macos") { return true }
        }
        return false
    }

    @Test("folders naming another platform", arguments: [
        "App/View.swift", "Player tvOS/View.swift", "App WatchKit Extension/A.swift", "macOS/A.swift", "MacOS",
        "App-macOS/A.swift", "App_MACOS/x/A.swift", "Xmacos/A.swift", "tvos.swift", "a/b/watchOS/", "//tvOS//A.swift",
        "App/tvOS", "WATCH\u{212A}IT/A.swift", "Caf\u{E9}/watchos/A.swift", "",
        "Sources/WatchApp/A.swift", "Settings/AppleWatch/A.swift", "App Watch Extension/A.swift", "Caf\u{E9}/WatchApp/A.swift",
    ])
    func otherPlatformFolders(path: String) {
        let file = SourceFile(path: path, bytes: [])
        #expect(file.pathNamesOtherPlatform == Self.referencePathNamesOtherPlatform(path))
    }

    // MARK: Trigger words and facts

    @Test func factTriggerWordsSkipCollectors() {
        let result = InMemoryLint.run([
            (path: "With.swift", code: "let a = needle\nlet b = other\n"),
            (path: "Without.swift", code: "let a = hay\nlet b = other\n"),
        ], rules: [TriggeredFacts.self], workers: 2, registry: [TriggeredFacts.self])
        // Without the trigger word the collector never runs, so no `other` fact is recorded there.
        #expect(result.diagnostics.map(\.location.file) == ["With.swift"])
    }

    /// Each file's facts are one value; the engine appends a project's values in file order
    /// whatever the workers' order, and keeps projects apart.
    @Test func factsMergeInFileOrder() {
        var options = LintOptions(rules: [FactOrder.self])
        options.discoverDeploymentTargets = false
        options.workers = 2
        let files = (0..<6).map { (path: "F\($0).swift", code: $0 == 3 ? "let a = 1\n" : "let a = other\nlet b = other\n") }
        let result = Linter(options: options, allRules: [FactOrder.self]).lint(sources: files)
        #expect(result.diagnostics.map(\.message) == ["F0.swift:1 F0.swift:2 F1.swift:1 F1.swift:2 F2.swift:1 F2.swift:2 "
            + "F4.swift:1 F4.swift:2 F5.swift:1 F5.swift:2"])
    }

    /// A rule reading the facts of a rule it does not list in `readsFactsOf` fails, even when that
    /// rule is enabled and its facts were collected.
    @Test func undeclaredFactReadFails() async {
        await #expect(processExitsWith: .failure) {
            var options = LintOptions(rules: [FactOrder.self, ReadsUndeclared.self])
            options.discoverDeploymentTargets = false
            _ = Linter(options: options, allRules: [FactOrder.self, ReadsUndeclared.self])
                .lint(sources: [(path: "A.swift", code: "let a = other\n")])
        }
        var table = FactTable()
        table.set(FactOrder.Facts(), of: FactOrder.self)
        #expect(table.facts(of: FactOrder.self) != nil)
        #expect(table.facts(of: TriggeredFacts.self) == nil)
    }

    // MARK: Timings

    @Test func workerTimingsSummary() {
        var worker = WorkerTimings(rules: 2, factCollectors: 1)
        let start = monotonicNanoseconds()
        worker.add(.tokenizing, since: start)
        worker.addRule(1, since: start)
        worker.addFacts(0, since: start)
        let summary = worker.summary(ruleIDs: ["first", "second"], factCollectorIDs: ["collector"])
        #expect(summary.nanoseconds[.rule("second")] != nil)
        #expect(summary.nanoseconds[.rule("first")] == nil)  // never ran: left out
        #expect(summary.nanoseconds[.facts("collector")] != nil)
        var merged = summary
        merged.merge(summary)
        #expect(merged.nanoseconds[.tokenizing] == 2 * summary.nanoseconds[.tokenizing]!)
    }

    @Test func timingsReport() {
        var timings = StageTimings()
        timings.add(.tokenizing, nanoseconds: 3_000_000)
        timings.add(.rule("slow_rule"), nanoseconds: 9_000_000)
        timings.add(.facts("collector"), nanoseconds: 1_000_000)
        timings.wallNanoseconds = 10_000_000
        let result = LintResult(diagnostics: [], problems: [], filesLinted: 2, bytesLinted: 1_048_576, timings: timings,
                                deploymentTargets: [:])
        let lines = TimingsReport.render(result).split(separator: "\n").map(String.init)
        #expect(lines[0].contains("2 files, 1.00 MB; lint phase 10.00 ms wall, 100.0 MB/s"))
        #expect(lines[2].hasPrefix("rule slow_rule") && lines[2].contains("9.00 ms") && lines[2].contains("69.2%"))
        #expect(lines[3].hasPrefix("tokenizing"))
        #expect(lines[4].hasPrefix("facts for collector"))
        #expect(lines.last == "not tokenized (no enabled rule's words): Swift files 0, Objective-C files 0 (never reached "
                    + "libclang); Swift files read again by the deferred rounds: 0")
    }

    /// The index of spelled names has its own line: charged to the second pass, it made a run
    /// whose rounds read nothing look as if they cost.
    /// `containsAnyAfterPrescan` answers as a plain search, whether the pre-scan's gram set for the
    /// same bytes is there (asked right after `containsAny`), stale (another text's set built
    /// since) or never built (a short text).
    @Test func searchAfterThePrescanAgreesWithAPlainSearch() {
        let markers: [StaticString] = ["namespace ", "std::", "public:", "nullptr", "@end"]
        let line = Array("#import <UIKit/UIKit.h>\n@interface A : NSObject\n@property int x;\n".utf8)
        let texts: [[UInt8]] = [
            Array(repeating: line, count: 20).flatMap { $0 },
            Array(repeating: line, count: 20).flatMap { $0 } + Array("namespace app { }\n".utf8),
            Array("std::vector<int> v;".utf8),
            Array(repeating: Array("class B { public: B(); };\n".utf8), count: 30).flatMap { $0 },
        ]
        for text in texts {
            let expected = markers.contains { marker in
                let needle = Array(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
                return Self.naiveOffset(needle, in: text) != nil
            }
            #expect(TextSearch.containsAnyAfterPrescan(text, markers) == expected)
            _ = TextSearch.containsAny(text, [Array("@interface".utf8)])
            #expect(TextSearch.containsAnyAfterPrescan(text, markers) == expected)
            _ = TextSearch.containsAny(Array(repeating: UInt8(ascii: "q"), count: 600), [Array("zz".utf8)])
            #expect(TextSearch.containsAnyAfterPrescan(text, markers) == expected)
        }
    }

    /// `enclosingFunctionBody(of:)` (no copy of the declaration) answers as
    /// `enclosingFunction(of:)?.bodyOpen` at every token of the sample apps' Swift files.
    @Test func enclosingFunctionBodyAgreesWithTheDeclaration() throws {
        let samples = PackageRoot.url.appendingPathComponent("Samples")
        var compared = 0, inFunctions = 0
        for case let url as URL in FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" {
            let file = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
            for index in file.code.indices {
                let body = file.enclosingFunctionBody(of: index)
                #expect(body == file.enclosingFunction(of: index)?.bodyOpen, "\(url.lastPathComponent) \(index)")
                compared += 1
                if body != nil { inFunctions += 1 }
            }
        }
        #expect(compared > 1000 && inFunctions > 100)
    }

    /// The slots' values are moved out in order, unfilled slots left out, each value kept alive
    /// exactly once (no copy left behind in the slots, none freed twice) and the slots emptied.
    @Test func resultSlotsHandTheirValuesOverOnce() {
        final class Counted: @unchecked Sendable {
            nonisolated(unsafe) static var alive = 0
            let number: Int
            init(_ number: Int) { self.number = number; Counted.alive += 1 }
            deinit { Counted.alive -= 1 }
        }
        let slots = ResultSlots<[Counted]>(count: 6)
        do {
            for index in [4, 0, 2, 5] { slots[index] = [Counted(index), Counted(index * 10)] }
            let values = slots.takeValues()
            #expect(values.map { $0.map(\.number) } == [[0, 0], [2, 20], [4, 40], [5, 50]])
            #expect(Counted.alive == 8)
            #expect((0..<6).allSatisfy { slots[$0] == nil })
        }
        // The values are gone with their array while the slots live on: the slots kept no copy.
        #expect(Counted.alive == 0)
        #expect(slots.takeValues().isEmpty)
    }

    @Test func spelledWordsHaveTheirOwnTimingsLine() {
        let files = [(path: "Model.swift", code: "struct Model { var name = \"Ada\" }\n"),
                     (path: "Plain.swift", code: "import UIKit\nfinal class Plain: UIViewController {}\n")]
        let deferring = InMemoryLint.run(files, rules: [ScrollEdgeOverlay.self])
        #expect(deferring.timings.nanoseconds[.spelledWords] != nil)
        #expect(deferring.timings.nanoseconds[.deferredFacts] == nil, "no project needs the rounds")
        #expect(InMemoryLint.run(files, rules: [SubviewsKVO.self]).timings.nanoseconds[.spelledWords] == nil)
        #expect(TimingsReport.render(deferring).contains("names each Swift file spells (for the second pass)"))
    }

    /// The footer names the rules the deferred rounds read files for, most reads first.
    @Test func timingsFooterCountsDeferredReadsByRule() {
        var result = LintResult(diagnostics: [], problems: [], filesLinted: 9, bytesLinted: 1, timings: StageTimings(),
                                deploymentTargets: [:])
        result.deferredFactFiles = 7
        result.deferredFactFilesByRule = ["menu_touch_through": 2, "key_window_lookup": 6, "a_rule": 2]
        #expect(TimingsReport.footer(result).hasSuffix("Swift files read again by the deferred rounds: 7 "
                    + "(key_window_lookup 6, a_rule 2, menu_touch_through 2)\n"))
    }

    /// The footer's counts come from the run: a file without any rule's words is not tokenized.
    @Test func timingsCountFilesThePrescanSkips() {
        let result = InMemoryLint.run([(path: "Model.swift", code: "struct Model { var name = \"Ada\" }\n"),
                                       (path: "Lookup.swift", code: "let scene = UIApplication.shared.connectedScenes.first\n")],
                                      rules: [ConnectedScenesFirst.self])
        #expect(result.prescanSkippedSwift == 1)
        #expect(result.prescanSkippedObjectiveC == 0)
        #expect(result.filesLinted == 2)
        #expect(TimingsReport.render(result).contains("not tokenized (no enabled rule's words): Swift files 1,"))
    }
}

/// Records one fact per `other` identifier, only in files that mention `needle`.
private struct TriggeredFacts: ProjectRule {
    static let description = RuleDescription(id: "test_triggered_facts", summary: "Test rule", rationale: "",
                                             severity: .warning, triggering: [], nonTriggering: [])
    static var factTriggerWords: [String] { ["needle"] }

    struct Facts: ProjectFacts {
        var others: [FactLocation] = []
        mutating func append(_ later: Self) { others += later.others }
    }

    func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        for index in context.file.code.indices where context.file.isName(index, "other") {
            facts.others.append(context.factLocation(at: index))
        }
    }

    func finish(_ context: inout ProjectContext) {
        for other in context.facts(of: Self.self).others { context.report(at: other, "other") }
    }
}

/// Reports, once per project, where its `other` identifiers are, in the order of its merged facts.
private struct FactOrder: ProjectRule {
    static let description = RuleDescription(id: "test_fact_order", summary: "Test rule", rationale: "",
                                             severity: .warning, triggering: [], nonTriggering: [])

    struct Facts: ProjectFacts {
        var others: [FactLocation] = []
        var first: FactLocation?
        mutating func append(_ later: Self) {
            others += later.others
            first = first ?? later.first
        }
    }

    func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        for index in context.file.code.indices where context.file.isName(index, "other") {
            facts.others.append(context.factLocation(at: index))
            facts.first = facts.first ?? context.factLocation(at: index)
        }
    }

    func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard let first = facts.first else { return }
        context.report(at: first, facts.others.map { "\($0.location.file):\($0.location.line)" }.joined(separator: " "))
    }
}

/// Reads `FactOrder`'s facts without listing it in `readsFactsOf`.
private struct ReadsUndeclared: ProjectRule {
    static let description = RuleDescription(id: "test_reads_undeclared", summary: "Test rule", rationale: "",
                                             severity: .warning, triggering: [], nonTriggering: [])
    struct Facts: ProjectFacts {
        mutating func append(_ later: Self) {}
    }
    func collectFacts(_ context: RuleContext, into facts: inout Facts) {}
    func finish(_ context: inout ProjectContext) {
        _ = context.facts(of: FactOrder.self)
    }
}

/// A small deterministic generator, so a failing case can be replayed.
private struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE5_E9B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
