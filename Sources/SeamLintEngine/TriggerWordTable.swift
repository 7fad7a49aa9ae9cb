import SeamLintCore

/// The trigger words of the enabled rules and fact collectors, each kept once with an id, so that
/// a file is searched for a word at most once however many rules and collectors name it
/// (`window`, `UIApplication`, `connectedScenes` gate several).
struct TriggerWordTable: Sendable {
    private(set) var words: [[UInt8]] = []
    private var positions: [String: Int] = [:]

    /// The ids of `list`'s words, adding those not met yet.
    mutating func ids(_ list: [String]) -> [Int] {
        list.map { word in
            if let known = positions[word] { return known }
            words.append(Array(word.utf8))
            positions[word] = words.count - 1
            return words.count - 1
        }
    }

    /// One file's answers: each word searched for the first time it is asked about.
    struct Memo {
        private var answers: [Int8]

        init(_ table: TriggerWordTable) { answers = [Int8](repeating: -1, count: table.words.count) }

        /// True when `ids` is empty (nothing to look for) or the file mentions one of its words.
        mutating func mentionsAny(_ ids: [Int], of table: TriggerWordTable, in file: SourceFile) -> Bool {
            ids.isEmpty || ids.contains { id in
                if answers[id] < 0 { answers[id] = file.mentions(table.words[id]) ? 1 : 0 }
                return answers[id] == 1
            }
        }
    }
}
