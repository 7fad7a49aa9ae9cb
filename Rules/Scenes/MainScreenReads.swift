import SeamLintCore

/// What a read of the main screen is used for, for messages.
enum MainScreenMember: Sendable, Equatable {
    /// `bounds`, `nativeBounds`, the coordinate spaces, `applicationFrame`.
    case bounds
    /// `scale`, `nativeScale`.
    case scale
    /// `traitCollection` (other than its `userInterfaceIdiom`).
    case traits
    /// The screen itself, handed on or read for another property.
    case screen
}

/// One statement's reads of the built-in screen.
struct MainScreenRead: Sendable {
    /// First and last code index of the first read: `UIScreen` (or `[`) through the member read.
    var start: Int
    var end: Int
    var member: MainScreenMember
    /// How messages name the read: `UIScreen.main.bounds`, `[UIScreen mainScreen].scale`.
    var spelling: String
    /// Further reads in the same statement folded into this one.
    var foldedReads = 0
}

extension SourceFile {
    /// Reads of `UIScreen.main` / `UIScreen.screens.first` (`[0]`) for what a window decides, one per
    /// statement. Also `main` and `Self.main` in static code of `extension UIScreen`. Not reported:
    /// device properties (`brightness`, `isCaptured` …), comparisons with another screen, code outside
    /// iOS (`#if os(macOS)` …), code that only runs before iOS 13, previews.
    func mainScreenReads() -> [MainScreenRead] {
        var reads: [MainScreenRead] = []
        for index in code.indices where code[index].kind == .identifier {
            guard let (start, last) = mainScreenExpression(at: index) else { continue }
            guard let read = mainScreenRead(start: start, screenEnd: last) else { continue }
            reads.append(read)
        }
        // Each walk back stops at the previous read: linear in the statement, however many reads it holds.
        var earlier: (chainStart: Int, statementStart: Int)?
        return foldMainScreenReads(reads) { start in
            let statement = statementStart(containing: start, after: earlier)
            earlier = (chainStart(containing: start), statement)
            return statement
        }
    }

    /// `UIScreen.main`, `UIKit.UIScreen.main`, `UIScreen.screens.first`, `UIScreen.screens[0]`, or
    /// `main` / `Self.main` in static code of `extension UIScreen`: the first and last code index.
    private func mainScreenExpression(at index: Int) -> (start: Int, end: Int)? {
        if tokenIs(index, "UIScreen") {
            guard code[index + 1].kind == .period else { return nil }
            var start = index
            if code[index - 1].kind == .period {
                guard isName(index - 2, "UIKit"), code[index - 3].kind != .period else { return nil }
                start = index - 2
            }
            let member = index + 2
            if isName(member, "main") { return (start, member) }
            guard isName(member, "screens") else { return nil }
            if code[member + 1].kind == .period, isName(member + 2, "first"), code[member + 3].kind != .leftParen,
               code[member + 3].kind != .leftBrace {
                return (start, member + 2)
            }
            if code[member + 1].kind == .leftSquare, code[member + 2].kind == .integerLiteral, tokenIs(member + 2, "0"),
               code[member + 3].kind == .rightSquare {
                return (start, member + 3)
            }
            return nil
        }
        // `main.bounds` / `Self.main.bounds` in a static member of `extension UIScreen`.
        guard isName(index, "main"), code[index + 1].kind == .period else { return nil }
        var start = index
        if code[index - 1].kind == .period {
            guard isName(index - 2, "Self") || isName(index - 2, "self"), code[index - 3].kind != .period else { return nil }
            start = index - 2
        }
        guard let type = enclosingType(of: index), type.kind == .extension, let name = type.name, isName(name, "UIScreen"),
              let member = enclosingDeclarations(of: index).first.map({ declarations[$0] }), !member.isType,
              declaration(member, hasModifier: "static") || declaration(member, hasModifier: "class") else { return nil }
        return (start, index)
    }

    /// The read of the screen expression `start…screenEnd`, or nil when it is not a window's business.
    private func mainScreenRead(start: Int, screenEnd: Int) -> MainScreenRead? {
        // `UIWindow(frame: UIScreen.main.bounds)`: UIKit sizes a window to its scene whatever frame it starts with.
        if isInitialWindowFrame(start) { return nil }
        var member = screenEnd + 1
        if tokenIs(member, "?") || tokenIs(member, "!"), code[member + 1].kind == .period { member += 1 }
        var kind = MainScreenMember.screen
        var end = screenEnd
        if code[member].kind == .period, code[member + 1].kind == .identifier || code[member + 1].kind == .keyword {
            let name = member + 1
            if isDeviceProperty(name) { return nil }
            if isName(name, "traitCollection"), code[name + 1].kind == .period, isName(name + 2, "userInterfaceIdiom") {
                return nil
            }
            if isName(name, "bounds") || isName(name, "nativeBounds") || isName(name, "coordinateSpace")
                || isName(name, "fixedCoordinateSpace") || isName(name, "applicationFrame") {
                // `switch UIScreen.main.nativeBounds.height { case 2436: … }` asks which device this is.
                if isName(name, "nativeBounds"), isDeviceModelCheck(start: start, member: name) { return nil }
                kind = .bounds
            } else if isName(name, "scale") || isName(name, "nativeScale") {
                // `UIScreen.main.scale != UIScreen.main.nativeScale` asks whether Display Zoom is on: a device setting.
                if isDisplayZoomCheck(member: name, start: start) { return nil }
                kind = .scale
            } else if isName(name, "traitCollection") {
                kind = .traits
            }
            end = name
        } else if isComparison(start - 1) || isComparison(screenEnd + 1) || isWindowScreenAssignment(start) {
            // The screen itself compared tells the built-in screen from another: `screen == UIScreen.main`;
            // assigned to a window's `screen`, it chooses the display that window shows on.
            return nil
        } else if let local = screenLocal(boundTo: start), screenLocalIsHarmless(local, after: screenEnd) {
            // `let screen = UIScreen.main` read only for what is not a window's business.
            return nil
        }
        guard !isOutsideIOS(at: start), !isPreviewCode(at: start), !runsOnlyBelowIOS(Version(13), at: start) else { return nil }
        // The screen alone when it is handed on (`UIScreen.main.displayLink(…)`), else with the member.
        let shown = kind == .screen ? screenEnd : end
        let spelling = text(Int(code[start].start)..<code[shown].end).filter { !$0.isWhitespace }
        return MainScreenRead(start: start, end: end, member: kind, spelling: spelling.count <= 40 ? spelling : "UIScreen.main")
    }

    /// The `frame:` argument of `UIWindow(frame:)` (or a `…Window(frame:)` subclass); in Objective-C
    /// of `[[UIWindow alloc] initWithFrame:…]`.
    func isInitialWindowFrame(_ start: Int) -> Bool {
        guard tokenIs(start - 1, ":") else { return false }
        if isName(start - 2, "frame") {
            let open = start - 3
            return code[open].kind == .leftParen && code[open - 1].kind == .identifier && tokenHasSuffix(open - 1, "Window")
        }
        guard isName(start - 2, "initWithFrame"), code[start - 3].kind == .rightSquare, matching[start - 3] >= 0 else { return false }
        let open = Int(matching[start - 3])
        return tokenHasSuffix(open + 1, "Window") && isName(open + 2, "alloc")
    }

    /// `scale` compared with the main screen's `nativeScale`, or the other way round:
    /// `UIScreen.main.scale != UIScreen.main.nativeScale`.
    private func isDisplayZoomCheck(member: Int, start: Int) -> Bool {
        let comparisons: [StaticString] = ["==", "!=", "<", ">", "<=", ">="]
        let other: StaticString = isName(member, "scale") ? "nativeScale" : "scale"
        if comparisons.contains(where: { tokenIs(member + 1, $0) }), isName(member + 2, "UIScreen"),
           code[member + 3].kind == .period, isName(member + 4, "main"), code[member + 5].kind == .period,
           isName(member + 6, other) {
            return true
        }
        return comparisons.contains(where: { tokenIs(start - 1, $0) }) && isName(start - 2, other)
            && code[start - 3].kind == .period && isName(start - 4, "main")
    }

    /// `UIScreen.main.nativeBounds.height` (or `.width`, `.size.height` …) compared or switched on: the
    /// panel's fixed size in pixels tells which device this is (`== 2436`, `case 1792:`), whatever the window.
    private func isDeviceModelCheck(start: Int, member: Int) -> Bool {
        var last = member
        while code[last + 1].kind == .period, code[last + 2].kind == .identifier, last - member < 8 { last += 2 }
        guard last > member else { return false }
        let comparisons: [StaticString] = ["==", "!=", "<", ">", "<=", ">="]
        if comparisons.contains(where: { tokenIs(last + 1, $0) || tokenIs(start - 1, $0) }) { return true }
        return code[start - 1].keyword == .switch && code[last + 1].kind == .leftBrace
    }

    /// The screen itself assigned to a window's `screen` (`window.screen = UIScreen.main`; Objective-C
    /// `[window setScreen:[UIScreen mainScreen]]`): a choice of display, not a read of one.
    func isWindowScreenAssignment(_ start: Int) -> Bool {
        if tokenIs(start - 1, "="), isName(start - 2, "screen"), code[start - 3].kind == .period { return true }
        return tokenIs(start - 1, ":") && tokenIs(start - 2, "setScreen")
    }

    /// The name a declaration binds to the screen expression at `start`: `let screen = UIScreen.main`,
    /// `let screen: UIScreen = …`, Objective-C `UIScreen *screen = [UIScreen mainScreen];`.
    func screenLocal(boundTo start: Int) -> Int? {
        guard tokenIs(start - 1, "=") else { return nil }
        var name = start - 2
        // `let screen: UIScreen = …`
        if isName(name, "UIScreen"), code[name - 1].kind == .colon { name -= 2 }
        guard code[name].kind == .identifier else { return nil }
        if code[name - 1].keyword == .let || code[name - 1].keyword == .var { return name }
        if tokenIs(name - 1, "*"), isName(name - 2, "UIScreen") { return name }
        return nil
    }

    /// True when every use of the local `name` in its scope is a device property, the first frame of a
    /// new window, a comparison, or the window's `screen` assigned: nothing a window decides.
    func screenLocalIsHarmless(_ name: Int, after end: Int) -> Bool {
        // A global can be used anywhere; a local is followed through its scope, up to a bounded
        // number of tokens, so a file of many such locals costs time linear in its length.
        let scope = Int(parent[name])
        guard scope >= 0, matching[scope] > scope else { return false }
        let close = Int(matching[scope])
        guard close - end <= 4096 else { return false }
        var index = end + 1
        var uses = 0
        while index < close {
            defer { index += 1 }
            guard code[index].kind == .identifier, sameText(index, name), code[index - 1].kind != .period else { continue }
            uses += 1
            if uses > 32 { return false }
            if code[index + 1].kind == .period {
                let member = index + 2
                if isDeviceProperty(member) { continue }
                if isName(member, "traitCollection"), code[member + 1].kind == .period, isName(member + 2, "userInterfaceIdiom") {
                    continue
                }
                if isName(member, "bounds"), isInitialWindowFrame(index) { continue }
                return false
            }
            // Objective-C `[screen maximumFramesPerSecond]`.
            if tokenIs(index - 1, "["), isDeviceProperty(index + 1), code[index + 2].kind == .rightSquare { continue }
            if isComparison(index - 1) || isComparison(index + 1) || isWindowScreenAssignment(index) { continue }
            return false
        }
        return true
    }

    private func isComparison(_ index: Int) -> Bool {
        tokenIs(index, "==") || tokenIs(index, "!=") || tokenIs(index, "===") || tokenIs(index, "!==")
    }

    /// Properties of the device rather than of a window.
    func isDeviceProperty(_ name: Int) -> Bool {
        isName(name, "brightness") || isName(name, "wantsSoftwareDimming") || isName(name, "isCaptured")
            || isName(name, "captured") || isName(name, "maximumFramesPerSecond") || isName(name, "calibratedLatency")
            || isName(name, "mirrored") || isName(name, "mirroredScreen")
    }

    /// One read per statement: the first, counting the others.
    func foldMainScreenReads(_ reads: [MainScreenRead], statement: (Int) -> Int) -> [MainScreenRead] {
        var folded: [MainScreenRead] = []
        var lastStatement = -1
        for read in reads {
            let start = statement(read.start)
            if start == lastStatement, !folded.isEmpty {
                folded[folded.count - 1].foldedReads += 1
            } else {
                folded.append(read)
                lastStatement = start
            }
        }
        return folded
    }

    // MARK: Objective-C

    /// `[UIScreen mainScreen]`, `UIScreen.mainScreen`, `[UIScreen screens].firstObject`,
    /// `[[UIScreen screens] objectAtIndex:0]`, `UIScreen.screens[0]`, read for a window's business;
    /// not under `#if TARGET_OS_OSX`, `TARGET_OS_TV`, `TARGET_OS_WATCH` or `!TARGET_OS_IPHONE`.
    func objectiveCMainScreenReads() -> [MainScreenRead] {
        guard mentionsText("mainScreen") || mentionsText("screens") else { return [] }
        var reads: [MainScreenRead] = []
        for index in code.indices where code[index].kind == .identifier {
            let isMain = tokenIs(index, "mainScreen")
            guard isMain || tokenIs(index, "screens"),
                  let step = objectiveCStep(at: index), step.kind == .property || step.kind == .message,
                  objectiveCMessage(withFirstPiece: index)?.isUnary ?? true,
                  let receiverEnd = objectiveCStep(endingAt: step.end)?.receiverEnd else { continue }
            let path = objectiveCPath(endingAt: receiverEnd)
            guard path.count == 1, path[0].kind == .name, isName(path[0].token, "UIScreen") else { continue }
            let start = step.kind == .message ? Int(parent[index]) : path[0].token
            var screenEnd = step.end
            if !isMain {
                guard let pick = objectiveCStep(after: step.end), isFirstScreenPick(pick) else { continue }
                screenEnd = pick.end
            }
            if let read = objectiveCMainScreenRead(start: start, screenEnd: screenEnd) { reads.append(read) }
        }
        return foldMainScreenReads(reads) { objectiveCStatementStart(containing: $0) }
    }

    /// `firstObject`, `[0]`, `objectAtIndex:0`.
    private func isFirstScreenPick(_ step: ObjectiveCStep) -> Bool {
        switch step.kind {
        case .subscript: return tokenIs(step.token + 1, "0") && step.end == step.token + 2
        case .property: return tokenIs(step.token, "firstObject")
        case .message:
            if tokenIs(step.token, "firstObject") { return objectiveCMessage(withFirstPiece: step.token)?.isUnary ?? false }
            guard tokenIs(step.token, "objectAtIndex"), let message = objectiveCMessage(withFirstPiece: step.token),
                  let argument = message.arguments.first else { return false }
            return argument.count == 1 && tokenIs(argument.lowerBound, "0")
        case .name: return false
        }
    }

    private func objectiveCMainScreenRead(start screenStart: Int, screenEnd: Int) -> MainScreenRead? {
        if isComparison(screenStart - 1) || isComparison(screenEnd + 1) || isObjectiveCEqualityArgument(screenStart)
            || isWindowScreenAssignment(screenStart) {
            return nil
        }
        var start = screenStart
        var kind = MainScreenMember.screen
        var end = screenEnd
        if let next = objectiveCStep(after: screenEnd), next.kind == .property || next.kind == .message {
            let name = next.token
            if isDeviceProperty(name) || tokenIs(name, "setBrightness") || tokenIs(name, "setWantsSoftwareDimming") {
                return nil
            }
            if tokenIs(name, "traitCollection"), let idiom = objectiveCStep(after: next.end), idiom.kind != .subscript,
               tokenIs(idiom.token, "userInterfaceIdiom") {
                return nil
            }
            if tokenIs(name, "bounds") || tokenIs(name, "nativeBounds") || tokenIs(name, "coordinateSpace")
                || tokenIs(name, "fixedCoordinateSpace") || tokenIs(name, "applicationFrame") {
                kind = .bounds
            } else if tokenIs(name, "scale") || tokenIs(name, "nativeScale") {
                kind = .scale
            } else if tokenIs(name, "traitCollection") {
                kind = .traits
            }
            end = next.end
            // `[[UIScreen mainScreen] bounds]` starts at the outer `[`.
            if next.kind == .message { start = Int(parent[next.token]) }
        }
        guard !isExcludedFromIOS(at: start), !isInitialWindowFrame(start) else { return nil }
        if kind == .screen, let local = screenLocal(boundTo: start), screenLocalIsHarmless(local, after: end) { return nil }
        let shown = kind == .screen ? screenEnd : end
        let spelling = text(Int(code[kind == .screen ? screenStart : start].start)..<code[shown].end)
        let compact = spelling.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return MainScreenRead(start: start, end: end, member: kind,
                              spelling: compact.count <= 40 ? compact : "[UIScreen mainScreen]")
    }

    /// The argument of `isEqual:` (`[screen isEqual:[UIScreen mainScreen]]`).
    private func isObjectiveCEqualityArgument(_ start: Int) -> Bool {
        guard tokenIs(start - 1, ":"), tokenIs(start - 2, "isEqual") else { return false }
        return true
    }
}
