import SeamLintCore

/// A finding recorded in its file with its message (the host that shapes the help is known only there).
struct SceneFinding: Sendable, Equatable {
    var site: FactLocation
    var message: String
    var help: String
    /// The scenes of the app that builds the file (its Info.plist may sit beside the sources).
    var scenes: AppScenes = .unknown
}

/// What one Swift file tells the scene and window provenance (`SceneProvenance`): the declarations
/// that return a value and where that value comes from, and the uses that turn a global value into
/// a finding. Recorded with `key_window_lookup`'s facts; `connected_scenes_first` reads them.
struct SceneProvenanceFacts: Sendable, Equatable {
    /// Functions and properties whose returned value may carry a scene or window.
    var helpers: [ProvenanceHelper] = []
    /// Window picks on a scene value, StoreKit scene arguments, reads of the app delegate's window.
    var uses: [ProvenanceUse] = []
    /// The name of every type member, top-level function and global variable, once per
    /// declaration: a member named once in the project is that member wherever it is read. Files
    /// without `KeyWindowLookup.factTriggerWords` add theirs in the deferred rounds that read them.
    /// Counted as they are merged: each solve (every deferred round, each rule's `finish`) reads
    /// the counts without hashing every name of the project again.
    var declaredCounts: [String: Int] = [:]
    /// A `UIWindowSceneDelegate` or a SwiftUI `App` of an iOS target: the app's windows belong to scenes.
    var declaresScenes = false
    /// Call arguments that may carry a scene, recorded (in a second pass) only in projects where a
    /// StoreKit call takes its scene from a parameter: this file's (`allCalls` has every file's).
    var calls: [ProvenanceCall] = []
    /// The `calls` of the facts appended, one array per file, in order: merging shares each file's
    /// array instead of copying its calls (thousands in a project, read only where a StoreKit call
    /// takes its scene from a parameter).
    var appendedCalls: [[ProvenanceCall]] = []

    /// Every call, in the order the facts were appended.
    var allCalls: [ProvenanceCall] {
        appendedCalls.isEmpty ? calls : calls + appendedCalls.joined()
    }

    mutating func declare(_ name: String) {
        declaredCounts[name, default: 0] += 1
    }

    mutating func append(_ later: Self) {
        helpers += later.helpers
        uses += later.uses
        if declaredCounts.isEmpty { declaredCounts = later.declaredCounts } else {
            declaredCounts.merge(later.declaredCounts, uniquingKeysWith: +)
        }
        declaresScenes = declaresScenes || later.declaresScenes
        if !later.calls.isEmpty { appendedCalls.append(later.calls) }
        appendedCalls += later.appendedCalls
    }
}

/// A name read where a value is computed, as written: what it can denote depends on the form.
struct ProvenanceReference: Sendable, Equatable {
    enum Form: Sendable, Equatable {
        /// `UIApplication.shared.name`, `UIApplication.shared.name()`.
        case application
        /// `Type.name`: a static member of `Type`.
        case staticMember(String)
        /// `name` alone: a top-level declaration, or a member of an enclosing type (implicit `self`).
        case unqualified
        /// `self.name`.
        case selfMember
        /// `value.name`: an instance member of a type the linter cannot see.
        case member
    }

    var name: String
    var form: Form
    /// The chain reads `.window` right after it (`AppDelegate.shared.window`).
    var readsWindow = false
    /// The chain picks one element of what the name returns (`allScenes().first`, `helperWindows()[0]`):
    /// a global value when the name is a helper returning a global collection.
    var picksElement = false
}

/// Where a value comes from, as far as one file can tell.
struct ProvenanceFlow: Sendable, Equatable {
    var references: [ProvenanceReference] = []
    /// A global pick this file reports (`connectedScenes.first`, `UIApplication.shared.windows.first` …).
    var global: FactLocation?
    /// `UIApplication.shared.keyWindow`: UIKit's (a global pick reported here) or, when the app
    /// declares its own `keyWindow` on `UIApplication`, a read of that helper.
    var applicationKeyWindow: FactLocation?
    /// A read of the app delegate's window (`(UIApplication.shared.delegate as? AppDelegate)?.window`):
    /// global in an app whose windows belong to scenes.
    var delegateWindow: FactLocation?
    /// The value is the app delegate (`UIApplication.shared.delegate as! AppDelegate`).
    var appDelegate = false
    /// Parameters of the enclosing function it reads.
    var parameters: [String] = []
    /// Every connected scene or every window, left unpicked (`connectedScenes.compactMap { … }`):
    /// a helper returning it hands its callers the whole collection to pick from.
    var collection: CollectionSource?

    var isEmpty: Bool {
        references.isEmpty && global == nil && applicationKeyWindow == nil && delegateWindow == nil && !appDelegate
            && collection == nil
    }

    /// References kept per flow at most: a returned value rarely reads more names than this.
    static let maximumReferences = 24

    mutating func merge(_ other: ProvenanceFlow) {
        for reference in other.references { add(reference) }
        global = global ?? other.global
        applicationKeyWindow = applicationKeyWindow ?? other.applicationKeyWindow
        delegateWindow = delegateWindow ?? other.delegateWindow
        appDelegate = appDelegate || other.appDelegate
        collection = collection ?? other.collection
        for parameter in other.parameters where !parameters.contains(parameter) { parameters.append(parameter) }
    }

    mutating func add(_ reference: ProvenanceReference) {
        guard references.count < Self.maximumReferences, !references.contains(reference) else { return }
        references.append(reference)
    }
}

/// Where a global collection is read, and whether it holds windows (else scenes).
struct CollectionSource: Sendable, Equatable {
    var site: FactLocation
    var holdsWindows: Bool
}

/// A function or property and where its returned value comes from.
struct ProvenanceHelper: Sendable, Equatable {
    var name: String
    var site: FactLocation
    /// The type it is declared in or extends (`UIApplication` for `extension UIApplication`); nil at top level.
    var owner: String?
    var isStatic: Bool
    /// Names of the enclosing types and their supertypes, for `unqualified` references.
    var context: [String]
    var flow: ProvenanceFlow
}

/// A place where a global value becomes a finding.
struct ProvenanceUse: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `.keyWindow`, `.windows.first(where:)` … on a scene value (the pick as written).
        case windowPick(String)
        /// The scene argument of a StoreKit call.
        case storeKit(StoreKitSceneCall)
        /// `.window` read from the app delegate.
        case delegateWindow
        /// A pick (`.first`, `.first(where:)`, `.randomElement()` …) on a collection a helper
        /// returns (`helperScenes().first`); `readsWindow`: the chain goes on to a window
        /// (`.first?.keyWindow`).
        case collectionPick(String, readsWindow: Bool)
    }

    var kind: Kind
    var site: FactLocation
    /// What to write instead, for this host.
    var help: String
    var context: [String]
    /// Where the receiver (or the argument) comes from.
    var flow: ProvenanceFlow
    /// A StoreKit call whose scene is a parameter of the function around it.
    var sink: ParameterSink? = nil
    /// Written in Objective-C (`requestReviewInScene:`).
    var objectiveC = false
}

/// `func ask(in scene: UIWindowScene) { AppStore.requestReview(in: scene) }`: the parameter the
/// StoreKit call reads, matched with the project's calls by function name and argument label.
struct ParameterSink: Sendable, Equatable {
    var function: String
    /// The argument label, `_` when there is none.
    var label: String
    var position: Int
    var parameter: String
}

/// One argument of a call (`ask(in: scene)`) and where its value comes from.
struct ProvenanceCall: Sendable, Equatable {
    var callee: String
    var label: String
    var position: Int
    var site: FactLocation
    var context: [String]
    var flow: ProvenanceFlow
    /// The argument is a literal `nil`: no scene at all.
    var passesNil = false
    /// The argument is (or reads) a parameter of the caller: a scene the caller was handed.
    var passesParameter = false
}
