import SeamLintCore

/// Objective-C's part of the scene and window provenance (`SceneProvenance`), recorded with
/// `key_window_lookup`'s facts:
/// - *helpers*: methods (category or class, `-` or `+`) and C functions that return an object and
///   whose `return` reads a global pick (`connectedScenes.anyObject`, `windows.firstObject`,
///   `keyWindow`), directly or through a local, or another helper;
/// - *uses*: `requestReviewInScene:` whose scene comes from a helper, a local holding one, or a
///   parameter of the method around it (then every caller must pass a global scene), and reads of
///   the app delegate's `window` (`[UIApplication sharedApplication].delegate.window`,
///   `((AppDelegate *)…delegate).window`, a local holding the delegate);
/// - a class adopting `UIWindowSceneDelegate` (outside code not compiled for iOS and tvOS, watchOS
///   or macOS folders): the app's windows belong to scenes.
///
/// Messages and calls are matched with the project's helpers by name, as Swift's are: a selector's
/// first piece (`currentScene` for `- (UIWindowScene *)currentScene`), a function's name.
/// Parameters of C functions are not followed to their callers.
struct ObjectiveCSceneProvenanceCollector {
    let file: SourceFile
    let context: RuleContext
    let containers: [ObjectiveCContainer]
    /// Picks of global lookups (`objectiveCSceneLookups()`), ascending.
    let picks: [Int]
    var facts = SceneProvenanceFacts()
    /// False (tests that compare both paths): every argument's flow is followed (`mayCarryScene`).
    var skipsArgumentsWithoutScenes = true
    /// Per method or function body (its `{`): locals by name and the expressions assigned to them.
    private var localsByBody: [Int: [String: [Range<Int>]]] = [:]
    /// The flows of locals' values already followed, by where the value starts and the depth it
    /// was followed at: a local read many times (or assigned from itself) is followed once per depth.
    private var localFlows: [LocalValue: ProvenanceFlow] = [:]

    private struct LocalValue: Hashable {
        var start: Int
        var depth: Int
    }

    init(context: RuleContext, lookups: [SceneLookup]) {
        self.context = context
        file = context.file
        containers = file.objectiveCContainers()
        picks = lookups.map(\.pick).sorted()
    }

    /// A body with its owner: the method (in a container) or the C function.
    struct Body {
        var open: Int
        var close: Int
        var name: Int
        var owner: String?
        var isStatic: Bool
        var context: [String]
        var returnsObject: Bool
        /// Parameters (name tokens) and, for a method, the selector piece before each.
        var parameters: [Int]
        var pieces: [Int]
    }

    mutating func collect() -> SceneProvenanceFacts {
        for container in containers where container.protocols.contains(where: { file.isName($0, "UIWindowSceneDelegate") }) {
            if !file.isExcludedFromIOS(at: container.start), !file.pathNamesOtherPlatform { facts.declaresScenes = true }
        }
        let bodies = methodBodies() + functionBodies()
        for body in bodies {
            facts.declare(file.text(at: body.name))
            if body.returnsObject { recordHelper(body) }
            recordUses(in: body)
        }
        return facts
    }

    // MARK: Bodies

    private func methodBodies() -> [Body] {
        var bodies: [Body] = []
        for container in containers where container.kind == .implementation {
            guard let nameToken = container.name else { continue }
            let owner = file.text(at: nameToken)
            var context = [owner]
            if let superclass = file.objectiveCSuperclass(of: nameToken, in: containers) { context.append(file.text(at: superclass)) }
            for method in container.methods {
                guard let open = method.bodyOpen, let close = method.bodyClose, let first = method.pieces.first else { continue }
                let type = method.start + 1
                var returnsObject = false
                if file.code[type].kind == .leftParen, file.matching[type] > type {
                    returnsObject = returnsObjectType(type + 1..<Int(file.matching[type]))
                }
                bodies.append(Body(open: open, close: close, name: first, owner: owner, isStatic: method.isClassMethod,
                                   context: context, returnsObject: returnsObject, parameters: method.parameters,
                                   pieces: method.pieces))
            }
        }
        return bodies
    }

    /// `UIWindowScene *CurrentScene(void) { … }`, `static UIWindow *KeyWindow() { … }` at the top level.
    private func functionBodies() -> [Body] {
        let code = file.code
        var bodies: [Body] = []
        for index in code.indices where code[index].kind == .leftParen && index > 1 && file.parent[index] < 0 {
            let name = index - 1
            guard code[name].kind == .identifier, file.matching[index] > index else { continue }
            let close = Int(file.matching[index])
            guard close + 1 < code.count, code[close + 1].kind == .leftBrace, file.matching[close + 1] > close + 1 else { continue }
            // The return type ends in `*` (or is `id`): `UIWindowScene *Name(`, `id Name(`.
            guard file.tokenIs(name - 1, "*") || file.isName(name - 1, "id") else { continue }
            bodies.append(Body(open: close + 1, close: Int(file.matching[close + 1]), name: name, owner: nil, isStatic: false,
                               context: [], returnsObject: true, parameters: [], pieces: []))
        }
        return bodies
    }

    /// `UIWindowScene *`, `id`, `__kindof UIWindow *`, `nullable UIWindow *`: not `void`, `BOOL`, `CGFloat` ….
    private func returnsObjectType(_ range: Range<Int>) -> Bool {
        if range.contains(where: { file.tokenIs($0, "*") }) { return true }
        return range.count == 1 && (file.isName(range.lowerBound, "id") || file.isName(range.lowerBound, "instancetype"))
    }

    // MARK: Helpers

    private mutating func recordHelper(_ body: Body) {
        var flow = ProvenanceFlow()
        var index = body.open + 1
        while index < body.close {
            if file.code[index].kind == .leftBrace, file.isObjectiveCBlockBody(index), file.matching[index] > index {
                index = Int(file.matching[index]) + 1   // a block's `return` is not the method's
                continue
            }
            if file.code[index].keyword == .return || file.isName(index, "return") {
                let end = statementEnd(from: index + 1, limit: body.close)
                flow.merge(self.flow(of: index + 1..<end, in: body, depth: 0))
                index = end
            }
            index += 1
        }
        guard !flow.isEmpty, flow.global != nil || !flow.references.isEmpty || flow.delegateWindow != nil || flow.appDelegate else { return }
        facts.helpers.append(ProvenanceHelper(name: file.text(at: body.name), site: context.factLocation(at: body.name),
                                              owner: body.owner, isStatic: body.isStatic, context: body.context, flow: flow))
    }

    /// The `;` ending the statement that starts at `start` (at the same depth), or `limit`.
    private func statementEnd(from start: Int, limit: Int) -> Int {
        let depth = file.parent[max(start - 1, 0)]
        var index = start
        while index < limit {
            if file.code[index].kind == .semicolon, file.parent[index] == depth { return index }
            index += 1
        }
        return limit
    }

    // MARK: Flows

    /// `T *name = value;` and `name = value;` in `body`: the value's range, per name.
    private mutating func locals(of body: Body) -> [String: [Range<Int>]] {
        if let known = localsByBody[body.open] { return known }
        var result: [String: [Range<Int>]] = [:]
        for index in body.open + 1..<body.close where file.tokenIs(index, "=") && file.code[index - 1].kind == .identifier {
            // Not `a.b = …` (a property set) nor `==`.
            if index >= 2, file.code[index - 2].kind == .period { continue }
            let end = statementEnd(from: index + 1, limit: body.close)
            result[file.text(at: index - 1), default: []].append(index + 1..<end)
        }
        localsByBody[body.open] = result
        return result
    }

    private static func first(of picks: [Int], in range: Range<Int>) -> Int? {
        SceneProvenanceCollector.first(of: picks, in: range)
    }

    /// Where the value of the expression in `range` comes from.
    mutating func flow(of range: Range<Int>, in body: Body, depth: Int) -> ProvenanceFlow {
        var flow = ProvenanceFlow()
        guard !range.isEmpty, depth < 4 else { return flow }
        if let pick = Self.first(of: picks, in: range) { flow.global = context.factLocation(at: pick) }
        let code = file.code
        let locals = self.locals(of: body)
        for index in range where code[index].kind == .identifier {
            let previous = code[index - 1]
            if let delegate = applicationDelegate(at: index) {
                if let window = windowRead(after: delegate) { flow.delegateWindow = context.factLocation(at: window) }
                else if range.contains(delegate.end), file.objectiveCStep(after: delegate.end) == nil { flow.appDelegate = true }
                continue
            }
            if previous.kind == .period {
                // `self.currentScene`, `SceneHelper.activeScene`, `x.scene`.
                let receiver = index - 2
                flow.add(ProvenanceReference(name: file.text(at: index), form: form(ofReceiverEndingAt: receiver)))
                continue
            }
            if let message = file.objectiveCMessage(withFirstPiece: index) {
                flow.add(ProvenanceReference(name: file.text(at: index), form: form(ofReceiverEndingAt: message.receiver.upperBound)))
                continue
            }
            if code[index + 1].kind == .leftParen, previous.kind != .period {
                flow.add(ProvenanceReference(name: file.text(at: index), form: .unqualified))
                continue
            }
            let name = file.text(at: index)
            if let assigned = locals[name], previous.kind != .period {
                for value in assigned where !value.contains(index) {
                    var local = localFlow(of: value, in: body, depth: depth + 1)
                    if local.appDelegate, let window = windowRead(afterName: index) {
                        local.delegateWindow = context.factLocation(at: window)
                    }
                    flow.merge(local)
                }
            } else if let position = body.parameters.firstIndex(where: { file.sameText($0, index) }), !flow.parameters.contains(name) {
                _ = position
                flow.parameters.append(name)
            }
        }
        return flow
    }

    /// `flow(of:in:depth:)` of a local's assigned `value` (values start at distinct tokens).
    private mutating func localFlow(of value: Range<Int>, in body: Body, depth: Int) -> ProvenanceFlow {
        let key = LocalValue(start: value.lowerBound, depth: depth)
        if let known = localFlows[key] { return known }
        let flow = self.flow(of: value, in: body, depth: depth)
        localFlows[key] = flow
        return flow
    }

    /// How a member read on the expression ending at `end` is written.
    private func form(ofReceiverEndingAt end: Int) -> ProvenanceReference.Form {
        let path = file.objectiveCPath(endingAt: end)
        if path.count == 1, path[0].kind == .name {
            let name = path[0].token
            if file.isName(name, "self") { return .selfMember }
            if file.isCapitalized(name) { return .staticMember(file.text(at: name)) }
            return .member
        }
        if path.count == 2, path[0].kind == .name, file.isName(path[0].token, "UIApplication"),
           path[1].kind != .subscript, file.tokenIs(path[1].token, "sharedApplication") {
            return .application
        }
        return .member
    }

    /// `[UIApplication sharedApplication].delegate` / `[[UIApplication sharedApplication] delegate]`
    /// whose `delegate` is at `index`.
    private func applicationDelegate(at index: Int) -> ObjectiveCStep? {
        guard file.isName(index, "delegate"), let step = file.objectiveCStep(at: index),
              step.kind == .property || (step.kind == .message && file.objectiveCMessage(withFirstPiece: index)?.isUnary == true),
              let receiverEnd = file.objectiveCStep(endingAt: step.end)?.receiverEnd else { return nil }
        let path = file.objectiveCPath(endingAt: receiverEnd)
        guard path.count == 2, path[0].kind == .name, file.isName(path[0].token, "UIApplication"), path[1].kind != .subscript,
              file.tokenIs(path[1].token, "sharedApplication") else { return nil }
        return step
    }

    /// The `window` read (not assigned) right after the expression ending with `step`, through a cast in parentheses.
    private func windowRead(after step: ObjectiveCStep) -> Int? {
        guard let next = file.objectiveCStep(after: step.end) else { return nil }
        return isWindowRead(next) ? next.token : nil
    }

    private func windowRead(afterName index: Int) -> Int? {
        guard let next = file.objectiveCStep(after: index) else { return nil }
        return isWindowRead(next) ? next.token : nil
    }

    private func isWindowRead(_ step: ObjectiveCStep) -> Bool {
        guard step.kind == .property || step.kind == .message, file.isName(step.token, "window") else { return false }
        if step.kind == .message, file.objectiveCMessage(withFirstPiece: step.token)?.isUnary != true { return false }
        return !(step.end + 1 < file.code.count && file.tokenIs(step.end + 1, "="))
    }

    // MARK: Uses

    private mutating func recordUses(in body: Body) {
        let code = file.code
        for index in body.open + 1..<body.close where code[index].kind == .identifier && !file.isExcludedFromIOS(at: index) {
            if file.isName(index, "requestReviewInScene"), file.tokenIs(index + 1, ":"),
               let message = file.objectiveCMessage(withFirstPiece: index), let argument = message.arguments.first {
                recordReview(message, argument: argument, body: body)
            } else if file.isName(index, "window"), let use = delegateWindowRead(at: index, body: body) {
                facts.uses.append(use)
            } else if let message = file.objectiveCMessage(withFirstPiece: index), !message.arguments.isEmpty {
                recordCall(message, body: body)
            }
        }
    }

    private mutating func recordReview(_ message: ObjectiveCMessage, argument: Range<Int>, body: Body) {
        // A pick in the argument (or in the local it reads) is reported as a lookup already.
        var flow = self.flow(of: argument, in: body, depth: 0)
        guard flow.global == nil, flow.delegateWindow == nil else { return }
        var sink: ParameterSink?
        if argument.count == 1, let position = body.parameters.firstIndex(where: { file.sameText($0, argument.lowerBound) }),
           !body.pieces.isEmpty {
            sink = ParameterSink(function: file.text(at: body.pieces[0]), label: position == 0 ? "_" : file.text(at: body.pieces[position]),
                                 position: position, parameter: file.text(at: argument.lowerBound))
        }
        guard !flow.references.isEmpty || sink != nil else { return }
        if sink == nil { flow.parameters = [] }
        let host = file.objectiveCWindowHost(at: message.pieces[0], in: containers)
        facts.uses.append(ProvenanceUse(kind: .storeKit(.storeReviewControllerRequestReview),
                                        site: context.factLocation(from: message.open, through: message.close, anchor: message.pieces[0]),
                                        help: Self.reviewHelp(host), context: body.context, flow: flow, sink: sink,
                                        objectiveC: true))
    }

    private mutating func delegateWindowRead(at window: Int, body: Body) -> ProvenanceUse? {
        guard let step = file.objectiveCStep(at: window), isWindowRead(step),
              let receiverEnd = file.objectiveCStep(endingAt: step.end)?.receiverEnd else { return nil }
        var flow = ProvenanceFlow()
        let path = file.objectiveCPath(endingAt: receiverEnd)
        guard let last = path.last else { return nil }
        if let delegate = applicationDelegate(at: last.token), delegate.end == last.end {
            flow.delegateWindow = context.factLocation(at: window)
        } else if path.count == 1, last.kind == .name {
            // `appDelegate.window` with `AppDelegate *appDelegate = (AppDelegate *)…delegate;`
            let local = self.flow(of: last.token..<last.token + 1, in: body, depth: 0)
            guard local.appDelegate || local.delegateWindow != nil else { return nil }
            flow.delegateWindow = context.factLocation(at: window)
        } else {
            return nil
        }
        // The outermost `[` of the receiver (`[UIApplication sharedApplication]`), or its first name.
        let start = path.map { $0.kind == .message ? Int(file.matching[$0.end]) : $0.token }.min() ?? window
        let host = file.objectiveCWindowHost(at: window, in: containers)
        return ProvenanceUse(kind: .delegateWindow, site: context.factLocation(from: min(start, window), through: step.end, anchor: window),
                             help: Self.windowHelp(host), context: body.context, flow: flow, objectiveC: true)
    }

    /// Arguments that may carry a scene (`[Reviewer askInScene:[UIApplication currentScene]]`): for
    /// parameters a `requestReviewInScene:` reads, matched by selector piece and position.
    private mutating func recordCall(_ message: ObjectiveCMessage, body: Body) {
        for (position, argument) in message.arguments.enumerated() where position < message.pieces.count {
            let label = file.text(at: message.pieces[position])
            guard position == 0 || Self.spells(label, ignoringCase: "scene") else { continue }
            let passesNil = argument.count == 1 && (file.isName(argument.lowerBound, "nil") || file.code[argument.lowerBound].keyword == .nil)
            guard passesNil || !skipsArgumentsWithoutScenes || mayCarryScene(argument, in: body) else { continue }
            var flow = self.flow(of: argument, in: body, depth: 0)
            guard flow.global != nil || !flow.parameters.isEmpty || passesNil || flow.references.contains(where: {
                Self.spells($0.name, ignoringCase: "scene") || Self.spells($0.name, ignoringCase: "window")
            }) else { continue }
            let passesParameter = !flow.parameters.isEmpty
            flow.parameters = []
            facts.calls.append(ProvenanceCall(callee: file.text(at: message.pieces[0]), label: position == 0 ? "_" : label,
                                              position: position, site: context.factLocation(at: message.pieces[0]),
                                              context: body.context, flow: flow, passesNil: passesNil,
                                              passesParameter: passesParameter))
        }
    }

    /// False when the flow of `argument` cannot pass `recordCall`'s test, known without following
    /// it: a flow's global pick lies in the argument, its parameters and names are names spelled
    /// there, and the rest comes from locals named there. Most messages' first arguments hold none
    /// of these, and following each one (a lookup per name) was most of the collector's time.
    private mutating func mayCarryScene(_ argument: Range<Int>, in body: Body) -> Bool {
        if Self.first(of: picks, in: argument) != nil { return true }
        let locals = self.locals(of: body)
        for index in argument where file.code[index].kind == .identifier {
            if Self.spells(file.bytes(at: index), ignoringCase: "scene") || Self.spells(file.bytes(at: index), ignoringCase: "window") {
                return true
            }
            if body.parameters.contains(where: { file.sameText($0, index) }) { return true }
            if !locals.isEmpty, locals[file.text(at: index)] != nil { return true }
        }
        return false
    }

    /// `spells(_:ignoringCase:)` over a token's bytes.
    static func spells(_ bytes: ArraySlice<UInt8>, ignoringCase word: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { spellsInBuffer($0, ignoringCase: word) }
    }

    /// Whether `text` holds `word` (lowercase ASCII letters) in any letter case: every message's
    /// first argument is checked, so no lowercased copy is made.
    static func spells(_ text: String, ignoringCase word: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { spellsInBuffer($0, ignoringCase: word) }
    }

    private static func spellsInBuffer(_ bytes: UnsafeBufferPointer<UInt8>, ignoringCase word: StaticString) -> Bool {
        word.withUTF8Buffer { needle in
            guard bytes.count >= needle.count else { return false }
            return (0...bytes.count - needle.count).contains { start in
                // `| 0x20` lowercases an ASCII letter; no other byte lowers to one.
                needle.indices.allSatisfy { bytes[start + $0] | 0x20 == needle[$0] }
            }
        }
    }

    // MARK: Help

    static func reviewHelp(_ host: WindowHost) -> String {
        switch host {
        case .viewController: return "Pass `self.view.window.windowScene` (set from `-viewIsAppearing:` on)."
        case .view: return "Pass `self.window.windowScene` (set from `-didMoveToWindow` on)."
        case .sceneDelegate: return "Pass the scene this delegate was connected to (`self.window.windowScene`)."
        default: return "Pass in the scene of the window the prompt is for (the caller's `view.window.windowScene`)."
        }
    }

    static func windowHelp(_ host: WindowHost) -> String {
        switch host {
        case .viewController: return "Use `self.view.window` (set from `-viewIsAppearing:` on)."
        case .view: return "Use `self.window` (set from `-didMoveToWindow` on)."
        case .sceneDelegate: return "Use this scene delegate's own `window`."
        default: return "Pass in the view or `UIWindowScene` this work is for and use its `window` or `keyWindow` (iOS 15+)."
        }
    }
}
