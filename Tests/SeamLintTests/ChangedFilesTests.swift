import Foundation
import SeamLintCLI
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// `--diff BASE` and `--staged`, in real temporary git repositories.
@Suite struct ChangedFilesTests {
    static let fiveLines = "let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\n"

    /// A repository with a commit tagged `base`, then one change of every kind.
    static func repository() -> ConfigurationScratch {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write(".gitignore", "*.skip.swift\n")
        for name in ["Committed", "Staged", "Unstaged", "Deleted", "Untouched"] { repo.write("\(name).swift", fiveLines) }
        repo.write("Sub/Renamed.swift", fiveLines)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        repo.git("tag", "base")
        repo.write("Committed.swift", fiveLines.replacingOccurrences(of: "let c = 3", with: "let c = 30"))
        repo.git("mv", "Sub/Renamed.swift", "Sub/Moved.swift")
        repo.git("commit", "-q", "-am", "change")
        repo.write("Staged.swift", fiveLines.replacingOccurrences(of: "let b = 2", with: "let b = 20\nlet bb = 21"))
        repo.git("add", "Staged.swift")
        repo.write("Unstaged.swift", fiveLines.replacingOccurrences(of: "let e = 5", with: "let e = 50"))
        repo.remove("Deleted.swift")
        repo.write("Untracked.swift", "let x = 1\n")
        repo.write("Ignored.skip.swift", "let y = 1\n")
        return repo
    }

    static func summary(_ changed: ChangedFiles, _ repo: ConfigurationScratch, _ names: [String]) -> [String] {
        names.compactMap { name -> String? in
            guard let lines = changed.lines(ofFile: repo.path(name)) else { return nil }
            switch lines {
            case .all: return "\(name) all"
            case .some(let numbers): return "\(name) \(numbers.sorted())"
            }
        }
    }

    static let names = ["Committed.swift", "Staged.swift", "Unstaged.swift", "Deleted.swift", "Untouched.swift",
                        "Sub/Moved.swift", "Untracked.swift", "Ignored.skip.swift"]

    @Test func diffCoversCommittedStagedUnstagedAndUntrackedFiles() throws {
        let repo = Self.repository()
        let changed = try ChangedFiles.find(.since("base"), in: repo.path("Sub"))
        #expect(changed.root == repo.root)
        #expect(Self.summary(changed, repo, Self.names) == [
            "Committed.swift [3]", "Staged.swift [2, 3]", "Unstaged.swift [5]", "Sub/Moved.swift []", "Untracked.swift all",
        ])
    }

    @Test func stagedCoversOnlyTheIndex() throws {
        let repo = Self.repository()
        let changed = try ChangedFiles.find(.staged, in: repo.root)
        #expect(Self.summary(changed, repo, Self.names) == ["Staged.swift [2, 3]"])
    }

    @Test func stagedWorksBeforeTheFirstCommit() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("New.swift", "let a = 1\nlet b = 2\n")
        repo.git("add", "New.swift")
        let changed = try ChangedFiles.find(.staged, in: repo.root)
        #expect(Self.summary(changed, repo, ["New.swift"]) == ["New.swift [1, 2]"])
    }

    /// Commits made on the base branch after this branch left it are not this branch's changes.
    @Test func diffStartsAtTheMergeBase() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Shared.swift", Self.fiveLines)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "start")
        repo.git("checkout", "-q", "-b", "feature")
        repo.write("Feature.swift", "let f = 1\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "feature")
        repo.git("checkout", "-q", "main")
        repo.write("MainOnly.swift", "let m = 1\n")
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "main moves on")
        repo.git("checkout", "-q", "feature")
        let changed = try ChangedFiles.find(.since("main"), in: repo.root)
        #expect(Self.summary(changed, repo, ["Shared.swift", "Feature.swift", "MainOnly.swift"]) == ["Feature.swift [1]"])
    }

    @Test func unusualFileNames() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        let names = ["with space.swift", "tab\there.swift", "café.swift", "quote\"d.swift"]
        for name in names { repo.write(name, Self.fiveLines) }
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "start")
        for name in names { repo.write(name, Self.fiveLines.replacingOccurrences(of: "let d = 4", with: "let d = 40")) }
        let changed = try ChangedFiles.find(.since("HEAD"), in: repo.root)
        #expect(Self.summary(changed, repo, names) == names.map { "\($0) [4]" })
    }

    @Test func errorsAreOneLine() throws {
        let outside = ConfigurationScratch()
        #expect(throws: ChangedFilesError.self) { try ChangedFiles.find(.staged, in: outside.root) }
        do {
            _ = try ChangedFiles.find(.staged, in: outside.root)
        } catch {
            #expect(error.description.hasPrefix("--staged: \(outside.root) is not inside a git repository ("))
            #expect(!error.description.contains("\n"))
        }
        let repo = Self.repository()
        do {
            _ = try ChangedFiles.find(.since("no-such-branch"), in: repo.root)
            Issue.record("accepted an unknown revision")
        } catch {
            #expect(error.description == "--diff: unknown git revision 'no-such-branch' (see `git log`)")
        }
        do {
            _ = try ChangedFiles.find(.since("--output=x"), in: repo.root)
            Issue.record("accepted an option as a revision")
        } catch {
            #expect(error.description == "--diff: '--output=x' is not a git revision")
        }
    }

    @Test func hunkBodiesAreSkippedByCount() {
        let patch = """
            diff --git a/A.swift b/A.swift
            --- a/A.swift
            +++ b/A.swift
            @@ -2 +2,2 @@ func f() {
            -let old = 1
            ++++ b/Fake.swift
            +@@ -1 +1,9 @@
            @@ -10,0 +12 @@
            +let added = 1
            \\ No newline at end of file
            @@ -20,3 +21,0 @@
            -a
            -b
            -c
            diff --git "a/tab\\there.swift" "b/tab\\there.swift"
            --- "a/tab\\there.swift"
            +++ "b/tab\\there.swift"
            @@ -1 +1 @@
            -x
            +y
            diff --git a/caf\\303\\251.swift b/caf\\303\\251.swift
            +++ "b/caf\\303\\251.swift"
            @@ -0,0 +1,2 @@
            +a
            +b
            """
        let lines = ChangedLinesParser.parse(Array(patch.utf8))
        #expect(lines == ["A.swift": [2, 3, 12], "tab\there.swift": [1], "café.swift": [1, 2]])
    }
}

/// Changed-files mode through `lint`.
@Suite struct ChangedFilesCommandLineTests {
    static let keyWindow = "func show() {\n    let window = UIApplication.shared.keyWindow\n}\n"

    @Test func onlyChangedFilesAndLinesAreReported() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Old.swift", Self.keyWindow)
        repo.write("Edited.swift", Self.keyWindow)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "legacy")
        repo.write("Edited.swift", Self.keyWindow + "func again() {\n    let other = UIApplication.shared.keyWindow\n}\n")
        repo.write("New.swift", Self.keyWindow)

        let all = ConfigurationCommandLineTests.run(["--no-config", "--quiet", "--diff", "HEAD", repo.root])
        #expect(all.output.contains("Edited.swift:2:") && all.output.contains("Edited.swift:5:") && all.output.contains("New.swift:2:"))
        #expect(!all.output.contains("Old.swift"))

        let lines = ConfigurationCommandLineTests.run(["--no-config", "--quiet", "--diff", "HEAD", "--changed-lines-only", repo.root])
        #expect(!lines.output.contains("Edited.swift:2:"))
        #expect(lines.output.contains("Edited.swift:5:") && lines.output.contains("New.swift:2:"))

        repo.git("add", "Edited.swift")
        let staged = ConfigurationCommandLineTests.run(["--no-config", "--staged", "--verbose", repo.root])
        #expect(staged.output.contains("Edited.swift") && !staged.output.contains("New.swift"))
        #expect(staged.errors.contains("changed files: 1 of 3 linted files"))
        #expect(staged.errors.contains("SeamLint: 1 file linted"))
    }

    /// A `Menu` added in the change is judged against a workaround window in an untouched file.
    @Test func projectRulesStillSeeTheWholeProject() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("MenuWorkaroundWindow.swift", """
            import UIKit

            final class MenuWorkaroundWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard #unavailable(iOS 18),
                          String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                    for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
                }

                override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    for view in subviews { view.isUserInteractionEnabled = true }
                }
            }

            """)
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "workaround")
        repo.write("SortButton.swift", """
            import SwiftUI
            struct SortButton: View {
                var body: some View {
                    Menu("Sort") {
                        Button("Name") {}
                    }
                }
            }

            """)
        let arguments = ["--no-config", "--quiet", "--ios-deployment-target", "16", "--only-rule", "menu_touch_through"]
        let withWorkaround = ConfigurationCommandLineTests.run(arguments + ["--diff", "HEAD", repo.root])
        #expect(withWorkaround.status == 0)
        #expect(withWorkaround.output.isEmpty)
        repo.git("rm", "-q", "MenuWorkaroundWindow.swift")
        let without = ConfigurationCommandLineTests.run(arguments + ["--diff", "HEAD", repo.root])
        #expect(without.output.contains("SortButton.swift:4:"))
    }

    /// Hooks pass every changed file by name: exclusions still apply to them.
    @Test func exclusionsApplyToNamedFiles() throws {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        let config = repo.write("seamlint.json", "{ excluded: ['Generated'] }")
        repo.write("Generated/G.swift", Self.keyWindow)
        repo.write("App/A.swift", Self.keyWindow)
        repo.git("add", "-A")
        let named = [repo.path("Generated/G.swift"), repo.path("App/A.swift")]
        let staged = ConfigurationCommandLineTests.run(["--config", config, "--quiet", "--staged"] + named)
        #expect(staged.output.contains("App/A.swift:2:") && !staged.output.contains("G.swift"))
        // Outside changed-files mode a file named explicitly is linted, as before.
        let plain = ConfigurationCommandLineTests.run(["--config", config, "--quiet"] + named)
        #expect(plain.output.contains("G.swift:2:"))
    }

    @Test func outsideARepository() {
        let folder = ConfigurationScratch()
        folder.write("A.swift", "let a = 1\n")
        let run = ConfigurationCommandLineTests.run(["--no-config", "--diff", "main", folder.root])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: --diff: \(folder.root) is not inside a git repository ("))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
    }
}
