/// A declaration found by a linear scan of the code tokens. Indices are code indices.
public struct Declaration: Sendable {
    public enum Kind: Sendable, Equatable {
        case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`
        case function, initializer, deinitializer, `subscript`
        case variable, constant
        case `typealias`
    }

    public var kind: Kind
    /// First token of the declaration: its first attribute or modifier, else its keyword.
    public var start: Int
    /// The introducing keyword (`class`, `func`, `var`, …).
    public var keyword: Int
    /// The name token (for an extension: the last component of the extended type), or nil.
    public var name: Int?
    /// Modifier tokens before the keyword (`static`, `class`, `override`, `private`, …).
    public var modifiers: [Int]
    /// Attribute tokens (`@objc`, `@Environment`); arguments follow when `code[i+1]` is `(`.
    public var attributes: [Int]
    /// Types: the last name token of each entry in the inheritance clause (`SwiftUI.View` → `View`).
    public var inheritance: [Int]
    /// Functions and initializers: the parameters.
    public var parameters: [Parameter]
    /// Functions, subscripts, properties: the first token of the declared or returned type.
    public var typeStart: Int?
    /// Properties: the first token after `=`.
    public var initializer: Int?
    /// Code index of the `{` opening the body, and of its `}`.
    public var bodyOpen: Int?
    public var bodyClose: Int?
    /// Last code index belonging to the declaration (body close, or end of header).
    public var end: Int
    /// Index in `SourceFile.declarations` of the enclosing declaration.
    public var parent: Int?

    public var isType: Bool {
        switch kind {
        case .class, .struct, .enum, .actor, .protocol, .extension: return true
        default: return false
        }
    }

    public var isFunctionLike: Bool {
        kind == .function || kind == .initializer || kind == .deinitializer || kind == .subscript
    }

    /// A function parameter: `label name: Type`. `label` is nil when only a name is written.
    public struct Parameter: Sendable {
        public var label: Int?
        public var name: Int
        public var typeStart: Int?
    }
}

extension SourceFile {
    /// True when the declaration has the modifier `word` (`static`, `class`, `override` …).
    public func declaration(_ declaration: Declaration, hasModifier word: StaticString) -> Bool {
        declaration.modifiers.contains { tokenIs($0, word) }
    }

    /// True when the declaration carries attribute `@word` (pass the name without `@`).
    public func declaration(_ declaration: Declaration, hasAttribute word: StaticString) -> Bool {
        declaration.attributes.contains { attributeIs($0, word) }
    }

    /// True when attribute token `index` is `@word`.
    public func attributeIs(_ index: Int, _ word: StaticString) -> Bool {
        let token = code[index]
        guard token.kind == .attribute, Int(token.length) == word.utf8CodeUnitCount + 1 else { return false }
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[Int(token.start) + 1 + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// True when the type declaration lists `word` in its inheritance clause.
    public func declaration(_ declaration: Declaration, inheritsFrom word: StaticString) -> Bool {
        declaration.inheritance.contains { tokenIs($0, word) }
    }

    /// The selector-style signature of a function: `dismantleUIView(_:coordinator:)`.
    public func signature(of declaration: Declaration) -> String {
        guard let name = declaration.name else { return "" }
        var result = text(at: name) + "("
        for parameter in declaration.parameters {
            result += text(at: parameter.label ?? parameter.name) + ":"
        }
        return result + ")"
    }

    /// Indices of the declarations enclosing code index `index`, innermost first. A lazy walk over
    /// declaration bodies only (`declarationBodies`): the brackets between them (closures, calls,
    /// interpolations) are skipped, so a question costs the declarations it reads, not the depth.
    public func enclosingDeclarations(of index: Int) -> EnclosingDeclarations {
        let open = Int(parent[index])
        return EnclosingDeclarations(file: self, body: open >= 0 ? Int(declarationBodies[open]) : -1)
    }

    /// For each code index of an opening bracket: the nearest declaration body `{` at or around it,
    /// or -1 (other indices: -1). Built in one pass (a bracket's parent comes before it).
    func buildDeclarationBodies() -> [Int32] {
        var table = [Int32](repeating: -1, count: code.count)
        let owners = bodyOwner
        for index in 0..<code.count where code[index].kind.isOpeningBracket {
            if owners[Int32(index)] != nil {
                table[index] = Int32(index)
            } else {
                let outer = Int(parent[index])
                if outer >= 0 && outer < index { table[index] = table[outer] }
            }
        }
        ScalingCounter.add(code.count)
        return table
    }

    /// The innermost type declaration (class, struct, enum, actor, protocol, extension) around `index`.
    public func enclosingType(of index: Int) -> Declaration? {
        for owner in enclosingDeclarations(of: index) where declarations[owner].isType {
            return declarations[owner]
        }
        return nil
    }

    /// The innermost function-like declaration (or property accessor body) around `index`.
    public func enclosingFunction(of index: Int) -> Declaration? {
        enclosingFunctionPosition(inBracket: Int(parent[index])).map { declarations[$0] }
    }

    /// `enclosingFunction(of:)?.bodyOpen`, without copying the declaration (most callers want only
    /// the body, and a copy retains the declaration's arrays).
    public func enclosingFunctionBody(of index: Int) -> Int? {
        enclosingFunctionBody(inBracket: Int(parent[index]))
    }

    /// `enclosingFunctionBody(of:)` for code directly inside opening bracket `open` (-1: the top level).
    func enclosingFunctionBody(inBracket open: Int) -> Int? {
        enclosingFunctionPosition(inBracket: open).flatMap { declarations[$0].bodyOpen }
    }

    /// The position in `declarations` of `enclosingFunction(of:)` for code directly inside opening
    /// bracket `open` (-1: the top level).
    func enclosingFunctionPosition(inBracket open: Int) -> Int? {
        let owners = EnclosingDeclarations(file: self, body: open >= 0 ? Int(declarationBodies[open]) : -1)
        for owner in owners {
            // Fields read in place: a copy of each declaration walked past retained its arrays.
            if declarations[owner].isFunctionLike || declarations[owner].kind == .variable { return owner }
            if declarations[owner].isType { return nil }
        }
        return nil
    }
}

/// The declarations around a code index, innermost first (`SourceFile.enclosingDeclarations(of:)`).
public struct EnclosingDeclarations: Sequence {
    let file: SourceFile
    let body: Int

    public struct Iterator: IteratorProtocol {
        let file: SourceFile
        var body: Int
        public mutating func next() -> Int? {
            guard body >= 0, let owner = file.bodyOwner[Int32(body)] else { return nil }
            let outer = Int(file.parent[body])
            body = outer >= 0 ? Int(file.declarationBodies[outer]) : -1
            ScalingCounter.add(1)
            return Int(owner)
        }
    }

    public func makeIterator() -> Iterator { Iterator(file: file, body: body) }

    /// The innermost declaration, if any.
    public var first: Int? {
        var iterator = makeIterator()
        return iterator.next()
    }
}
