import SeamLintCore

/// The Objective-C scroll-edge appearances and appearance factories, in the Swift recognisers'
/// models (`ScrollEdgeAssignments.swift`).
extension SourceFile {
    /// `bar.scrollEdgeAppearance = appearance;` and `[bar setScrollEdgeAppearance:appearance]` on a
    /// navigation bar (`navigationBar`, `[UINavigationBar appearance]`) or a navigation item, with the
    /// appearance's opacity worked out from `configureWith…Background` and `backgroundColor` /
    /// `backgroundImage` assignments to the local before it in the method; a message or call that
    /// builds it elsewhere is named in `source`. Code not compiled for iOS (`#if TARGET_OS_TV`) is skipped.
    func objectiveCScrollEdgeAssignments() -> [ScrollEdgeAssignment] {
        guard mentionsText("crollEdgeAppearance") else { return [] }
        let containers = objectiveCContainers()
        var result: [ScrollEdgeAssignment] = []
        let uses = ObjectiveCLocalUses()
        for index in code.indices where code[index].kind == .identifier && !isExcludedFromIOS(at: index) {
            let value: Int
            if isName(index, "scrollEdgeAppearance"), tokenIs(index + 1, "="), index >= 2, code[index - 1].kind == .period {
                guard isNavigationBarPath(endingAt: index - 2) else { continue }
                value = index + 2
            } else if isName(index, "setScrollEdgeAppearance"), tokenIs(index + 1, ":"),
                      let message = objectiveCMessage(withFirstPiece: index) {
                guard isNavigationBarPath(endingAt: message.receiver.upperBound) else { continue }
                value = index + 2
            } else {
                continue
            }
            guard value < code.count else { continue }
            let body = objectiveCMethod(containing: index, in: containers)?.method.bodyOpen ?? 0
            let (opacity, source) = objectiveCAppearanceOpacity(at: value, before: index, body: body, uses: uses)
            result.append(ScrollEdgeAssignment(member: index, opacity: opacity, source: source))
        }
        return result
    }

    private func isNavigationBarPath(endingAt end: Int) -> Bool {
        objectiveCPath(endingAt: end).contains { step in
            step.kind != .subscript && (isName(step.token, "navigationBar") || isName(step.token, "UINavigationBar")
                || isName(step.token, "navigationItem") || isName(step.token, "UINavigationItem"))
        }
    }

    private func objectiveCAppearanceOpacity(at value: Int, before limit: Int, body: Int, uses: ObjectiveCLocalUses)
        -> (AppearanceOpacity, String?) {
        guard let end = expressionEnd(from: value, limit: code.count) else { return (.unknown, nil) }
        let path = objectiveCPath(endingAt: end)
        if path.contains(where: { $0.kind != .subscript && isName($0.token, "UINavigationBarAppearance") }) {
            return (.transparent, nil)   // a fresh appearance: the default, translucent background
        }
        guard let last = path.last else { return (.unknown, nil) }
        if path.count == 1, last.kind == .name, code[last.token].kind == .identifier {
            // The uses of the local from the method's start up to the assignment, read on from where
            // the last assignment of the same local stopped (each read the method from its start).
            let name = Array(bytes(at: last.token))
            let positions = uses.positions(of: name, in: self)
            let key = ObjectiveCLocalUses.Key(body: body, name: name)
            var (cursor, state, reached) = uses.progress[key] ?? (0, nil, Int.min)
            if limit < reached { (cursor, state) = (0, nil) }
            if cursor == 0 {
                var low = 0, high = positions.count
                while low < high {
                    let middle = (low + high) / 2
                    if positions[middle] <= body { low = middle + 1 } else { high = middle }
                }
                cursor = low
            }
            let start = cursor
            while cursor < positions.count && positions[cursor] + 1 < limit {
                state = appearanceConfiguration(of: positions[cursor]) ?? state
                cursor += 1
            }
            ScalingCounter.add(cursor - start + 1)
            uses.progress[key] = (cursor, state, limit)
            return (state ?? .unknown, nil)
        }
        if last.kind == .message || last.kind == .property || code[end].kind == .rightParen {
            let name = last.kind == .subscript ? nil : text(at: last.token)
            return (.unknown, name)
        }
        return (.unknown, nil)
    }

    /// What the use of local `name` at `index` does to the appearance, if it configures it:
    /// `[name configureWithOpaqueBackground]`, `name.backgroundColor = …`, `name = [[… alloc] init]`.
    private func appearanceConfiguration(of index: Int) -> AppearanceOpacity? {
        if let step = objectiveCStep(after: index), step.kind == .message {
            if tokenIs(step.token, "configureWithOpaqueBackground") { return .opaque }
            if tokenIs(step.token, "configureWithTransparentBackground") || tokenIs(step.token, "configureWithDefaultBackground") {
                return .transparent
            }
        }
        if index + 3 < code.count, code[index + 1].kind == .period,
           isName(index + 2, "backgroundColor") || isName(index + 2, "backgroundImage"), tokenIs(index + 3, "=") {
            let value = index + 4
            let clear = isName(value, "nil") || (value + 2 < code.count && isName(value + 2, "clearColor"))
                || (value + 2 < code.count && isName(value + 2, "clear"))
            return clear ? .transparent : .opaque
        }
        if tokenIs(index + 1, "="), index + 2 < code.count,
           (index + 2..<min(code.count, index + 6)).contains(where: { isName($0, "UINavigationBarAppearance") }) {
            return .transparent
        }
        return nil
    }

    /// Methods that build and return a `UINavigationBarAppearance`: the first selector piece and
    /// the appearance's opacity.
    func objectiveCAppearanceFactories() -> [(name: Int, opacity: AppearanceOpacity)] {
        guard mentionsText("UINavigationBarAppearance") else { return [] }
        var result: [(name: Int, opacity: AppearanceOpacity)] = []
        for container in objectiveCContainers() where container.kind == .implementation {
            for method in container.methods where !isExcludedFromIOS(at: method.start) {
                guard let open = method.bodyOpen, let close = method.bodyClose, method.start + 2 < open,
                      code[method.start + 1].kind == .leftParen, matching[method.start + 1] > method.start + 1,
                      (method.start + 2..<Int(matching[method.start + 1])).contains(where: { isName($0, "UINavigationBarAppearance") })
                else { continue }
                var state = AppearanceOpacity.transparent
                for index in open..<close where code[index].kind == .identifier {
                    if code[index + 1].kind == .period || objectiveCStep(after: index)?.kind == .message {
                        state = appearanceConfiguration(of: index) ?? state
                    }
                }
                result.append((method.pieces[0], state))
            }
        }
        return result
    }
}

/// The identifiers of an Objective-C file by spelling, and how far the uses of each local were read
/// per method, for `objectiveCScrollEdgeAssignments`: thousands of assignments of one local in a
/// method each read the method from its start before (quadratic).
final class ObjectiveCLocalUses {
    struct Key: Hashable {
        var body: Int
        var name: [UInt8]
    }

    private var byName: [[UInt8]: [Int]]?
    var progress: [Key: (cursor: Int, state: AppearanceOpacity?, limit: Int)] = [:]

    func positions(of name: [UInt8], in file: SourceFile) -> [Int] {
        if byName == nil {
            var table: [[UInt8]: [Int]] = [:]
            for index in file.code.indices where file.code[index].kind == .identifier {
                table[Array(file.bytes(at: index)), default: []].append(index)
            }
            ScalingCounter.add(file.code.count)
            byName = table
        }
        return byName?[name] ?? []
    }
}
