/// The arguments of a call: by label, the first one, or all of them with their labels.
extension SourceFile {
    /// The code index of the token after the `:` of argument label `label` among the top-level
    /// arguments of the call whose `(` is at `open`, or nil.
    public func argument(_ label: StaticString, inCall open: Int) -> Int? {
        guard open >= 0, open < code.count, matching[open] > open else { return nil }
        let close = Int(matching[open])
        var index = open + 1
        while index + 1 < close {
            if parent[index] == Int32(open), isName(index, label), code[index + 1].kind == .colon,
               index == open + 1 || code[index - 1].kind == .comma {
                return index + 2
            }
            index += 1
        }
        return nil
    }

    /// The first token of the first top-level argument of the call whose `(` is at `open`.
    public func firstArgument(ofCall open: Int) -> Int? {
        guard open >= 0, open < code.count, matching[open] > open + 1 else { return nil }
        var start = open + 1
        // Skip a label: `label: value`.
        if start + 1 < Int(matching[open]), code[start + 1].kind == .colon,
           code[start].kind == .identifier || code[start].kind == .keyword {
            start += 2
        }
        return start
    }

    /// One argument of a call: its label token (nil when unlabeled) and the code range of its value.
    public struct CallArgument: Sendable {
        public var label: Int?
        public var value: Range<Int>
    }

    /// The arguments between the `(` at `open` and its `)`, split at top-level commas.
    public func callArguments(open: Int) -> [CallArgument] {
        let close = Int(matching[open])
        guard close > open else { return [] }
        var result: [CallArgument] = []
        var start = open + 1
        var index = open + 1
        while index <= close {
            if index == close || code[index].kind == .comma {
                if start < index {
                    var label: Int?
                    var valueStart = start
                    if start + 1 < index, code[start + 1].kind == .colon,
                       code[start].kind == .identifier || code[start].kind == .keyword {
                        label = start
                        valueStart = start + 2
                    }
                    result.append(CallArgument(label: label, value: valueStart..<index))
                }
                start = index + 1
                index += 1
                continue
            }
            if code[index].kind.isOpeningBracket, matching[index] > index { index = Int(matching[index]) }
            index += 1
        }
        return result
    }
}
