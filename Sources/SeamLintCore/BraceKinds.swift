/// Whether each `{` opens a closure, or a declaration body, accessor or control-flow block.
/// Computed in one forward pass so that a `}` met while walking back is already classified.
struct BraceKinds {
    private(set) var closures: [Bool]

    init(file: SourceFile) {
        closures = [Bool](repeating: false, count: file.code.count)
        for index in file.code.indices where file.code[index].kind == .leftBrace {
            closures[index] = classify(index, file)
        }
    }

    private func classify(_ open: Int, _ file: SourceFile) -> Bool {
        if file.bodyOwner[Int32(open)] != nil { return false }
        let code = file.code
        var index = open - 1
        if index >= 0, accessorKeywords.contains(code[index].keyword) { return false }
        while index >= 0 {
            let token = code[index]
            if token.kind == .rightBrace {
                let opener = Int(file.matching[index])
                // A block before us ends the previous statement; a closure may be ours (`} label: {`).
                guard opener >= 0, closures[opener] else { return true }
                index = opener - 1
                continue
            }
            if token.kind.isClosingBracket {
                let opener = Int(file.matching[index])
                guard opener >= 0 else { return true }
                index = opener - 1
                continue
            }
            if token.kind.isOpeningBracket || token.kind == .semicolon || token.kind == .poundDirective {
                return true
            }
            switch token.keyword {
            case .if, .guard, .while, .for, .switch, .catch, .else, .do, .repeat, .defer:
                return false
            case .var, .let, .case:
                // `if let`, `guard case`, `for case let`, `if a, let b` bind patterns in a condition.
                let previous = index > 0 ? code[index - 1] : token
                let inCondition = index > 0 && (previous.kind == .comma || [.if, .guard, .while, .for, .case].contains(previous.keyword))
                if !inCondition { return true }
            case .func, .return, .`init`, .throw, .class, .struct, .enum, .extension, .protocol:
                return true
            default:
                break
            }
            if token.flags.contains(.lineStart) && index > 0 {
                let previous = code[index - 1]
                let continues = token.kind == .period || token.kind == .operator || previous.kind == .operator
                    || previous.kind == .comma || previous.kind == .colon || previous.keyword == .in
                    || previous.kind == .keyword
                if !continues { return true }
            }
            index -= 1
        }
        return true
    }

    private let accessorKeywords: Set<Keyword> = [.get, .set, .willSet, .didSet]
}

extension SourceFile {
    /// True when the `{` at code index `open` starts a closure expression (its code runs later,
    /// or elsewhere), false for declaration bodies, accessors and control-flow blocks.
    public func isClosure(_ open: Int) -> Bool {
        open >= 0 && open < code.count && braceKinds.closures[open]
    }

    /// The innermost closure `{` around `index` that lies inside `limit` (e.g. a function body), or nil.
    public func enclosingClosure(of index: Int, within limit: Int? = nil) -> Int? {
        var open = Int(parent[index])
        while open >= 0 {
            if let limit, open <= limit { return nil }
            if code[open].kind == .leftBrace && isClosure(open) { return open }
            open = Int(parent[open])
        }
        return nil
    }
}
