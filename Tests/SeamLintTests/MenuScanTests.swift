import Testing
@testable import SeamLintCore
@testable import SeamLintRules

/// The shortcuts in `menu_touch_through`'s sweep over a file give the answers of the plain
/// collections they replaced.
@Suite("Menu scan")
struct MenuScanTests {
    /// `UseSet` answers as a `Set` of uses: the same pairs, repeated, across its growth.
    @Test func useSetAnswersAsASet() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var uses = MenuTouchThrough.UseSet()
        var reference = Set<MenuTouchThrough.HelperUses.Use>()
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let use = MenuTouchThrough.HelperUses.Use(name: Int32(state % 700), container: Int32(state >> 20 % 60) - 1)
            #expect(uses.insert(use) == reference.insert(use).inserted)
        }
        #expect(reference.count > 1_000)
    }

    /// Each name the sweep records is found again by its text (`existingPosition` hashes the
    /// `String`): plain names hashed from their bytes, and backticked, `$` and Unicode names,
    /// one with a byte that is not UTF-8, from their text.
    @Test func recordedNamesAreFoundByTheirText() {
        var source = Array("""
            import SwiftUI
            struct Sorter: View {
                var body: some View { helper; `default`; $state; café; self.other; Text(verbatim: "x") }
                var helper: some View { `a
            """.utf8)
        source += [0xFF]
        source += Array("b`; helper; café }\n}\n".utf8)
        let file = SourceFile(path: "Sorter.swift", bytes: source)
        let uses = MenuTouchThrough.scan(file, sites: false, otherUses: true).otherUses
        #expect(uses.names.contains("café") && uses.names.contains("`default`") && uses.names.contains("helper"))
        for (position, name) in uses.names.enumerated() {
            #expect(uses.existingPosition(of: name) == Int32(position), "\(name)")
        }
    }
}
