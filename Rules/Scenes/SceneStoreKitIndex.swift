import SeamLintCore

/// The StoreKit calls of a file (`requestReview(in:`, `showManageSubscriptions(in:`) and its
/// re-bindings (`let other = name`), indexed once by the name they take, so that finding the call a
/// picked scene goes to costs a few lookups instead of a walk over the rest of its scope: 64,000
/// `let w = UIApplication.shared.keyWindow` in one scope used to take 42 s.
final class SceneStoreKitIndex {
    struct Call {
        var open: Int
        var call: StoreKitSceneCall
    }

    /// Calls by the text of their `in:` argument's first token, in file order.
    private(set) var callsByArgument: [[UInt8]: [Call]] = [:]
    /// `let`/`var` positions by the text of the name they bind from, in file order.
    private(set) var rebindingsBySource: [[UInt8]: [Int]] = [:]
    /// Re-bindings followed per lookup at most: "possibly re-bound once", with room for chains.
    static let maximumNames = 32

    init(file: SourceFile, callOpeningAt: (Int) -> StoreKitSceneCall?) {
        let code = file.code
        for index in code.indices {
            if code[index].kind == .leftParen, index + 3 < code.count, let call = callOpeningAt(index) {
                callsByArgument[Array(file.bytes(at: index + 3)), default: []].append(Call(open: index, call: call))
            } else if code[index].keyword == .let || code[index].keyword == .var, index + 3 < code.count,
                      code[index + 1].kind == .identifier, file.tokenIs(index + 2, "=") {
                rebindingsBySource[Array(file.bytes(at: index + 3)), default: []].append(index)
            }
        }
    }

    /// The first call after `pick` and before `end` whose argument is one of `names` (code indices
    /// of names bound at `pick`) or of their re-bindings made before the call.
    func call(after pick: Int, before end: Int, names: [Int], in file: SourceFile) -> StoreKitSceneCall? {
        ScalingCounter.add(names.count)
        var pending = names.map { (text: Array(file.bytes(at: $0)), from: pick) }
        var known: [(text: [UInt8], from: Int)] = []
        while let name = pending.popLast(), known.count < Self.maximumNames {
            known.append(name)
            let rebindings = rebindingsBySource[name.text] ?? []
            var position = Self.firstIndex(in: rebindings, after: name.from) { $0 }
            while position < rebindings.count, rebindings[position] + 3 < end, known.count + pending.count < Self.maximumNames {
                let binding = rebindings[position]
                pending.append((Array(file.bytes(at: binding + 1)), binding))
                position += 1
            }
        }
        var best: Call?
        for name in known {
            let calls = callsByArgument[name.text] ?? []
            let position = Self.firstIndex(in: calls, after: name.from) { $0.open }
            guard position < calls.count, calls[position].open + 3 < end else { continue }
            if best == nil || calls[position].open < best!.open { best = calls[position] }
        }
        return best?.call
    }

    /// The first position in `items` (ascending by `key`) whose key is greater than `value`.
    private static func firstIndex<T>(in items: [T], after value: Int, key: (T) -> Int) -> Int {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if key(items[middle]) > value { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Holds the index once built (the finder's methods are not mutating).
final class LazySceneStoreKitIndex {
    private var index: SceneStoreKitIndex?

    func value(file: SourceFile, callOpeningAt: (Int) -> StoreKitSceneCall?) -> SceneStoreKitIndex {
        if let index { return index }
        let built = SceneStoreKitIndex(file: file, callOpeningAt: callOpeningAt)
        index = built
        return built
    }
}

/// Names of a file indexed once, for the scene lookup walk: identifier occurrences and variable
/// declarations by spelling, so following a local or resolving a name costs a few lookups instead
/// of a pass over the file or the rest of its scope (quadratic in the number of locals before).
final class SceneNameIndex {
    let file: SourceFile
    /// Identifier tokens by spelling, in file order: built on first use (only a tracked local's
    /// uses need it; most files resolve names through `locals` and `properties` alone).
    private(set) lazy var occurrences: [NameKey: [Int]] = {
        var occurrences: [NameKey: [Int]] = [:]
        for index in file.code.indices where file.code[index].kind == .identifier {
            occurrences[file.nameKey(at: index), default: []].append(index)
        }
        return occurrences
    }()
    /// Variable and constant declarations by name: locals (inside a function or accessor, visible
    /// after their declaration) and the others (visible anywhere in their scope), by keyword.
    let locals: [NameKey: [Int]]
    let properties: [NameKey: [Int]]
    /// Names bound so far in a statement (`if let a = …, let b = …`), by statement start: the
    /// scan is extended, not restarted, for each pick in one long statement.
    var boundNames: [Int: (scannedTo: Int, names: [Int])] = [:]

    init(file: SourceFile) {
        self.file = file
        var locals: [NameKey: [Int]] = [:], properties: [NameKey: [Int]] = [:]
        let declarations = file.declarations
        for index in declarations.indices.sorted(by: { declarations[$0].keyword < declarations[$1].keyword })
        where declarations[index].kind == .variable || declarations[index].kind == .constant {
            guard let name = declarations[index].name else { continue }
            let isLocal = declarations[index].parent.map { declarations[$0].isFunctionLike || declarations[$0].kind == .variable } ?? false
            if isLocal { locals[file.nameKey(at: name), default: []].append(index) }
            else { properties[file.nameKey(at: name), default: []].append(index) }
        }
        self.locals = locals
        self.properties = properties
    }

    /// Occurrences of `spelling` strictly between `start` and `end`.
    func occurrences(of spelling: NameKey, after start: Int, before end: Int) -> ArraySlice<Int> {
        let all = occurrences[spelling] ?? []
        let low = Self.firstIndex(in: all, after: start) { $0 }
        var high = low
        while high < all.count && all[high] < end { high += 1 }
        return all[low..<high]
    }

    /// The first position in `items` (ascending by `key`) whose key is greater than `value`.
    static func firstIndex<T>(in items: [T], after value: Int, key: (T) -> Int) -> Int {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if key(items[middle]) > value { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Holds the name index once built (the finder's methods are not mutating).
final class LazySceneNameIndex {
    private var index: SceneNameIndex?

    func value(file: SourceFile) -> SceneNameIndex {
        if let index { return index }
        let built = SceneNameIndex(file: file)
        index = built
        return built
    }
}

/// The StoreKit call around each bracket, once found (the finder's methods are not mutating).
final class EnclosingStoreKitCalls {
    var calls: [Int: StoreKitSceneCall?] = [:]
}
