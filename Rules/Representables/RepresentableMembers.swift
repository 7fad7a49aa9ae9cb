import SeamLintCore

/// One representable type as one file declares it: the type and its extensions there, merged.
struct RepresentableType {
    /// The qualified type name (`Outer.Picker`).
    var name: String
    /// Its last component: how a coordinator's property annotation spells it.
    var shortName: String
    /// The protocol it conforms to in this file; nil when only its `make…`/`update…` members show
    /// that it is a representable (the conformance is declared elsewhere).
    var family: RepresentableFamily?
    /// Direct members (indices into `SourceFile.declarations`) across its declarations in this file.
    var members: [Int]
}

/// How a stored property of a representable or coordinator travels with a copy of its owner.
enum PropertyStorage: Equatable {
    /// A plain stored value: a copy of the struct keeps the value it had when copied.
    case plain
    /// A `let` with an initial value: the same in every copy.
    case constant
    /// A property wrapper (`@Binding`, `@State`, `@ObservedObject`, `@Environment` …) at this
    /// attribute token: the value lives in storage SwiftUI owns or a reference the copy shares.
    case wrapped(attribute: Int)
    /// A computed property: what it reads decides, not the property.
    case computed
}

extension SourceFile {
    /// The representable types this file declares or extends, in source order: those that conform to
    /// a representable protocol here, and those whose members here include a `make…` or `update…`
    /// requirement (their conformance is declared in another file).
    func representableTypes() -> [RepresentableType] {
        var byName: [String: Int] = [:]
        var result: [RepresentableType] = []
        for (position, declaration) in declarations.enumerated() where declaration.isType && declaration.kind != .protocol {
            guard let name = qualifiedTypeName(ofDeclaration: position) else { continue }
            let members = members(ofType: position)
            let family = representableFamilies(of: declaration).first
            if let existing = byName[name] {
                result[existing].members += members
                if result[existing].family == nil { result[existing].family = family }
            } else {
                byName[name] = result.count
                let shortName = name.split(separator: ".").last.map(String.init) ?? name
                result.append(RepresentableType(name: name, shortName: shortName, family: family, members: members))
            }
        }
        return result.filter { type in
            type.family != nil || type.members.contains { member in
                let declaration = declarations[member]
                guard declaration.kind == .function, let name = declaration.name,
                      RepresentableFamily.makeNamed(at: name, in: self) != nil
                        || RepresentableFamily.updateNamed(at: name, in: self) != nil else { return false }
                return takesRepresentableContext(declaration)
            }
        }
    }

    /// True when a function has a `context` parameter of a `…Context` type: the shape of the
    /// representable requirements, not of a method that merely shares their name.
    func takesRepresentableContext(_ declaration: Declaration) -> Bool {
        declaration.parameters.contains { parameter in
            guard isName(parameter.label ?? parameter.name, "context"), let type = parameter.typeStart else { return false }
            return tokenHasSuffix(type, "Context")
        }
    }

    /// The requirements SwiftUI calls while it renders: `make…`, `update…` and `sizeThatFits` with
    /// the wrapped view's label, as members of `type` (any family when the conformance is elsewhere).
    func renderRequirements(of type: RepresentableType) -> [Int] {
        type.members.filter { member in
            let declaration = declarations[member]
            guard declaration.kind == .function, let name = declaration.name, declaration.bodyOpen != nil,
                  !self.declaration(declaration, hasModifier: "static") else { return false }
            if let family = RepresentableFamily.makeNamed(at: name, in: self) ?? RepresentableFamily.updateNamed(at: name, in: self) {
                return type.family == nil || type.family == family
            }
            // `sizeThatFits(_:uiView:context:)`, not `Layout`'s `sizeThatFits(proposal:subviews:cache:)`.
            return isName(name, "sizeThatFits") && declaration.parameters.contains { parameter in
                let label = parameter.label ?? parameter.name
                return isName(label, "uiView") || isName(label, "uiViewController") || isName(label, "nsView")
                    || isName(label, "nsViewController")
            }
        }
    }

    /// How a property declaration's value travels with a copy of its owner; nil for other declarations.
    func propertyStorage(_ declaration: Declaration) -> PropertyStorage? {
        guard declaration.kind == .variable || declaration.kind == .constant else { return nil }
        if let attribute = declaration.attributes.first(where: isPropertyWrapperAttribute) {
            return .wrapped(attribute: attribute)
        }
        if let open = declaration.bodyOpen {
            // `didSet`/`willSet` observe a stored property; any other body computes the value.
            let first = code[open + 1]
            return first.keyword == .didSet || first.keyword == .willSet ? .plain : .computed
        }
        if declaration.kind == .constant && declaration.initializer != nil { return .constant }
        return .plain
    }

    /// Attributes that are property wrappers: types, so capitalised, except the few capitalised
    /// attributes that are not (`@ViewBuilder`, `@MainActor`, `@Sendable` …).
    private func isPropertyWrapperAttribute(_ index: Int) -> Bool {
        let token = code[index]
        guard token.kind == .attribute, token.length > 1 else { return false }
        let first = bytes[Int(token.start) + 1]
        guard first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else { return false }
        let notWrappers: [StaticString] = ["ViewBuilder", "MainActor", "Sendable", "IBOutlet", "IBInspectable",
                                           "NSManaged", "GKInspectable", "NSCopying", "ToolbarContentBuilder",
                                           "SceneBuilder", "CommandsBuilder", "ResultBuilder"]
        return !notWrappers.contains { attributeIs(index, $0) }
    }

    /// The code range of a property's declared type (`: Type` up to `=`, a body or the line's end).
    func declaredTypeRange(of declaration: Declaration) -> Range<Int>? {
        guard let start = declaration.typeStart else { return nil }
        var end = declaration.end + 1
        if let initializer = declaration.initializer { end = min(end, initializer - 1) }
        if let open = declaration.bodyOpen { end = min(end, open) }
        return start < end ? start..<end : nil
    }

    /// For a property whose declared type is a function type (`() -> Void`, `((URL) -> Void)?`):
    /// whether it returns nothing. Nil for other types (a typealias cannot be seen through).
    func functionTypeReturnsVoid(_ declaration: Declaration) -> Bool? {
        guard let range = declaredTypeRange(of: declaration) else { return nil }
        guard let arrow = range.last(where: { tokenIs($0, "->") }) else { return nil }
        let result = arrow + 1
        if isName(result, "Void") { return true }
        return code[result].kind == .leftParen && Int(matching[result]) == result + 1
    }

    /// The type name a property declares (`: Model`, `: Model?`, `= Model(…)`), for looking its
    /// members up by name; nil when it is not a plain capitalised name.
    func declaredTypeName(of declaration: Declaration) -> Int? {
        if let range = declaredTypeRange(of: declaration), let first = range.first {
            guard code[first].kind == .identifier, isCapitalized(first) else { return nil }
            var last = first
            while last + 2 < range.upperBound, code[last + 1].kind == .period, code[last + 2].kind == .identifier {
                last += 2
            }
            return last
        }
        if let value = declaration.initializer, code[value].kind == .identifier, isCapitalized(value),
           code[value + 1].kind == .leftParen {
            return value
        }
        return nil
    }

    /// Names bound inside a function body by `let`/`var` (also in conditions, `case let` patterns
    /// and tuples), `for … in` and closure parameter lists: writes to them are writes to locals.
    func localNames(in body: Range<Int>) -> [[UInt8]] {
        var names: [[UInt8]] = []
        func bind(_ index: Int) {
            if code[index].kind == .identifier { names.append(Array(self.bytes(at: index))) }
        }
        for index in body {
            let token = code[index]
            if token.keyword == .let || token.keyword == .var || token.keyword == .for {
                var next = index + 1
                if code[next].keyword == .case { next += 1 }
                if code[next].kind == .leftParen, matching[next] > next {
                    for inner in next + 1..<Int(matching[next]) where code[inner + 1].kind == .comma
                        || inner + 1 == Int(matching[next]) { bind(inner) }
                } else {
                    bind(next)
                }
            } else if token.keyword == .in, index > body.lowerBound {
                // Closure parameters: `{ a, b in`, `{ (a: T) in`. A signature is short: looking back a
                // bounded number of tokens keeps this linear; `for x in` was handled at `for`.
                var back = index - 1
                var candidates: [Int] = []
                while back > body.lowerBound, index - back <= 32, code[back].kind != .leftBrace, code[back].keyword != .for {
                    if code[back].kind == .identifier, code[back + 1].kind == .comma || code[back + 1].kind == .colon
                        || back + 1 == index || code[back + 1].kind == .rightParen {
                        candidates.append(back)
                    }
                    back -= 1
                }
                if code[back].kind == .leftBrace { candidates.forEach(bind) }
            }
        }
        return names
    }
}

/// Function-type properties: used by several rules of the family.
extension SourceFile {
    /// A stored property whose declared type is a function type: `let content: () -> Content`.
    func hasFunctionType(_ declaration: Declaration) -> Bool {
        guard let range = declaredTypeRange(of: declaration) else { return false }
        return range.contains { tokenIs($0, "->") }
    }
}

/// Statement shapes the family's write checks read.
extension SourceFile {
    /// The last code index of the expression starting at `start`, before `limit`: up to a `;`, a
    /// closing bracket that is not its own, or a new line that does not continue it (`.member`, a
    /// binary operator before or after the break).
    func valueEnd(from start: Int, limit: Int) -> Int {
        var index = start
        var last = start
        while index < limit {
            let token = code[index]
            if index > start, token.flags.contains(.lineStart) {
                let continues = token.kind == .period || (token.kind == .operator && !tokenIs(index, "!"))
                    || code[index - 1].kind == .operator || code[index - 1].kind == .comma
                if !continues { break }
            }
            if token.kind == .semicolon || token.kind.isClosingBracket { break }
            if token.kind.isOpeningBracket, matching[index] > index {
                index = Int(matching[index])
            }
            last = index
            index += 1
        }
        return last
    }

    /// True when the operator at `index` assigns: `=`, `+=`, `-=`, `??=` …, not `==`, `!=`, `<=`, `>=`.
    func isAssignmentOperator(_ index: Int) -> Bool {
        let token = code[index]
        guard token.kind == .operator, token.length >= 1, bytes[token.end - 1] == UInt8(ascii: "=") else { return false }
        if token.length == 1 { return true }
        let text = bytes[token.range]
        if text.allSatisfy({ $0 == UInt8(ascii: "=") }) { return false }   // `==`, `===`
        if token.length == 2 {
            let first = text.first!
            return first != UInt8(ascii: "!") && first != UInt8(ascii: "<") && first != UInt8(ascii: ">")
        }
        return !tokenIs(index, "!==")
    }
}

/// Coordinator classes, looked up by qualified name once per file rather than by a scan per
/// representable (every representable's nested class is called `Coordinator`).
struct CoordinatorIndex {
    private var byQualifiedName: [String: [Int]] = [:]

    /// Classes, actors and extensions of `file` by their qualified name.
    init(_ file: SourceFile) {
        for (position, declaration) in file.declarations.enumerated()
        where declaration.kind == .class || declaration.kind == .actor || declaration.kind == .extension {
            guard let name = file.qualifiedTypeName(ofDeclaration: position) else { continue }
            byQualifiedName[name, default: []].append(position)
        }
    }

    /// The declarations (class, actor, extensions) of the coordinator type `name` as a representable
    /// named `owner` spells it: its nested `owner.name` when there is one, else a type named `name`.
    func declarations(named name: String, nestedIn owner: String) -> [Int] {
        byQualifiedName[owner + "." + name] ?? byQualifiedName[name] ?? []
    }
}
