import SeamLintCore

/// Objective-C global scene and window lookups, returned in the same `SceneLookup` model as the
/// Swift ones so that `connected_scenes_first` and `key_window_lookup` split them the same way.
extension SourceFile {
    /// Every statement that picks one scene or window out of the application's collections:
    /// `connectedScenes.anyObject`, `connectedScenes.allObjects.firstObject` / `[0]` /
    /// `objectAtIndex:`, `windows.firstObject` / `.lastObject` / `[0]`, and `keyWindow` — in property
    /// or message syntax, through casts in parentheses and `filtered…UsingPredicate:`.
    ///
    /// Receivers: `[UIApplication sharedApplication]` (or `UIApplication.sharedApplication`), `self`
    /// in a `UIApplication` category or subclass, and a parameter or local declared `UIApplication *`
    /// in the same method. A predicate that compares with a value (`%@`) selects a definite element
    /// and is not reported, nor is code that is not compiled for iOS (`#if TARGET_OS_TV`). Locals holding a collection are not followed. One lookup per statement.
    func objectiveCSceneLookups() -> [SceneLookup] {
        guard mentionsText("connectedScenes") || mentionsText("windows") || mentionsText("keyWindow") else { return [] }
        let containers = objectiveCContainers()
        let reviewCalls = ObjectiveCReviewCalls()
        var lookups: [SceneLookup] = []
        // Code in a branch not compiled for iOS (`#if TARGET_OS_TV`) picks nothing on iOS.
        for index in code.indices where code[index].kind == .identifier && !isExcludedFromIOS(at: index) {
            let origin: SceneLookupOrigin
            if tokenIs(index, "connectedScenes") { origin = .connectedScenes }
            else if tokenIs(index, "windows") { origin = .applicationWindows }
            else if tokenIs(index, "keyWindow") { origin = .applicationKeyWindow }
            else { continue }
            guard let step = objectiveCStep(at: index), step.kind == .property || step.kind == .message,
                  objectiveCMessage(withFirstPiece: index)?.isUnary ?? true,
                  let receiverEnd = objectiveCStep(endingAt: step.end)?.receiverEnd,
                  isObjectiveCApplication(endingAt: receiverEnd, at: index, containers) else { continue }
            if let lookup = objectiveCLookup(origin: origin, step: step, reviewCalls) { lookups.append(lookup) }
        }
        return foldObjectiveCStatements(lookups)
    }

    private enum PickedValue { case sceneCollection, windowCollection, scene, window }

    private func objectiveCLookup(origin: SceneLookupOrigin, step: ObjectiveCStep, _ reviewCalls: ObjectiveCReviewCalls) -> SceneLookup? {
        var pick: Int?
        var pickEnd = step.end
        var pickText = ""
        var pickedWindow = false
        var value: PickedValue
        switch origin {
        case .connectedScenes: value = .sceneCollection
        case .applicationWindows: value = .windowCollection
        case .applicationKeyWindow:
            pick = step.token
            pickText = pickSpelling(step)
            pickedWindow = true
            value = .window
        }
        var end = step.end
        walk: while value != .window, let next = objectiveCStep(after: end) {
            end = next.end
            switch value {
            case .sceneCollection, .windowCollection:
                if isPick(next) {
                    if pick == nil { pick = next.token; pickText = pickSpelling(next) }
                    pickEnd = next.end
                    pickedWindow = value == .windowCollection
                    value = value == .sceneCollection ? .scene : .window
                } else if isCollectionTransform(next) {
                    if isIdentifyingFilter(next) { return nil }
                } else {
                    break walk   // counted, iterated, or handed on: not a pick
                }
            case .scene:
                if nameIs(next, "windows") {
                    value = .windowCollection
                } else if nameIs(next, "keyWindow") {
                    pickedWindow = true
                    pickEnd = next.end
                    value = .window
                } else {
                    break walk
                }
            case .window:
                break walk
            }
        }
        guard let pick else { return nil }
        // `….keyWindow.traitCollection.userInterfaceIdiom`: the device's idiom, the same in every window.
        // (A token test first: reading the message around the pick costs its length.)
        var after = pickEnd + 1
        while after < code.count, code[after].kind == .rightParen, after - pickEnd < 8 { after += 1 }
        if tokenIs(after, "traitCollection") || (code[after].kind == .period && tokenIs(after + 1, "traitCollection")),
           let traits = objectiveCStep(after: pickEnd), traits.kind != .subscript, tokenIs(traits.token, "traitCollection"),
           let idiom = objectiveCStep(after: traits.end), idiom.kind != .subscript, tokenIs(idiom.token, "userInterfaceIdiom") {
            return nil
        }
        return SceneLookup(result: pickedWindow ? .window : .scene, origin: origin, pick: pick,
                           start: objectiveCExpressionStart(endingAt: pickEnd, atMost: pick), pickEnd: pickEnd,
                           pickText: pickText,
                           statementStart: objectiveCStatementStart(containing: pick), foldedPicks: 0, local: nil,
                           storeKitCall: objectiveCStoreKitCall(receiving: pick, reviewCalls))
    }

    /// The first token of the expression ending at `end`: its first name, or the `[` of the
    /// outermost message send in it (`[UIApplication sharedApplication]`, `[[… windows] firstObject]`).
    private func objectiveCExpressionStart(endingAt end: Int, atMost bound: Int) -> Int {
        var start = bound
        for step in objectiveCPath(endingAt: end) {
            switch step.kind {
            case .name: start = min(start, step.token)
            case .message: start = min(start, Int(matching[step.end]))
            case .property, .subscript: continue
            }
        }
        return start
    }

    private func nameIs(_ step: ObjectiveCStep, _ word: StaticString) -> Bool {
        step.kind != .subscript && tokenIs(step.token, word)
    }

    /// `anyObject`, `firstObject`, `lastObject`, `[i]`, `objectAtIndex:`.
    private func isPick(_ step: ObjectiveCStep) -> Bool {
        step.kind == .subscript || nameIs(step, "anyObject") || nameIs(step, "firstObject") || nameIs(step, "lastObject")
            || (step.kind == .message && nameIs(step, "objectAtIndex"))
    }

    private func isCollectionTransform(_ step: ObjectiveCStep) -> Bool {
        nameIs(step, "allObjects") || nameIs(step, "filteredSetUsingPredicate") || nameIs(step, "filteredArrayUsingPredicate")
            || nameIs(step, "sortedArrayUsingDescriptors") || nameIs(step, "sortedArrayUsingComparator")
            || nameIs(step, "reverseObjectEnumerator")
    }

    /// A filter whose predicate format compares with a value (`@"session == %@"`).
    private func isIdentifyingFilter(_ step: ObjectiveCStep) -> Bool {
        guard step.kind == .message, let message = objectiveCMessage(withFirstPiece: step.token),
              let argument = message.arguments.first else { return false }
        for index in argument where code[index].kind == .stringSegment && tokenContains(index, "%@") { return true }
        return false
    }

    private func pickSpelling(_ step: ObjectiveCStep) -> String {
        switch step.kind {
        case .subscript:
            let range = Int(code[step.token].start)..<code[step.end].end
            return range.count <= 12 ? text(range) : "[…]"
        case .message:
            let message = objectiveCMessage(withFirstPiece: step.token)
            return message.map { objectiveCSelector(of: $0) } ?? text(at: step.token)
        default:
            return "." + text(at: step.token)
        }
    }

    /// `[UIApplication sharedApplication]`, `UIApplication.sharedApplication`, `self` in a
    /// `UIApplication` category, or a name declared `UIApplication *` in the method around `use`.
    func isObjectiveCApplication(endingAt end: Int, at use: Int, _ containers: [ObjectiveCContainer]) -> Bool {
        let path = objectiveCPath(endingAt: end)
        if path.count == 2, path[0].kind == .name, isName(path[0].token, "UIApplication"),
           path[1].kind != .subscript, tokenIs(path[1].token, "sharedApplication") {
            return true
        }
        guard path.count == 1, path[0].kind == .name else { return false }
        let name = path[0].token
        if isName(name, "self") || isName(name, "super") {
            return objectiveCWindowHost(at: use, in: containers) == .applicationHelper
        }
        guard let (_, method) = objectiveCMethod(containing: use, in: containers) else { return false }
        var index = method.start
        while index < name {
            defer { index += 1 }
            guard isName(index, "UIApplication"), tokenIs(index + 1, "*") else { continue }
            var declared = index + 2
            // Qualifiers (`_Nonnull`, `const`) before the name, and the `)` of a parameter type.
            while declared + 1 < name {
                let isQualifier = isNameLike(declared) && (tokenHasPrefix(declared, "_") || tokenIs(declared, "const"))
                    && (isNameLike(declared + 1) || code[declared + 1].kind == .rightParen)
                guard isQualifier || code[declared].kind == .rightParen else { break }
                declared += 1
            }
            if sameText(declared, name) { return true }
        }
        return false
    }

    /// One lookup per statement: the earliest pick, the others counted as fallbacks.
    private func foldObjectiveCStatements(_ lookups: [SceneLookup]) -> [SceneLookup] {
        var byStatement: [Int: SceneLookup] = [:]
        for lookup in lookups {
            guard var existing = byStatement[lookup.statementStart] else {
                byStatement[lookup.statementStart] = lookup
                continue
            }
            if lookup.pick < existing.pick {
                var replacement = lookup
                replacement.foldedPicks = existing.foldedPicks + 1
                if existing.result == .window { replacement.result = .window }
                byStatement[lookup.statementStart] = replacement
            } else {
                existing.foldedPicks += 1
                if lookup.result == .window { existing.result = .window }
                byStatement[lookup.statementStart] = existing
            }
        }
        return byStatement.values.sorted { $0.pick < $1.pick }
    }

    /// `[SKStoreReviewController requestReviewInScene:…]` receiving the pick, directly or through
    /// the local the statement declares (`UIWindowScene *scene = …anyObject;`).
    func objectiveCStoreKitCall(receiving pick: Int, _ reviewCalls: ObjectiveCReviewCalls = ObjectiveCReviewCalls())
        -> StoreKitSceneCall? {
        if reviewCalls.isInReviewRequest(Int(parent[pick]), in: self) { return .storeReviewControllerRequestReview }
        let start = objectiveCStatementStart(containing: pick)
        // The statement's first `name =`, scanned once per statement however many picks it holds.
        var (index, name) = reviewCalls.assignments[start] ?? (start, nil)
        let scanned = index
        while name == nil && index < pick {
            if tokenIs(index + 1, "="), isNameLike(index), index > start { name = index; break }
            index += 1
        }
        reviewCalls.assignments[start] = (index, name)
        ScalingCounter.add(index - scanned + 1)
        guard let name, name < pick else { return nil }
        let scope = Int(parent[start])
        let end = scope >= 0 && matching[scope] > scope ? Int(matching[scope]) : code.count
        // The `requestReviewInScene:` calls from `pick` to the scope's end that take `name`.
        let calls = reviewCalls.calls(in: self)[Array(bytes(at: name))] ?? []
        var low = 0, high = calls.count
        while low < high {
            let middle = (low + high) / 2
            if calls[middle].call < pick { low = middle + 1 } else { high = middle }
        }
        while low < calls.count && calls[low].call < end {
            if calls[low].argument < end { return .storeReviewControllerRequestReview }
            low += 1
        }
        return nil
    }
}

/// The `requestReviewInScene:` calls of an Objective-C file indexed once by their argument's text,
/// and each statement's first assignment as far as scanned: every lookup read the rest of its
/// scope for a call before, quadratic in the lookups of one method.
final class ObjectiveCReviewCalls {
    private var byArgument: [[UInt8]: [(call: Int, argument: Int)]]?
    var assignments: [Int: (scannedTo: Int, name: Int?)] = [:]
    /// By `[`/`(`/`{`: whether it or a bracket around it is a `requestReviewInScene:` message.
    private var inReviewRequest: [Int: Bool] = [:]

    /// True when bracket `open` or one around it is a message with a `requestReviewInScene` piece.
    /// Remembered for every bracket passed: each pick walked out through every bracket around it,
    /// parsing each message again (quadratic in the nesting of messages and calls).
    func isInReviewRequest(_ open: Int, in file: SourceFile) -> Bool {
        var passed: [Int] = []
        var cursor = open
        var answer = false
        while cursor >= 0 {
            if let known = inReviewRequest[cursor] { answer = known; break }
            if let message = file.objectiveCMessage(at: cursor),
               message.pieces.contains(where: { file.tokenIs($0, "requestReviewInScene") }) {
                answer = true
                inReviewRequest[cursor] = true
                break
            }
            passed.append(cursor)
            cursor = Int(file.parent[cursor])
        }
        for bracket in passed { inReviewRequest[bracket] = answer }
        ScalingCounter.add(passed.count + 1)
        return answer
    }

    func calls(in file: SourceFile) -> [[UInt8]: [(call: Int, argument: Int)]] {
        if let byArgument { return byArgument }
        var calls: [[UInt8]: [(call: Int, argument: Int)]] = [:]
        for index in file.code.indices where file.isName(index, "requestReviewInScene") && file.tokenIs(index + 1, ":") {
            var argument = index + 2
            guard argument < file.code.count else { continue }
            if file.code[argument].kind == .leftParen, file.matching[argument] > argument { argument = Int(file.matching[argument]) + 1 }
            guard argument < file.code.count else { continue }
            calls[Array(file.bytes(at: argument)), default: []].append((index, argument))
        }
        ScalingCounter.add(file.code.count)
        byArgument = calls
        return calls
    }
}
