/// Questions about declarations beyond the scanner's tables: the names an inheritance clause lists,
/// qualified type names, members of a type, empty bodies.
extension SourceFile {
    /// Every name an inheritance clause lists, as code indices of each entry's last component:
    /// `SwiftUI.UIViewRepresentable` → `UIViewRepresentable`; `A & B` → both; `@preconcurrency P` → `P`.
    /// Generic arguments and the `where` clause are skipped. Unlike `Declaration.inheritance`,
    /// composition entries (`A & B`) all count.
    public func inheritedNames(of declaration: Declaration) -> [Int] {
        guard declaration.isType else { return [] }
        var index = (declaration.name ?? declaration.keyword) + 1
        let end = declaration.bodyOpen ?? (declaration.end + 1)
        // Find the `:` that opens the clause (after the name and any generic parameters).
        while index < end, code[index].kind != .colon {
            if code[index].keyword == .where { return [] }
            if tokenIs(index, "<") { index = skipAngleBrackets(from: index, limit: end); continue }
            index += 1
        }
        guard index < end else { return [] }
        index += 1
        var names: [Int] = []
        while index < end {
            let token = code[index]
            if token.keyword == .where { break }
            if tokenIs(index, "<") { index = skipAngleBrackets(from: index, limit: end); continue }
            if token.kind.isOpeningBracket, matching[index] > index { index = Int(matching[index]) + 1; continue }
            if token.kind == .identifier || (token.kind == .keyword && token.flags.contains(.backticked))
                || token.keyword == .Any {
                // Keep the last component of a dotted name.
                let next = index + 1
                if !(next < end && code[next].kind == .period) { names.append(index) }
            }
            index += 1
        }
        return names
    }

    /// Skips `<…>` starting at `open`, returning the index after the closing `>`.
    public func skipAngleBrackets(from open: Int, limit: Int) -> Int {
        var depth = 0
        var index = open
        while index < limit {
            let token = code[index]
            if token.kind == .operator {
                for byte in bytes[token.range] {
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return index + 1 }
            } else if token.kind == .leftBrace || token.kind == .semicolon {
                return index
            } else if token.kind.isOpeningBracket, matching[index] > index {
                index = Int(matching[index])
            }
            index += 1
        }
        return index
    }

    /// The dotted name of the type a declaration declares or extends, with enclosing types:
    /// `struct Inner` inside `extension Outer` is `Outer.Inner`; `extension Outer.Inner<T>` is
    /// `Outer.Inner`. Nil for declarations that are not types, and for types nested more than
    /// `maximumTypeNesting` deep.
    public func qualifiedTypeName(ofDeclaration position: Int) -> String? {
        let declaration = declarations[position]
        guard declaration.isType else { return nil }
        let own = ownTypeName(declaration)
        guard !own.isEmpty else { return nil }
        // Innermost first, joined once. The cap: real code never nests types that deep, and a
        // generated file that does would otherwise cost time and memory quadratic in its depth.
        var names = [own]
        var parentIndex = declaration.parent
        while let current = parentIndex {
            let enclosing = declarations[current]
            if enclosing.isType {
                let name = ownTypeName(enclosing)
                if !name.isEmpty { names.append(name) }
                if names.count > Self.maximumTypeNesting { return nil }
            }
            parentIndex = enclosing.parent
        }
        return names.reversed().joined(separator: ".")
    }

    /// Deeper nested types have no qualified name (see `qualifiedTypeName`).
    static let maximumTypeNesting = 64

    /// The name written after the keyword: `Inner`, or `Outer.Inner` for a dotted extension.
    private func ownTypeName(_ declaration: Declaration) -> String {
        guard let last = declaration.name else { return "" }
        if declaration.kind != .extension { return text(at: last) }
        var parts: [String] = []
        var index = declaration.keyword + 1
        while index <= last {
            if code[index].kind == .identifier || code[index].kind == .keyword { parts.append(text(at: index)) }
            index += 1
        }
        return parts.joined(separator: ".")
    }

    /// The index in `declarations` of the type declaration whose body directly holds `member`
    /// (a member declared in a type or extension body, not inside a function), or nil.
    public func owningType(ofMember member: Declaration) -> Int? {
        guard let parent = member.parent, declarations[parent].isType else { return nil }
        return parent
    }

    /// Indices in `declarations` of the direct members of type declaration `typeIndex`.
    public func members(ofType typeIndex: Int) -> [Int] {
        // Declarations are in source order and nested ones follow their parent.
        var result: [Int] = []
        var index = typeIndex + 1
        let end = declarations[typeIndex].end
        while index < declarations.count, declarations[index].start <= end {
            if declarations[index].parent == typeIndex { result.append(index) }
            index += 1
        }
        return result
    }

    /// True when a declaration's body holds no code (only comments or nothing).
    public func hasEmptyBody(_ declaration: Declaration) -> Bool {
        guard let open = declaration.bodyOpen, let close = declaration.bodyClose else { return false }
        return close == open + 1
    }

    /// True when the token starts with an uppercase ASCII letter (a type name by convention).
    public func isCapitalized(_ index: Int) -> Bool {
        guard index >= 0, index < code.count, code[index].length > 0 else { return false }
        let first = bytes[Int(code[index].start)]
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }
}

extension SourceFile {
    /// The first line of the declaration named by code token `name`, which a finding about the
    /// declaration spans: from the first token on that line (`override`, `func`, `struct`, `-`,
    /// `@implementation`; not before a `{`, `}` or `;` that ends something else on the line) to the
    /// last one before the body's `{`. Swift and Objective-C alike. Linear in the line's length.
    public func declarationLine(naming name: Int) -> (first: Int, last: Int) {
        var first = name
        while first > 0, !code[first].flags.contains(.lineStart) {
            let previous = code[first - 1].kind
            if previous == .leftBrace || previous == .rightBrace || previous == .semicolon { break }
            first -= 1
        }
        var last = name
        while last + 1 < code.count, !code[last + 1].flags.contains(.lineStart), code[last + 1].kind != .leftBrace,
              code[last + 1].kind != .semicolon {
            last += 1
        }
        return (first, last)
    }
}
