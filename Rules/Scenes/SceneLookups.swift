import SeamLintCore

/// Global scene and window lookups (`UIApplication.shared.connectedScenes.first`,
/// `UIApplication.shared.windows.first(where: \.isKeyWindow)`, `UIApplication.shared.keyWindow`).
/// `connected_scenes_first` and `key_window_lookup` share them, so the two split one set of
/// findings between them and can never both report the same chain; with `window_before_appearance`
/// they also share the role of the code around a position (`WindowHosts.swift`).

/// What a global lookup ends up choosing.
enum SceneLookupResult: Sendable, Equatable {
    /// One scene (or something derived from one scene, such as its delegate or its windows).
    case scene
    /// One window: a key window, the first or last window, the deprecated `keyWindow`.
    case window
}

/// Where the lookup starts.
enum SceneLookupOrigin: Sendable, Equatable {
    /// `UIApplication.shared.connectedScenes`.
    case connectedScenes
    /// `UIApplication.shared.windows` (deprecated since iOS 15).
    case applicationWindows
    /// `UIApplication.shared.keyWindow` (deprecated since iOS 13).
    case applicationKeyWindow
}

/// A StoreKit call that takes the scene to present in.
enum StoreKitSceneCall: Sendable, Equatable {
    /// `SKStoreReviewController.requestReview(in:)`.
    case storeReviewControllerRequestReview
    /// `AppStore.requestReview(in:)`.
    case appStoreRequestReview
    /// `AppStore.showManageSubscriptions(in:)`.
    case showManageSubscriptions
}

/// One statement that picks a scene or a window out of the application's global collections.
struct SceneLookup: Sendable {
    var result: SceneLookupResult
    var origin: SceneLookupOrigin
    /// The picking token the diagnostic points at: the member (`first`, `last`, `randomElement`,
    /// `min`, `max`, `keyWindow`) or the `[` of a subscript. When a statement picks several times
    /// (`a.first { … } ?? a.first`), the first pick.
    var pick: Int
    /// The first token of the construct (`UIApplication`, `self`, the implicit-`self` member, the
    /// local, the `(` or `Array` wrapped around it): where the diagnostic starts.
    var start: Int
    /// The last token of the last pick (`first`, the `)` of `first(where:)`, a trailing closure's
    /// `}`, the `]` of a subscript, the `keyWindow` of a picked scene): where the diagnostic ends.
    var pickEnd: Int
    /// How the pick is written, for messages: `.first(where:)`, `.last`, `[0]`, `.keyWindow`.
    var pickText: String
    /// First code index of the statement.
    var statementStart: Int
    /// Further picks in the same statement (fallbacks) that were folded into this one.
    var foldedPicks: Int
    /// The local variable the lookup reads (`scenes` in `let scenes = … .connectedScenes`), if any.
    var local: Int?
    /// The StoreKit call that receives the picked scene, if any.
    var storeKitCall: StoreKitSceneCall?
    /// Set for lookups through a local: how messages name the pick then.
    var localSubject: String? = nil

    /// How messages name the pick: `` `.first` ``, `` `scenes.first` ``, or `` `.first` on `scenes` ``.
    var subject: String { localSubject ?? "`\(pickText)`" }
}

// MARK: - Lookups

extension SourceFile {
    /// Every statement of this file that picks one scene or window out of
    /// `UIApplication.shared.connectedScenes` / `.windows`, or reads `UIApplication.shared.keyWindow`.
    ///
    /// Recognised receivers: `UIApplication.shared` (also `UIKit.UIApplication.shared`), a parameter,
    /// local or property typed `UIApplication` or initialised with `UIApplication.shared`, and implicit
    /// or explicit `self` inside `extension UIApplication` or a `UIApplication` subclass. A local
    /// holding an unpicked collection (`let scenes = UIApplication.shared.connectedScenes`) is
    /// followed within its scope. Iterating, counting and `contains` are not picks; a predicate that
    /// compares with another value (`$0.session == session`) selects a definite scene and is not
    /// reported, nor is code that only runs before iOS 13 (`#available(iOS 13, *)`'s `else`).
    /// One lookup per statement.
    func sceneLookups() -> [SceneLookup] {
        var finder = SceneLookupFinder(file: self)
        return finder.run()
    }

    /// `sceneLookups()` (of code compiled for iOS) and the global collections left unpicked at the
    /// end of an expression (`UIApplication.shared.connectedScenes.compactMap { … }` returned by a
    /// helper), for the scene provenance.
    func iosSceneLookupsAndCollections() -> (lookups: [SceneLookup], collections: [GlobalCollection]) {
        var finder = SceneLookupFinder(file: self)
        let lookups = finder.run().filter { !isExcludedFromIOS(at: $0.pick) }
        return (lookups, finder.collections.filter { !isExcludedFromIOS(at: $0.start) })
    }
}

/// An unpicked global collection: every connected scene, or every window, possibly filtered or mapped.
struct GlobalCollection: Sendable {
    /// The first token of the expression, and its last.
    var start: Int
    var end: Int
    var holdsWindows: Bool
}

/// The walk behind `SourceFile.sceneLookups()`.
struct SceneLookupFinder {
    let file: SourceFile
    /// Locals that hold an unpicked global collection: declaration index → what they hold.
    var trackedLocals: [(declaration: Int, holds: Value, origin: SceneLookupOrigin)] = []
    /// Declarations by the code index of their initializer's first token.
    var declarationByInitializer: [Int: Int] = [:]
    /// Global collections that end an expression unpicked (see `iosSceneLookupsAndCollections`).
    var collections: [GlobalCollection] = []
    /// Built at the first lookup that binds a name.
    let storeKitIndex = LazySceneStoreKitIndex()
    /// Built at the first name resolved.
    let nameIndex = LazySceneNameIndex()
    /// `enclosingStoreKitCall(from:)` by bracket.
    let enclosingCalls = EnclosingStoreKitCalls()

    init(file: SourceFile) { self.file = file }

    /// What the expression read so far denotes.
    enum Value: Equatable {
        case scenes, windows, scene, window, other
        var isCollection: Bool { self == .scenes || self == .windows }
    }

    /// The state of one walk along a lookup expression.
    struct Walk {
        var value: Value
        var firstPick: Int?
        /// The first token of the expression walked so far (through parentheses and `Array(…)`).
        var start: Int
        /// `start` when the last pick was made, and that pick's last token: the span reported.
        var pickStart = -1
        var pickEnd = -1
        var pickText = ""
        var pickedScene = false
        var pickedWindow = false
        /// A predicate compares with a specific value: the pick selects a definite element.
        var identifying = false
        /// Last code index of the expression walked so far.
        var end: Int
    }

    mutating func run() -> [SceneLookup] {
        let code = file.code
        var found: [SceneLookup] = []
        for (index, declaration) in file.declarations.enumerated() {
            if let initializer = declaration.initializer { declarationByInitializer[initializer] = index }
        }
        for index in code.indices where code[index].kind == .identifier {
            let origin: SceneLookupOrigin
            let start: Value
            if file.tokenIs(index, "connectedScenes") {
                origin = .connectedScenes
                start = .scenes
            } else if file.tokenIs(index, "windows") {
                origin = .applicationWindows
                start = .windows
            } else if file.tokenIs(index, "keyWindow") {
                origin = .applicationKeyWindow
                start = .window
            } else if let key = keyValueRead(at: index) {
                // `UIApplication.shared.value(forKey: "keyWindow")`: the deprecated API by its key.
                origin = key.origin
                start = key.origin == .applicationKeyWindow ? .window : .windows
            } else {
                continue
            }
            let chain = file.chain(containing: index)
            guard let linkIndex = chain.links.firstIndex(where: { $0.token == index && ($0.kind == .member || $0.kind == .name) }),
                  isApplicationReceiver(chain, before: linkIndex, source: index) else { continue }
            var walk = Walk(value: start, start: chain.start, end: index)
            var next = linkIndex + 1
            if file.isName(index, "value") {
                // Past the `(forKey: …)` call.
                next += 1
                walk.end = chain.links[linkIndex + 1].close ?? index
            }
            if origin == .applicationKeyWindow {
                walk.firstPick = index
                walk.pickStart = chain.start
                walk.pickEnd = walk.end
                walk.pickText = file.isName(index, "value") ? ".value(forKey: \"keyWindow\")" : ".keyWindow"
                walk.pickedWindow = true
                walk.value = .other
            }
            walk = follow(chain, from: next, walk)
            if let lookup = lookup(from: walk, origin: origin, local: nil) {
                found.append(lookup)
            } else if walk.firstPick == nil, walk.value.isCollection {
                trackLocal(holding: walk, origin: origin, chainStart: chain.start)
                // A collection filtered by comparing with a known value (`== activity`) holds definite scenes.
                if !walk.identifying, endsExpression(after: walk.end) {
                    collections.append(GlobalCollection(start: walk.start, end: walk.end, holdsWindows: walk.value == .windows))
                }
            }
        }
        for local in trackedLocals {
            found += uses(of: local.declaration, holding: local.holds, origin: local.origin)
        }
        return foldStatements(found)
    }

    /// `value(forKey: "keyWindow")` / `value(forKey: "windows")` at `index` (the `value` member):
    /// key-value coding that reads the deprecated property to silence its warning.
    func keyValueRead(at index: Int) -> (origin: SceneLookupOrigin, key: Int)? {
        guard file.isName(index, "value"), index > 0, file.code[index - 1].kind == .period,
              index + 1 < file.code.count, file.code[index + 1].kind == .leftParen,
              !file.code[index + 1].flags.contains(.lineStart) else { return nil }
        let arguments = file.callArguments(open: index + 1)
        guard arguments.count == 1, let label = arguments[0].label, file.isName(label, "forKey"),
              let content = file.plainStringContent(from: arguments[0].value.lowerBound),
              file.stringLiteralEnd(from: arguments[0].value.lowerBound) == arguments[0].value.upperBound - 1 else { return nil }
        let text = file.text(content)
        if text == "keyWindow" { return (.applicationKeyWindow, arguments[0].value.lowerBound) }
        if text == "windows" { return (.applicationWindows, arguments[0].value.lowerBound) }
        return nil
    }

    // MARK: Receivers

    /// True when the links before the source member denote the shared `UIApplication`.
    func isApplicationReceiver(_ chain: Chain, before linkIndex: Int, source: Int) -> Bool {
        // `(UIApplication.shared as SomeProtocol).keyWindow`: the deprecated API forwarded through a
        // protocol to silence its warning is still the API.
        if linkIndex > 0, chain.links[0].kind == .group, chain.links[1..<linkIndex].allSatisfy({ $0.kind == .optional }) {
            return isCastApplication(group: chain.links[0])
        }
        var named: [Int] = []
        for link in chain.links[..<linkIndex] {
            switch link.kind {
            case .optional: continue
            case .name, .member: named.append(link.token)
            default: return false
            }
        }
        switch named.count {
        case 0:
            // A bare name: implicit `self`, unless it names a local, parameter or property.
            guard chain.links[linkIndex].kind == .name else { return false }
            if isBindingSite(source) { return false }
            if visibleDeclaration(named: source) != nil || visibleParameter(named: source) != nil
                || isBoundLocally(source) { return false }
            return isInsideApplicationType(source)
        case 1:
            let receiver = named[0]
            if file.isName(receiver, "self") { return isInsideApplicationType(source) }
            // `shared.connectedScenes` in a static member of a UIApplication extension.
            if file.isName(receiver, "shared") && chain.links[0].kind == .name && !isBoundLocally(receiver)
                && visibleDeclaration(named: receiver) == nil {
                return isInsideApplicationType(source)
            }
            if file.isName(receiver, "UIApplication") { return false }
            return isApplicationVariable(receiver)
        case 2:
            if file.isName(named[0], "UIApplication") && file.isName(named[1], "shared") { return true }
            if file.isName(named[0], "self") { return isApplicationVariable(named[1]) }
            return false
        case 3:
            return file.isName(named[0], "UIKit") && file.isName(named[1], "UIApplication") && file.isName(named[2], "shared")
        default:
            return false
        }
    }

    /// `(UIApplication.shared as P)`, `(UIApplication.shared as? P)`, `(UIApplication.shared as Any as! P)`.
    func isCastApplication(group: Chain.Link) -> Bool {
        guard let close = group.close else { return false }
        let inner = group.token + 1
        guard file.isName(inner, "UIApplication"), file.code[inner + 1].kind == .period,
              file.isName(inner + 2, "shared") || file.isName(inner + 2, "sharedApplication"),
              inner + 3 < close, file.code[inner + 3].keyword == .as else { return false }
        for index in inner + 3..<close where file.code[index].kind == .period || file.code[index].kind.isOpeningBracket {
            // Only type names after `as`: `(UIApplication.shared as P).x`, not `(UIApplication.shared as P).y.keyWindow`.
            if file.code[index].kind == .period, index > inner + 4, file.code[index - 1].kind == .identifier,
               file.code[index + 1].kind == .identifier { continue }
            return false
        }
        return true
    }

    func isInsideApplicationType(_ index: Int) -> Bool {
        guard let type = file.enclosingType(of: index) else { return false }
        if type.kind == .extension, let name = type.name { return file.isName(name, "UIApplication") }
        if type.kind == .class, let superclass = type.inheritance.first { return file.isName(superclass, "UIApplication") }
        return false
    }

    /// A name declared (parameter, local, property) with type `UIApplication` or as `UIApplication.shared`.
    func isApplicationVariable(_ nameToken: Int) -> Bool {
        // Each way spells `UIApplication` (`isBareApplicationType`, `UIApplication.shared`).
        guard file.mentionsText("UIApplication") else { return false }
        if let parameter = visibleParameter(named: nameToken) {
            guard let type = parameter.typeStart else { return false }
            return isBareApplicationType(type)
        }
        guard let index = visibleDeclaration(named: nameToken) else { return false }
        let declaration = file.declarations[index]
        if let type = declaration.typeStart, isBareApplicationType(type) { return true }
        if let value = declaration.initializer {
            return file.isName(value, "UIApplication") && value + 2 < file.code.count
                && file.code[value + 1].kind == .period && file.isName(value + 2, "shared")
                && !(value + 3 < file.code.count && file.code[value + 3].kind == .period)
        }
        return false
    }

    /// `UIApplication` (optionally `UIApplication?`/`!`), not `UIApplication.State`.
    func isBareApplicationType(_ index: Int) -> Bool {
        guard file.isName(index, "UIApplication") else { return false }
        return !(index + 1 < file.code.count && file.code[index + 1].kind == .period)
    }

    /// The nearest property or local declaration named like `nameToken` whose scope holds it.
    func visibleDeclaration(named nameToken: Int) -> Int? {
        let names = nameIndex.value(file: file)
        let spelling = file.nameKey(at: nameToken)
        func isVisible(_ index: Int) -> Bool {
            let declaration = file.declarations[index]
            guard let name = declaration.name, name != nameToken else { return false }
            let scope = Int(file.parent[declaration.keyword])
            guard scope >= 0 else { return true }
            let close = Int(file.matching[scope])
            return nameToken > scope && (close < 0 || nameToken < close)
        }
        // Locals count only after their declaration: the nearest visible one before the name.
        var best: Int?
        let locals = names.locals[spelling] ?? []
        var position = SceneNameIndex.firstIndex(in: locals, after: nameToken - 1) { self.file.declarations[$0].keyword } - 1
        while position >= 0 {
            if isVisible(locals[position]) { best = locals[position]; break }
            position -= 1
        }
        // Properties anywhere in their type; the nearest declaration wins.
        for index in names.properties[spelling] ?? [] where isVisible(index) {
            if best.map({ file.declarations[$0].keyword < file.declarations[index].keyword }) ?? true { best = index }
        }
        return best
    }

    /// True when a pattern in the enclosing member binds the name before `nameToken`: `guard let`,
    /// `if let`, `for … in`, `case let`, or a closure parameter (`{ name in`).
    func isBoundLocally(_ nameToken: Int) -> Bool {
        var body: Int?
        for owner in file.enclosingDeclarations(of: nameToken) {
            let declaration = file.declarations[owner]
            if declaration.isType { break }
            body = declaration.bodyOpen
        }
        guard let open = body else { return false }
        let spelling = file.bytes(at: nameToken)
        for index in open + 1..<nameToken where file.code[index].kind == .identifier {
            if file.bytes(at: index).elementsEqual(spelling) && isBindingSite(index) { return true }
        }
        return false
    }

    /// A name being bound here: after `let`/`var`/`for`/`case`, or a closure parameter (`{ name in`,
    /// `{ (a, name) in`).
    func isBindingSite(_ index: Int) -> Bool {
        let code = file.code
        if index > 0 {
            let previous = code[index - 1].keyword
            if previous == .let || previous == .var || previous == .for || previous == .case { return true }
        }
        var next = index + 1
        if next < code.count, code[next].kind == .colon { return true }   // a label or a typed parameter
        if next < code.count, code[next].kind == .rightParen { next += 1 }
        return next < code.count && code[next].keyword == .in
    }

    /// A parameter of an enclosing function named like `nameToken`.
    func visibleParameter(named nameToken: Int) -> Declaration.Parameter? {
        for owner in file.enclosingDeclarations(of: nameToken) {
            let declaration = file.declarations[owner]
            guard declaration.isFunctionLike else { continue }
            for parameter in declaration.parameters
            where file.bytes(at: parameter.name).elementsEqual(file.bytes(at: nameToken)) {
                return parameter
            }
        }
        return nil
    }

    // MARK: Following an expression

    /// Walks the links of `chain` from `first`, then out through `as?` casts, parentheses and
    /// `Array(…)`, updating what the expression denotes.
    func follow(_ chain: Chain, from first: Int, _ start: Walk) -> Walk {
        var walk = start
        var chain = chain
        var linkIndex = first
        while true {
            walk = follow(links: chain.links, from: linkIndex, walk)
            walk.end = max(walk.end, chain.end)
            guard walk.value != .other, let outer = enclosingExpression(of: chain, walk: &walk) else { return walk }
            chain = outer.chain
            linkIndex = outer.nextLink
            // `(UIApplication.shared.connectedScenes as? …)?.first`, `Array(…).first`: a pick made
            // out here spans from the outer start; one made inside keeps its own.
            // Not the `return` or `await` the chain reader takes for a callee.
            let callee = file.code[chain.start]
            let keyword = callee.kind == .keyword || callee.keyword == .await
            walk.start = min(walk.start, keyword && chain.links.count > 1 ? chain.links[1].token : chain.start)
        }
    }

    func follow(links: [Chain.Link], from first: Int, _ start: Walk) -> Walk {
        var walk = start
        var index = first
        while index < links.count && walk.value != .other {
            let link = links[index]
            switch link.kind {
            case .optional:
                index += 1
            case .member:
                var arguments: [Chain.Link] = []
                var next = index + 1
                while next < links.count && (links[next].kind == .call || links[next].kind == .trailingClosure) {
                    arguments.append(links[next])
                    next += 1
                }
                let before = (walk.pickedScene, walk.pickedWindow, walk.value)
                member(link.token, arguments: arguments, &walk)
                if walk.firstPick != nil, before != (walk.pickedScene, walk.pickedWindow, walk.value),
                   walk.value == .scene || walk.value == .window {
                    walk.pickStart = walk.start
                    walk.pickEnd = arguments.last.map { $0.close ?? $0.token } ?? link.token
                }
                index = next
            case .subscript:
                if walk.value.isCollection {
                    recordPick(at: link.token, text: subscriptText(link), &walk)
                    walk.pickStart = walk.start
                    walk.pickEnd = link.close ?? link.token
                } else {
                    walk.value = .other
                }
                index += 1
            default:
                walk.value = .other
            }
        }
        return walk
    }

    func member(_ name: Int, arguments: [Chain.Link], _ walk: inout Walk) {
        switch walk.value {
        case .scenes, .windows:
            if isPickName(name) {
                if arguments.contains(where: { isIdentifyingPredicate($0) }) { walk.identifying = true }
                recordPick(at: name, text: pickText(name, arguments), &walk)
            } else if isTransformName(name) {
                if arguments.contains(where: { isIdentifyingPredicate($0) }) { walk.identifying = true }
                if walk.value == .scenes && (mentions(arguments, "windows") || mentions(arguments, "keyWindow")) {
                    walk.value = .windows
                }
            } else {
                // count, isEmpty, contains, forEach, reduce …: every element, or none is chosen.
                walk.value = .other
            }
        case .scene:
            if file.isName(name, "keyWindow") {
                walk.value = .window
                walk.pickedWindow = true
            } else if file.isName(name, "windows") {
                walk.value = .windows
            } else if file.isName(name, "map") || file.isName(name, "flatMap") {
                // Optional's map: still the one scene (or its windows).
                if mentions(arguments, "windows") { walk.value = .windows }
                else if mentions(arguments, "keyWindow") { walk.value = .window; walk.pickedWindow = true }
            } else {
                walk.value = .other
            }
        case .window, .other:
            walk.value = .other
        }
    }

    func recordPick(at token: Int, text: String, _ walk: inout Walk) {
        if walk.firstPick == nil {
            walk.firstPick = token
            walk.pickText = text
        }
        if walk.value == .scenes {
            walk.value = .scene
            walk.pickedScene = true
        } else {
            walk.value = .window
            walk.pickedWindow = true
        }
    }

    func isPickName(_ index: Int) -> Bool {
        file.isName(index, "first") || file.isName(index, "last") || file.isName(index, "randomElement")
            || file.isName(index, "min") || file.isName(index, "max") || file.isName(index, "popFirst")
            || file.isName(index, "popLast")
    }

    func isTransformName(_ index: Int) -> Bool {
        file.isName(index, "compactMap") || file.isName(index, "map") || file.isName(index, "flatMap")
            || file.isName(index, "filter") || file.isName(index, "lazy") || file.isName(index, "sorted")
            || file.isName(index, "reversed") || file.isName(index, "shuffled") || file.isName(index, "dropFirst")
            || file.isName(index, "dropLast") || file.isName(index, "prefix") || file.isName(index, "suffix")
    }

    /// True when a name token `word` appears inside the argument or closure brackets.
    func mentions(_ arguments: [Chain.Link], _ word: StaticString) -> Bool {
        for argument in arguments {
            guard let close = argument.close else { continue }
            for index in argument.token + 1..<close where file.isName(index, word) { return true }
        }
        return false
    }

    /// A predicate that compares an element with a specific value (`$0.session == session`,
    /// `$0 === scene`) rather than with a state, a literal or a type (`== .foregroundActive`, `is`).
    func isIdentifyingPredicate(_ argument: Chain.Link) -> Bool {
        guard let close = argument.close else { return false }
        for index in argument.token + 1..<close where file.code[index].kind == .identifier {
            // There is at most one CarPlay scene of each kind: selecting it by type or role is definite.
            if file.tokenHasPrefix(index, "CPTemplateApplication") || file.tokenHasPrefix(index, "carTemplateApplication")
                || file.tokenHasPrefix(index, "CarPlay") { return true }
            // `$0.session.role == .windowExternalDisplayNonInteractive`: a role held by one scene at a
            // time (an external display, CarPlay). `.windowApplication` is every app window's role.
            if file.tokenIs(index, "role"), isUniqueRoleComparison(after: index, before: close) { return true }
            // `$0.windows.contains(window)`: the scene that holds a known window.
            if file.tokenIs(index, "contains"), index + 2 < close, file.code[index + 1].kind == .leftParen,
               !(file.isName(index + 2, "where") && index + 3 < close && file.code[index + 3].kind == .colon) {
                return true
            }
        }
        for index in argument.token + 1..<close where file.code[index].kind == .operator {
            if file.tokenIs(index, "===") { return true }
            guard file.tokenIs(index, "==") else { continue }
            if isStateOrLiteral(after: index) || isStateOrLiteral(before: index) { continue }
            return true
        }
        return false
    }

    /// `role == .x` / `role == UISceneSession.Role.x` with a role other than `windowApplication`.
    func isUniqueRoleComparison(after role: Int, before close: Int) -> Bool {
        var index = role + 1
        guard index < close, file.tokenIs(index, "==") else { return false }
        index += 1
        // The role's last name: `.windowExternalDisplay`, `UISceneSession.Role.carTemplateApplication`.
        while index + 1 < close, file.code[index + 1].kind == .period || file.code[index].kind == .period { index += 1 }
        guard index < close, file.code[index].kind == .identifier, file.code[index - 1].kind == .period else { return false }
        return !file.tokenHasPrefix(index, "windowApplication")
    }

    func isStateOrLiteral(after index: Int) -> Bool {
        let next = index + 1
        guard next < file.code.count else { return true }
        let token = file.code[next]
        if token.kind == .period { return true }    // `.foregroundActive`
        return isLiteral(next)
    }

    func isStateOrLiteral(before index: Int) -> Bool {
        let previous = index - 1
        guard previous >= 0 else { return true }
        if isLiteral(previous) { return true }
        // `.foregroundActive == $0.activationState`: an implicit member.
        if file.code[previous].kind == .identifier, previous >= 1, file.code[previous - 1].kind == .period {
            let before = previous - 2
            if before < 0 { return true }
            let kind = file.code[before].kind
            return !(kind == .identifier || kind == .keyword || kind.isClosingBracket
                || (kind == .operator && file.code[before].length == 1 && !file.code[previous - 1].flags.contains(.spaceBefore)))
        }
        return false
    }

    func isLiteral(_ index: Int) -> Bool {
        let token = file.code[index]
        switch token.kind {
        case .stringDelimiter, .stringSegment, .integerLiteral, .floatLiteral: return true
        default: return token.keyword == .nil || token.keyword == .true || token.keyword == .false
        }
    }

    func pickText(_ name: Int, _ arguments: [Chain.Link]) -> String {
        var text = "." + file.text(at: name)
        if let call = arguments.first {
            if call.kind == .trailingClosure {
                text += file.isName(name, "min") || file.isName(name, "max") ? "(by:)" : "(where:)"
            } else if let close = call.close {
                if close == call.token + 1 {
                    text += "()"
                } else if call.token + 2 < close, file.code[call.token + 2].kind == .colon {
                    text += "(" + file.text(at: call.token + 1) + ":)"
                } else {
                    text += "(…)"
                }
            }
        }
        return text
    }

    func subscriptText(_ link: Chain.Link) -> String {
        guard let close = link.close else { return "[…]" }
        let range = Int(file.code[link.token].start)..<file.code[close].end
        return range.count <= 12 ? file.text(range) : "[…]"
    }

    /// The expression one level out, when the walked expression is only cast (`as? UIWindowScene`),
    /// parenthesised, or wrapped in `Array(…)`: its chain and the link to continue from.
    func enclosingExpression(of chain: Chain, walk: inout Walk) -> (chain: Chain, nextLink: Int)? {
        let code = file.code
        var after = chain.end + 1
        // `as? T` / `as! T` / `as T`, with a dotted or generic-free type name.
        if after < code.count, code[after].keyword == .as {
            after += 1
            if after < code.count, code[after].kind == .operator, file.tokenIs(after, "?") || file.tokenIs(after, "!") {
                after += 1
            }
            if after < code.count, code[after].kind == .leftSquare, file.matching[after] > after {
                // `as? [UIWindow]`
                after = Int(file.matching[after]) + 1
            } else {
                while after < code.count, code[after].kind == .identifier || code[after].kind == .keyword {
                    after += 1
                    if after + 1 < code.count, code[after].kind == .period { after += 1 } else { break }
                }
            }
            walk.end = after - 1
        }
        guard after < code.count, code[after].kind == .rightParen else { return nil }
        let open = Int(file.matching[after])
        guard open >= 0, open == Int(file.parent[chain.start]) else { return nil }
        let outerStart = file.chainStart(containing: open)
        let outer = file.chain(from: outerStart)
        guard let index = outer.links.firstIndex(where: { $0.token == open }) else { return nil }
        let link = outer.links[index]
        if link.kind == .call {
            // Only wrappers that keep the elements: `Array(…)`, `Set(…)`, without labels — or a
            // parenthesis after `return`/`await`/`try`, which the chain reader takes for a call.
            guard index == 1 else { return nil }
            let callee = outer.links[0].token
            if code[callee].kind == .keyword || code[callee].keyword == .await {
                return (outer, index + 1)
            }
            guard file.isName(callee, "Array") || file.isName(callee, "Set") else { return nil }
            if open + 2 < after, code[open + 2].kind == .colon { return nil }
        } else if link.kind != .group {
            return nil
        }
        walk.end = max(walk.end, after)
        return (outer, index + 1)
    }

    // MARK: Locals

    /// `let scenes = UIApplication.shared.connectedScenes(.compactMap …)`: remember `scenes`.
    mutating func trackLocal(holding walk: Walk, origin: SceneLookupOrigin, chainStart: Int) {
        var start = chainStart
        // `let scenes = await UIApplication.shared.connectedScenes`
        if start > 0, file.code[start - 1].keyword == .await || file.code[start - 1].keyword == .try { start -= 1 }
        guard let declarationIndex = declarationByInitializer[start] else { return }
        let next = walk.end + 1
        if next < file.code.count {
            let token = file.code[next]
            let ends = token.flags.contains(.lineStart) || token.kind == .semicolon || token.kind == .rightBrace
            guard ends, !(token.kind == .period || (token.kind == .operator && !file.tokenIs(next, "!"))) else { return }
        }
        trackedLocals.append((declarationIndex, walk.value, origin))
    }

    /// The expression ends after `end`: a new line that does not continue it, `}`, `;`, `??`, the end.
    func endsExpression(after end: Int) -> Bool {
        let next = end + 1
        guard next < file.code.count else { return true }
        let token = file.code[next]
        if token.kind == .period { return false }
        if token.kind == .operator { return file.tokenIs(next, "??") }
        return token.flags.contains(.lineStart) || token.kind == .semicolon || token.kind == .rightBrace
    }

    /// Lookups through a tracked local within its scope.
    func uses(of declarationIndex: Int, holding value: Value, origin: SceneLookupOrigin) -> [SceneLookup] {
        let declaration = file.declarations[declarationIndex]
        guard let name = declaration.name else { return [] }
        let scope = Int(file.parent[declaration.keyword])
        let end = scope >= 0 && file.matching[scope] > scope ? Int(file.matching[scope]) : file.code.count
        var result: [SceneLookup] = []
        let spelling = file.nameKey(at: name)
        for index in nameIndex.value(file: file).occurrences(of: spelling, after: declaration.end, before: end) {
            if index > 0, file.code[index - 1].kind == .period { continue }
            if index + 1 < file.code.count, file.code[index + 1].kind == .colon { continue }
            // Shadowed by a nearer declaration of the same name.
            if let nearest = visibleDeclaration(named: index), nearest != declarationIndex { continue }
            let chain = file.chain(from: index)
            let walk = follow(chain, from: 1, Walk(value: value, start: index, end: index))
            if var lookup = lookup(from: walk, origin: origin, local: name) {
                let local = file.text(at: index)
                let direct = lookup.pick == index + 2 || (lookup.pick == index + 1 && file.code[lookup.pick].kind == .leftSquare)
                lookup.localSubject = direct ? "`\(local)\(lookup.pickText)`" : "`\(lookup.pickText)` on `\(local)`"
                result.append(lookup)
            }
        }
        return result
    }

    // MARK: Results

    func lookup(from walk: Walk, origin: SceneLookupOrigin, local: Int?) -> SceneLookup? {
        guard let pick = walk.firstPick, !walk.identifying, !isExistenceCheck(pick: pick, end: walk.end),
              !readsOnlyIdiom(afterPick: max(walk.pickEnd, pick)) else { return nil }
        // Code that runs only before iOS 13 (`else` of `#available(iOS 13, *)`) predates scenes.
        if let below = file.iosAvailability(at: pick).below, below <= Version(13) { return nil }
        let result: SceneLookupResult = walk.pickedWindow ? .window : .scene
        let start = walk.pickStart >= 0 ? min(walk.pickStart, pick) : pick
        return SceneLookup(result: result, origin: origin, pick: pick, start: start,
                           pickEnd: max(walk.pickEnd, pick), pickText: walk.pickText,
                           statementStart: file.statementStart(containing: pick), foldedPicks: 0, local: local,
                           storeKitCall: storeKitCall(receiving: pick))
    }

    /// `….first { $0.isKeyWindow }?.traitCollection.userInterfaceIdiom`: the idiom is the device's, the
    /// same in every scene and window, so whichever element is picked answers the same.
    func readsOnlyIdiom(afterPick pickEnd: Int) -> Bool {
        var index = pickEnd + 1
        while file.tokenIs(index, "?") || file.tokenIs(index, "!") { index += 1 }
        guard index + 3 < file.code.count, file.code[index].kind == .period, file.isName(index + 1, "traitCollection"),
              file.code[index + 2].kind == .period else { return false }
        return file.isName(index + 3, "userInterfaceIdiom")
    }

    /// `….first { … } != nil`, `UIApplication.shared.keyWindow == nil`: the picked element itself
    /// compared with `nil` (nothing read from it, through casts and parentheses) asks whether there
    /// is one, and picks nothing.
    func isExistenceCheck(pick: Int, end: Int) -> Bool {
        let code = file.code
        guard end + 2 < code.count, file.tokenIs(end + 1, "!=") || file.tokenIs(end + 1, "=="),
              code[end + 2].keyword == .nil else { return false }
        // Nothing but arguments, `?`/`!`, casts and closing parentheses between the pick and the comparison.
        var index = pick + 1
        while index <= end {
            let token = code[index]
            if token.kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index]) + 1
                continue
            }
            if token.kind == .period { return false }
            index += 1
        }
        return true
    }

    /// One lookup per statement: the earliest pick, counting the others as fallbacks.
    func foldStatements(_ lookups: [SceneLookup]) -> [SceneLookup] {
        var byStatement: [Int: SceneLookup] = [:]
        for lookup in lookups {
            if var existing = byStatement[lookup.statementStart] {
                if lookup.pick < existing.pick {
                    var replacement = lookup
                    replacement.foldedPicks = existing.foldedPicks + 1
                    replacement.storeKitCall = replacement.storeKitCall ?? existing.storeKitCall
                    byStatement[lookup.statementStart] = replacement
                } else {
                    existing.foldedPicks += 1
                    existing.storeKitCall = existing.storeKitCall ?? lookup.storeKitCall
                    byStatement[lookup.statementStart] = existing
                }
            } else {
                byStatement[lookup.statementStart] = lookup
            }
        }
        return byStatement.values.sorted { $0.pick < $1.pick }
    }

    /// The StoreKit call the picked scene goes to: directly as its `in:` argument, or through a
    /// name the statement binds (`if let scene = …`, `guard let scene = …`, `let scene = …`),
    /// possibly re-bound once (`let windowScene = scene as? UIWindowScene`).
    func storeKitCall(receiving pick: Int) -> StoreKitSceneCall? {
        // Every StoreKit call is named so (`storeKitCall(openingAt:)`): a file that spells neither
        // name has none, and needs no name index for the names a statement binds.
        guard file.mentionsText("requestReview") || file.mentionsText("showManageSubscriptions") else { return nil }
        // Directly inside the argument list.
        if let call = enclosingStoreKitCall(from: Int(file.parent[pick])) { return call }
        let statement = file.statementStart(containing: pick)
        let names = boundNames(from: statement, upTo: pick)
        guard !names.isEmpty else { return nil }
        let scope = Int(file.parent[statement])
        let end = scope >= 0 && file.matching[scope] > scope ? Int(file.matching[scope]) : file.code.count
        return storeKitIndex.value(file: file, callOpeningAt: storeKitCall(openingAt:))
            .call(after: pick, before: end, names: names, in: file)
    }

    /// The StoreKit call whose argument list holds `open` (a bracket), within the innermost `{ … }`.
    /// Remembered for every bracket passed: lookups at every level of deeply nested calls walked
    /// out through all the levels each.
    func enclosingStoreKitCall(from open: Int) -> StoreKitSceneCall? {
        var open = open
        var passed: [Int] = []
        var answer: StoreKitSceneCall?
        while open >= 0 && file.code[open].kind != .leftBrace {
            if let known = enclosingCalls.calls[open] { answer = known; break }
            passed.append(open)
            if file.code[open].kind == .leftParen, let call = storeKitCall(openingAt: open) { answer = call; break }
            open = Int(file.parent[open])
        }
        for bracket in passed { enclosingCalls.calls[bracket] = .some(answer) }
        ScalingCounter.add(passed.count + 1)
        return answer
    }

    /// `requestReview(in:` / `showManageSubscriptions(in:` opening at `open`.
    func storeKitCall(openingAt open: Int) -> StoreKitSceneCall? {
        guard open >= 1, open + 2 < file.code.count, file.isName(open + 1, "in"), file.code[open + 2].kind == .colon
        else { return nil }
        let name = open - 1
        let receiver = name >= 2 && file.code[name - 1].kind == .period ? name - 2 : -1
        if file.isName(name, "requestReview") {
            return receiver >= 0 && file.isName(receiver, "AppStore") ? .appStoreRequestReview : .storeReviewControllerRequestReview
        }
        if file.isName(name, "showManageSubscriptions") { return .showManageSubscriptions }
        return nil
    }

    /// Name tokens bound by `let`/`var` between `start` and `end` (`if let a = …, let b = …`): the
    /// last `SceneStoreKitIndex.maximumNames`, all that `call(after:before:names:)` reads.
    /// Picks of one statement come in file order: each extends the scan of the one before (and a
    /// statement binding thousands of names hands each pick a few, not all before it).
    func boundNames(from start: Int, upTo end: Int) -> [Int] {
        let cache = nameIndex.value(file: file)
        var index = cache.boundNames[start]?.scannedTo ?? start
        let scanned = index
        if index < end {
            var found: [Int] = []
            while index < end {
                if file.code[index].keyword == .let || file.code[index].keyword == .var {
                    guard index + 1 < end else { break }  // its name is not before `end`: left for a later pick
                    if file.code[index + 1].kind == .identifier { found.append(index + 1) }
                }
                index += 1
            }
            cache.boundNames[start, default: (start, [])].scannedTo = index
            cache.boundNames[start, default: (start, [])].names.append(contentsOf: found)
            ScalingCounter.add(index - scanned)
        }
        let names = cache.boundNames[start]?.names ?? []
        // Names ascend: those before `end` are a prefix (a later lookup may ask about an earlier pick).
        let upper = SceneNameIndex.firstIndex(in: names, after: end - 1) { $0 }
        ScalingCounter.add(1)
        return Array(names[max(0, upper - SceneStoreKitIndex.maximumNames)..<upper])
    }
}

// MARK: - Picks on a scene value

/// A window picked from a scene value that is not the application (`scene.keyWindow`,
/// `helper()?.windows.first(where: \.isKeyWindow)`): a global lookup when the scene is global.
struct ScenePick: Sendable {
    /// The picking token: `keyWindow`, `first`, `last`, the `[` of a subscript.
    var pick: Int
    var pickText: String
    /// The receiver: code indices from the chain's start up to the `.` before `keyWindow`/`windows`.
    var receiver: Range<Int>
    /// The last token of the pick (`keyWindow`, the `)` of `first(where:)`, a closure's `}`).
    var pickEnd: Int
}

extension SourceFile {
    /// For each `keyWindow` / `windows` member in `members`, the window it picks when its receiver is
    /// not the application (those are `sceneLookups()`): `.keyWindow`, or `.windows` then `.first`,
    /// `.first(where:)`, `[0]` …, with the same exceptions (an identifying predicate, an existence
    /// check, code that runs only before iOS 13).
    func scenePicks(atMembers members: [Int]) -> [ScenePick] {
        guard !members.isEmpty else { return [] }
        let finder = SceneLookupFinder(file: self)
        return members.compactMap { finder.scenePick(atMember: $0) }
    }
}

extension SceneLookupFinder {
    func scenePick(atMember index: Int) -> ScenePick? {
        let chain = file.chain(containing: index)
        guard let linkIndex = chain.links.firstIndex(where: { $0.token == index && $0.kind == .member }), linkIndex > 0,
              !isApplicationReceiver(chain, before: linkIndex, source: index) else { return nil }
        var walk = Walk(value: .scene, start: chain.start, end: index)
        walk = follow(links: chain.links, from: linkIndex, walk)
        walk.end = max(walk.end, chain.end)
        let pick: Int
        let text: String
        if file.isName(index, "keyWindow") {
            pick = index
            text = ".keyWindow"
        } else {
            guard let first = walk.firstPick else { return nil }
            pick = first
            text = walk.pickText
        }
        if walk.identifying || isExistenceCheck(pick: pick, end: walk.end)
            || readsOnlyIdiom(afterPick: max(walk.pickEnd, pick)) { return nil }
        if let below = file.iosAvailability(at: pick).below, below <= Version(13) { return nil }
        return ScenePick(pick: pick, pickText: text, receiver: chain.start..<(index - 1), pickEnd: max(walk.pickEnd, pick))
    }
}
