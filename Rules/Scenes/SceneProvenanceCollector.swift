import SeamLintCore

/// Reads one Swift file's scene and window provenance (`SceneProvenanceFacts`) in one forward pass:
/// the names each declaration's returned value reads (through the locals of its body), and the uses
/// whose receiver or argument may be global. Which names are global is decided for the whole
/// project by `SceneProvenance`.
struct SceneProvenanceCollector {
    let file: SourceFile
    let context: RuleContext
    /// One for the file: thousands of findings in one method read it once (`WindowHostMemo`).
    let hosts = WindowHostMemo()
    /// One for the file: its methods do not mutate it, and its name indices are built once.
    let finder: SceneLookupFinder
    /// Code indices of this file's global picks (`sceneLookups()`), ascending, and of its reads of
    /// `UIApplication.shared.keyWindow` among them.
    let globalPicks: [Int]
    let applicationKeyWindows: [Int]
    /// Window picks on scene values, by the index of their `keyWindow`/`windows` member.
    var scenePicks: [Int: ScenePick] = [:]
    var scenePickTokens: Set<Int> = []
    /// Names bound in each owner's body (function, accessor; -1 outside any): where their values
    /// start (`Binding`). Their flows are computed when a flow reads them (`localFlow`), once.
    var bindings: [Int: [String: [Binding]]] = [:]
    var localFlows: [Int: [String: ProvenanceFlow]] = [:]
    /// The locals whose flows are being computed, innermost last (a few at most).
    var computing: [(owner: Int, name: String)] = []
    /// The scopes open at the current token: their closing brace, owner, and whether a closure lies between.
    var scopes: [(close: Int, owner: Int?, inClosure: Bool)] = []
    /// Declarations whose returned value may carry a scene or window (`recordHelper`).
    var candidates: Set<Int> = []

    enum Binding {
        /// `let name = value`: the value's first token.
        case value(Int)
        /// `if let name {`: the outer name, read at this token.
        case shorthand(Int)
        /// A closure parameter, a `for` variable: nothing known.
        case unknown
    }
    /// The flows of each owner's `return` statements.
    var returns: [Int: ProvenanceFlow] = [:]
    var ownersWithReturn: Set<Int> = []
    var contextCache: [Int: [String]] = [:]
    var facts = SceneProvenanceFacts()
    /// The second pass: record call arguments (`ProvenanceCall`).
    var recordsCalls = false
    /// Only the calls are wanted: the helpers (read after the walk, when every call is recorded)
    /// and the declarations are left out. The walk itself stays whole, so that each local's flow is
    /// computed in the same order, and so the same, as when everything is recorded.
    var recordsOnlyCalls = false

    /// First and last code indices of this file's unpicked global collections, ascending.
    let collections: [GlobalCollection]
    let collectionStarts: [Int]

    init(context: RuleContext, lookups: [SceneLookup], collections: [GlobalCollection] = []) {
        self.context = context
        self.file = context.file
        finder = SceneLookupFinder(file: context.file)
        self.collections = collections.sorted { $0.start < $1.start }
        collectionStarts = self.collections.map(\.start)
        // `value(forKey: "keyWindow")` reads UIKit's property whatever the app declares.
        let file = context.file
        let readsKeyWindow = { (lookup: SceneLookup) in lookup.origin == .applicationKeyWindow && !file.isName(lookup.pick, "value") }
        applicationKeyWindows = lookups.filter(readsKeyWindow).map(\.pick).sorted()
        globalPicks = lookups.filter { !readsKeyWindow($0) }.map(\.pick).sorted()
    }

    /// The facts of a file that spells none of the words of `KeyWindowLookup.mayHoldProvenance`: its declared
    /// names and whether it declares scenes. Its helpers can only return what other files'
    /// helpers do, and are read in the deferred pass when it spells the name of a global one.
    mutating func collectDeclarations() -> SceneProvenanceFacts {
        recordDeclarations()
        return facts
    }

    mutating func recordDeclarations() {
        // By position, fields read in place: a `Declaration` copied out retains its four arrays.
        let declarations = file.declarations
        for position in declarations.indices {
            if declarations[position].isType, declaresScenes(declarations[position]) { facts.declaresScenes = true }
            let kind = declarations[position].kind
            guard kind == .function || kind == .variable || kind == .constant, let name = declarations[position].name,
                  isMemberOrGlobal(position) else { continue }
            facts.declare(file.text(at: name))
        }
    }

    /// Everything but `declaredCounts` and `declaresScenes` when `declarations` is false.
    mutating func collect(declarations recordsDeclarations: Bool = true) -> SceneProvenanceFacts {
        let code = file.code, bytes = file.bytes
        let declarations = file.declarations
        var members: [Int] = []
        for index in code.indices where code[index].kind == .identifier && code[index - 1].kind == .period {
            if file.tokenIs(index, "keyWindow") || file.tokenIs(index, "windows") { members.append(index) }
        }
        for pick in file.scenePicks(atMembers: members) {
            scenePicks[pick.receiver.upperBound + 1] = pick
            scenePickTokens.insert(pick.pick)
        }
        for position in declarations.indices where isCandidate(position) { candidates.insert(position) }
        if recordsDeclarations && !recordsOnlyCalls { recordDeclarations() }
        var index = 0
        while index < code.count {
            let token = code[index]
            while let last = scopes.last, last.close < index { scopes.removeLast() }
            if token.keyword == .let || token.keyword == .var {
                bind(at: index)
            } else if token.keyword == .return {
                recordReturn(at: index)
            } else if token.kind == .leftBrace {
                openScope(at: index)
            } else if token.keyword == .for, code[index + 1].kind == .identifier, code[index + 2].keyword == .in {
                bindings[currentOwner ?? -1, default: [:]][file.text(at: index + 1), default: []].append(.unknown)
            } else if token.kind == .leftSquare, index + 2 < code.count, code[index + 1].kind == .integerLiteral, code[index + 2].kind == .rightSquare,
                      !scenePickTokens.contains(index), Self.first(of: globalPicks, in: index..<index + 1) == nil {
                // `helperWindows()[0]`: a subscript pick on what a helper returns.
                recordCollectionPick(at: index)
            } else if token.kind == .identifier {
                if Self.mayStartUse(length: token.length, first: bytes[Int(token.start)]) { recordUse(at: index) }
                if recordsCalls, code[index + 1].kind == .leftParen, !code[index + 1].flags.contains(.lineStart),
                   code[index - 1].keyword != .func { recordCall(at: index) }
            }
            index += 1
        }
        if !recordsOnlyCalls {
            for position in candidates.sorted() { recordHelper(position) }
        }
        return facts
    }

    // MARK: Declarations

    /// A `UIWindowSceneDelegate`, or the `@main` SwiftUI `App` of an iOS target (not a watch or Mac app).
    func declaresScenes(_ declaration: Declaration) -> Bool {
        if file.declaration(declaration, inheritsFrom: "UIWindowSceneDelegate") { return !file.isOutsideIOS(at: declaration.keyword) }
        guard file.declaration(declaration, hasAttribute: "main"), file.declaration(declaration, inheritsFrom: "App"),
              !file.isOutsideIOS(at: declaration.keyword), !file.pathNamesOtherPlatform, !file.importsAppKitOnly,
              !file.mentionsText("WatchKit") else { return false }
        // Xcode names a watchOS app's folder "<Name> Watch App" (formerly "… WatchKit Extension").
        return !file.path.split(separator: "/").dropLast().contains { $0.lowercased().contains("watch") }
    }

    /// Declared right in a type's body, or at the top level: not a local of a closure that
    /// initializes a property (`lazy var footer: UIView = { let height = … }()`), which the
    /// declaration scan nests in the type (or in none), as it reads headers only.
    func isMemberOrGlobal(_ position: Int) -> Bool {
        let declarations = file.declarations
        let bracket = Int(file.parent[declarations[position].keyword])
        guard let parent = declarations[position].parent else { return bracket < 0 }
        return declarations[parent].isType && bracket == declarations[parent].bodyOpen
    }

    /// A function or property whose returned value may be a scene or window: not a view body, a
    /// flag, a number or a string.
    func isCandidate(_ position: Int) -> Bool {
        let declarations = file.declarations
        guard declarations[position].name != nil, isMemberOrGlobal(position) else { return false }
        let (typeStart, bodyOpen) = (declarations[position].typeStart, declarations[position].bodyOpen)
        switch declarations[position].kind {
        case .function:
            guard let type = typeStart, carriesObjects(type) else { return false }
            return bodyOpen != nil && declarations[position].bodyClose != nil
        case .variable, .constant:
            if let type = typeStart, !carriesObjects(type) { return false }
            return declarations[position].initializer != nil || (bodyOpen != nil && typeStart != nil)
        default:
            return false
        }
    }

    mutating func recordHelper(_ position: Int) {
        let declaration = file.declarations[position]
        guard let name = declaration.name else { return }
        let flow: ProvenanceFlow
        if let value = declaration.initializer, declaration.kind != .function {
            flow = self.flow(of: value..<expressionEnd(from: value), owner: position)
        } else if let open = declaration.bodyOpen, let close = declaration.bodyClose {
            flow = bodyFlow(position, open: open, close: close)
        } else {
            return
        }
        guard !flow.isEmpty else { return }
        let owner = declaration.parent.flatMap { file.declarations[$0].name }.map { file.text(at: $0) }
        let isStatic = file.declaration(declaration, hasModifier: "static") || file.declaration(declaration, hasModifier: "class")
        facts.helpers.append(ProvenanceHelper(name: file.text(at: name), site: context.factLocation(at: name), owner: owner,
                                              isStatic: isStatic, context: typeContext(of: declaration.keyword), flow: flow))
    }

    /// Its `return` statements, or the whole body when it has none (a single expression).
    mutating func bodyFlow(_ position: Int, open: Int, close: Int) -> ProvenanceFlow {
        if ownersWithReturn.contains(position) { return returns[position] ?? ProvenanceFlow() }
        return flow(of: open + 1..<close, owner: position)
    }

    /// False for types that cannot hold a scene or window: opaque views, `Void`, flags, numbers,
    /// strings, geometry, colours, images.
    func carriesObjects(_ type: Int) -> Bool {
        if file.tokenIs(type, "some") { return false }
        var index = type
        // `[UIWindow]`, `(UIWindow)?`: the element.
        while file.code[index].kind == .leftSquare || file.code[index].kind == .leftParen { index += 1 }
        let name = file.text(at: index)
        return !Self.valueTypes.contains(name)
    }

    static let valueTypes: Set<String> = [
        "Void", "Never", "Bool", "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt",
        "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "NSInteger", "TimeInterval", "Date", "URL",
        "Data", "UUID", "CGSize", "CGRect", "CGPoint", "CGVector", "UIEdgeInsets", "NSDirectionalEdgeInsets",
        "EdgeInsets", "UIColor", "Color", "UIImage", "Image", "UIFont", "Font", "Text", "AnyView", "NSAttributedString",
        "AttributedString", "UIUserInterfaceStyle", "ColorScheme", "UIInterfaceOrientation", "UIInterfaceOrientationMask",
        "UIStatusBarStyle", "UIDeviceOrientation", "Set", "Dictionary",
    ]

    /// Names of the types around `index` and what they inherit from, innermost first.
    mutating func typeContext(of index: Int) -> [String] {
        var result: [String] = []
        for owner in file.enclosingDeclarations(of: index) where file.declarations[owner].isType {
            if let cached = contextCache[owner] { result += cached; continue }
            let declaration = file.declarations[owner]
            var names: [String] = declaration.name.map { [file.text(at: $0)] } ?? []
            names += declaration.inheritance.map { file.text(at: $0) }
            contextCache[owner] = names
            result += names
        }
        return result
    }

    // MARK: Owners and bindings

    /// The innermost function, initializer or property around the current token.
    var currentOwner: Int? { scopes.last?.owner ?? nil }

    /// Enters the scope of the `{` at `open`: a declaration's body, a closure (its parameters bound), a block.
    mutating func openScope(at open: Int) {
        let close = Int(file.matching[open])
        guard close > open else { return }
        let outer = scopes.last
        if let owner = file.bodyOwner[Int32(open)] {
            let declaration = file.declarations[Int(owner)]
            let owns = declaration.isFunctionLike || declaration.kind == .variable || declaration.kind == .constant
            scopes.append((close, owns ? Int(owner) : nil, false))
        } else if file.isClosure(open) {
            bindClosureParameters(after: open)
            scopes.append((close, outer?.owner ?? nil, true))
        } else {
            scopes.append((close, outer?.owner ?? nil, outer?.inClosure ?? false))
        }
    }

    /// `let name = value`, `if let name = value`, `guard var name = value`: remembers where `name`'s
    /// value comes from in its owner. Properties are helpers, not locals.
    mutating func bind(at keyword: Int) {
        let code = file.code
        let nameIndex = keyword + 1
        guard code[nameIndex].kind == .identifier else { return }
        guard let owner = currentOwner else { return }
        var value = nameIndex + 1
        if code[value].kind == .colon {
            // `let scene: UIWindowScene? = …`: skip the type.
            while value < code.count, !file.tokenIs(value, "="), code[value].kind != .leftBrace,
                  !code[value].flags.contains(.lineStart) || value == nameIndex + 2 {
                if code[value].kind.isOpeningBracket, file.matching[value] > value { value = Int(file.matching[value]) }
                value += 1
            }
        }
        let name = file.text(at: nameIndex)
        let binding: Binding = file.tokenIs(value, "=") ? .value(value + 1) : .shorthand(nameIndex)
        bindings[owner, default: [:]][name, default: []].append(binding)
    }

    /// Where a local's values come from, computed once; nil when `name` is not bound in `owner` (or is
    /// being computed: `if let scene {` reads the outer `scene`).
    mutating func localFlow(_ owner: Int, _ name: String) -> ProvenanceFlow? {
        if let known = localFlows[owner]?[name] { return known }
        guard let bound = bindings[owner]?[name], !computing.contains(where: { $0.owner == owner && $0.name == name }) else {
            return nil
        }
        computing.append((owner, name))
        var flow = ProvenanceFlow()
        for binding in bound {
            switch binding {
            case .value(let start): flow.merge(self.flow(of: start..<expressionEnd(from: start), owner: owner))
            // Not through `flow(of:)`: the name after `let` is no chain head there.
            case .shorthand(let index): readChain(from: index, limit: index + 1, owner: owner, &flow)
            case .unknown: break
            }
        }
        computing.removeLast()
        localFlows[owner, default: [:]][name] = flow
        return flow
    }

    /// `{ scene in`, `{ (a, b) in`, `{ [weak self] scene in`: closure parameters are locals.
    mutating func bindClosureParameters(after open: Int) {
        let code = file.code
        let close = Int(file.matching[open])
        guard close > open else { return }
        var index = open + 1
        var names: [Int] = []
        while index < close, index < open + 24 {
            let token = code[index]
            if token.keyword == .in {
                let owner = currentOwner ?? -1
                for name in names { bindings[owner, default: [:]][file.text(at: name), default: []].append(.unknown) }
                return
            }
            if token.kind.isOpeningBracket && token.kind != .leftParen, file.matching[index] > index {
                index = Int(file.matching[index]) + 1
                continue
            }
            if token.kind == .identifier, code[index - 1].kind != .colon, code[index - 1].kind != .period { names.append(index) }
            index += 1
        }
    }

    mutating func recordReturn(at keyword: Int) {
        guard let owner = currentOwner, scopes.last?.inClosure == false, candidates.contains(owner) else { return }
        ownersWithReturn.insert(owner)
        let flow = self.flow(of: keyword + 1..<expressionEnd(from: keyword + 1), owner: owner)
        returns[owner, default: ProvenanceFlow()].merge(flow)
    }

    /// Where an expression starting at `start` ends (exclusive): a `,`, `;`, `else`, a block's `{`,
    /// the enclosing closing bracket, or a line that does not continue it.
    func expressionEnd(from start: Int) -> Int {
        let code = file.code
        var index = start
        while index < code.count {
            let token = code[index]
            if index > start, token.flags.contains(.lineStart) {
                let previous = code[index - 1]
                let continues = token.kind == .period || (token.kind == .operator && !file.tokenIs(index, "!"))
                    || previous.kind == .operator || previous.keyword == .as || previous.keyword == .is
                    || previous.keyword == .await || previous.keyword == .try || previous.keyword == .return
                    || token.keyword == .as || token.keyword == .is
                if !continues { return index }
            }
            if token.kind == .semicolon || token.kind == .comma || token.keyword == .else || token.kind.isClosingBracket {
                return index
            }
            if token.kind == .leftBrace, !file.isClosure(index) { return index }
            if token.kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index]) + 1
                continue
            }
            index += 1
        }
        return index
    }

    // MARK: Flows

    /// The references and global sources of the expression in `range`, with locals of `owner` replaced
    /// by where their values come from.
    mutating func flow(of range: Range<Int>, owner: Int?) -> ProvenanceFlow {
        var flow = ProvenanceFlow()
        guard !range.isEmpty else { return flow }
        if let pick = Self.first(of: globalPicks, in: range) { flow.global = context.factLocation(at: pick) }
        if let pick = Self.first(of: applicationKeyWindows, in: range) { flow.applicationKeyWindow = context.factLocation(at: pick) }
        if let start = Self.first(of: collectionStarts, in: range), let position = collectionStarts.firstIndex(of: start),
           collections[position].end < range.upperBound {
            flow.collection = CollectionSource(site: context.factLocation(at: start), holdsWindows: collections[position].holdsWindows)
        }
        let code = file.code
        for index in range {
            let token = code[index]
            if token.kind == .leftParen, isChainHead(index) {
                readDelegateGroup(at: index, limit: range.upperBound, &flow)
            }
            guard token.kind == .identifier || token.keyword == .self || token.keyword == .Self, isChainHead(index) else { continue }
            readChain(from: index, limit: range.upperBound, owner: owner, &flow)
        }
        return flow
    }

    static func first(of picks: [Int], in range: Range<Int>) -> Int? {
        var low = 0, high = picks.count
        while low < high {
            let middle = (low + high) / 2
            if picks[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < picks.count && picks[low] < range.upperBound ? picks[low] : nil
    }

    /// The first token of a postfix chain: not a member, a label or a name being declared.
    func isChainHead(_ index: Int) -> Bool {
        let code = file.code
        let previous = code[index - 1]
        if previous.kind == .period { return false }
        if previous.keyword == .let || previous.keyword == .var || previous.keyword == .func || previous.keyword == .case {
            return false
        }
        if code[index + 1].kind == .colon, previous.kind == .leftParen || previous.kind == .comma { return false }
        return true
    }

    /// `(UIApplication.shared.delegate as? AppDelegate)?.window`.
    func readDelegateGroup(at open: Int, limit: Int, _ flow: inout ProvenanceFlow) {
        guard startsWithApplicationDelegate(open + 1) else { return }
        let chain = file.chain(from: open)
        if let window = windowRead(in: chain, after: 0, limit: limit) { flow.delegateWindow = context.factLocation(at: window) }
    }

    /// `UIApplication.shared.delegate` at `index`.
    func startsWithApplicationDelegate(_ index: Int) -> Bool {
        file.isName(index, "UIApplication") && file.code[index + 1].kind == .period
            && (file.isName(index + 2, "shared") || file.isName(index + 2, "sharedApplication"))
            && file.code[index + 3].kind == .period && file.isName(index + 4, "delegate")
    }

    /// The `window` member read right after link `position` (past `?`, `!`), not assigned to.
    func windowRead(in chain: Chain, after position: Int, limit: Int) -> Int? {
        var next = position + 1
        while next < chain.links.count, chain.links[next].kind == .optional { next += 1 }
        guard next < chain.links.count, chain.links[next].kind == .member, chain.links[next].token < limit else { return nil }
        let window = chain.links[next].token
        guard file.isName(window, "window"), !file.tokenIs(window + 1, "=") else { return nil }
        return window
    }

    mutating func readChain(from head: Int, limit: Int, owner: Int?, _ flow: inout ProvenanceFlow) {
        let chain = file.chain(from: head)
        let links = chain.links
        guard !links.isEmpty else { return }
        var next = 1
        var form = ProvenanceReference.Form.member
        let name = file.text(at: head)
        if file.isName(head, "self") || file.isName(head, "Self") {
            form = .selfMember
            // `self.delegate` in an extension of `UIApplication`.
            if let delegate = namedLink(in: chain, from: 1, limit: limit), file.isName(links[delegate].token, "delegate"),
               isInsideApplicationType(head) {
                readDelegate(chain, at: delegate, limit: limit, &flow)
                return
            }
        } else if name == "UIApplication" {
            if let shared = namedLink(in: chain, from: 1, limit: limit),
               file.isName(links[shared].token, "shared") || file.isName(links[shared].token, "sharedApplication") {
                next = shared + 1
                form = .application
                if let delegate = namedLink(in: chain, from: next, limit: limit), file.isName(links[delegate].token, "delegate") {
                    readDelegate(chain, at: delegate, limit: limit, &flow)
                    return
                }
            } else {
                form = .staticMember(name)
            }
        } else if let owner, let local = localFlow(owner, name) {
            flow.merge(local)
            if local.appDelegate, let window = windowRead(in: chain, after: 0, limit: limit) {
                flow.delegateWindow = context.factLocation(at: window)
            }
        } else if isParameter(head, owner: owner) {
            form = .member
            // The parameter itself (`scene`, `scene!`), not something read from it (`controller.scene`).
            if namedLink(in: chain, from: 1, limit: limit) == nil, !flow.parameters.contains(name) { flow.parameters.append(name) }
        } else if bindings[-1]?[name] != nil || name.hasPrefix("$") {
            form = .member
        } else if name == "delegate", isInsideApplicationType(head) {
            // `delegate` in an extension of `UIApplication`.
            readDelegate(chain, at: 0, limit: limit, &flow)
            return
        } else if file.isCapitalized(head) {
            form = .staticMember(name)
        } else {
            flow.add(ProvenanceReference(name: name, form: .unqualified, readsWindow: windowRead(in: chain, after: 0, limit: limit) != nil,
                                         picksElement: picksElement(in: chain, after: 0, limit: limit)))
        }
        var position = next
        while let link = namedLink(in: chain, from: position, limit: limit) {
            let member = file.text(at: links[link].token)
            flow.add(ProvenanceReference(name: member, form: form, readsWindow: windowRead(in: chain, after: link, limit: limit) != nil,
                                         picksElement: picksElement(in: chain, after: link, limit: limit)))
            form = .member
            position = link + 1
        }
    }

    /// The application's `delegate` at link `position`: its `window` read, or the delegate itself.
    func readDelegate(_ chain: Chain, at position: Int, limit: Int, _ flow: inout ProvenanceFlow) {
        if let window = windowRead(in: chain, after: position, limit: limit) {
            flow.delegateWindow = context.factLocation(at: window)
        } else if namedLink(in: chain, from: position + 1, limit: limit) == nil {
            flow.appDelegate = true
        }
    }

    func isInsideApplicationType(_ index: Int) -> Bool {
        guard let type = file.enclosingType(of: index), let name = type.name else { return false }
        if type.kind == .extension { return file.isName(name, "UIApplication") }
        return type.kind == .class && type.inheritance.first.map { file.isName($0, "UIApplication") } == true
    }

    /// The first `.member` link at or after `position` that starts before `limit`.
    func namedLink(in chain: Chain, from position: Int, limit: Int) -> Int? {
        var index = position
        while index < chain.links.count, chain.links[index].token < limit {
            if chain.links[index].kind == .member { return index }
            index += 1
        }
        return nil
    }

    /// A parameter of `owner`, or of a function around it, named like `index`.
    func isParameter(_ index: Int, owner: Int?) -> Bool {
        let spelling = file.bytes(at: index)
        var current = owner
        let declarations = file.declarations
        while let position = current {
            if declarations[position].isType { return false }
            if declarations[position].parameters.contains(where: { file.bytes(at: $0.name).elementsEqual(spelling) }) { return true }
            current = declarations[position].parent
        }
        return false
    }

    // MARK: Uses

    /// Every use `recordUse` records starts at one of these names (`min`, `max`, `last`, `first`,
    /// `window`, `windows`, `keyWindow`, `randomElement`, `requestReview`, `showManageSubscriptions`):
    /// a name of another length, or of that length with another first byte, needs no call (the
    /// walk meets every name of the file; nine in ten of the calls by length alone found nothing).
    @inline(__always)
    static func mayStartUse(length: UInt32, first: UInt8) -> Bool {
        switch length {
        case 3: return first == UInt8(ascii: "m")
        case 4: return first == UInt8(ascii: "l")
        case 5: return first == UInt8(ascii: "f")
        case 6, 7: return first == UInt8(ascii: "w")
        case 9: return first == UInt8(ascii: "k")
        case 13: return first == UInt8(ascii: "r")
        case 23: return first == UInt8(ascii: "s")
        default: return false
        }
    }

    /// A use starting at name `index` (`mayStartUse` said its length and first byte may be one's).
    mutating func recordUse(at index: Int) {
        let code = file.code
        if !scenePicks.isEmpty, file.tokenIs(index, "keyWindow") || file.tokenIs(index, "windows"), let pick = scenePicks[index] {
            let owner = currentOwner
            let flow = self.flow(of: pick.receiver, owner: owner)
            guard flow.global == nil, flow.delegateWindow == nil, !flow.references.isEmpty || flow.applicationKeyWindow != nil else { return }
            facts.uses.append(ProvenanceUse(kind: .windowPick(pick.pickText), site: span(from: pick.receiver.lowerBound, pick: pick.pick),
                                            help: Self.windowHelp(file.windowHost(at: pick.pick, memo: hosts)),
                                            context: typeContext(of: index), flow: flow))
        } else if code[index - 1].kind == .period, isKeyWindowPick(at: index) {
            // `foregroundSceneWindows.first(where: \.isKeyWindow)`: the key window of a helper's windows.
            let chain = file.chain(containing: index)
            guard chain.start < index - 1 else { return }
            let flow = self.flow(of: chain.start..<index - 1, owner: currentOwner)
            guard flow.global == nil, flow.applicationKeyWindow == nil, flow.delegateWindow == nil,
                  !flow.references.isEmpty else { return }
            let text = "." + file.text(at: index) + "(where:)"
            facts.uses.append(ProvenanceUse(kind: .windowPick(text), site: span(from: chain.start, pick: index),
                                            help: Self.windowHelp(file.windowHost(at: index, memo: hosts)),
                                            context: typeContext(of: index), flow: flow))
        } else if code[index - 1].kind == .period, isCollectionPickName(index) {
            recordCollectionPick(at: index)
        } else if code[index - 1].kind == .period, file.isName(index, "window"), !file.tokenIs(index + 1, "=") {
            recordDelegateWindow(at: index)
        } else if file.isName(index, "requestReview") || file.isName(index, "showManageSubscriptions"),
                  code[index + 1].kind == .leftParen, file.isName(index + 2, "in"), code[index + 3].kind == .colon {
            recordStoreKit(at: index)
        }
    }

    /// `.first(where: \.isKeyWindow)`, `.first { $0.isKeyWindow }`, `.last(where:)` on something that
    /// is not a lookup this file reports already.
    func isKeyWindowPick(at index: Int) -> Bool {
        guard file.isName(index, "first") || file.isName(index, "last"), !scenePickTokens.contains(index),
              Self.first(of: globalPicks, in: index..<index + 1) == nil else { return false }
        let open = index + 1
        guard file.code[open].kind == .leftParen || file.code[open].kind == .leftBrace else { return false }
        let close = Int(file.matching[open])
        guard close > open else { return false }
        for inner in open + 1..<close where file.isName(inner, "isKeyWindow") { return true }
        return false
    }

    func isCollectionPickName(_ index: Int) -> Bool {
        (file.isName(index, "first") || file.isName(index, "last") || file.isName(index, "randomElement")
            || file.isName(index, "min") || file.isName(index, "max"))
            && !scenePickTokens.contains(index) && Self.first(of: globalPicks, in: index..<index + 1) == nil
    }

    /// `helperScenes().first`, `UIApplication.shared.foregroundScenes.first(where: …)`, `scenes.first`
    /// with `let scenes = helperScenes()`, `helperWindows()[0]`: a pick on what the name before it
    /// (through `filter`, `compactMap` … and calls) returns. Whether that is a global collection is
    /// decided for the project (`SceneProvenance.collectionFindings`).
    mutating func recordCollectionPick(at index: Int) {
        guard let pick = collectionPick(at: index) else { return }
        let flow = self.flow(of: pick.chainStart..<pick.head + 1, owner: currentOwner)
        guard flow.global == nil, flow.applicationKeyWindow == nil, flow.collection == nil, !flow.references.isEmpty else { return }
        facts.uses.append(ProvenanceUse(kind: .collectionPick(pick.walk.pickText, readsWindow: pick.walk.pickedWindow),
                                        site: span(from: pick.chainStart, pick: index),
                                        help: Self.windowHelp(file.windowHost(at: index, memo: hosts)),
                                        context: typeContext(of: index), flow: flow))
    }

    /// The pick at `index` (a pick name, or the `[` of a subscript with an integer literal) when it
    /// picks one element of what the name `head` returns: not an identifying predicate, an existence
    /// check, or code that runs only before iOS 13.
    func collectionPick(at index: Int) -> (head: Int, chainStart: Int, walk: SceneLookupFinder.Walk)? {
        let chain = file.chain(containing: index)
        guard let position = chain.links.firstIndex(where: {
            $0.token == index && ($0.kind == .member || ($0.kind == .subscript && isLiteralIndex($0)))
        }), position > 0 else { return nil }
        var head = position - 1
        while head >= 0 {
            let link = chain.links[head]
            if link.kind == .optional || link.kind == .call || link.kind == .trailingClosure { head -= 1; continue }
            if link.kind == .member, finder.isTransformName(link.token) { head -= 1; continue }
            break
        }
        guard head >= 0, chain.links[head].kind == .member || chain.links[head].kind == .name else { return nil }
        let headToken = chain.links[head].token
        // A name the file resolves itself (`scenes`, `UIApplication.shared.connectedScenes`) is not a helper's.
        if file.tokenIs(headToken, "connectedScenes") || file.tokenIs(headToken, "windows") { return nil }
        var next = head + 1
        while next < chain.links.count, chain.links[next].kind == .call || chain.links[next].kind == .trailingClosure { next += 1 }
        var walk = finder.follow(links: chain.links, from: next,
                                 SceneLookupFinder.Walk(value: .scenes, start: chain.start, end: index))
        walk.end = max(walk.end, chain.end)
        guard walk.firstPick == index, !walk.identifying, !finder.isExistenceCheck(pick: index, end: walk.end) else { return nil }
        if let below = file.iosAvailability(at: index).below, below <= Version(13) { return nil }
        return (headToken, chain.start, walk)
    }

    /// `[0]`, `[1]`: a subscript whose index is one integer literal (a computed index may be a definite choice).
    func isLiteralIndex(_ link: Chain.Link) -> Bool {
        guard let close = link.close, close == link.token + 2 else { return false }
        return file.code[link.token + 1].kind == .integerLiteral
    }

    /// The pick right after link `position` of `chain` (through optionals, calls and transforms) takes
    /// one element of what that link's name returns (`collectionPick(at:)`).
    func picksElement(in chain: Chain, after position: Int, limit: Int) -> Bool {
        var index = position + 1
        while index < chain.links.count, chain.links[index].token < limit {
            let link = chain.links[index]
            switch link.kind {
            case .optional, .call, .trailingClosure:
                index += 1
            case .member where finder.isTransformName(link.token):
                index += 1
            case .member where isCollectionPickName(link.token), .subscript:
                return collectionPick(at: link.token)?.head == chain.links[position].token
            default:
                return false
            }
        }
        return false
    }

    mutating func recordDelegateWindow(at window: Int) {
        let chain = file.chain(containing: window)
        guard let position = chain.links.firstIndex(where: { $0.token == window }), position > 0 else { return }
        let owner = currentOwner
        // Through `window` itself, so that the name before it is known to read it.
        let flow = self.flow(of: chain.start..<window + 1, owner: owner)
        // Only the forms that can name the delegate across files: `AppDelegate.shared`, a global, a property.
        let named = flow.references.contains { reference in
            guard reference.readsWindow else { return false }
            if case .member = reference.form { return false }
            return true
        }
        guard flow.delegateWindow != nil || named else { return }
        if let below = file.iosAvailability(at: window).below, below <= Version(13) { return }
        facts.uses.append(ProvenanceUse(kind: .delegateWindow, site: span(from: chain.start, pick: window),
                                        help: Self.windowHelp(file.windowHost(at: window, memo: hosts)),
                                        context: typeContext(of: window), flow: flow))
    }

    mutating func recordStoreKit(at name: Int) {
        let open = name + 1
        guard let argument = file.callArguments(open: open).first else { return }
        let call: StoreKitSceneCall
        if file.isName(name, "showManageSubscriptions") {
            call = .showManageSubscriptions
        } else {
            call = name >= 2 && file.code[name - 1].kind == .period && file.isName(name - 2, "AppStore")
                ? .appStoreRequestReview : .storeReviewControllerRequestReview
        }
        let flow = self.flow(of: argument.value, owner: currentOwner)
        let sink = parameterSink(reading: flow, at: name)
        guard flow.global == nil, flow.delegateWindow == nil,
              !flow.references.isEmpty || flow.applicationKeyWindow != nil || sink != nil else { return }
        facts.uses.append(ProvenanceUse(kind: .storeKit(call), site: span(from: file.chainStart(containing: name), pick: name),
                                        help: Self.storeKitHelp(call, file.windowHost(at: name, memo: hosts)),
                                        context: typeContext(of: name), flow: flow, sink: sink))
    }

    /// The parameter of the innermost function around `index` that `flow` reads.
    func parameterSink(reading flow: ProvenanceFlow, at index: Int) -> ParameterSink? {
        guard !flow.parameters.isEmpty else { return nil }
        for owner in file.enclosingDeclarations(of: index) {
            let declaration = file.declarations[owner]
            if declaration.isType { return nil }
            guard declaration.kind == .function, let name = declaration.name else { continue }
            for (position, parameter) in declaration.parameters.enumerated()
            where flow.parameters.contains(file.text(at: parameter.name)) {
                let label = parameter.label.map { file.code[$0].keyword == .underscore ? "_" : file.text(at: $0) }
                    ?? file.text(at: parameter.name)
                return ParameterSink(function: file.text(at: name), label: label, position: position,
                                     parameter: file.text(at: parameter.name))
            }
            return nil
        }
        return nil
    }

    /// The arguments of the call at `name` that read a name or a global value.
    mutating func recordCall(at name: Int) {
        let arguments = file.callArguments(open: name + 1)
        guard !arguments.isEmpty else { return }
        let owner = currentOwner
        for (position, argument) in arguments.enumerated() {
            var flow = self.flow(of: argument.value, owner: owner)
            // A literal `nil` hands over no scene (neutral, see `SceneProvenance.sinkFinding`); the
            // caller's own parameter is a scene the caller was given (not global).
            let passesNil = argument.value.count == 1 && file.code[argument.value.lowerBound].keyword == .nil
            guard flow.global != nil || flow.applicationKeyWindow != nil || flow.delegateWindow != nil
                    || !flow.references.isEmpty || !flow.parameters.isEmpty || passesNil else { continue }
            let passesParameter = !flow.parameters.isEmpty
            flow.parameters = []
            let label = argument.label.map { file.text(at: $0) } ?? "_"
            facts.calls.append(ProvenanceCall(callee: file.text(at: name), label: label, position: position,
                                              site: context.factLocation(at: name), context: typeContext(of: name), flow: flow,
                                              passesNil: passesNil, passesParameter: passesParameter))
        }
    }

    /// The construct a reader changes: from the chain's first token through the pick and its arguments,
    /// named by the pick.
    func span(from start: Int, pick: Int) -> FactLocation {
        var end = pick
        let next = pick + 1
        if file.code[next].kind == .leftParen || file.code[next].kind == .leftBrace, file.matching[next] > next,
           !file.code[next].flags.contains(.lineStart) {
            end = Int(file.matching[next])
        }
        return context.factLocation(from: min(start, pick), through: end, anchor: pick)
    }

    // MARK: Help

    static func windowHelp(_ host: WindowHost) -> String {
        switch host {
        case .viewController: return "Use this view controller's `view.window` (set from `viewIsAppearing(_:)` on)."
        case .view: return "Use this view's `window` (set from `didMoveToWindow()` on)."
        case .swiftUIView:
            return "Read `window` in a small `UIViewRepresentable` probe (its view's `didMoveToWindow()`), or get it from "
                + "the scene delegate exposed as an `EnvironmentObject`."
        case .sceneDelegate: return "Use this scene delegate's own `window`."
        case .applicationHelper, .other:
            return "Pass in the view or `UIWindowScene` this work is for and use its `window` or `keyWindow` (iOS 15+)."
        }
    }

    static func storeKitHelp(_ call: StoreKitSceneCall, _ host: WindowHost) -> String {
        let swiftUI = call == .showManageSubscriptions
            ? "`.manageSubscriptionsSheet(isPresented:)` (iOS 15+)" : "`@Environment(\\.requestReview)` (iOS 16+)"
        switch host {
        case .viewController: return "Pass this view controller's `view.window?.windowScene` (in SwiftUI, \(swiftUI))."
        case .view: return "Pass this view's `window?.windowScene` (in SwiftUI, \(swiftUI))."
        case .swiftUIView: return "In SwiftUI, use \(swiftUI) instead."
        default: return "In SwiftUI, use \(swiftUI); in UIKit, pass the presenting view's `window?.windowScene`."
        }
    }
}
