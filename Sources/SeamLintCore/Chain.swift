/// A postfix expression read as a list of links:
/// `UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first`
/// is name `UIApplication`, members `shared`, `connectedScenes`, `compactMap`, a trailing closure,
/// and member `first`.
public struct Chain: Sendable {
    public enum LinkKind: Sendable, Equatable {
        /// The first name (`UIApplication`, `self`, `scenes`).
        case name
        /// `.member` (also the implicit member `.foo` at the start).
        case member
        /// `( … )` right after a link: a call. `token` is the `(`, `close` its `)`.
        case call
        /// `[ … ]` right after a link.
        case `subscript`
        /// `{ … }` trailing closure (labelled ones too).
        case trailingClosure
        /// `?` or `!` between links.
        case optional
        /// A parenthesised expression or collection literal that starts the chain.
        case group
    }

    public struct Link: Sendable {
        public var kind: LinkKind
        /// Name token for names and members; the opening bracket for calls, subscripts, closures, groups.
        public var token: Int
        public var close: Int?
    }

    public var links: [Link]
    /// First and last code index of the whole chain.
    public var start: Int
    public var end: Int

    /// Longer chains are read in pieces (`chainStart` walks back at most this many tokens and
    /// `chain(from:)` reads at most this many links). Real code stays far below; without a cap,
    /// rules that read the chain around every member of a generated 10,000-link chain would take
    /// time quadratic in its length.
    public static let maximumLinks = 256

    /// Indices into `links` of the named links (`name` and `member`).
    public var namedLinks: [Int] { links.indices.filter { links[$0].kind == .name || links[$0].kind == .member } }
}

extension SourceFile {
    /// Reads the postfix chain that begins at code index `start`.
    public func chain(from start: Int) -> Chain {
        var links: [Chain.Link] = []
        var index = start
        guard start < code.count else { return Chain(links: [], start: start, end: start) }
        let first = code[start]
        if first.kind == .period, isMemberName(start + 1) {
            links.append(.init(kind: .member, token: start + 1, close: nil))
            index = start + 2
        } else if first.kind == .identifier || first.kind == .keyword {
            links.append(.init(kind: .name, token: start, close: nil))
            index = start + 1
        } else if first.kind == .leftParen || first.kind == .leftSquare, matching[start] > start {
            links.append(.init(kind: .group, token: start, close: Int(matching[start])))
            index = Int(matching[start]) + 1
        } else {
            return Chain(links: [], start: start, end: start)
        }
        while index < code.count && links.count < Chain.maximumLinks {
            let token = code[index]
            if token.kind == .period, isMemberName(index + 1) {
                links.append(.init(kind: .member, token: index + 1, close: nil))
                index += 2
            } else if token.kind == .operator, !token.flags.contains(.spaceBefore), isPostfixOptional(index),
                      index + 1 < code.count, code[index + 1].kind == .period || code[index + 1].kind == .leftParen
                        || code[index + 1].kind == .leftSquare {
                links.append(.init(kind: .optional, token: index, close: nil))
                index += 1
            } else if (token.kind == .leftParen || token.kind == .leftSquare), !token.flags.contains(.lineStart),
                      matching[index] > index {
                links.append(.init(kind: token.kind == .leftParen ? .call : .subscript, token: index,
                                   close: Int(matching[index])))
                index = Int(matching[index]) + 1
            } else if token.kind == .leftBrace, matching[index] > index, isClosure(index) {
                links.append(.init(kind: .trailingClosure, token: index, close: Int(matching[index])))
                index = Int(matching[index]) + 1
                // Labelled trailing closures: `label: { … }`
                while index + 2 < code.count, code[index].kind == .identifier, code[index + 1].kind == .colon,
                      code[index + 2].kind == .leftBrace, matching[index + 2] > index + 2 {
                    links.append(.init(kind: .trailingClosure, token: index + 2, close: Int(matching[index + 2])))
                    index = Int(matching[index + 2]) + 1
                }
            } else {
                break
            }
        }
        return Chain(links: links, start: start, end: max(start, index - 1))
    }

    /// Walks back from code index `index` (inside a chain) to the chain's first token.
    public func chainStart(containing index: Int) -> Int {
        var current = index
        // Each step passes at most one link, so `chain(from:)` of the start reaches `index` again.
        var steps = 0
        while current > 0 && steps < Chain.maximumLinks {
            steps += 1
            let token = code[current]
            let previous = current - 1
            if token.kind.isClosingBracket, matching[current] >= 0 {
                current = Int(matching[current])
                continue
            }
            switch token.kind {
            case .identifier, .keyword, .integerLiteral:
                guard code[previous].kind == .period else { return current }
                current = previous
            case .period:
                let before = code[previous]
                if before.kind == .identifier || before.kind == .keyword || before.kind.isClosingBracket
                    || (before.kind == .operator && isPostfixOptional(previous) && !before.flags.contains(.spaceBefore)) {
                    current = previous
                } else {
                    return current   // implicit member `.foo`
                }
            case .operator where isPostfixOptional(current) && !token.flags.contains(.spaceBefore):
                current = previous
            case .leftParen, .leftSquare:
                let before = code[previous]
                let glued = !token.flags.contains(.lineStart)
                if glued && (before.kind == .identifier || before.kind == .keyword || before.kind.isClosingBracket
                    || (before.kind == .operator && isPostfixOptional(previous))) {
                    current = previous
                } else {
                    return current
                }
            case .leftBrace:
                let before = code[previous]
                if isClosure(current) && (before.kind == .identifier || before.kind == .keyword
                    || before.kind == .rightParen || before.kind == .rightBrace) {
                    current = previous
                } else if before.kind == .colon, previous >= 2, code[previous - 1].kind == .identifier,
                          code[previous - 2].kind == .rightBrace {
                    current = previous - 2   // labelled trailing closure
                } else {
                    return current
                }
            default:
                return current
            }
        }
        return current
    }

    /// The whole chain around code index `index`.
    public func chain(containing index: Int) -> Chain { chain(from: chainStart(containing: index)) }

    /// The chain's named links as byte slices' texts compared with `word` — convenience for rules.
    public func link(_ link: Chain.Link, is word: StaticString) -> Bool {
        (link.kind == .name || link.kind == .member) && tokenIs(link.token, word)
    }

    func isMemberName(_ index: Int) -> Bool {
        guard index < code.count else { return false }
        let kind = code[index].kind
        return kind == .identifier || kind == .keyword || kind == .integerLiteral
    }

    func isPostfixOptional(_ index: Int) -> Bool {
        code[index].length == 1 && (bytes[Int(code[index].start)] == UInt8(ascii: "?") || bytes[Int(code[index].start)] == UInt8(ascii: "!"))
    }
}
