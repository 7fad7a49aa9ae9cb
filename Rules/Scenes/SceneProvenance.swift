import SeamLintCore

/// Where scene and window values come from, across a project. A *global* value is a pick the scene
/// rules report (`connectedScenes.first`, `UIApplication.shared.keyWindow`, `windows.first`), or, in
/// an app whose windows belong to scenes, the app delegate's `window`. A function or property whose
/// returned value reads a global value is global too, to a fixed point: each helper is examined
/// again only when a name it reads becomes global. Uses that then pick a window of a global scene,
/// or hand a global scene to StoreKit, are findings of their own; any other use of a helper is not
/// (the helper's definition already is one).
///
/// Names are matched by how they are written (`UIApplication.shared.name`, `Type.name`, `name`,
/// `value.name`), without types: a member read on a value of unknown type counts only when every
/// declaration of that name in the project is global, and never for names UIKit uses itself.
struct SceneProvenance {
    let facts: SceneProvenanceFacts
    /// The app's windows belong to scenes (a `UIWindowSceneDelegate`, a SwiftUI `App`).
    let sceneApp: Bool

    enum Reason: Equatable {
        case source(FactLocation)
        case helper(Int)
        /// The helper picks one element of what collection helper `Int` returns.
        case collection(Int)
    }

    /// Global helpers (indices into `facts.helpers`) and why.
    private(set) var global: [Int: Reason] = [:]
    /// Helpers that return the app delegate.
    private(set) var delegates: [Int: Reason] = [:]
    /// Helpers that return a whole global collection, unpicked (`connectedScenes.compactMap { … }`),
    /// read in their own file: picking from what they return is a global pick.
    private(set) var collectionHelpers: [Int: CollectionSource] = [:]
    private var collectionCount: [String: Int] = [:]
    /// Collection helpers that turned out global (removed from `collectionHelpers` after the solve,
    /// which read them as collections), with `collectionCount` as the solve saw it.
    private var globalCollections: [Int] = []
    private var collectionCountInSolve: [String: Int] = [:]
    private var globalCount: [String: Int] = [:]
    private var delegateCount: [String: Int] = [:]
    private var helpersByName: [String: [Int]] = [:]
    /// The app's own `keyWindow` on `UIApplication`, if it declares one.
    private var keyWindowRedefinition: Int?
    /// The project's calls (`SceneProvenanceFacts.allCalls`), gathered only when a StoreKit call reads a parameter.
    private var calls: [ProvenanceCall] = []
    private var callsByCallee: [String: [Int]] = [:]

    /// UIKit's own names for scenes, windows and controllers: a project member of the same name read
    /// on a value of unknown type is more likely UIKit's.
    static let uikitNames: Set<String> = [
        "window", "windows", "keyWindow", "windowScene", "scene", "scenes", "rootViewController", "view", "screen",
        "delegate", "session", "first", "last", "current", "main", "shared", "default", "presentedViewController",
        "presentingViewController", "topViewController", "visibleViewController", "navigationController",
        "tabBarController", "parent", "viewControllers", "connectedScenes", "traitCollection", "coordinator",
    ]

    init(_ facts: SceneProvenanceFacts) {
        self.facts = facts
        self.sceneApp = facts.declaresScenes
        // By index, not `enumerated()`: a copy of each helper (its strings and arrays) costs more
        // than the lookups, and every deferred round solves again.
        for index in facts.helpers.indices { helpersByName[facts.helpers[index].name, default: []].append(index) }
        // Calls matter only to a StoreKit call that reads a parameter (`sinkFinding`).
        if facts.uses.contains(where: { $0.sink != nil }) {
            calls = facts.allCalls
            for index in calls.indices { callsByCallee[calls[index].callee, default: []].append(index) }
        }
        keyWindowRedefinition = (helpersByName["keyWindow"] ?? []).first { index in
            facts.helpers[index].owner == "UIApplication" && !facts.helpers[index].isStatic
        }
        for index in facts.helpers.indices {
            guard let collection = facts.helpers[index].flow.collection, facts.helpers[index].flow.global == nil else { continue }
            collectionHelpers[index] = collection
            collectionCount[facts.helpers[index].name, default: 0] += 1
        }
        solve()
        collectionCountInSolve = collectionCount
        // A helper that is global (through another helper) returns one value, not its collection.
        for index in collectionHelpers.keys.sorted() where global[index] != nil {
            globalCollections.append(index)
            collectionHelpers[index] = nil
            collectionCount[facts.helpers[index].name, default: 0] -= 1
        }
    }

    // MARK: Fixed point

    private mutating func solve() {
        var queue: [(helper: Int, isDelegate: Bool)] = []
        func markGlobal(_ index: Int, _ reason: Reason) {
            guard global[index] == nil else { return }
            global[index] = reason
            globalCount[facts.helpers[index].name, default: 0] += 1
            queue.append((index, false))
        }
        func markDelegate(_ index: Int, _ reason: Reason) {
            guard delegates[index] == nil else { return }
            delegates[index] = reason
            delegateCount[facts.helpers[index].name, default: 0] += 1
            queue.append((index, true))
        }
        // Which helpers read each name, and at which reference.
        // Only names of helpers can become global.
        var readers: [String: [(helper: Int, reference: Int)]] = [:]
        for index in facts.helpers.indices {
            let references = facts.helpers[index].flow.references
            for position in references.indices where helpersByName[references[position].name] != nil {
                readers[references[position].name, default: []].append((index, position))
            }
        }
        for index in facts.helpers.indices {
            let flow = facts.helpers[index].flow
            if let site = flow.global ?? flow.applicationKeyWindow { markGlobal(index, .source(site)) }
            else if sceneApp, let site = flow.delegateWindow { markGlobal(index, .source(site)) }
            if flow.appDelegate { markDelegate(index, .source(facts.helpers[index].site)) }
            // `var current: UIWindowScene? { Helper.allScenes().first }`: a pick on a helper's whole
            // collection is a global value (reported at the pick, `collectionFindings`).
            if global[index] == nil, !collectionHelpers.isEmpty,
               let collection = collectionHelper(picked: flow, in: facts.helpers[index].context) {
                markGlobal(index, .collection(collection))
            }
        }
        while let (source, isDelegate) = queue.popLast() {
            for (reader, position) in readers[facts.helpers[source].name] ?? [] {
                let reference = facts.helpers[reader].flow.references[position]
                let context = facts.helpers[reader].context
                if isDelegate {
                    guard resolves(reference, in: context, to: source, counts: delegateCount) else { continue }
                    if !reference.readsWindow { markDelegate(reader, .helper(source)) }
                    else if sceneApp { markGlobal(reader, .helper(source)) }
                } else if global[reader] == nil, resolves(reference, in: context, to: source, counts: globalCount) {
                    markGlobal(reader, .helper(source))
                }
            }
        }
    }

    /// True when `reference`, read in a type with `context`, may denote helper `index`. `counts`:
    /// how many declarations of each name are known to have the property looked for.
    private func resolves(_ reference: ProvenanceReference, in context: [String], to index: Int, counts: [String: Int]) -> Bool {
        let helper = facts.helpers[index]
        guard helper.name == reference.name else { return false }
        let allOfName = (counts[helper.name] ?? 0) >= (facts.declaredCounts[helper.name] ?? 0)
        switch reference.form {
        case .application:
            return helper.owner == "UIApplication" && !helper.isStatic
        case .staticMember(let type):
            return helper.isStatic && helper.owner == type
        case .unqualified, .selfMember:
            if let owner = helper.owner, context.contains(owner) { return true }
            if helper.owner == nil, reference.form == .unqualified { return allOfName }
            return allOfName && !Self.uikitNames.contains(helper.name)
        case .member:
            return !helper.isStatic && allOfName && !Self.uikitNames.contains(helper.name)
        }
    }

    /// What a helper that reads a global (or app-delegate) helper, or a pick on a global collection
    /// helper, must spell for its reference to resolve (`resolves`): the helper's name, and its
    /// owner unless a reference by name alone may resolve. Names in one string, separated by a
    /// space; the deferred pass's trigger words.
    ///
    /// The declarations of a name are counted (`SceneProvenanceFacts.declaredCounts`) only in the files read so far: the
    /// rest are read in the deferred rounds, when they spell a word. A count that is short can only
    /// make a reference by name alone resolve where the whole count would not; then the name alone
    /// is a word here, so every file declaring it is read and the count completes. Where the name
    /// alone is not a word, the short count already says the name is not all this helper's, and so
    /// would the whole one. Each name the solve counted is covered: the collection helpers that
    /// turned global as well (the solve read them as collections).
    /// False only when `readerSpellings()` of these facts is empty, without solving: it names the
    /// global, app-delegate and collection helpers, and the solve marks a helper only from one that
    /// is a source on its own (a global pick or `UIApplication.shared.keyWindow`, the app delegate's
    /// window in a scene app, the app delegate, or an unpicked global collection). True can still
    /// go with no spelling (a top-level helper whose name other declarations share): then the
    /// deferred rounds find no word and read nothing.
    static func seedsReaders(_ facts: SceneProvenanceFacts) -> Bool {
        facts.helpers.contains { helper in
            let flow = helper.flow
            return flow.global != nil || flow.applicationKeyWindow != nil || flow.appDelegate || flow.collection != nil
                || (facts.declaresScenes && flow.delegateWindow != nil)
        }
    }

    func readerSpellings() -> [String] {
        var spellings = Set<String>()
        func add(_ index: Int, counts: [String: Int]) {
            let helper = facts.helpers[index]
            let allOfName = (counts[helper.name] ?? 0) >= (facts.declaredCounts[helper.name] ?? 0)
            if allOfName, helper.owner == nil || !Self.uikitNames.contains(helper.name) {
                spellings.insert(helper.name)
            } else if let owner = helper.owner {
                spellings.insert(helper.name + " " + owner)
            }
        }
        for index in global.keys { add(index, counts: globalCount) }
        for index in delegates.keys { add(index, counts: delegateCount) }
        // A pick on a helper's collection (`helperScenes().first`) is a use in any file.
        for index in collectionHelpers.keys { add(index, counts: collectionCount) }
        for index in globalCollections { add(index, counts: collectionCountInSolve) }
        return spellings.sorted()
    }

    /// The first global helper (or, with `delegate`, app-delegate helper read through `.window`) the flow reads.
    /// Nil when the flow reads a global pick of its own file, which is reported there.
    func helper(readBy flow: ProvenanceFlow, in context: [String], delegate: Bool = false) -> Int? {
        if flow.global != nil { return nil }
        if flow.applicationKeyWindow != nil, keyWindowRedefinition == nil { return nil }
        for reference in flow.references where !delegate || reference.readsWindow {
            for index in helpersByName[reference.name] ?? [] {
                if delegate {
                    if delegates[index] != nil, resolves(reference, in: context, to: index, counts: delegateCount) { return index }
                } else if global[index] != nil, resolves(reference, in: context, to: index, counts: globalCount) {
                    return index
                }
            }
        }
        return nil
    }

    // MARK: Findings

    struct Finding {
        var site: FactLocation
        var message: String
        var help: String
        var related: [RelatedLocation]
        var decidedBy: [FactLocation]
    }

    /// How messages name a helper: `activeScene`, `AppDelegate.shared`.
    func displayName(_ index: Int) -> String {
        let helper = facts.helpers[index]
        if helper.isStatic, let owner = helper.owner { return "`\(owner).\(helper.name)`" }
        return "`\(helper.name)`"
    }

    /// The helper's definition and, when it is global through other helpers, the pick it comes from.
    func evidence(_ index: Int, reasons: [Int: Reason], label: String) -> (related: [RelatedLocation], decidedBy: [FactLocation]) {
        let helper = facts.helpers[index]
        var related = [RelatedLocation(location: helper.site.location, message: "helper \(displayName(index)) \(label)")]
        var decidedBy = [helper.site]
        var current = index
        var steps = 0
        while case .helper(let next)? = reasons[current], steps < facts.helpers.count {
            current = next
            steps += 1
        }
        if steps > 0, case .source(let root)? = reasons[current], root.location != helper.site.location {
            related.append(RelatedLocation(location: root.location, message: "the value it returns is picked here"))
            decidedBy.append(root)
        }
        if case .collection(let collection)? = reasons[current] {
            related.append(RelatedLocation(location: facts.helpers[collection].site.location,
                                           message: "it picks from helper \(displayName(collection)), which returns a whole collection"))
            decidedBy.append(facts.helpers[collection].site)
        }
        return (related, decidedBy)
    }

    /// Where a global value in `flow` comes from: a helper, or a pick of the flow's own file.
    func globalSource(of flow: ProvenanceFlow, in context: [String]) -> (helper: Int?, site: FactLocation)? {
        if let site = flow.global { return (nil, site) }
        if let site = flow.applicationKeyWindow {
            guard let redefinition = keyWindowRedefinition else { return (nil, site) }
            if global[redefinition] != nil { return (redefinition, facts.helpers[redefinition].site) }
        }
        if sceneApp, let site = flow.delegateWindow { return (nil, site) }
        if let index = helper(readBy: flow, in: context) { return (index, facts.helpers[index].site) }
        return nil
    }

    /// A StoreKit call whose scene is a parameter that every call in the project feeds from a global value.
    ///
    /// A caller that passes a literal `nil` is neutral: it hands over no scene, so it neither makes
    /// the parameter global nor gives it a definite scene (the function then does nothing, or falls
    /// back to something reported on its own). At least one caller must pass a global value. A
    /// caller that passes a parameter of its own passes a scene it was handed: the parameter is
    /// not global (its callers are not followed further).
    func sinkFinding(_ use: ProvenanceUse, _ sink: ParameterSink, api: String) -> Finding? {
        let callers = (callsByCallee[sink.function] ?? []).map { calls[$0] }.filter {
            $0.label == sink.label && (sink.label != "_" || $0.position == sink.position) && !$0.passesNil
        }
        guard !callers.isEmpty else { return nil }
        var related: [RelatedLocation] = []
        var decidedBy: [FactLocation] = []
        var helperName: String?
        for caller in callers {
            guard !caller.passesParameter, let source = globalSource(of: caller.flow, in: caller.context) else { return nil }
            decidedBy.append(caller.site)
            if related.count < 3 {
                related.append(RelatedLocation(location: caller.site.location, message: "a caller passes a scene picked from all scenes"))
            }
            if let index = source.helper, helperName == nil {
                helperName = displayName(index)
                related.append(RelatedLocation(location: facts.helpers[index].site.location,
                                               message: "helper \(displayName(index)) returns a scene picked from all scenes"))
                decidedBy.append(facts.helpers[index].site)
            }
        }
        let message = helperName.map { "\(api) gets an arbitrary scene from helper \($0) through `\(sink.parameter)`" }
            ?? "\(api) gets an arbitrary scene: every caller of `\(sink.function)` passes one"
        return Finding(site: use.site, message: message,
                       help: use.help + " Every call of `\(sink.function)` in the project passes a scene picked from all scenes.",
                       related: related, decidedBy: decidedBy)
    }

    /// StoreKit calls whose scene comes from a global helper, directly or through a parameter (`connected_scenes_first`).
    func storeKitFindings() -> [Finding] {
        facts.uses.compactMap { use in
            guard case .storeKit(let call) = use.kind else { return nil }
            let api: String
            switch call {
            case .storeReviewControllerRequestReview:
                api = use.objectiveC ? "`requestReviewInScene:`" : "`SKStoreReviewController.requestReview(in:)`"
            case .appStoreRequestReview: api = "`AppStore.requestReview(in:)`"
            case .showManageSubscriptions: api = "`AppStore.showManageSubscriptions(in:)`"
            }
            guard let index = helper(readBy: use.flow, in: use.context) else {
                return use.sink.flatMap { sinkFinding(use, $0, api: api) }
            }
            let (related, decidedBy) = evidence(index, reasons: global, label: "returns a scene picked from all scenes")
            return Finding(site: use.site, message: "\(api) gets an arbitrary scene from helper \(displayName(index))",
                           help: use.help + " The helper \(displayName(index)) cannot know which window its caller is in.",
                           related: related, decidedBy: decidedBy)
        }
    }

    /// The helper returning a global collection that `flow` picks one element of (`allScenes().first`), if any.
    func collectionHelper(picked flow: ProvenanceFlow, in context: [String]) -> Int? {
        for reference in flow.references where reference.picksElement {
            for index in helpersByName[reference.name] ?? [] where collectionHelpers[index] != nil {
                if resolves(reference, in: context, to: index, counts: collectionCount) { return index }
            }
        }
        return nil
    }

    /// The helper returning a global collection that `flow` reads, if any.
    func collectionHelper(readBy flow: ProvenanceFlow, in context: [String]) -> Int? {
        for reference in flow.references {
            for index in helpersByName[reference.name] ?? [] where collectionHelpers[index] != nil {
                if resolves(reference, in: context, to: index, counts: collectionCount) { return index }
            }
        }
        return nil
    }

    /// Picks on a collection a helper returns (`helperScenes().first`), reported at the pick with the
    /// helper as related location: those ending in a window (`windows: true`, `key_window_lookup`) or
    /// in a scene (`connected_scenes_first`).
    func collectionFindings(windows: Bool) -> [Finding] {
        facts.uses.compactMap { use in
            let text: String
            let readsWindow: Bool
            switch use.kind {
            case .collectionPick(let pick, let window): (text, readsWindow) = (pick, window)
            case .windowPick(let pick):
                // `allWindows.first(where: \.isKeyWindow)` on a helper that is not global itself
                // (`helperScenes().first?.keyWindow` is reported at its `.first`).
                guard pick.hasSuffix("(where:)"), helper(readBy: use.flow, in: use.context) == nil else { return nil }
                (text, readsWindow) = (pick, true)
            default: return nil
            }
            guard let index = collectionHelper(readBy: use.flow, in: use.context),
                  let collection = collectionHelpers[index] else { return nil }
            let endsInWindow = collection.holdsWindows || readsWindow
            guard endsInWindow == windows else { return nil }
            let what = collection.holdsWindows ? "every window of every scene" : "every connected scene"
            var related = [RelatedLocation(location: facts.helpers[index].site.location,
                                           message: "helper \(displayName(index)) returns \(what)")]
            if collection.site.location != facts.helpers[index].site.location {
                related.append(RelatedLocation(location: collection.site.location, message: "the collection is read here"))
            }
            let picked = collection.holdsWindows
                ? "an arbitrary window out of helper \(displayName(index))'s windows of every scene"
                : endsInWindow
                    ? "a window of an arbitrary scene out of helper \(displayName(index))'s connected scenes"
                    : "an arbitrary scene out of helper \(displayName(index))'s connected scenes"
            // The pick is quoted only while the headline stays short; the span shows it anyway.
            let quoted = "`\(text)` picks \(picked)"
            let short = collection.holdsWindows ? "an arbitrary window" : endsInWindow ? "a window of an arbitrary scene" : "an arbitrary scene"
            let message = quoted.count <= 100 ? quoted : "This pick takes \(short) from helper \(displayName(index))"
            return Finding(site: use.site, message: message,
                           help: use.help + " The helper \(displayName(index)) returns \(what), in no particular order.",
                           related: related, decidedBy: [facts.helpers[index].site, collection.site])
        }
    }

    /// Window picks on a global scene, and reads of the app delegate's window (`key_window_lookup`).
    func windowFindings() -> [Finding] {
        facts.uses.compactMap { use in
            switch use.kind {
            case .windowPick(let pick):
                guard let index = helper(readBy: use.flow, in: use.context) else { return nil }
                let (related, decidedBy) = evidence(index, reasons: global, label: "returns a scene or window picked from all scenes")
                let what = pick == ".keyWindow" ? "`.keyWindow` reads the key window" : "`\(pick)` picks a window"
                return Finding(site: use.site, message: "\(what) of an arbitrary scene from helper \(displayName(index))",
                               help: use.help + " The helper \(displayName(index)) cannot know which window its caller is in.",
                               related: related, decidedBy: decidedBy)
            case .delegateWindow:
                guard sceneApp else { return nil }
                let help = use.help + " The app's windows belong to its scenes: the app delegate's `window` is at most one of them."
                if use.flow.delegateWindow != nil {
                    return Finding(site: use.site, message: "The app delegate's `window` is not this code's window in an app with scenes",
                                   help: help, related: [], decidedBy: [])
                }
                guard let index = helper(readBy: use.flow, in: use.context, delegate: true) else { return nil }
                let (related, decidedBy) = evidence(index, reasons: delegates, label: "returns the app delegate")
                return Finding(site: use.site,
                               message: "The app delegate's `window` (from helper \(displayName(index))) is not this code's window",
                               help: help, related: related, decidedBy: decidedBy)
            case .storeKit, .collectionPick:
                return nil
            }
        }
    }
}
