import Foundation
@testable import SeamLintEngine
import Testing

/// `UnifiedDiff` against the system's `diff -u` on random edits (seeded, so a failure reproduces),
/// and on the cases diff formats specially.
@Suite("UnifiedDiff", .enabled(if: SystemDiff.isAvailable))
struct UnifiedDiffTests {
    /// SplitMix64: a small seedable generator.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Lines repeat often ("x", "}"), as code does, so the edit script is not the only shortest one.
    static func randomEdit(seed: UInt64) -> (old: String, new: String) {
        var random = SeededGenerator(state: seed)
        let vocabulary = ["x", "}", "let a = 1", "", "    return", "line \(seed)"]
        let count = Int.random(in: 0...30, using: &random)
        let oldLines = (0..<count).map { index in
            Bool.random(using: &random) ? vocabulary.randomElement(using: &random)! : "old \(index)"
        }
        var newLines: [String] = []
        for (index, line) in oldLines.enumerated() {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: continue
            case 1: newLines += [line, "new \(index)"]
            case 2: newLines.append("changed \(index)")
            case 3: newLines += [vocabulary.randomElement(using: &random)!, line]
            default: newLines.append(line)
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0 { newLines.append("appended") }
        func text(_ lines: [String], finalNewline: Bool) -> String {
            lines.isEmpty ? "" : lines.joined(separator: "\n") + (finalNewline ? "\n" : "")
        }
        return (text(oldLines, finalNewline: Int.random(in: 0..<5, using: &random) > 0),
                text(newLines, finalNewline: Int.random(in: 0..<5, using: &random) > 0))
    }

    /// Both are shortest edit scripts, but diff may pick another among equally short ones; what
    /// must hold is that ours is as short as diff's and turns the old text into the new one.
    @Test(arguments: 0..<200)
    func matchesDiffOnRandomEdits(seed: Int) throws {
        let (old, new) = Self.randomEdit(seed: UInt64(seed))
        for context in [0, 1, 3] {
            let ours = UnifiedDiff.render(old: old, new: new, path: "File.swift", context: context)
            let theirs = try SystemDiff.unified(old: old, new: new, label: "File.swift", context: context)
            if ours == theirs { continue }
            #expect(Self.changedLines(ours) == Self.changedLines(theirs), "seed \(seed), context \(context)\n\(ours)\n---\n\(theirs)")
            #expect(try Self.patch(old, with: ours) == new, "seed \(seed), context \(context): the diff does not apply\n\(ours)")
        }
    }

    @Test(arguments: [
        ("one line changed", "a\nb\nc\n", "a\nB\nc\n"),
        ("insertion into an empty file", "", "a\nb\n"),
        ("everything deleted", "a\nb\n", ""),
        ("no final newline, then one", "a\nb", "a\nb\n"),
        ("a final newline removed", "a\nb\n", "a\nb"),
        ("last line changed without final newline", "a\nb", "a\nc"),
        ("CRLF lines", "a\r\nb\r\nc\r\n", "a\r\nstatic b\r\nc\r\n"),
        ("changes merged into one hunk", numbered(), numbered(changing: [3, 9])),
        ("changes in two hunks", numbered(), numbered(changing: [3, 11])),
        ("Unicode", "é\n😀\nü\n", "é\n😀 static\nü\n"),
    ])
    func matchesDiffExactly(_ label: String, old: String, new: String) throws {
        let theirs = try SystemDiff.unified(old: old, new: new, label: "Sources/A File.swift")
        #expect(UnifiedDiff.render(old: old, new: new, path: "Sources/A File.swift") == theirs, "\(label)")
    }

    /// Lines "1" to "20", those in `changing` prefixed with "x": 5 unchanged lines between 3 and 9
    /// (merged with 3 lines of context), 7 between 3 and 11 (two hunks).
    static func numbered(changing: Set<Int> = []) -> String {
        var text = ""
        for line in 1...20 { text += (changing.contains(line) ? "x" : "") + String(line) + "\n" }
        return text
    }

    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "a\nb\n", path: "A.swift") == "")
        #expect(UnifiedDiff.render(old: "", new: "", path: "A.swift") == "")
    }

    @Test func headersEscapeControlCharactersAndKeepAbsolutePaths() {
        let relative = UnifiedDiff.render(old: "a\n", new: "b\n", path: "odd\nname.swift")
        #expect(relative.hasPrefix("--- a/odd\\nname.swift\n+++ b/odd\\nname.swift\n@@ -1 +1 @@\n"))
        let absolute = UnifiedDiff.render(old: "a\n", new: "b\n", path: "/tmp/A.swift")
        #expect(absolute.hasPrefix("--- /tmp/A.swift\n+++ /tmp/A.swift\n"))
    }

    /// The `-`/`+` lines of a diff, in order.
    static func changedLines(_ diff: String) -> (removed: Int, added: Int) {
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        return (lines.filter { $0.hasPrefix("-") }.count, lines.filter { $0.hasPrefix("+") }.count)
    }

    /// Applies a unified diff with `patch`, as a user of `--dry-run` would.
    static func patch(_ old: String, with diff: String) throws -> String {
        let folder = try Folder(["File.swift": old, "change.diff": diff])
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["patch", "--quiet", "-p1", "-i", "change.diff"]
        process.currentDirectoryURL = folder.url
        try process.run()
        process.waitUntilExit()
        return try folder.read("File.swift")
    }
}
