import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// The first pass asks about settings and manifests once per folder: what it remembers must be
/// the answer of the file's own folder, never the previous folder's.
@Suite("Settings and places remembered per folder")
struct FolderPlaceMemoTests {
    @Test("the folder part of clean paths only", arguments: [
        ("/a/b.swift", 2), ("/x.swift", 0), ("/a/bc/d.swift", 5), ("a/b.swift", nil), ("/a//b.swift", nil),
        ("/a/b/", nil), ("", nil), ("/", nil),
    ] as [(String, Int?)])
    func folderLength(path: String, length: Int?) {
        #expect(FolderPlaceMemo.folderLength(path) == length)
    }

    static func target(_ major: Int) -> DeploymentTarget { DeploymentTarget(version: Version(major), source: "test") }

    /// Two projects (`A`, `B`, a Package.swift each) and a plain subfolder of `A`; files listed
    /// so that consecutive files change folders, come back, and share folders.
    static func run(followFolders: Bool, fullPath: Bool, settings: @escaping @Sendable (String) -> FileSettings)
        throws -> (results: [FileResult], files: [String], root: ProjectScratchFolder) {
        let root = try ProjectScratchFolder()
        try root.write("A/Package.swift", "platforms: [.iOS(.v15)]")
        try root.write("B/Package.swift", "platforms: [.iOS(.v17)]")
        let files = ["A/one.swift", "A/two.swift", "B/three.swift", "B/four.swift", "A/sub/five.swift", "A/six.swift",
                     "B/seven.swift"].map { root.path($0) }
        var options = LintOptions(rules: [])
        options.workers = 1
        options.fileSettings = settings
        options.fileSettingsFollowFolders = followFolders
        options.skipsSwiftFilesWithoutTriggerWords = !fullPath
        let linter = Linter(options: options, allRules: [])
        let targets = DeploymentTargetResolver(override: nil, enabled: true)
        let results = linter.firstPass(count: files.count, targets: targets) { index in
            .source(Linter.Loaded(path: files[index], absolutePath: files[index], language: .swift, bytes: Array("let x = 1\n".utf8)))
        }.results
        return (results, files, root)
    }

    @Test("settings and projects follow each file's folder", arguments: [false, true])
    func followsFolders(fullPath: Bool) throws {
        let calls = CallCounter()
        let (results, files, root) = try Self.run(followFolders: true, fullPath: fullPath) { path in
            calls.add()
            return FileSettings(enabledRuleIDs: [], iosDeploymentTarget: path.contains("/B/") ? Self.target(17) : path.contains("/sub/") ? Self.target(16) : nil)
        }
        let expected: [(DeploymentTarget?, String)] = [
            (nil, "A"), (nil, "A"), (Self.target(17), "B"), (Self.target(17), "B"), (Self.target(16), "A"), (nil, "A"), (Self.target(17), "B"),
        ]
        for (index, (target, project)) in expected.enumerated() {
            #expect(results[index].settings?.iosDeploymentTarget == target, "\(files[index])")
            #expect(results[index].project == root.path(project), "\(files[index])")
        }
        // Asked once per run of files in one folder: A, B, A/sub, A, B.
        #expect(calls.count == 5)
    }

    @Test("settings that may differ within a folder are asked for every file")
    func perFileSettings() throws {
        let calls = CallCounter()
        let (results, files, _) = try Self.run(followFolders: false, fullPath: true) { path in
            calls.add()
            return FileSettings(enabledRuleIDs: [], iosDeploymentTarget: path.hasSuffix("two.swift") ? Self.target(14) : nil)
        }
        #expect(results[0].settings?.iosDeploymentTarget == nil)
        #expect(results[1].settings?.iosDeploymentTarget == Self.target(14), "\(files[1])")
        #expect(calls.count == files.count)
    }
}

final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    func add() { lock.lock(); calls += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return calls }
}
