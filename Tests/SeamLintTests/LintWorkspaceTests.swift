import Foundation
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI
import Testing

/// The language server's in-memory workspace: an edit re-lints one file and re-runs only the
/// project rules whose facts changed, and every file then has exactly the diagnostics a whole
/// `lint` of the same contents gives it.
@Suite("Lint workspace")
struct LintWorkspaceTests {
    /// Copies Samples into a scratch folder, one project each.
    private static func scratch(_ samples: [String]) throws -> ConfigurationScratch {
        let scratch = ConfigurationScratch()
        for sample in samples {
            let folder = PackageRoot.url.appendingPathComponent("Samples/\(sample)").path
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name != "expected.txt" {
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                scratch.write("\(sample)/\(name)", text)
            }
        }
        return scratch
    }

    private static func linter() -> Linter {
        var options = LintOptions(rules: allRules.filter { !$0.description.isOptIn || $0.description.id == "trivial_representable" })
        options.objectiveC.isEnabled = false
        options.workers = 2
        return Linter(options: options, allRules: allRules)
    }

    private static func swiftFiles(_ scratch: ConfigurationScratch) -> [SourceFileRef] {
        var options = DiscoveryOptions()
        options.includeObjectiveC = false
        return LintWorkspace.discover(["."], options: options, workingDirectory: scratch.root).files
    }

    /// Fingerprints are stamped by whole runs only; everything else must match.
    private static func comparable(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { var copy = $0; copy.contentFingerprint = nil; return copy }.sorted()
    }

    /// Every file's workspace diagnostics equal a whole lint's with the same contents.
    private static func expectMatchesWholeRun(_ workspace: LintWorkspace, files: [SourceFileRef], contents: [String: [UInt8]],
                                              step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = workspace.linter.lint(files, overrides: contents)
        let byFile = Dictionary(grouping: whole.diagnostics, by: \.location.file)
        for file in files {
            let expected = comparable(byFile[file.path] ?? [])
            let actual = comparable(workspace.diagnostics(ofFile: file.absolutePath))
            #expect(actual == expected, "\(step): \(file.path) differs from a whole run", sourceLocation: sourceLocation)
        }
    }

    @Test("Deleting the workaround window in one file makes the menus in others light up, and restoring it clears them")
    func workaroundWindowAcrossFiles() throws {
        let scratch = try Self.scratch(["MenuAppFixed"])
        let workspace = LintWorkspace(linter: Self.linter(), workingDirectory: scratch.root)
        let files = Self.swiftFiles(scratch)
        workspace.load(files)
        let list = scratch.path("MenuAppFixed/TrailListView.swift"), detail = scratch.path("MenuAppFixed/TrailDetailView.swift")
        let window = scratch.path("MenuAppFixed/MenuWorkaroundWindow.swift")
        func menus(_ path: String) -> Int { workspace.diagnostics(ofFile: path).filter { $0.ruleID == "menu_touch_through" }.count }
        #expect(menus(list) == 0 && menus(detail) == 0)

        let deleted = workspace.update(window, contents: Array("import UIKit\n".utf8))
        #expect(deleted.files.isSuperset(of: [window, list, detail]))
        #expect(deleted.projectRulesRun.contains("menu_touch_through"))
        #expect(menus(list) == 1 && menus(detail) == 3)

        let restored = workspace.update(window, contents: nil)  // the buffer closed: the disk's text again
        #expect(restored.files.isSuperset(of: [list, detail]))
        #expect(menus(list) == 0 && menus(detail) == 0)
    }

    @Test("An edit that changes no facts re-runs no project rule; one that moves a fact re-runs only what reads it")
    func onlyChangedFactsReRunProjectRules() throws {
        let scratch = try Self.scratch(["MenuApp"])
        let workspace = LintWorkspace(linter: Self.linter(), workingDirectory: scratch.root)
        workspace.load(Self.swiftFiles(scratch))
        let store = scratch.path("MenuApp/TrailStore.swift"), list = scratch.path("MenuApp/TrailListView.swift")
        let storeText = try #require(scratch.read("MenuApp/TrailStore.swift"))
        let appended = workspace.update(store, contents: Array((storeText + "// a note at the end\n").utf8))
        // Only the deferring rule: this project needs `menu_touch_through`'s deferred facts (a
        // submenu helper), and such a project re-runs its deferring rules on every edit.
        #expect(appended.projectRulesRun.isSubset(of: ["menu_touch_through"]))
        #expect(appended.files == [store])

        let listText = try #require(scratch.read("MenuApp/TrailListView.swift"))
        let before = workspace.diagnostics(ofFile: list).filter { $0.ruleID == "menu_touch_through" }.map(\.location.line)
        let moved = workspace.update(list, contents: Array(("// moved down a line\n" + listText).utf8))
        #expect(moved.projectRulesRun.contains("menu_touch_through"))
        // The representable rules read facts this file does not record.
        #expect(!moved.projectRulesRun.contains("representable_dismantle_not_static"))
        #expect(moved.files == [list], "the other files' findings did not change")
        let after = workspace.diagnostics(ofFile: list).filter { $0.ruleID == "menu_touch_through" }.map(\.location.line)
        #expect(after == before.map { $0 + 1 } && !after.isEmpty)
    }

    @Test("A new StoreKit sink in one file has the other files' calls to it read again")
    func newSinkReadsCallsAgain() throws {
        let scratch = ConfigurationScratch()
        scratch.write("StoreApp/Picker.swift", """
            extension UIApplication {
                var activeScene: UIWindowScene? {
                    connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                }
            }
            """)
        let reviewer = """
            enum Reviewer {
                static func ask(in scene: UIWindowScene) {
                    SKStoreReviewController.requestReview(in: scene)
                }
                static func prompt(in scene: UIWindowScene) {}
            }
            """
        scratch.write("StoreApp/Reviewer.swift", reviewer)
        scratch.write("StoreApp/Caller.swift", """
            func finished() {
                guard let scene = UIApplication.shared.activeScene else { return }
                Reviewer.ask(in: scene)
                Reviewer.prompt(in: scene)
            }
            """)
        let workspace = LintWorkspace(linter: Self.linter(), workingDirectory: scratch.root)
        let files = Self.swiftFiles(scratch)
        workspace.load(files)
        let path = scratch.path("StoreApp/Reviewer.swift")
        func reviews() -> Int { workspace.diagnostics(ofFile: path).filter { $0.message.contains("requestReview") }.count }
        #expect(reviews() == 1)
        // `prompt` becomes a sink: the deferred facts of Caller.swift, which named only `ask`'s calls, are read again.
        let edited = reviewer.replacingOccurrences(of: "static func prompt(in scene: UIWindowScene) {}", with: """
            static func prompt(in scene: UIWindowScene) { SKStoreReviewController.requestReview(in: scene) }
            """)
        workspace.update(path, contents: Array(edited.utf8))
        #expect(reviews() == 2)
        var contents: [String: [UInt8]] = [:]
        for file in files { contents[file.absolutePath] = Array(try #require(scratch.read(String(file.path))).utf8) }
        contents[path] = Array(edited.utf8)
        Self.expectMatchesWholeRun(workspace, files: files, contents: contents, step: "new sink")
    }

    @Test("After random edits, added and removed files, every file matches a whole run")
    func randomEditsMatchWholeRuns() throws {
        let scratch = try Self.scratch(["MenuAppFixed", "RepresentableAppFixed", "SceneDelegateApp", "OverlayDialogApp", "MenuApp"])
        let workspace = LintWorkspace(linter: Self.linter(), workingDirectory: scratch.root)
        var files = Self.swiftFiles(scratch)
        workspace.load(files)
        var contents: [String: [UInt8]] = [:]
        for file in files { contents[file.absolutePath] = Array(try #require(scratch.read(String(file.path))).utf8) }
        Self.expectMatchesWholeRun(workspace, files: files, contents: contents, step: "load")
        let originals = contents
        var random = SeededGenerator(state: 0x5EA4)
        for step in 0..<40 {
            let file = files[Int(random.next() % UInt64(files.count))]
            var lines = String(decoding: contents[file.absolutePath]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            let description: String
            switch random.next() % 6 {
            case 0:  // delete some lines
                let start = Int(random.next() % UInt64(max(1, lines.count)))
                let count = min(lines.count - start, Int(random.next() % 12))
                lines.removeSubrange(start..<(start + count))
                description = "delete \(count) lines at \(start)"
            case 1:  // a line from another file
                let other = files[Int(random.next() % UInt64(files.count))]
                let donor = String(decoding: contents[other.absolutePath]!, as: UTF8.self).split(separator: "\n").map(String.init)
                let line = donor.isEmpty ? "" : donor[Int(random.next() % UInt64(donor.count))]
                lines.insert(line, at: Int(random.next() % UInt64(lines.count + 1)))
                description = "insert a line of \(other.path)"
            case 2:  // an instance dismantle where a static one was: the deferred pass must start
                lines = lines.map { $0.replacingOccurrences(of: "static func dismantle", with: "func dismantle") }
                description = "make dismantle an instance method"
            case 3:
                lines = String(decoding: originals[file.absolutePath] ?? [], as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                description = "restore"
            case 4:
                lines = ["import SwiftUI"]
                description = "empty"
            default:
                lines.insert("// seamlint:disable:next menu_touch_through", at: Int(random.next() % UInt64(lines.count + 1)))
                description = "insert a suppression"
            }
            let bytes = Array(lines.joined(separator: "\n").utf8)
            contents[file.absolutePath] = bytes
            workspace.update(file.absolutePath, contents: bytes)
            Self.expectMatchesWholeRun(workspace, files: files, contents: contents, step: "step \(step) (\(file.path): \(description))")
        }
        // A file created, then one removed.
        let created = scratch.write("MenuApp/NewMenu.swift", "import SwiftUI\nstruct NewMenu: View {\n    var body: some View {\n        Menu(\"More\") { Button(\"A\") {} }\n    }\n}\n")
        workspace.update(created, contents: nil)
        files = Self.swiftFiles(scratch)
        contents[created] = Array(try #require(scratch.read("MenuApp/NewMenu.swift")).utf8)
        #expect(workspace.diagnostics(ofFile: created).contains { $0.ruleID == "menu_touch_through" })
        Self.expectMatchesWholeRun(workspace, files: files, contents: contents, step: "file created")
        let removed = scratch.path("MenuAppFixed/MenuWorkaroundWindow.swift")
        scratch.remove("MenuAppFixed/MenuWorkaroundWindow.swift")
        workspace.update(removed, contents: nil)
        #expect(!workspace.contains(removed))
        files = Self.swiftFiles(scratch)
        contents[removed] = nil
        Self.expectMatchesWholeRun(workspace, files: files, contents: contents, step: "file removed")
    }

    @Test("A file that cannot be read is a problem, not a crash, and reading it later lints it")
    func unreadableFile() throws {
        let scratch = try Self.scratch(["MenuApp"])
        let workspace = LintWorkspace(linter: Self.linter(), workingDirectory: scratch.root)
        workspace.load(Self.swiftFiles(scratch))
        let path = scratch.write("MenuApp/Binary.swift", "")
        try Data([0x66, 0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        workspace.update(path, contents: nil)
        #expect(workspace.problem(ofFile: path) != nil)
        #expect(workspace.diagnostics(ofFile: path).isEmpty)
        workspace.update(path, contents: Array("let window = UIApplication.shared.keyWindow\n".utf8))
        #expect(workspace.problem(ofFile: path) == nil)
        #expect(workspace.diagnostics(ofFile: path).contains { $0.ruleID == "key_window_lookup" })
    }
}
