@testable import SeamLintEngine
import Testing

/// Hunk headers git would never print (negative counts, ranges past Int.max) give no lines
/// instead of a trap.
@Suite struct ChangedLinesHostileTests {
    @Test(arguments: ["@@ -1 +9223372036854775807,5 @@", "@@ -1 +3,-2 @@", "@@ -1,-4 +1 @@"])
    func impossibleHunks(header: String) {
        let patch = Array("+++ b/A.swift\n\(header)\n+x\n".utf8)
        let lines = ChangedLinesParser.parse(patch)
        #expect((lines["A.swift"] ?? []).allSatisfy { $0 >= 1 })
    }
}
