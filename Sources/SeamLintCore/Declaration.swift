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

    /// Indices of the declarations enclosing code index `index`, innermost first.
    public func enclosingDeclarations(of index: Int) -> [Int] {
        var result: [Int] = []
        var open = Int(parent[index])
        while open >= 0 {
            if let owner = bodyOwner[Int32(open)] { result.append(Int(owner)) }
            open = Int(parent[open])
        }
        return result
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
        for owner in enclosingDeclarations(of: index) {
            let declaration = declarations[owner]
            if declaration.isFunctionLike || declaration.kind == .variable { return declaration }
            if declaration.isType { return nil }
        }
        return nil
    }
}
