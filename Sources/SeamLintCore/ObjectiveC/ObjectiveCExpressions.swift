/// A message send: `[receiver selector]` or `[receiver piece:argument piece:argument …]`.
public struct ObjectiveCMessage: Sendable {
    /// The `[` and `]`.
    public var open: Int
    public var close: Int
    /// First and last code index of the receiver expression.
    public var receiver: ClosedRange<Int>
    /// Selector piece names, in order; one for a unary message.
    public var pieces: [Int]
    /// For a keyword message, the code range of each piece's argument.
    public var arguments: [Range<Int>]

    public var isUnary: Bool { arguments.isEmpty }

    /// Messages spanning more code tokens than this are remembered by `SourceFile.objectiveCMessage(at:)`.
    static let memoLength = 64
}

/// One step of an Objective-C postfix expression, which may mix property syntax and message
/// sends: `[UIApplication sharedApplication].connectedScenes.anyObject` is the name
/// `UIApplication`, the message `sharedApplication`, the properties `connectedScenes` and `anyObject`.
public struct ObjectiveCStep: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The expression's first name (`UIApplication`, `self`, a local).
        case name
        /// `.property` (also `->ivar`).
        case property
        /// A message to the expression before it; `token` is the first selector piece.
        case message
        /// `[index]`; `token` is the `[`.
        case `subscript`
    }

    public var kind: Kind
    /// The name token, a message's first selector piece, or a subscript's `[`.
    public var token: Int
    /// Last code index of the expression this step completes: the name, or the `]`.
    public var end: Int
}

extension SourceFile {
    /// The message send whose `[` is code index `open`, or nil for a subscript, an array literal
    /// (`@[…]`), a C++ lambda or attribute, or anything that does not read as `[receiver selector…]`.
    public func objectiveCMessage(at open: Int) -> ObjectiveCMessage? {
        guard open >= 0, open < code.count, code[open].kind == .leftSquare, matching[open] > open,
              opensMessage(open) else { return nil }
        let close = Int(matching[open])
        // A long message (thousands of arguments) is parsed once: each question about one of its
        // arguments (the message around a pick, a step's message) read all of it again before.
        guard close - open > ObjectiveCMessage.memoLength else { return parseObjectiveCMessage(open, close) }
        if let known = objectiveCMessageMemo[open] { return known }
        let message = parseObjectiveCMessage(open, close)
        objectiveCMessageMemo[open] = message
        return message
    }

    private func parseObjectiveCMessage(_ open: Int, _ close: Int) -> ObjectiveCMessage? {
        guard let receiverEnd = expressionEnd(from: open + 1, limit: close) else { return nil }
        let first = receiverEnd + 1
        guard first < close, isNameLike(first) else { return nil }
        if first + 1 == close {
            return ObjectiveCMessage(open: open, close: close, receiver: (open + 1)...receiverEnd, pieces: [first],
                                     arguments: [])
        }
        guard code[first + 1].kind == .colon else { return nil }
        var pieces = [first]
        var index = first + 2
        // Steps taken, not the span: an argument's own brackets are skipped whole.
        var steps = 1
        defer { ScalingCounter.add(steps) }
        while index + 1 < close {
            steps += 1
            if code[index].kind.isOpeningBracket, matching[index] > index {
                index = Int(matching[index]) + 1   // arguments' own brackets hold no pieces of this message
            } else if isNameLike(index), code[index + 1].kind == .colon, isPieceLabel(index) {
                pieces.append(index)
                index += 2
            } else {
                index += 1
            }
        }
        var arguments: [Range<Int>] = []
        for (position, piece) in pieces.enumerated() {
            let end = position + 1 < pieces.count ? pieces[position + 1] : close
            arguments.append((piece + 2)..<max(piece + 2, end))
        }
        return ObjectiveCMessage(open: open, close: close, receiver: (open + 1)...receiverEnd, pieces: pieces,
                                 arguments: arguments)
    }

    /// The selector of a message send: `sharedApplication`, `addObserver:forKeyPath:options:context:`.
    public func objectiveCSelector(of message: ObjectiveCMessage) -> String {
        message.isUnary ? text(at: message.pieces[0]) : message.pieces.map { text(at: $0) + ":" }.joined()
    }

    /// The argument of selector piece `label` (`forKeyPath`) in a keyword message.
    public func objectiveCArgument(_ label: StaticString, of message: ObjectiveCMessage) -> Range<Int>? {
        for (position, piece) in message.pieces.enumerated() where position < message.arguments.count {
            if tokenIs(piece, label) { return message.arguments[position] }
        }
        return nil
    }

    /// The message in which code index `index` is the first selector piece.
    public func objectiveCMessage(withFirstPiece index: Int) -> ObjectiveCMessage? {
        guard index >= 0, index < code.count, parent[index] >= 0 else { return nil }
        // A first piece is followed by its message's `]` (unary) or by its `:`: other names (most
        // of those asked about, every name of a method body) need no parse of the message.
        let open = Int(parent[index])
        guard code[open].kind == .leftSquare, index + 1 == Int(matching[open]) || code[index + 1].kind == .colon,
              let message = objectiveCMessage(at: open), message.pieces.first == index else { return nil }
        return message
    }

    // MARK: Steps

    /// The outermost step of the expression that ends at code index `end`, and where the
    /// expression it applies to ends (nil for a `.name`). Parentheses are looked through.
    public func objectiveCStep(endingAt end: Int) -> (step: ObjectiveCStep, receiverEnd: Int?)? {
        guard end >= 0, end < code.count else { return nil }
        var end = end
        // `((x))`: the expression inside (a loop: nesting depth is unbounded).
        while code[end].kind == .rightParen {
            let open = Int(matching[end])
            guard open >= 0, end - 1 > open, !isCallParenthesis(open) else { return nil }
            end -= 1
        }
        let token = code[end]
        switch token.kind {
        case .identifier, .keyword:
            if end >= 2, code[end - 1].kind == .period || tokenIs(end - 1, "->"), endsExpression(end - 2) {
                return (ObjectiveCStep(kind: .property, token: end, end: end), end - 2)
            }
            return (ObjectiveCStep(kind: .name, token: end, end: end), nil)
        case .rightSquare:
            let open = Int(matching[end])
            guard open >= 0 else { return nil }
            if let message = objectiveCMessage(at: open) {
                return (ObjectiveCStep(kind: .message, token: message.pieces[0], end: end), message.receiver.upperBound)
            }
            guard open > 0, endsExpression(open - 1), !opensMessage(open) else { return nil }
            return (ObjectiveCStep(kind: .subscript, token: open, end: end), open - 1)
        default:
            return nil
        }
    }

    /// The steps of the expression ending at `end`, first to last.
    public func objectiveCPath(endingAt end: Int) -> [ObjectiveCStep] {
        var steps: [ObjectiveCStep] = []
        var current: Int? = end
        while let index = current, let (step, receiverEnd) = objectiveCStep(endingAt: index) {
            steps.append(step)
            current = receiverEnd
            if steps.count > 64 { break }
        }
        return steps.reversed()
    }

    /// The step applied to the expression ending at `end`: a property read on it, a subscript of
    /// it, or a message sent to it. Closing parentheses around it (`((UIWindowScene *)x).windows`)
    /// are stepped over.
    public func objectiveCStep(after end: Int) -> ObjectiveCStep? {
        guard end >= 0 else { return nil }
        var end = end
        while end + 1 < code.count, code[end + 1].kind == .rightParen {
            let open = Int(matching[end + 1])
            guard open >= 0, !isCallParenthesis(open) else { return nil }
            end += 1
        }
        let next = end + 1
        guard next < code.count else { return nil }
        if (code[next].kind == .period || tokenIs(next, "->")), next + 1 < code.count, isNameLike(next + 1) {
            return ObjectiveCStep(kind: .property, token: next + 1, end: next + 1)
        }
        if code[next].kind == .leftSquare, matching[next] > next, !opensMessage(next) {
            return ObjectiveCStep(kind: .subscript, token: next, end: Int(matching[next]))
        }
        if parent[next] >= 0, let message = objectiveCMessage(at: Int(parent[next])),
           message.pieces[0] == next, message.receiver.upperBound == end {
            return ObjectiveCStep(kind: .message, token: next, end: message.close)
        }
        return nil
    }

    /// The step whose name (or subscript `[`) is code index `index`: a property, the first selector
    /// piece of a message (its `end` is the `]`), a subscript, or a plain name.
    public func objectiveCStep(at index: Int) -> ObjectiveCStep? {
        guard index >= 0, index < code.count else { return nil }
        if code[index].kind == .leftSquare, matching[index] > index, !opensMessage(index), index > 0, endsExpression(index - 1) {
            return ObjectiveCStep(kind: .subscript, token: index, end: Int(matching[index]))
        }
        guard isNameLike(index) else { return nil }
        if let message = objectiveCMessage(withFirstPiece: index) {
            return ObjectiveCStep(kind: .message, token: index, end: message.close)
        }
        if index >= 2, code[index - 1].kind == .period || tokenIs(index - 1, "->") {
            return ObjectiveCStep(kind: .property, token: index, end: index)
        }
        return ObjectiveCStep(kind: .name, token: index, end: index)
    }

    // MARK: Reading expressions

    /// Whether the `[` at `open` starts a message send rather than a subscript or a literal.
    func opensMessage(_ open: Int) -> Bool {
        guard open > 0 else { return true }
        let previous = code[open - 1]
        switch previous.kind {
        case .identifier:
            return isName(open - 1, "in")   // `for (id x in [a b])`
        case .keyword, .leftParen, .leftSquare, .leftBrace, .rightBrace, .comma, .colon, .semicolon, .attribute,
             .poundDirective:
            return true
        case .rightParen:
            // After a cast or an `if (…)` condition, not after a call.
            let open = Int(matching[open - 1])
            return open >= 0 && !isCallParenthesis(open)
        case .operator:
            return !tokenIs(open - 1, "@")   // `@[…]` is an array literal
        default:
            return false
        }
    }

    /// True when the `(` at `open` belongs to a call (`f(x)`, `block(x)`), not a cast, a
    /// parenthesised expression or a statement's condition.
    func isCallParenthesis(_ open: Int) -> Bool {
        guard open > 0 else { return false }
        let previous = code[open - 1]
        if previous.kind == .identifier { return !isName(open - 1, "in") }
        return previous.kind == .rightParen || previous.kind == .rightSquare || previous.kind == .attribute
    }

    /// True when code index `index` can end an expression (so what follows is postfix).
    func endsExpression(_ index: Int) -> Bool {
        guard index >= 0, index < code.count else { return false }
        switch code[index].kind {
        case .identifier, .keyword, .rightSquare, .rightParen, .stringDelimiter, .integerLiteral, .floatLiteral: return true
        default: return false
        }
    }

    public func isNameLike(_ index: Int) -> Bool {
        index >= 0 && index < code.count && (code[index].kind == .identifier || code[index].kind == .keyword)
    }

    /// A selector label inside a message: not the middle of `cond ? a : b` or of `x.a`.
    private func isPieceLabel(_ index: Int) -> Bool {
        let previous = index - 1
        guard previous >= 0 else { return true }
        return !(tokenIs(previous, "?") || code[previous].kind == .period || tokenIs(previous, "->")
                 || code[previous].kind == .colon)
    }

    /// The last code index of the primary-and-postfix expression starting at `start` (before
    /// `limit`), with leading casts: `(UIView *)self.view.superview`, `[a b].c[0]`, `@"x"`.
    public func expressionEnd(from start: Int, limit: Int) -> Int? {
        let limit = min(limit, code.count)
        guard start >= 0 else { return nil }
        var index = start
        while index < limit, code[index].kind == .leftParen, matching[index] > index {
            let close = Int(matching[index])
            guard close + 1 < limit, isCast(open: index, close: close), startsExpression(close + 1) else { break }
            index = close + 1
        }
        guard index < limit else { return nil }
        var end: Int
        let token = code[index]
        switch token.kind {
        case .identifier, .keyword, .integerLiteral, .floatLiteral:
            end = index
        case .leftSquare, .leftParen:
            guard matching[index] > index else { return nil }
            end = Int(matching[index])
        case .stringDelimiter:
            guard let close = stringLiteralEnd(from: index) else { return nil }
            end = close
        case .attribute:   // `@selector(…)`, `@protocol(…)`, `@encode(…)`
            guard index + 1 < limit, code[index + 1].kind == .leftParen, matching[index + 1] > index + 1 else { return nil }
            end = Int(matching[index + 1])
        case .operator where tokenIs(index, "@"):
            guard index + 1 < limit, code[index + 1].kind.isOpeningBracket, matching[index + 1] > index + 1 else {
                return index + 1 < limit && (code[index + 1].kind == .integerLiteral || isNameLike(index + 1)) ? index + 1 : nil
            }
            end = Int(matching[index + 1])
        default:
            return nil
        }
        while end + 1 < limit {
            let next = end + 1
            if (code[next].kind == .period || tokenIs(next, "->")), next + 1 < limit, isNameLike(next + 1) {
                end = next + 1
            } else if code[next].kind == .leftParen || code[next].kind == .leftSquare, matching[next] > next,
                      Int(matching[next]) < limit {
                end = Int(matching[next])
            } else {
                break
            }
        }
        return end
    }

    private func startsExpression(_ index: Int) -> Bool {
        guard index >= 0, index < code.count else { return false }
        switch code[index].kind {
        case .identifier, .keyword, .leftSquare, .leftParen, .stringDelimiter, .integerLiteral, .floatLiteral, .attribute:
            return true
        case .operator:
            return tokenIs(index, "@")
        default:
            return false
        }
    }

    /// `(UIView *)`, `(id)`, `(__bridge NSString *)`, `(UIWindowScene *_Nullable)`: a type in parentheses.
    private func isCast(open: Int, close: Int) -> Bool {
        guard close > open + 1 else { return false }
        var sawPointer = false
        for index in open + 1..<close {
            let token = code[index]
            if token.kind == .identifier || token.kind == .keyword || token.kind == .comma { continue }
            if token.kind == .operator, tokenIs(index, "*") || tokenIs(index, "<") || tokenIs(index, ">")
                || tokenIs(index, "^") {
                sawPointer = sawPointer || tokenIs(index, "*")
                continue
            }
            return false
        }
        if sawPointer || close - open > 2 { return true }
        // One name: a type when capitalised, a C type, `id`, or `…_t`.
        let name = open + 1
        if code[name].kind == .keyword { return true }
        let first = bytes[Int(code[name].start)]
        return (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")) || isName(name, "id")
            || isName(name, "instancetype") || tokenHasSuffix(name, "_t")
    }
}
