import SeamLintCore

/// Flags state written synchronously while SwiftUI renders a representable: an `@State`,
/// `@Binding` (or other writable wrapper) property, a `@Published` property of an object the
/// representable holds or of its coordinator, or a callback property called, in `make…`,
/// `update…` or `sizeThatFits`, directly or through a method of the type they call.
///
/// A project rule because whether `model.isLoading` is `@Published` is declared with the model's
/// class, usually in another file.
public struct StateModifiedDuringUpdate: ProjectRule {
    public init() {}

    /// The render requirements; the `@Published` and `@Binding` members of the classes are
    /// recorded where these are spelled, and elsewhere in a second pass (see `defersFacts`).
    public static let factTriggerWords = ["makeUIView", "updateUIView", "makeNSView", "updateNSView", "sizeThatFits"]

    public static let description = RuleDescription(
        id: "state_modified_during_update",
        summary: "A representable writes SwiftUI state synchronously while SwiftUI updates it",
        rationale: """
            ### What it does
            Finds writes that run synchronously inside `makeUIView(context:)`, `updateUIView(_:context:)`, \
            `makeUIViewController(context:)`, `updateUIViewController(_:context:)`, their AppKit siblings and a \
            representable's `sizeThatFits(_:uiView:context:)`, or inside a method of the representable those call:

            - an assignment to, or a mutating call on, an `@State`, `@Binding`, `@AppStorage`, `@SceneStorage` \
            or `@FocusState` property, or a `Binding`'s `wrappedValue`;
            - an assignment to a `@Published` property of an object the representable holds \
            (`@ObservedObject`, `@StateObject`, `@EnvironmentObject` or a plain reference), or to a `@Binding` or \
            `@Published` property of its coordinator (`context.coordinator.text = …`);
            - a call of a callback property (`let onHeightChange: (CGFloat) -> Void`) given values; a closure \
            handed the wrapped view (the one `update…` receives or `make…` returns) or something reached from \
            the context (`update(view)`, `configure?(controller)` before `return controller`, \
            `setUp(context.coordinator.builder)`) configures rather than reports, and is not flagged.

            Methods of the representable that these call are followed; methods of the model are not \
            (`model.reload()` that publishes is not seen).

            Code in closures that run later is not flagged: `DispatchQueue.main.async { … }`, \
            `Task { @MainActor in … }`, closures stored on the view, delegate and target-action callbacks. \
            Closures that run on the spot (`withAnimation`, `withTransaction`, `forEach`, `map` …) are flagged. \
            Writes to the UIKit view's own properties and to the coordinator's plain stored properties are fine, \
            and so are writes to a member of an object that an `@State` or `@Binding` holds (`@Binding var host: \
            HostController?` then `host?.rootView = content`, where the class is declared in the file or is a \
            UIKit view, view controller or window): the state still refers to the same object.

            ### Why is this bad?
            SwiftUI calls these methods while it is computing the view graph. Writing state then invalidates \
            the graph it is in the middle of building: Xcode reports "Modifying state during view update, this \
            will cause undefined behavior" (or "Publishing changes from within view updates is not allowed" \
            for an `ObservableObject`). The new value may be dropped, applied a frame late, or trigger another \
            update that writes again, so the view flickers or the app spins at full CPU. A callback called \
            here is the same write one step removed: the parent's closure sets the parent's `@State`.

            A guard such as `if height != newHeight { height = newHeight }` stops the endless loop but not the \
            write during the update, so guarded writes are reported too.

            Neighbouring rules: `trivial_representable` only reports representables whose `update…` is empty, \
            and `stale_coordinator_parent` reports the coordinator's construction, so a write here is only \
            this rule's finding.

            ### Use instead
            Let UIKit report changes through the coordinator (a delegate method or target-action writes the \
            binding), or defer a value that must be derived during the update:

            ```swift
            func updateUIView(_ textView: UITextView, context: Context) {
                textView.text = text
                let height = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: .infinity)).height
                DispatchQueue.main.async { if self.height != height { self.height = height } }
            }
            ```

            On iOS 16 and later, return the size from `sizeThatFits(_:uiView:context:)` instead of storing it.
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)",
            "https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/updateuiviewcontroller(_:context:)",
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable/sizethatfits(_:uiview:context:)",
            "https://developer.apple.com/documentation/swiftui/state",
            "https://developer.apple.com/documentation/combine/published",
        ],
        severity: .warning,
        triggering: [
            // A binding written from the view's size: the classic self-sizing text view.
            Example("""
                struct GrowingTextView: UIViewRepresentable {
                    @Binding var text: String
                    @Binding var height: CGFloat
                    func makeUIView(context: Context) -> UITextView { UITextView() }
                    func updateUIView(_ textView: UITextView, context: Context) {
                        textView.text = text
                        ↓height = textView.contentSize.height
                    }
                }
                """),
            // The binding itself replaced, though it holds an object.
            Example("""
                struct OverlayBridge<Content: View>: UIViewRepresentable {
                    @Binding var presenter: OverlayHost<Content>?
                    var content: Content
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ view: UIView, context: Context) {
                        ↓presenter = OverlayHost(rootView: content)
                    }
                }
                final class OverlayHost<Content: View>: UIHostingController<Content> {}
                """),
            // Guarded, through `self.`, and inside `withAnimation` (which runs on the spot).
            Example("""
                struct Pager: UIViewControllerRepresentable {
                    @Binding var page: Int
                    @State private var lastLayout: CGSize = .zero
                    func makeUIViewController(context: Context) -> PagerController { PagerController() }
                    func updateUIViewController(_ pager: PagerController, context: Context) {
                        if page != pager.currentPage {
                            ↓self.page = pager.currentPage
                        }
                        withAnimation { ↓lastLayout = pager.view.bounds.size }
                    }
                }
                """),
            // A callback given a value, a mutating call, and a write in a helper the update calls.
            Example("""
                struct ChartView: UIViewRepresentable {
                    var points: [Double]
                    @Binding var selection: Set<Int>
                    let onRender: (Int) -> Void
                    func makeUIView(context: Context) -> ChartCanvas { ChartCanvas() }
                    func updateUIView(_ canvas: ChartCanvas, context: Context) {
                        canvas.points = points
                        ↓onRender(points.count)
                        ↓selection.removeAll()
                        resetZoom(canvas)
                    }
                    private func resetZoom(_ canvas: ChartCanvas) {
                        canvas.zoom = 1
                        ↓selection = []
                    }
                }
                """),
            // A @Published property of an observed model (declared in another file), in `make…`.
            Example("""
                struct PlayerSurface: UIViewRepresentable {
                    @ObservedObject var model: PlayerModel
                    func makeUIView(context: Context) -> PlayerView {
                        let view = PlayerView(player: model.player)
                        ↓model.isReady = true
                        return view
                    }
                    func updateUIView(_ view: PlayerView, context: Context) {}
                }
                """, companions: ["""
                final class PlayerModel: ObservableObject {
                    let player = AVPlayer()
                    @Published var isReady = false
                }
                """]),
            // The model's class is nested in another type's extension, in a file without any render requirement.
            Example("""
                struct WaveformView: UIViewRepresentable {
                    @ObservedObject var session: RecordingSession
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ view: UIView, context: Context) {
                        ↓session.level = view.bounds.height
                    }
                }
                """, companions: ["""
                extension Recorder {
                    final class RecordingSession: ObservableObject {
                        @Published var level: CGFloat = 0
                    }
                }
                """, """
                final class Meter: ObservableObject {
                    @Published var peak: CGFloat = 0
                }
                """]),
            // The coordinator's binding, `sizeThatFits`, and an AppKit view.
            Example("""
                struct Editor: NSViewRepresentable {
                    @Binding var measuredWidth: CGFloat
                    func makeNSView(context: Context) -> NSTextView { NSTextView() }
                    func updateNSView(_ view: NSTextView, context: Context) {
                        ↓context.coordinator.text = view.string
                    }
                    func sizeThatFits(_ proposal: ProposedViewSize, nsView: NSTextView, context: Context) -> CGSize? {
                        let size = nsView.intrinsicContentSize
                        ↓measuredWidth = size.width
                        return size
                    }
                    func makeCoordinator() -> Coordinator { Coordinator(text: .constant("")) }
                    final class Coordinator: NSObject {
                        @Binding var text: String
                        init(text: Binding<String>) { _text = text }
                    }
                }
                """),
        ],
        nonTriggering: [
            // A member of an object that the state holds: the binding still refers to the same object
            // (seen in a social app's full-screen presenter).
            Example("""
                struct OverlayBridge<Content: View>: UIViewRepresentable {
                    @Binding var presenter: OverlayHost<Content>?
                    @State private var badge: UIHostingController<Text>?
                    var content: Content
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ view: UIView, context: Context) {
                        presenter?.rootView = content
                        badge?.view.alpha = 0.5
                    }
                }
                final class OverlayHost<Content: View>: UIHostingController<Content> {}
                """),
            // The fix: deferred to after the update.
            Example("""
                struct GrowingTextView: UIViewRepresentable {
                    @Binding var text: String
                    @Binding var height: CGFloat
                    func makeUIView(context: Context) -> UITextView { UITextView() }
                    func updateUIView(_ textView: UITextView, context: Context) {
                        textView.text = text
                        let newHeight = textView.contentSize.height
                        DispatchQueue.main.async { if height != newHeight { height = newHeight } }
                        Task { @MainActor in height = newHeight }
                    }
                }
                """),
            // Writes from UIKit callbacks: a closure stored on the view, target-action, the delegate.
            Example("""
                struct SearchBar: UIViewRepresentable {
                    @Binding var text: String
                    var onSubmit: () -> Void
                    func makeUIView(context: Context) -> UISearchBar {
                        let bar = UISearchBar()
                        bar.delegate = context.coordinator
                        bar.onReturn = { onSubmit() }
                        return bar
                    }
                    func updateUIView(_ bar: UISearchBar, context: Context) {
                        bar.text = text
                        bar.onClear = { text = "" }
                    }
                    func makeCoordinator() -> Coordinator { Coordinator(text: $text) }
                    final class Coordinator: NSObject, UISearchBarDelegate {
                        @Binding var text: String
                        init(text: Binding<String>) { _text = text }
                        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { text = searchText }
                    }
                }
                """),
            // The UIKit view's own properties, the coordinator's plain properties, locals that shadow
            // a binding, and reads of state.
            Example("""
                struct Stepper: UIViewRepresentable {
                    @Binding var value: Double
                    var onChange: (Double) -> Void
                    func makeUIView(context: Context) -> UIStepper { UIStepper() }
                    func updateUIView(_ stepper: UIStepper, context: Context) {
                        stepper.value = value
                        context.coordinator.lastValue = value
                        context.coordinator.onChange = onChange
                        var value = stepper.value
                        value += 1
                        if self.value == value { stepper.isEnabled = true }
                    }
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    final class Coordinator {
                        var lastValue: Double = 0
                        var onChange: ((Double) -> Void)?
                    }
                }
                """),
            // Configuration closures that receive the wrapped view (the generic representable), and
            // closures that return values.
            Example("""
                struct ViewRepresentable<Wrapped: UIView>: UIViewRepresentable {
                    let make: () -> Wrapped
                    let update: (Wrapped, Context) -> Void
                    let title: () -> String
                    func makeUIView(context: Context) -> Wrapped { make() }
                    func updateUIView(_ view: Wrapped, context: Context) {
                        update(view, context)
                        view.accessibilityLabel = title()
                    }
                }
                """),
            // A configuration closure handed the controller `make…` returns (seen in a home-automation
            // app and a social app).
            Example("""
                struct ControllerWrapper<Wrapped: UIViewController>: UIViewControllerRepresentable {
                    let controller: Wrapped
                    let configure: ((Wrapped) -> Void)?
                    func makeUIViewController(context: Context) -> Wrapped {
                        configure?(controller)
                        return controller
                    }
                    func updateUIViewController(_ controller: Wrapped, context: Context) {}
                }
                """),
            // A set-up closure handed something from the context (anytype-swift's navigation builder).
            Example("""
                struct NavigationRepresentable: UIViewControllerRepresentable {
                    @Binding var path: [AnyHashable]
                    let moduleSetup: (_ builder: DestinationBuilder) -> Void
                    func makeUIViewController(context: Context) -> UINavigationController {
                        let controller = UINavigationController()
                        controller.delegate = context.coordinator
                        moduleSetup(context.coordinator.builder)
                        return controller
                    }
                    func updateUIViewController(_ controller: UINavigationController, context: Context) {}
                    func makeCoordinator() -> NavigationCoordinator { NavigationCoordinator(path: $path) }
                }
                """),
            // A model property that is not @Published, and a `Layout`'s sizeThatFits (not a representable).
            Example("""
                struct LinkPreview: UIViewRepresentable {
                    @EnvironmentObject var tags: TagModel
                    func makeUIView(context: Context) -> LinkView { LinkView() }
                    func updateUIView(_ view: LinkView, context: Context) {
                        tags.diff = 0
                    }
                }
                struct Flow: Layout {
                    @Binding var rows: Int
                    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                        rows = subviews.count
                        return .zero
                    }
                    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
                }
                """, companions: ["""
                final class TagModel: ObservableObject {
                    var diff = 0
                    @Published var tags: [String] = []
                }
                """]),
            // Lookalikes in comments and strings, and a method with the same name outside a representable.
            Example("""
                final class Renderer {
                    @Published var height: CGFloat = 0
                    func updateUIView(_ view: UIView, context: Int) {
                        // height = view.bounds.height
                        print("height = \\\\(view.bounds.height)")
                        height = view.bounds.height
                    }
                }
                """),
        ]
    )

    // MARK: Facts

    public struct Facts: ProjectFacts {
        /// Writes found in render requirements: reported as they are, or when a member is observable.
        var writes: [Write] = []
        /// `@Published` (any class) and `@Binding` (coordinator classes) properties, by qualified class name.
        var observableMembers: [ObservableMember] = []

        public init() {}

        public mutating func append(_ later: Self) {
            writes += later.writes
            observableMembers += later.observableMembers
        }
    }

    struct Write: Sendable, Equatable {
        var site: FactLocation
        /// The state written, as the message names it (`height`, `model.isReady`).
        var subject: String
        /// `@Binding`, `@State`, `callback` … for the message; empty when it comes from `observable`.
        var kind: String
        /// The requirement it runs in, and the helper it is written in when that is not the requirement.
        var requirement: String
        var helper: String?
        var related: [RelatedLocation]
        /// The call in the requirement that leads to a helper's write.
        var decidedBy: [FactLocation]
        /// Set for writes through an object: the class and member that must be observable.
        var observable: MemberReference?
    }

    struct MemberReference: Sendable, Equatable {
        /// The class name as written at the use (`PlayerModel`), or qualified for a coordinator.
        var type: String
        var member: String
    }

    struct ObservableMember: Sendable, Equatable {
        /// The qualified class name.
        var type: String
        var member: String
        /// `@Published` or `@Binding`.
        var wrapper: String
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        guard file.language == .swift else { return }
        recordObservableMembers(file, into: &facts)
        var index: CoordinatorIndex?
        for type in file.representableTypes() {
            let requirements = file.renderRequirements(of: type)
            guard !requirements.isEmpty else { continue }
            if index == nil { index = CoordinatorIndex(file) }
            let model = TypeModel(type, file, coordinators: index!)
            for write in model.writes(from: requirements) {
                facts.writes.append(Write(site: context.factLocation(from: write.first, through: write.last),
                                          subject: write.subject, kind: write.kind, requirement: write.requirement,
                                          helper: write.helper, related: write.related,
                                          decidedBy: write.call.map { [context.factLocation(at: $0)] } ?? [],
                                          observable: write.observable))
            }
        }
    }

    /// The `@Published` and `@Binding` members of classes declared in files without the render
    /// requirements (model files, most of them) are read in a second pass, only for projects with
    /// a write through an object, from the files that spell such a member's name, its wrapper and
    /// the last component of its class's name (a declaration of it spells all three).
    public static var defersFacts: Bool { true }

    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        firstPass.writes.contains { $0.observable != nil }
    }

    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        var words = Set<String>()
        for write in facts.writes {
            guard let reference = write.observable else { continue }
            // `finish` matches `Feature.PlayerModel` for `PlayerModel`: the class's own name is the last component.
            let type = reference.type.split(separator: ".").last.map(String.init) ?? reference.type
            for wrapper in ["Published", "Binding"] { words.insert("\(reference.member) \(wrapper) \(type)") }
        }
        return words.sorted()
    }

    public static var deferredFactsComplementFirstPass: Bool { true }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        // A file that spells a first-pass word recorded its members in the first pass.
        let file = context.file
        guard file.language == .swift, !Self.firstPassCollects(file) else { return }
        recordObservableMembers(file, into: &facts)
    }

    private func recordObservableMembers(_ file: SourceFile, into facts: inout Facts) {
        for (position, declaration) in file.declarations.enumerated() where declaration.kind == .class || declaration.kind == .actor {
            var qualified: String?
            for member in file.members(ofType: position) {
                let property = file.declarations[member]
                guard property.kind == .variable, let name = property.name else { continue }
                let wrapper = file.declaration(property, hasAttribute: "Published") ? "@Published"
                    : file.declaration(property, hasAttribute: "Binding") ? "@Binding" : nil
                guard let wrapper else { continue }
                if qualified == nil { qualified = file.qualifiedTypeName(ofDeclaration: position) }
                guard let qualified else { break }
                facts.observableMembers.append(ObservableMember(type: qualified, member: file.text(at: name), wrapper: wrapper))
            }
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard !facts.writes.isEmpty else { return }
        // By member name, then matched on the class: `PlayerModel` matches `PlayerModel` and `Feature.PlayerModel`.
        var observable: [String: [ObservableMember]] = [:]
        for member in facts.observableMembers { observable[member.member, default: []].append(member) }
        var reported = Set<Location>()
        for write in facts.writes where reported.insert(write.site.location).inserted {
            var kind = write.kind
            if let reference = write.observable {
                guard let match = observable[reference.member]?.first(where: {
                    $0.type == reference.type || $0.type.hasSuffix("." + reference.type)
                }) else { continue }
                kind = "`\(match.wrapper)`"
            }
            let pass = "while SwiftUI runs `\(write.requirement)`"
            let place = write.helper.map { "in `\($0)` \(pass)" } ?? pass
            let message = kind == "callback"
                ? "Callback `\(write.subject)` is invoked \(place)"
                : "`\(write.subject)` (\(kind)) changes \(place)"
            let help = kind == "callback"
                ? "Invoke it from a delegate or target-action callback, or defer it with `DispatchQueue.main.async { … }`: "
                    + "the parent's closure changes the parent's state in the middle of this update."
                : "Defer the change until after the update with `DispatchQueue.main.async { … }`, or make it from a "
                    + "delegate or target-action callback. A guard such as `if new != old` stops the loop, not the change during the update."
            context.report(at: write.site, message, help: help, related: write.related, decidedBy: write.decidedBy)
        }
    }
}

// MARK: Reading one representable type

/// What a representable type declares in one file, and the writes its render requirements make.
private struct TypeModel {
    let file: SourceFile
    let type: RepresentableType
    /// Properties by name.
    var properties: [[UInt8]: Property] = [:]
    /// Instance methods by name (overloads together).
    var methods: [[UInt8]: [Int]] = [:]
    /// `@State` / `@Binding` properties that hold an object (`@Binding var host: HostController?`):
    /// setting a member of that object (`host?.rootView = …`) does not write the state.
    var objectHolders: Set<[UInt8]> = []
    /// The qualified name of the coordinator class declared in this file, if any.
    var coordinator: String?

    enum Property {
        /// `@State`, `@Binding`, `@AppStorage`, `@SceneStorage`, `@FocusState`: the attribute's text.
        case state(String)
        /// `let value: Binding<T>`: writable through `wrappedValue`.
        case bindingValue
        /// A callback: a stored function-typed property returning `Void`.
        case callback
        /// An object held by the representable, by its declared class name.
        case object(String)
        case other
    }

    struct Found {
        var first: Int
        var last: Int
        var subject: String
        var kind: String
        var requirement: String
        var helper: String?
        var related: [RelatedLocation]
        /// The call in the requirement that leads to a helper.
        var call: Int?
        var observable: StateModifiedDuringUpdate.MemberReference?
    }

    init(_ type: RepresentableType, _ file: SourceFile, coordinators: CoordinatorIndex) {
        self.file = file
        self.type = type
        var coordinatorReturn: String?
        for member in type.members {
            let declaration = file.declarations[member]
            guard let name = declaration.name else { continue }
            let key = Array(file.bytes(at: name))
            let isStatic = file.declaration(declaration, hasModifier: "static") || file.declaration(declaration, hasModifier: "class")
            if declaration.kind == .function && !isStatic {
                methods[key, default: []].append(member)
                if file.isName(name, "makeCoordinator"), let returned = declaration.typeStart, file.code[returned].kind == .identifier {
                    coordinatorReturn = file.text(at: returned)
                }
            } else if (declaration.kind == .variable || declaration.kind == .constant) && !isStatic {
                let kind = property(declaration)
                properties[key] = kind
                if case .state = kind, let typeName = file.declaredTypeName(of: declaration), Self.isClass(typeName, file) {
                    objectHolders.insert(key)
                }
            }
        }
        // The coordinator class: nested in the type (`Picker.Coordinator`) or top-level, in this file.
        if let name = coordinatorReturn {
            if let position = coordinators.declarations(named: name, nestedIn: type.name)
                .first(where: { file.declarations[$0].kind == .class }) {
                coordinator = file.qualifiedTypeName(ofDeclaration: position)
            }
        }
    }

    /// A class declared in this file, or a UIKit, WebKit, MapKit or AVKit view, view controller or window
    /// class (`UIHostingController`, `WKWebView`): SwiftUI's own `…View` types are structs and have no prefix.
    static func isClass(_ typeName: Int, _ file: SourceFile) -> Bool {
        let spelling = Array(file.bytes(at: typeName))
        if file.declarations.contains(where: { $0.kind == .class && $0.name.map { file.tokenIs($0, spelling) } == true }) {
            return true
        }
        let text = file.text(at: typeName)
        let prefixes = ["UI", "WK", "MK", "AV", "PK", "SK", "QL", "SF", "MF"]
        guard let prefix = prefixes.first(where: { text.hasPrefix($0) }),
              let after = text.dropFirst(prefix.count).unicodeScalars.first, ("A"..."Z").contains(after) else { return false }
        return text.hasSuffix("View") || text.hasSuffix("Controller") || text.hasSuffix("Window")
    }

    private func property(_ declaration: Declaration) -> Property {
        guard let storage = file.propertyStorage(declaration) else { return .other }
        switch storage {
        case .wrapped(let attribute):
            let stateWrappers: [StaticString] = ["State", "Binding", "AppStorage", "SceneStorage", "FocusState"]
            if stateWrappers.contains(where: { file.attributeIs(attribute, $0) }) { return .state(file.text(at: attribute)) }
            let objectWrappers: [StaticString] = ["ObservedObject", "StateObject", "EnvironmentObject"]
            if objectWrappers.contains(where: { file.attributeIs(attribute, $0) }), let typeName = file.declaredTypeName(of: declaration) {
                return .object(file.text(at: typeName))
            }
            return .other
        case .plain, .constant:
            if let range = file.declaredTypeRange(of: declaration), let first = range.first, file.isName(first, "Binding") {
                return .bindingValue
            }
            if let returnsVoid = file.functionTypeReturnsVoid(declaration) { return returnsVoid ? .callback : .other }
            if file.hasFunctionType(declaration) { return .other }
            if let typeName = file.declaredTypeName(of: declaration) { return .object(file.text(at: typeName)) }
            return .other
        case .computed:
            return .other
        }
    }

    /// The writes each requirement makes, directly or through the type's methods it calls; each
    /// method body is read once.
    func writes(from requirements: [Int]) -> [Found] {
        var found: [Found] = []
        var visited: Set<Int> = []
        // (method, the requirement that reaches it, the call in the requirement that leads there)
        var queue: [(method: Int, requirement: Int, call: Int?)] = requirements.map { ($0, $0, nil) }
        visited.formUnion(requirements)
        var next = 0
        while next < queue.count {
            let (method, requirement, call) = queue[next]
            next += 1
            let requirementName = file.declarations[requirement].name.map(file.text(at:)) ?? "update"
            let declaration = file.declarations[method]
            let helper = method == requirement ? nil : declaration.name.map(file.text(at:))
            let related = call.map { [RelatedLocation(location: file.location(of: $0),
                                                      message: "`\(requirementName)` calls `\(helper ?? "")` here")] } ?? []
            var scan = BodyScan(model: self, function: declaration)
            scan.run()
            for write in scan.writes {
                found.append(Found(first: write.first, last: write.last, subject: write.subject, kind: write.kind,
                                   requirement: requirementName, helper: helper, related: related, call: call,
                                   observable: write.observable))
            }
            for (callee, site) in scan.calls {
                for target in methods[callee] ?? [] where visited.insert(target).inserted {
                    queue.append((target, requirement, call ?? site))
                }
            }
        }
        return found
    }
}

/// One pass over a function body: the writes it makes synchronously and the type's methods it calls.
private struct BodyScan {
    let model: TypeModel
    let function: Declaration
    var writes: [(first: Int, last: Int, subject: String, kind: String, observable: StateModifiedDuringUpdate.MemberReference?)] = []
    var calls: [(name: [UInt8], site: Int)] = []

    private var file: SourceFile { model.file }

    init(model: TypeModel, function: Declaration) {
        self.model = model
        self.function = function
    }

    /// Closures that run before the call returns: writes in them happen during the update.
    private static let runsOnTheSpot: [StaticString] = [
        "withAnimation", "withTransaction", "performWithoutAnimation", "autoreleasepool", "forEach", "map",
        "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "first", "contains", "allSatisfy", "min", "max",
    ]

    mutating func run() {
        guard let open = function.bodyOpen, let close = function.bodyClose, close > open + 1 else { return }
        let locals = Set(file.localNames(in: open + 1..<close))
        let parameters = function.parameters.map { Array(file.bytes(at: $0.name)) }
        let parameterSet = Set(parameters)
        let returned = returnedNames(open, close)
        let contextName = function.parameters.first { $0.label.map { file.isName($0, "context") } ?? file.isName($0.name, "context") }
            .map { Array(file.bytes(at: $0.name)) }
        var coordinatorAliases: Set<[UInt8]> = []
        var index = open + 1
        while index < close {
            let token = file.code[index]
            if token.kind == .leftBrace, file.matching[index] > index {
                // Local functions and types run when called; closures that run later do not count.
                if file.bodyOwner[Int32(index)] != nil
                    || (file.isClosure(index) && !file.closureOwner(index, isOneOf: Self.runsOnTheSpot)) {
                    index = Int(file.matching[index]) + 1
                    continue
                }
            }
            defer { index += 1 }
            guard token.kind == .identifier else { continue }
            // Receiver: none, or `self.` (not `other.self.`).
            var first = index
            if file.code[index - 1].kind == .period {
                guard file.code[index - 2].keyword == .self, file.code[index - 3].kind != .period else { continue }
                first = index - 2
            }
            var name = Array(file.bytes(at: index))
            let projected = token.flags.contains(.dollar)
            if projected { name.removeFirst() }
            // `let coordinator = context.coordinator`
            if let contextName, file.tokenIs(index, contextName), first == index, file.code[index + 1].kind == .period,
               file.isName(index + 2, "coordinator") {
                if file.tokenIs(index - 1, "="), file.code[index - 2].kind == .identifier,
                   file.code[index - 3].keyword == .let || file.code[index - 3].keyword == .var,
                   file.code[index + 3].kind != .period {
                    coordinatorAliases.insert(Array(file.bytes(at: index - 2)))
                } else {
                    coordinatorWrite(from: first, member: index + 4)
                }
                continue
            }
            if first == index, coordinatorAliases.contains(name) {
                coordinatorWrite(from: first, member: index + 2)
                continue
            }
            if first == index, locals.contains(name) || parameterSet.contains(name) { continue }
            // A call of one of the type's methods: followed once, by the caller.
            if !projected, file.code[index + 1].kind == .leftParen, !file.code[index + 1].flags.contains(.lineStart),
               model.methods[name] != nil {
                calls.append((name, index))
            }
            guard let property = model.properties[name] else { continue }
            switch property {
            case .state(let attribute):
                if projected {
                    if let end = writeEnd(after: index, requiring: "wrappedValue") {
                        add(first, end, subject: file.text(at: index), kind: attribute)
                    }
                } else if let end = writeEnd(after: index, requiring: nil) {
                    // A member of the object it holds: the state itself still refers to the same object.
                    if model.objectHolders.contains(name), Self.passesMember(after: index, file) { continue }
                    add(first, end, subject: file.text(at: index), kind: attribute)
                }
            case .bindingValue:
                if let end = writeEnd(after: index, requiring: "wrappedValue") {
                    add(first, end, subject: file.text(at: index) + ".wrappedValue", kind: "`Binding`")
                }
            case .callback:
                callbackCall(from: first, name: index, parameters: parameters,
                             contextParameter: contextName.flatMap { name in parameters.firstIndex(of: name) },
                             returned: returned)
            case .object(let typeName):
                // `model.member = …`: the member must be @Published in that class.
                guard !projected, file.code[index + 1].kind == .period, file.code[index + 2].kind == .identifier,
                      let end = writeEnd(after: index + 2, requiring: nil) else { continue }
                let member = file.text(at: index + 2)
                writes.append((first, end, file.text(at: index) + "." + member, "",
                               StateModifiedDuringUpdate.MemberReference(type: typeName, member: member)))
            case .other:
                continue
            }
        }
    }

    /// `name.member…` or `name?.member…`: the path goes into the value before it is written.
    static func passesMember(after name: Int, _ file: SourceFile) -> Bool {
        var index = name + 1
        if file.tokenIs(index, "?") || file.tokenIs(index, "!") { index += 1 }
        return file.code[index].kind == .period
    }

    private mutating func add(_ first: Int, _ last: Int, subject: String, kind: String) {
        writes.append((first, last, subject, "`\(kind)`", nil))
    }

    /// `context.coordinator.member = …` / `alias.member = …`: a write when the coordinator declares
    /// `member` `@Binding` or `@Published`.
    private mutating func coordinatorWrite(from first: Int, member: Int) {
        guard let coordinator = model.coordinator, file.code[member - 1].kind == .period,
              file.code[member].kind == .identifier, let end = writeEnd(after: member, requiring: nil) else { return }
        let name = file.text(at: member)
        writes.append((first, end, "coordinator." + name, "",
                       StateModifiedDuringUpdate.MemberReference(type: coordinator, member: name)))
    }

    /// What the function hands back: the names after `return`, and the roots of the locals they are
    /// built from (`let textView = metaText.textView` … `return textView`: `textView`, `metaText`).
    private func returnedNames(_ open: Int, _ close: Int) -> Set<[UInt8]> {
        var names: Set<[UInt8]> = []
        var initializers: [[UInt8]: Int] = [:]
        for index in open + 1..<close {
            let token = file.code[index]
            if token.keyword == .let || token.keyword == .var, file.code[index + 1].kind == .identifier, file.tokenIs(index + 2, "=") {
                initializers[Array(file.bytes(at: index + 1))] = index + 3
            } else if token.keyword == .return, file.code[index + 1].kind == .identifier,
                      !file.code[index + 1].flags.contains(.lineStart) {
                names.insert(Array(file.bytes(at: index + 1)))
            }
        }
        for name in names {
            if let value = initializers[name], file.code[value].kind == .identifier { names.insert(Array(file.bytes(at: value))) }
        }
        return names
    }

    /// `onChange(value)` / `onChange?(value)` as a statement of its own, not handed one of the
    /// function's parameters as a whole argument nor something reached from its context.
    private mutating func callbackCall(from first: Int, name: Int, parameters: [[UInt8]], contextParameter: Int?,
                                       returned: Set<[UInt8]>) {
        var open = name + 1
        if file.tokenIs(open, "?") { open += 1 }
        guard file.code[open].kind == .leftParen, !file.code[open].flags.contains(.lineStart),
              file.matching[open] > open, file.statementStart(containing: name) == first else { return }
        let close = Int(file.matching[open])
        // A trailing closure or a use of the result makes it something else.
        let after = file.code[close + 1]
        if after.kind == .period || after.kind == .leftBrace && !after.flags.contains(.lineStart) { return }
        // Handed the wrapped view, or anything reached from the context (its coordinator, its
        // environment): a configuration closure (`update(view)`, `setUp(context.coordinator.builder)`),
        // not a report of a value to the parent.
        for argument in file.callArguments(open: open) {
            let first = argument.value.lowerBound
            // The view or controller `make…` returns (`configure?(viewController); return viewController`).
            if argument.value.count == 1, returned.contains(Array(file.bytes(at: first))) { return }
            guard let parameter = parameters.firstIndex(where: { file.tokenIs(first, $0) }) else { continue }
            if argument.value.count == 1 || parameter == contextParameter { return }
        }
        writes.append((first, close, file.text(at: name), "callback", nil))
    }

    /// The last token of a write to the value at `name`: `name = …`, `name.a[b] += …`,
    /// `name.append(…)`. With `requiring`, the path must pass that member (`wrappedValue`). Nil
    /// when the value is only read.
    private func writeEnd(after name: Int, requiring: StaticString?) -> Int? {
        let mutating: [StaticString] = ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast",
                                        "toggle", "sort", "reverse", "shuffle", "merge", "formUnion", "subtract",
                                        "updateValue", "removeValue", "popLast"]
        var index = name + 1
        var passed = requiring == nil
        var lastMember: Int?
        let limit = function.bodyClose ?? file.code.count
        while index < limit {
            let token = file.code[index]
            if token.kind == .period, file.code[index + 1].kind == .identifier {
                if let requiring, file.isName(index + 1, requiring) { passed = true }
                lastMember = index + 1
                index += 2
            } else if token.kind == .leftSquare, !token.flags.contains(.lineStart), file.matching[index] > index {
                index = Int(file.matching[index]) + 1
            } else if file.tokenIs(index, "?") || file.tokenIs(index, "!"), !token.flags.contains(.spaceBefore),
                      file.code[index + 1].kind == .period || file.code[index + 1].kind == .leftSquare {
                index += 1
            } else {
                break
            }
        }
        guard passed else { return nil }
        if file.isAssignmentOperator(index) {
            return file.valueEnd(from: index + 1, limit: limit)
        }
        if let lastMember, index == lastMember + 1, file.code[index].kind == .leftParen,
           !file.code[index].flags.contains(.lineStart), mutating.contains(where: { file.isName(lastMember, $0) }),
           file.matching[index] > index {
            return Int(file.matching[index])
        }
        return nil
    }
}
