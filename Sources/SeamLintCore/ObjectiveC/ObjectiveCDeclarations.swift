/// An `@interface`, `@implementation` or `@protocol` block of an Objective-C file.
public struct ObjectiveCContainer: Sendable {
    public enum Kind: Sendable, Equatable {
        case interface, implementation, `protocol`
    }

    public var kind: Kind
    /// The `@interface` / `@implementation` / `@protocol` token.
    public var start: Int
    /// The class or protocol name.
    public var name: Int?
    /// `@interface Name : Superclass`.
    public var superclass: Int?
    /// True for a category or class extension: `@interface Name (Category)`, `@interface Name ()`.
    public var isCategory: Bool
    /// Adopted protocols: `<UIWindowSceneDelegate>`.
    public var protocols: [Int]
    /// The `@end` token (the last code index when it is missing).
    public var end: Int
    public var methods: [ObjectiveCMethod]
}

/// A method declared or defined in a container: `- (void)viewWillAppear:(BOOL)animated { … }`.
public struct ObjectiveCMethod: Sendable {
    /// `+` methods.
    public var isClassMethod: Bool
    /// The `-` or `+` token.
    public var start: Int
    /// Selector piece names: `viewWillAppear` in `viewWillAppear:`, `addObserver`, `forKeyPath` ….
    public var pieces: [Int]
    /// Parameter names, one per argument.
    public var parameters: [Int]
    /// The `{` and `}` of the body (nil for a declaration).
    public var bodyOpen: Int?
    public var bodyClose: Int?
}

extension SourceFile {
    /// The file's `@interface`, `@implementation` and `@protocol` blocks with their methods, in order.
    /// A linear scan of the top level; forward declarations (`@protocol Name;`) and `@protocol(Name)`
    /// expressions are not containers.
    public func objectiveCContainers() -> [ObjectiveCContainer] {
        var containers: [ObjectiveCContainer] = []
        var index = 0
        while index < code.count {
            defer { index += 1 }
            guard code[index].kind == .attribute, parent[index] < 0 else { continue }
            let kind: ObjectiveCContainer.Kind
            if tokenIs(index, "@interface") { kind = .interface }
            else if tokenIs(index, "@implementation") { kind = .implementation }
            else if tokenIs(index, "@protocol") { kind = .protocol }
            else { continue }
            guard let container = objectiveCContainer(kind, at: index) else { continue }
            containers.append(container)
            index = container.end
        }
        return containers
    }

    private func objectiveCContainer(_ kind: ObjectiveCContainer.Kind, at start: Int) -> ObjectiveCContainer? {
        var index = start + 1
        guard index < code.count, code[index].kind == .identifier else { return nil }
        var container = ObjectiveCContainer(kind: kind, start: start, name: index, superclass: nil, isCategory: false,
                                            protocols: [], end: code.count - 1, methods: [])
        index += 1
        if kind == .protocol, index < code.count, code[index].kind == .semicolon || code[index].kind == .comma {
            return nil   // forward declaration
        }
        // Generic parameters of a class: `@interface Box<ObjectType> : NSObject`.
        if tokenIs(index, "<") { index = angleBracketEnd(from: index) + 1 }
        if index < code.count, code[index].kind == .colon, index + 1 < code.count, code[index + 1].kind == .identifier {
            container.superclass = index + 1
            index += 2
            if tokenIs(index, "<"), !isProtocolList(index) {
                index = angleBracketEnd(from: index) + 1   // a generic superclass: `NSArray<NSString *>`
            }
        }
        if index < code.count, code[index].kind == .leftParen, matching[index] > index {
            container.isCategory = true
            index = Int(matching[index]) + 1
        }
        if tokenIs(index, "<") {
            let close = angleBracketEnd(from: index)
            // `stride`: a list cut short (`<;`, `<@end`) ends at the `<` itself.
            for inner in stride(from: index + 1, to: close, by: 1) where code[inner].kind == .identifier {
                container.protocols.append(inner)
            }
            index = close + 1
        }
        // The block ends at the next top-level `@end`.
        var end = index
        while end < code.count && !(parent[end] < 0 && tokenIs(end, "@end")) { end += 1 }
        container.end = min(end, code.count - 1)
        container.methods = objectiveCMethods(from: index, to: end)
        return container
    }

    /// True when `<…>` at `open` lists protocols (names separated by commas), not generic arguments.
    private func isProtocolList(_ open: Int) -> Bool {
        let close = angleBracketEnd(from: open)
        for inner in stride(from: open + 1, to: close, by: 1)
        where !(code[inner].kind == .identifier || code[inner].kind == .comma) {
            return false
        }
        return true
    }

    /// The matching `>` of a `<` at `open` (counting nested `<`), or the last index scanned: `open`
    /// itself when a `;`, `{` or `@…` follows it.
    func angleBracketEnd(from open: Int) -> Int {
        var depth = 0
        var index = open
        while index < code.count {
            if tokenIs(index, "<") { depth += 1 }
            else if tokenIs(index, ">") { depth -= 1 }
            else if tokenIs(index, ">>") { depth -= 2 }
            else if code[index].kind == .semicolon || code[index].kind == .leftBrace || code[index].kind == .attribute {
                return index - 1
            }
            if depth <= 0 { return index }
            index += 1
        }
        return code.count - 1
    }

    private func objectiveCMethods(from start: Int, to end: Int) -> [ObjectiveCMethod] {
        var methods: [ObjectiveCMethod] = []
        var index = start
        while index < end {
            defer { index += 1 }
            guard parent[index] < 0, tokenIs(index, "-") || tokenIs(index, "+") else { continue }
            // A method starts a declaration: after `;`, `}`, the container header, or on its own line.
            if index > start {
                let previous = code[index - 1]
                guard previous.kind == .semicolon || previous.kind == .rightBrace || previous.kind == .attribute
                        || code[index].flags.contains(.lineStart) else { continue }
            }
            guard let method = objectiveCMethod(at: index, limit: end) else { continue }
            methods.append(method)
            index = method.bodyClose ?? index
        }
        return methods
    }

    private func objectiveCMethod(at start: Int, limit: Int) -> ObjectiveCMethod? {
        var method = ObjectiveCMethod(isClassMethod: tokenIs(start, "+"), start: start, pieces: [], parameters: [],
                                      bodyOpen: nil, bodyClose: nil)
        var index = start + 1
        if index < limit, code[index].kind == .leftParen, matching[index] > index { index = Int(matching[index]) + 1 }
        while index < limit {
            let isName = code[index].kind == .identifier || code[index].kind == .keyword
            if isName, index + 1 < limit, code[index + 1].kind == .colon {
                method.pieces.append(index)
                index += 2
            } else if code[index].kind == .colon && !method.parameters.isEmpty {
                index += 1   // an unnamed piece: `- (void)set:(int)a :(int)b`
            } else if isName && method.pieces.isEmpty {
                method.pieces.append(index)
                index += 1
                break
            } else {
                break
            }
            if index < limit, code[index].kind == .leftParen, matching[index] > index { index = Int(matching[index]) + 1 }
            guard index < limit, code[index].kind == .identifier || code[index].kind == .keyword else { return nil }
            method.parameters.append(index)
            index += 1
        }
        guard !method.pieces.isEmpty else { return nil }
        // Attributes and macros (`NS_REQUIRES_SUPER`, `__attribute__((…))`) may precede the body or `;`;
        // an implementation may also write `- (void)foo; { … }`.
        while index < limit {
            let token = code[index]
            if token.kind == .leftBrace, matching[index] > index {
                method.bodyOpen = index
                method.bodyClose = Int(matching[index])
                break
            }
            if token.kind == .semicolon {
                if index + 1 < limit, code[index + 1].kind == .leftBrace, matching[index + 1] > index + 1 {
                    method.bodyOpen = index + 1
                    method.bodyClose = Int(matching[index + 1])
                }
                break
            }
            if tokenIs(index, "-") || tokenIs(index, "+") || token.kind == .attribute { break }
            index = token.kind.isOpeningBracket && matching[index] > index ? Int(matching[index]) + 1 : index + 1
        }
        return method
    }

    /// The selector of a method: `viewDidLoad`, `viewWillAppear:`, `addObserver:forKeyPath:options:context:`.
    public func objectiveCSelector(of method: ObjectiveCMethod) -> String {
        method.parameters.isEmpty ? text(at: method.pieces[0]) : method.pieces.map { text(at: $0) + ":" }.joined()
    }

    /// The container and method whose body holds code index `index`, if any.
    public func objectiveCMethod(containing index: Int, in containers: [ObjectiveCContainer])
        -> (container: ObjectiveCContainer, method: ObjectiveCMethod)? {
        for container in containers where container.start < index && index < container.end {
            for method in container.methods {
                guard let open = method.bodyOpen, let close = method.bodyClose, open < index, index < close else { continue }
                return (container, method)
            }
        }
        return nil
    }

    /// The superclass of class `name` declared by an `@interface` among `containers`, if any.
    public func objectiveCSuperclass(of name: Int, in containers: [ObjectiveCContainer]) -> Int? {
        for container in containers where container.kind == .interface {
            if let declared = container.name, let superclass = container.superclass, sameText(declared, name) {
                return superclass
            }
        }
        return nil
    }
}
