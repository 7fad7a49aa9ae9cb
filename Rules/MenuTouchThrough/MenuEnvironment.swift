import SeamLintCore

/// What the SwiftUI environment says at each point of a file, for menus and pickers: inside a
/// menu's content (so a `Menu` or `Picker` there is a submenu), inside a preview, and the innermost
/// `.pickerStyle(…)` applied to a view around it (the style flows down the environment, and the
/// modifier nearest the view wins).
///
/// Built once per file from syntactic scopes (closures, the receiver of each `.pickerStyle`
/// modifier), which nest; `Cursor` answers for increasing positions in one sweep.
struct MenuEnvironment {
    enum PickerStyle: Equatable {
        /// `.menu`, `MenuPickerStyle()`.
        case menu
        /// `.automatic`, `DefaultPickerStyle()`: what the container chooses.
        case automatic
        /// Any other style, or one read from a variable: not a menu as far as we can tell.
        case other
    }

    struct State {
        var insideMenu = false
        var insidePreview = false
        /// The innermost applied style and its `pickerStyle` token.
        var style: (style: PickerStyle, modifier: Int)?
        /// The property or function (other than `body`) around this point, else the type whose
        /// `body` it is in: the helper that builds what is here.
        var container: Int?
    }

    private enum Kind {
        case menuContent, preview
        case pickerStyle(PickerStyle, modifier: Int)
        /// A declaration body; its name token.
        case container(Int)
    }

    private struct Scope {
        var start: Int
        var end: Int
        var kind: Kind
    }

    private let scopes: [Scope]

    init(_ file: SourceFile) {
        let code = file.code
        var scopes: [Scope] = []
        for declaration in file.declarations {
            guard let open = declaration.bodyOpen, let close = declaration.bodyClose, let name = declaration.name else { continue }
            switch declaration.kind {
            case .struct, .class, .enum, .extension, .actor:
                if file.declaration(declaration, inheritsFrom: "PreviewProvider") {
                    scopes.append(Scope(start: open, end: close, kind: .preview))
                }
                scopes.append(Scope(start: open, end: close, kind: .container(name)))
            case .variable, .constant, .function:
                // `body` builds the type's view: its contents belong to the type.
                if !file.isName(name, "body") { scopes.append(Scope(start: open, end: close, kind: .container(name))) }
            default:
                continue
            }
        }
        for index in code.indices {
            switch code[index].kind {
            case .leftBrace where file.matching[index] > index:
                // What precedes the brace first: it rules out most braces for less than `isClosure`.
                let kind: Kind
                if Self.isPreviewMacroBody(index, file) {
                    kind = .preview
                } else if Self.isMenuContent(index, file) {
                    kind = .menuContent
                } else {
                    continue
                }
                if file.isClosure(index) { scopes.append(Scope(start: index, end: Int(file.matching[index]), kind: kind)) }
            case .identifier where file.isName(index, "pickerStyle") && file.tokenIs(index - 1, ".")
                && file.tokenIs(index + 1, "(") && file.matching[index + 1] > index + 1:
                // A style in a clause that is not compiled for iOS (`#else` of `#if !os(tvOS)`) does not apply there.
                if file.isExcludedFromIOS(at: index) { continue }
                let receiver = Self.receiver(ofModifierAt: index, file)
                guard receiver < index - 1 else { continue }
                let style = Self.style(argument: index + 2, close: Int(file.matching[index + 1]), file)
                scopes.append(Scope(start: receiver, end: index - 1, kind: .pickerStyle(style, modifier: index)))
            default:
                continue
            }
        }
        // Outer scopes first where they start together, so inner ones are pushed after them.
        self.scopes = scopes.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
    }

    /// The first token of the view a modifier applies to. A modifier in a postfix `#if` clause
    /// (`Picker(…) { … }` then `#if !os(tvOS)` then `.pickerStyle(.wheel)`) applies to the view before the `#if`.
    static func receiver(ofModifierAt index: Int, _ file: SourceFile) -> Int {
        let code = file.code
        var start = file.chainStart(containing: index)
        var hops = 0
        while hops < 8, let directive = clauseDirective(opening: start, file) {
            hops += 1
            // Back to the `#if` that opens this `#if … #endif` block.
            var position = directive
            var depth = 0
            var steps = 0
            var opening: Int?
            while position >= 0, steps < 4096 {
                steps += 1
                if code[position].kind == .poundDirective {
                    if file.tokenIs(position, "#endif") {
                        depth += 1
                    } else if file.tokenIs(position, "#if") {
                        if depth == 0 { opening = position; break }
                        depth -= 1
                    }
                }
                position -= 1
            }
            guard let opening, opening > 0 else { break }
            let before = opening - 1
            guard code[before].kind.isClosingBracket || code[before].kind == .identifier else { break }
            start = file.chainStart(containing: before)
        }
        return start
    }

    /// The `#if`, `#elseif` or `#else` whose clause begins with the postfix chain starting at `start`
    /// (the chain reader stops at the directive's line, or inside its condition).
    private static func clauseDirective(opening start: Int, _ file: SourceFile) -> Int? {
        let code = file.code
        guard start > 0 else { return nil }
        var position = code[start].flags.contains(.lineStart) && code[start].kind != .poundDirective ? start - 1 : start
        var steps = 0
        var directive: Int?
        while position >= 0, steps < 24 {
            steps += 1
            if code[position].kind == .poundDirective { directive = position; break }
            if code[position].flags.contains(.lineStart) { return nil }
            position -= 1
        }
        guard let directive, !file.tokenIs(directive, "#endif") else { return nil }
        // The clause's first line must continue a chain: `.modifier(…)`.
        var first = directive + 1
        while first < code.count, !code[first].flags.contains(.lineStart), first - directive < 64 { first += 1 }
        return first < code.count && code[first].kind == .period ? directive : nil
    }

    /// Closures whose content is a menu's (or the menu bar's) content.
    static let menuOwners: [StaticString] = ["Menu", "contextMenu", "commands", "CommandMenu", "CommandGroup",
                                             "contextMenuPreview"]

    /// `Menu {`, `Menu("Title") {`, `.contextMenu {`, `Menu(content: { … })`: read from the tokens
    /// before the brace, so a chain broken by a modifier the chain reader does not follow
    /// (`.if(condition) { … }`) still counts.
    private static func isMenuContent(_ open: Int, _ file: SourceFile) -> Bool {
        let code = file.code
        func isOwner(_ index: Int) -> Bool {
            index >= 0 && code[index].kind == .identifier && menuOwners.contains { file.tokenIs(index, $0) }
        }
        var before = open - 1
        if before >= 0, code[before].kind == .rightParen, file.matching[before] >= 0 { before = Int(file.matching[before]) - 1 }
        if isOwner(before) { return true }
        let enclosing = Int(file.parent[open])
        guard enclosing > 0, code[enclosing].kind == .leftParen, !code[enclosing].flags.contains(.lineStart),
              open - 1 == enclosing || code[open - 1].kind == .colon || code[open - 1].kind == .comma else { return false }
        return isOwner(enclosing - 1)
    }

    /// `#Preview { … }` or `#Preview("Name") { … }`.
    private static func isPreviewMacroBody(_ open: Int, _ file: SourceFile) -> Bool {
        var before = open - 1
        if before >= 0, file.code[before].kind == .rightParen, file.matching[before] >= 0 { before = Int(file.matching[before]) - 1 }
        return before >= 0 && file.tokenIs(before, "#Preview")
    }

    /// The style passed to `.pickerStyle(…)`: the argument runs from `argument` to `close`.
    static func style(argument: Int, close: Int, _ file: SourceFile) -> PickerStyle {
        var name = argument
        if file.tokenIs(argument, ".") {
            name = argument + 1
        } else if file.isName(argument, "PickerStyle"), file.tokenIs(argument + 1, ".") {
            name = argument + 2   // `PickerStyle.menu`
        }
        guard name < close else { return .other }
        let isWhole = name + 1 == close || (file.tokenIs(name + 1, "(") && Int(file.matching[name + 1]) + 1 == close)
        guard isWhole else { return .other }
        if file.isName(name, "menu") || file.isName(name, "MenuPickerStyle") { return .menu }
        if file.isName(name, "automatic") || file.isName(name, "DefaultPickerStyle") { return .automatic }
        return .other
    }

    /// Answers for increasing code positions, each scope pushed and popped once.
    struct Cursor {
        private let scopes: [Scope]
        private var next = 0
        private var stack: [(end: Int, state: State)] = []

        init(_ environment: MenuEnvironment) { scopes = environment.scopes }

        mutating func state(at index: Int) -> State {
            while let top = stack.last, top.end < index { stack.removeLast() }
            while next < scopes.count, scopes[next].start <= index {
                let scope = scopes[next]
                next += 1
                guard scope.end >= index else { continue }
                while let top = stack.last, top.end < scope.start { stack.removeLast() }
                var state = stack.last?.state ?? State()
                switch scope.kind {
                case .menuContent: state.insideMenu = true
                case .preview: state.insidePreview = true
                case .pickerStyle(let style, let modifier): state.style = (style, modifier)
                case .container(let name): state.container = name
                }
                stack.append((scope.end, state))
            }
            return stack.last?.state ?? State()
        }
    }
}
