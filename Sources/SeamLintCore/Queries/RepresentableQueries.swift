/// Questions about SwiftUI representables (`UIViewRepresentable` and its siblings), type names
/// and string literals that more than one rule asks. Everything works on code indices and bytes;
/// only names that end up in messages or project facts become `String`s.

/// The four representable protocols and the requirement names that belong to each.
public enum RepresentableFamily: String, Sendable, CaseIterable {
    case uiView = "UIViewRepresentable"
    case uiViewController = "UIViewControllerRepresentable"
    case nsView = "NSViewRepresentable"
    case nsViewController = "NSViewControllerRepresentable"

    /// The protocol name, as written in an inheritance clause.
    public var protocolName: String { rawValue }

    /// `UIView`, `UIViewController`, `NSView`, `NSViewController`: the stem of the requirement names.
    public var stem: String {
        switch self {
        case .uiView: return "UIView"
        case .uiViewController: return "UIViewController"
        case .nsView: return "NSView"
        case .nsViewController: return "NSViewController"
        }
    }

    /// `makeUIView`, `makeUIViewController`, …
    public var makeName: String { "make" + stem }
    /// `updateUIView`, …
    public var updateName: String { "update" + stem }
    /// `dismantleUIView`, … — a *static* requirement.
    public var dismantleName: String { "dismantle" + stem }

    /// The family whose protocol is spelled by code token `index`, if any.
    public static func protocolNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "UIViewRepresentable") { return .uiView }
        if file.tokenIs(index, "UIViewControllerRepresentable") { return .uiViewController }
        if file.tokenIs(index, "NSViewRepresentable") { return .nsView }
        if file.tokenIs(index, "NSViewControllerRepresentable") { return .nsViewController }
        return nil
    }

    /// The family whose protocol is named `name`.
    public static func protocolNamed(_ name: String) -> RepresentableFamily? {
        RepresentableFamily(rawValue: name)
    }

    /// The family whose `dismantle…` requirement is spelled by code token `index`, if any.
    public static func dismantleNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "dismantleUIView") { return .uiView }
        if file.tokenIs(index, "dismantleUIViewController") { return .uiViewController }
        if file.tokenIs(index, "dismantleNSView") { return .nsView }
        if file.tokenIs(index, "dismantleNSViewController") { return .nsViewController }
        return nil
    }

    /// The family whose `make…` requirement is spelled by code token `index`, if any.
    public static func makeNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "makeUIView") { return .uiView }
        if file.tokenIs(index, "makeUIViewController") { return .uiViewController }
        if file.tokenIs(index, "makeNSView") { return .nsView }
        if file.tokenIs(index, "makeNSViewController") { return .nsViewController }
        return nil
    }

    /// The family whose `update…` requirement is spelled by code token `index`, if any.
    public static func updateNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "updateUIView") { return .uiView }
        if file.tokenIs(index, "updateUIViewController") { return .uiViewController }
        if file.tokenIs(index, "updateNSView") { return .nsView }
        if file.tokenIs(index, "updateNSViewController") { return .nsViewController }
        return nil
    }
}

// MARK: - Types and their inheritance

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

    /// The representable protocols a type or extension declares conformance to in its own header.
    public func representableFamilies(of declaration: Declaration) -> [RepresentableFamily] {
        inheritedNames(of: declaration).compactMap { RepresentableFamily.protocolNamed(at: $0, in: self) }
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

// MARK: - String literals

extension SourceFile {
    /// For a string literal whose opening delimiter is code token `open`: the code index of its
    /// closing delimiter, or nil when `open` does not open a literal.
    public func stringLiteralEnd(from open: Int) -> Int? {
        guard open >= 0, open < code.count, code[open].kind == .stringDelimiter else { return nil }
        var index = open + 1
        while index < code.count {
            let kind = code[index].kind
            if kind == .stringDelimiter { return index }
            if kind == .interpolationStart, matching[index] > index {
                index = Int(matching[index]) + 1
                continue
            }
            if kind != .stringSegment { return nil }
            index += 1
        }
        return nil
    }

    /// The literal text of a simple string literal (`"subviews"`: one segment, no interpolation,
    /// no escapes), given its opening delimiter; nil otherwise. Returns the segment's byte range;
    /// an empty literal yields an empty range.
    public func plainStringContent(from open: Int) -> Range<Int>? {
        guard let close = stringLiteralEnd(from: open) else { return nil }
        if close == open + 1 { return Int(code[open].end)..<Int(code[open].end) }
        guard close == open + 2, code[open + 1].kind == .stringSegment,
              !code[open + 1].flags.contains(.multiline) else { return nil }
        let range = code[open + 1].range
        if bytes[range].contains(UInt8(ascii: "\\")) { return nil }
        return range
    }

    /// True when a dotted key path spelled by bytes `range` (`"view.subviews"`) has a component `word`.
    public func keyPathString(_ range: Range<Int>, hasComponent word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        var componentStart = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == UInt8(ascii: ".") {
                if index - componentStart == count {
                    let pointer = word.utf8Start
                    var equal = true
                    for offset in 0..<count where bytes[componentStart + offset] != pointer[offset] {
                        equal = false
                        break
                    }
                    if equal { return true }
                }
                componentStart = index + 1
            }
            index += 1
        }
        return false
    }
}

// MARK: - Call arguments

extension SourceFile {
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
