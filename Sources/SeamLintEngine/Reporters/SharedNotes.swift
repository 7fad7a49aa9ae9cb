import SeamLintCore

/// Related notes that several findings of one rule carry identically, such as the `@main` App every
/// `menu_touch_through` finding of a project points at. The xcode and terminal formats print such
/// a note once, with the first of those findings (in sorted order), saying how many share it; the
/// other formats keep it on every finding, where each result must stand alone (SARIF).
struct SharedNotes {
    private struct Key: Hashable {
        var rule: String
        var note: RelatedLocation
    }

    private var counts: [Key: Int] = [:]
    private var printed: Set<Key> = []

    /// `diagnostics`: the whole run.
    init(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            // A note listed twice on one finding counts once.
            for note in Set(diagnostic.related) { counts[Key(rule: diagnostic.ruleID, note: note), default: 0] += 1 }
        }
    }

    /// The notes to print with `diagnostic`, with the number of findings sharing each (1 when it is
    /// its own); ask in output order, once per diagnostic.
    mutating func notes(for diagnostic: Diagnostic) -> [(note: RelatedLocation, sharedBy: Int)] {
        var result: [(RelatedLocation, Int)] = []
        for note in diagnostic.related {
            let key = Key(rule: diagnostic.ruleID, note: note)
            let count = counts[key, default: 1]
            if count > 1 {
                guard printed.insert(key).inserted else { continue }
            }
            result.append((note, count))
        }
        return result
    }

    /// The label of a note, with " (shared by N findings)" when others carry it too.
    static func label(_ message: String, sharedBy count: Int) -> String {
        count > 1 ? message + " (shared by \(count) findings)" : message
    }
}
