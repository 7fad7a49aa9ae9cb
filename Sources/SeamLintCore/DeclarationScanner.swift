/// Finds declarations in one pass over the code tokens. It reads headers only (names,
/// modifiers, inheritance, parameters, body braces); bodies are left to the rules.
struct DeclarationScanner {
    let file: SourceFile

    init(file: SourceFile) { self.file = file }

    func scan() -> [Declaration] {
        let code = file.code
        var index = 0
        // Open declaration bodies, innermost last: (declaration index, body close).
        var open: [(declaration: Int, close: Int)] = []
        // About one declaration per 30 code tokens in app code: growth past this is rare.
        var declarations: [Declaration] = []
        declarations.reserveCapacity(code.count / 24 + 8)
        while index < code.count {
            index = nextIntroducer(from: index)
            guard index < code.count else { break }
            while let last = open.last, index > last.close { open.removeLast() }
            if let kind = declarationKind(at: index) {
                // Read in place in the array: a header returned by value was copied out (its four
                // arrays retained and released) once per declaration.
                declarations.append(Declaration(kind: kind, start: index, keyword: index, name: nil, modifiers: [],
                                                attributes: [], inheritance: [], parameters: [], typeStart: nil,
                                                initializer: nil, bodyOpen: nil, bodyClose: nil, end: index,
                                                parent: open.last?.declaration))
                let position = declarations.count - 1
                header(&declarations[position])
                let (bodyOpen, bodyClose) = (declarations[position].bodyOpen, declarations[position].bodyClose)
                if let close = bodyClose {
                    open.append((declarations.count - 1, close))
                }
                // Continue inside the header too: parameters can hold closures, not declarations,
                // but bodies hold nested declarations.
                index = (bodyOpen ?? index) + 1
                continue
            }
            index += 1
        }
        return declarations
    }

    /// The first code index from `start` whose keyword may introduce a declaration (`declarationKind`
    /// answers nil for every other token): a tight walk over the tokens, most of which are not.
    private func nextIntroducer(from start: Int) -> Int {
        file.code.withUnsafeElements { tokens in
            var index = start
            while index < tokens.count && !Self.mayIntroduce(tokens[index].keyword) { index += 1 }
            return index
        }
    }

    @inline(__always)
    private static func mayIntroduce(_ keyword: Keyword) -> Bool {
        switch keyword {
        case .class, .struct, .enum, .protocol, .extension, .func, .`init`, .deinit, .subscript, .var, .let,
             .typealias, .actor:
            return true
        default:
            return false
        }
    }

    func declarationKind(at index: Int) -> Declaration.Kind? {
        let token = file.code[index]
        switch token.keyword {
        case .class:
            // `class func`, `class var` are modifiers; `: class` is a constraint.
            let next = index + 1
            guard next < file.code.count, file.code[next].kind == .identifier, !isModifier(next) else { return nil }
            if index > 0 && file.code[index - 1].kind == .colon { return nil }
            return .class
        case .struct: return .struct
        case .enum: return .enum
        case .protocol: return .protocol
        case .extension: return .extension
        case .func: return .function
        case .`init`:
            // `init` declares only where a declaration can start, not `Foo.init(...)` or `self.init`.
            if index > 0 && file.code[index - 1].kind == .period { return nil }
            return .initializer
        case .deinit: return .deinitializer
        case .subscript: return .subscript
        case .var: return .variable
        case .let: return isPatternBinding(index) ? nil : .constant
        case .typealias: return .typealias
        case .actor:
            guard token.kind == .identifier, index + 1 < file.code.count, file.code[index + 1].kind == .identifier,
                  file.code[index + 1].keyword == .none else { return nil }
            return .actor
        default: return nil
        }
    }

    /// `if let x`, `guard let`, `case let`, `while let` bind patterns, not declarations.
    func isPatternBinding(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let previous = file.code[index - 1]
        switch previous.keyword {
        case .if, .guard, .while, .case: return true
        default: return previous.kind == .comma || previous.kind == .leftParen
        }
    }

    func isModifier(_ index: Int) -> Bool {
        switch file.code[index].keyword {
        case .public, .private, .fileprivate, .internal, .open, .package, .static, .class, .final,
             .override, .mutating, .nonmutating, .lazy, .weak, .unowned, .required, .convenience,
             .dynamic, .optional, .indirect, .nonisolated, .prefix, .postfix, .infix, .distributed:
            return true
        default:
            return false
        }
    }

    /// Fills in the header of `declaration`, whose kind and keyword are set.
    func header(_ declaration: inout Declaration) {
        let code = file.code
        let kind = declaration.kind, keyword = declaration.keyword
        collectModifiers(before: keyword, into: &declaration)
        var index = keyword + 1
        // Name
        if index < code.count {
            switch kind {
            case .extension:
                // Extended type may be dotted: keep the last component.
                while index < code.count && (code[index].kind == .identifier || code[index].kind == .keyword) {
                    declaration.name = index
                    if index + 2 < code.count && code[index + 1].kind == .period { index += 2 } else { index += 1; break }
                }
            case .initializer, .deinitializer, .subscript:
                break
            default:
                if code[index].kind == .identifier || code[index].kind == .operator
                    || (code[index].kind == .keyword && code[index].flags.contains(.backticked)) {
                    declaration.name = index
                    index += 1
                }
            }
        }
        // `init?`, `init!`, generic parameters
        if index < code.count && code[index].kind == .operator && (file.tokenIs(index, "?") || file.tokenIs(index, "!")) {
            index += 1
        }
        if index < code.count && file.tokenIs(index, "<") { index = skipGenerics(from: index) }

        switch kind {
        case .function, .initializer, .subscript:
            if index < code.count && code[index].kind == .leftParen {
                declaration.parameters = parameters(open: index)
                index = max(Int(file.matching[index]), index) + 1
            }
            index = skipToBodyOrEnd(from: index, declaration: &declaration)
        case .variable, .constant:
            index = propertyHeader(from: index, declaration: &declaration)
        case .typealias:
            declaration.end = index
            return
        default:
            if index < code.count && code[index].kind == .colon {
                index = inheritance(from: index + 1, into: &declaration)
            }
            index = skipToBodyOrEnd(from: index, declaration: &declaration)
        }
        if declaration.bodyOpen == nil { declaration.end = max(keyword, min(index, code.count) - 1) }
    }

    func collectModifiers(before keyword: Int, into declaration: inout Declaration) {
        var index = keyword - 1
        let code = file.code
        while index >= 0 {
            let token = code[index]
            if token.kind == .attribute {
                declaration.attributes.append(index)
                declaration.start = index
                index -= 1
            } else if token.kind == .rightParen, file.matching[index] > 0 {
                // `@available(...)` or `private(set)`
                let open = Int(file.matching[index])
                let owner = open - 1
                guard owner >= 0, code[owner].kind == .attribute || isModifier(owner) else { return }
                index = owner
            } else if isModifier(index) {
                declaration.modifiers.append(index)
                declaration.start = index
                index -= 1
            } else {
                break
            }
        }
        declaration.attributes.reverse()
        declaration.modifiers.reverse()
    }

    func skipGenerics(from open: Int) -> Int {
        var depth = 0
        var index = open
        let code = file.code
        while index < code.count {
            let token = code[index]
            if token.kind == .operator {
                for byte in file.bytes[token.range] {
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return index + 1 }
            } else if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon {
                return index
            } else if token.kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index])
            }
            index += 1
        }
        return index
    }

    /// Inheritance entries up to `where` or `{`; each entry contributes its last name token.
    func inheritance(from start: Int, into declaration: inout Declaration) -> Int {
        let code = file.code
        var index = start
        var lastName: Int?
        while index < code.count {
            let token = code[index]
            if token.kind == .leftBrace || token.keyword == .where || token.kind == .rightBrace { break }
            if token.kind == .comma {
                if let name = lastName { declaration.inheritance.append(name) }
                lastName = nil
            } else if token.kind == .identifier || token.kind == .keyword {
                // `SwiftUI.View`: the later component wins; `P<T>` keeps `P`.
                if lastName == nil || (index > 0 && code[index - 1].kind == .period) { lastName = index }
            } else if file.tokenIs(index, "<") {
                if let name = lastName { declaration.inheritance.append(name) }
                lastName = nil
                index = skipGenerics(from: index)
                continue
            } else if token.kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index])
            }
            index += 1
        }
        if let name = lastName { declaration.inheritance.append(name) }
        return index
    }

    /// Skips effects, return type and `where` clause; records a `{` body if one follows directly.
    func skipToBodyOrEnd(from start: Int, declaration: inout Declaration) -> Int {
        let code = file.code
        var index = start
        while index < code.count {
            let token = code[index]
            if token.kind == .leftBrace {
                declaration.bodyOpen = index
                let close = Int(file.matching[index])
                declaration.bodyClose = close >= 0 ? close : nil
                declaration.end = close >= 0 ? close : code.count - 1
                return declaration.end + 1
            }
            if token.kind == .operator && file.tokenIs(index, "->") && declaration.typeStart == nil {
                declaration.typeStart = index + 1
            }
            // A declaration without a body (protocol requirement) ends at the next statement.
            if token.kind == .rightBrace || token.kind == .semicolon || token.kind == .poundDirective { return index }
            if index > start, token.flags.contains(.lineStart), startsDeclarationOrStatement(index) { return index }
            if token.kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index])
            }
            index += 1
        }
        return index
    }

    func startsDeclarationOrStatement(_ index: Int) -> Bool {
        let token = file.code[index]
        if token.kind == .attribute { return true }
        if token.keyword != .none && (declarationKind(at: index) != nil || isModifier(index)) { return true }
        switch token.keyword {
        case .case, .return, .if, .guard, .for, .while, .switch, .import: return true
        default: return false
        }
    }

    /// `var name: Type = value { accessors }`: records type, initializer and accessor body.
    func propertyHeader(from start: Int, declaration: inout Declaration) -> Int {
        let code = file.code
        var index = start
        if index < code.count && code[index].kind == .colon {
            declaration.typeStart = index + 1
            index += 1
            // The type runs until `=`, `{`, or the end of the line.
            while index < code.count {
                let token = code[index]
                if token.kind == .leftBrace || (token.kind == .operator && file.tokenIs(index, "="))
                    || token.kind == .comma || token.kind == .semicolon || token.kind == .rightBrace
                    || (index > start + 1 && token.flags.contains(.lineStart) && !continuesType(index)) {
                    break
                }
                if token.kind.isOpeningBracket, file.matching[index] > index { index = Int(file.matching[index]) }
                index += 1
            }
        }
        if index < code.count && code[index].kind == .operator && file.tokenIs(index, "=") {
            declaration.initializer = index + 1
            // Observers may follow an initializer: `var x = 1 { didSet { … } }`.
            let end = expressionEnd(from: index + 1)
            if end < code.count && code[end].kind == .leftBrace && isObserverBlock(end) {
                return body(at: end, declaration: &declaration)
            }
            return end
        }
        if index < code.count && code[index].kind == .leftBrace {
            return body(at: index, declaration: &declaration)
        }
        return index
    }

    func body(at open: Int, declaration: inout Declaration) -> Int {
        declaration.bodyOpen = open
        let close = Int(file.matching[open])
        declaration.bodyClose = close >= 0 ? close : nil
        declaration.end = close >= 0 ? close : file.code.count - 1
        return declaration.end + 1
    }

    func continuesType(_ index: Int) -> Bool {
        let token = file.code[index]
        return token.kind == .period || (token.kind == .operator && (file.tokenIs(index, "&") || file.tokenIs(index, "->")))
    }

    func isObserverBlock(_ open: Int) -> Bool {
        let next = open + 1
        return next < file.code.count && (file.code[next].keyword == .willSet || file.code[next].keyword == .didSet)
    }

    /// End of an initializer expression: the first token at bracket depth zero that starts a new line
    /// and does not continue the expression (`.member`, a binary operator), or a `;`/`}`.
    func expressionEnd(from start: Int) -> Int {
        let code = file.code
        var index = start
        while index < code.count {
            let token = code[index]
            if index > start && token.flags.contains(.lineStart) {
                let continues = token.kind == .period || (token.kind == .operator && !file.tokenIs(index, "!"))
                let previousOperator = code[index - 1].kind == .operator || code[index - 1].kind == .comma
                if !continues && !previousOperator && !isObserverBlock(index) { return index }
            }
            if token.kind == .semicolon || token.kind == .rightBrace || token.kind == .rightParen
                || token.kind == .rightSquare || (token.kind == .comma) { return index }
            if token.kind == .leftBrace && isObserverBlock(index) { return index }
            if token.kind.isOpeningBracket, file.matching[index] > index { index = Int(file.matching[index]) }
            index += 1
        }
        return index
    }

    /// Parameters between `(` and its `)`: `label name: Type`, `_ name: Type`, `name: Type`.
    func parameters(open: Int) -> [Declaration.Parameter] {
        let close = Int(file.matching[open])
        guard close > open else { return [] }
        var result: [Declaration.Parameter] = []
        var index = open + 1
        while index < close {
            var names: [Int] = []
            var typeStart: Int?
            while index < close && file.code[index].kind != .comma {
                let token = file.code[index]
                if typeStart == nil {
                    if token.kind == .colon {
                        typeStart = index + 1
                    } else if token.kind == .identifier || token.kind == .keyword {
                        names.append(index)
                    } else if token.kind == .attribute {
                        // `@escaping` belongs to the type
                    }
                }
                if token.kind.isOpeningBracket, file.matching[index] > index { index = Int(file.matching[index]) }
                index += 1
            }
            if let name = names.last {
                result.append(Declaration.Parameter(label: names.count > 1 ? names[names.count - 2] : nil,
                                                    name: name, typeStart: typeStart))
            }
            index += 1
        }
        return result
    }
}
