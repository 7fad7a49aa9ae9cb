import SeamLintCore

/// Flags one-off representables that only construct the wrapped view or view controller: `make…`
/// returns a fresh instance, `update…` is empty, and there is no coordinator, no `dismantle…` and
/// no other member function. One generic representable taking closures replaces them all.
///
/// A project rule because an extension in another file can add the coordinator or dismantle
/// method that makes the type more than a wrapper.
public struct TrivialRepresentable: ProjectRule {
    public init() {}

    /// Candidates conform to a `…Representable` protocol. The other facts, extensions that add
    /// methods, matter only to a candidate's type, whose name such an extension spells: they are
    /// read in the deferred pass from the files that spell a candidate's name (`extension` is in
    /// a third of an app's files).
    public static let factTriggerWords = ["Representable"]

    public static var defersFacts: Bool { true }
    public static var deferredFactsComplementFirstPass: Bool { true }
    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool { !firstPass.candidates.isEmpty }

    /// The candidates' names (`Scanner` for `Outer.Scanner`, which `extension Outer.Scanner` spells too).
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        Set(facts.candidates.map { $0.type.split(separator: ".").last.map(String.init) ?? $0.type }).sorted()
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        guard !Self.firstPassCollects(context.file) else { return }
        recordExtensionsWithMethods(context.file, context, into: &facts)
    }

    public static let description = RuleDescription(
        id: "trivial_representable",
        summary: "A representable whose `make…` only constructs the wrapped object and whose `update…` is empty is a one-off type",
        rationale: """
            ### What it does
            Finds `UIViewRepresentable` and `UIViewControllerRepresentable` types (and their AppKit siblings) \
            whose `makeUIView(context:)` / `makeUIViewController(context:)` only constructs the wrapped object, \
            whose `update…` is empty, and that have no coordinator, no `dismantle…` and no other methods. \
            An `init` of its own does not change that: it only fills what the generic form captures.

            ### Why is this bad?
            Each such type is boilerplate: a struct, two requirements and a type name to wrap one initializer \
            call. Apps that bridge many UIKit screens accumulate dozens of them, each a place where an update \
            path or a coordinator was forgotten without anyone noticing. It is not a bug on any iOS version; \
            it is noise that hides the representables that do real work.

            ### Use instead
            One generic representable that takes closures for `make`, `update` and the coordinator:

            ```swift
            struct ViewControllerRepresentable<Controller: UIViewController>: UIViewControllerRepresentable {
                var make: () -> Controller
                var update: (Controller) -> Void = { _ in }
                func makeUIViewController(context: Context) -> Controller { make() }
                func updateUIViewController(_ controller: Controller, context: Context) { update(controller) }
            }

            ViewControllerRepresentable { SettingsViewController() }
            ```

            `dismantleUIView(_:coordinator:)` is static, so a closure stored on the instance cannot provide it: \
            representables that need cleanup stay dedicated types.
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable",
            "https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable",
        ],
        severity: .note, isOptIn: true,
        triggering: [
            Example("""
                ↓struct ShareSheet: UIViewControllerRepresentable {
                    let items: [Any]
                    func makeUIViewController(context: Context) -> UIActivityViewController {
                        UIActivityViewController(activityItems: items, applicationActivities: nil)
                    }
                    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
                }
                """),
            Example("""
                ↓struct Spinner: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIActivityIndicatorView {
                        return UIActivityIndicatorView(style: .large)
                    }
                    func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {
                        // Nothing to update.
                    }
                }
                """),
            Example("""
                ↓struct Blur: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIVisualEffectView { .init(effect: UIBlurEffect(style: .regular)) }
                    func updateUIView(_ uiView: UIVisualEffectView, context: Context) {}
                }
                """),
            Example("""
                struct Settings {}
                ↓extension Settings: UIViewControllerRepresentable {
                    typealias UIViewControllerType = SettingsViewController
                    func makeUIViewController(context: Context) -> SettingsViewController {
                        let controller = SettingsViewController()
                        return controller
                    }
                    func updateUIViewController(_ uiViewController: SettingsViewController, context: Context) {}
                }
                """),
            // Its own `init` only stores what `make` is built from.
            Example("""
                ↓struct MailComposer: UIViewControllerRepresentable {
                    private let recipients: [String]
                    private let subject: String

                    init(to recipients: [String], subject: String = "") {
                        self.recipients = recipients
                        self.subject = subject
                    }

                    func makeUIViewController(context: Context) -> ComposeViewController {
                        ComposeViewController(recipients: recipients, subject: subject)
                    }
                    func updateUIViewController(_ controller: ComposeViewController, context: Context) {}
                }
                """),
            // A nested class is the wrapped view itself, not a coordinator.
            Example("""
                ↓private struct ClickCatcher: NSViewRepresentable {
                    final class CatcherView: NSView {
                        var onClick: () -> Void = {}
                        override func mouseDown(with event: NSEvent) { onClick() }
                    }
                    func makeNSView(context: Context) -> CatcherView { CatcherView() }
                    func updateNSView(_ nsView: CatcherView, context: Context) { }
                }
                """),
        ],
        nonTriggering: [
            // Configures the object after constructing it.
            Example("""
                struct Spinner: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIActivityIndicatorView {
                        let view = UIActivityIndicatorView(style: .large)
                        view.startAnimating()
                        return view
                    }
                    func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {}
                }
                """),
            // Updates.
            Example("""
                struct Label: UIViewRepresentable {
                    let text: String
                    func makeUIView(context: Context) -> UILabel { UILabel() }
                    func updateUIView(_ label: UILabel, context: Context) { label.text = text }
                }
                """),
            // Has a coordinator.
            Example("""
                struct Picker: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> PHPickerViewController {
                        PHPickerViewController(configuration: PHPickerConfiguration())
                    }
                    func updateUIViewController(_ controller: PHPickerViewController, context: Context) {}
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    final class Coordinator: NSObject {}
                }
                """),
            // Needs static cleanup: must stay a dedicated type.
            Example("""
                struct Player: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> AVPlayerViewController { AVPlayerViewController() }
                    func updateUIViewController(_ controller: AVPlayerViewController, context: Context) {}
                    static func dismantleUIViewController(_ controller: AVPlayerViewController, coordinator: ()) {
                        controller.player?.pause()
                    }
                }
                """),
            // The generic representer itself: `make` is a stored closure, not a construction.
            Example("""
                struct AnyControllerRepresentable<Controller: UIViewController>: UIViewControllerRepresentable {
                    let make: () -> Controller
                    func makeUIViewController(context: Context) -> Controller { make() }
                    func updateUIViewController(_ controller: Controller, context: Context) {}
                }
                """),
            // Returns an existing instance, or builds it from the context.
            Example("""
                struct Embedded: UIViewControllerRepresentable {
                    let controller: UIViewController
                    func makeUIViewController(context: Context) -> UIViewController { controller }
                    func updateUIViewController(_ controller: UIViewController, context: Context) {}
                }
                struct Themed: UIViewRepresentable {
                    func makeUIView(context: Context) -> ThemedView { ThemedView(scheme: context.environment.colorScheme) }
                    func updateUIView(_ uiView: ThemedView, context: Context) {}
                }
                """),
            // A coordinator added by an extension in another file.
            Example("""
                struct Scanner: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> ScannerViewController { ScannerViewController() }
                    func updateUIViewController(_ controller: ScannerViewController, context: Context) {}
                }
                """, companions: ["""
                extension Scanner {
                    func makeCoordinator() -> ScannerDelegate { ScannerDelegate() }
                }
                """]),
            // Generic wrappers are the reusable form already.
            Example("""
                struct Legacy<Content: View>: SwiftUI.UIViewControllerRepresentable {
                    let content: Content
                    func makeUIViewController(context: Context) -> UIHostingController<Content> {
                        UIHostingController<Content>(rootView: content)
                    }
                    func updateUIViewController(_ controller: UIHostingController<Content>, context: Context) {}
                }
                """),
            Example("""
                struct HostedContent<Body: View>: UIViewControllerRepresentable {
                    let build: () -> Body
                    func makeUIViewController(context: Context) -> UIHostingController<Body> {
                        UIHostingController(rootView: build())
                    }
                    func updateUIViewController(_ controller: UIHostingController<Body>, context: Context) {}
                }
                struct Snapshot: UIViewRepresentable {
                    let makeView: () -> UIView
                    func makeUIView(context: Context) -> UIView { Wrapper(makeView()) }
                    func updateUIView(_ uiView: UIView, context: Context) {}
                }
                """),
            // An `init` beside an update, or beside a coordinator: more than a wrapper.
            Example("""
                struct Gauge: UIViewRepresentable {
                    let value: Double
                    init(_ value: Double) { self.value = value }
                    func makeUIView(context: Context) -> GaugeView { GaugeView() }
                    func updateUIView(_ uiView: GaugeView, context: Context) { uiView.value = value }
                }
                struct DocumentPicker: UIViewControllerRepresentable {
                    let onPick: (URL) -> Void
                    init(onPick: @escaping (URL) -> Void) { self.onPick = onPick }
                    func makeUIViewController(context: Context) -> UIDocumentPickerViewController {
                        UIDocumentPickerViewController(forOpeningContentTypes: [.pdf])
                    }
                    func updateUIViewController(_ controller: UIDocumentPickerViewController, context: Context) {}
                    func makeCoordinator() -> Coordinator { Coordinator(onPick: onPick) }
                }
                """),
            // Extra behaviour: sizing.
            Example("""
                struct Badge: UIViewRepresentable {
                    func makeUIView(context: Context) -> BadgeView { BadgeView() }
                    func updateUIView(_ uiView: BadgeView, context: Context) {}
                    func sizeThatFits(_ proposal: ProposedViewSize, uiView: BadgeView, context: Context) -> CGSize? { nil }
                }
                """),
        ]
    )

    public struct Facts: ProjectFacts {
        /// Types whose declarations in one file form a trivial representable, at the type name.
        var candidates: [Candidate] = []
        /// Extensions that add methods: another file's candidate may not be trivial after all.
        var extensionsWithMethods: [NamedType] = []

        public init() {}

        public mutating func append(_ later: Self) {
            candidates += later.candidates
            extensionsWithMethods += later.extensionsWithMethods
        }

        struct Candidate: Sendable, Equatable {
            var site: FactLocation
            /// The qualified type name.
            var type: String
            var family: RepresentableFamily
            /// The wrapped view or controller type, for the message.
            var wrapped: String
        }

        struct NamedType: Sendable, Equatable {
            var site: FactLocation
            var type: String
        }
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        recordExtensionsWithMethods(file, context, into: &facts)
        // Group this file's declarations of each type (the type and its extensions).
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (position, declaration) in file.declarations.enumerated() where declaration.isType && declaration.kind != .protocol {
            guard let name = file.qualifiedTypeName(ofDeclaration: position) else { continue }
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(position)
        }
        for name in order {
            guard let positions = groups[name], let candidate = trivialRepresentable(positions, file) else { continue }
            let line = file.declarationLine(naming: candidate.nameToken)
            let site = context.factLocation(from: line.first, through: line.last, anchor: candidate.nameToken)
            facts.candidates.append(Facts.Candidate(site: site, type: name,
                                                    family: candidate.family, wrapped: candidate.wrapped))
        }
    }

    /// Extensions that add methods: another file's candidate may not be trivial after all.
    private func recordExtensionsWithMethods(_ file: SourceFile, _ context: RuleContext, into facts: inout Facts) {
        for (position, declaration) in file.declarations.enumerated() where declaration.kind == .extension {
            guard file.members(ofType: position).contains(where: { file.declarations[$0].isFunctionLike }),
                  let nameToken = declaration.name, let name = file.qualifiedTypeName(ofDeclaration: position) else { continue }
            facts.extensionsWithMethods.append(Facts.NamedType(site: context.factLocation(at: nameToken), type: name))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard !facts.candidates.isEmpty else { return }
        var extendedIn: [String: Set<String>] = [:]
        for extended in facts.extensionsWithMethods {
            extendedIn[extended.type, default: []].insert(extended.site.location.file)
        }
        for candidate in facts.candidates {
            let type = candidate.type, family = candidate.family, wrapped = candidate.wrapped
            // Methods added to the type in another file (same-file extensions were already weighed).
            if let files = extendedIn[type], files.contains(where: { $0 != candidate.site.location.file }) { continue }
            let shortType = type.split(separator: ".").last.map(String.init) ?? type
            context.report(at: candidate.site, "`\(shortType)` only constructs `\(wrapped)` and never updates it",
                           help: "Replace this one-off type with one generic `\(family.protocolName)` that takes make/update "
                               + "closures (types that need the static `\(family.dismantleName)` must stay); `\(shortType)` "
                               + "only builds `\(wrapped)` in `\(family.makeName)`.")
        }
    }

    private struct Candidate {
        var nameToken: Int
        var family: RepresentableFamily
        var wrapped: String
    }

    /// The declarations of one type in this file form a trivial representable.
    private func trivialRepresentable(_ positions: [Int], _ file: SourceFile) -> Candidate? {
        var family: RepresentableFamily?
        var conformanceName: Int?
        for position in positions {
            let declaration = file.declarations[position]
            if let found = file.representableFamilies(of: declaration).first, family == nil {
                family = found
                conformanceName = declaration.name
            }
        }
        guard let family, let conformanceName else { return nil }
        // A generic representable is already the reusable form, not a one-off.
        for position in positions where file.declarations[position].kind != .extension {
            if let name = file.declarations[position].name, file.tokenIs(name + 1, "<") { return nil }
        }
        var make: Declaration?
        var update: Declaration?
        var closureProperties: [[UInt8]] = []
        for position in positions {
            for member in file.members(ofType: position) {
                let declaration = file.declarations[member]
                switch declaration.kind {
                case .variable, .constant:
                    if let name = declaration.name, file.hasFunctionType(declaration) {
                        closureProperties.append(Array(file.bytes(at: name)))
                    }
                case .typealias, .initializer:
                    // An `init` only fills the stored properties a generic representable would
                    // capture in its closures: still a one-off wrapper.
                    continue
                case .function:
                    guard let name = declaration.name else { return nil }
                    if RepresentableFamily.makeNamed(at: name, in: file) == family, make == nil {
                        make = declaration
                    } else if RepresentableFamily.updateNamed(at: name, in: file) == family, update == nil {
                        update = declaration
                    } else {
                        // makeCoordinator, dismantle…, sizeThatFits, helpers: more than a wrapper.
                        return nil
                    }
                case .class, .struct, .enum, .actor:
                    // A nested `Coordinator` is a coordinator; other nested types (the wrapped
                    // controller, an item source it is built with) are part of the construction.
                    if declaration.name.map({ file.tokenIs($0, "Coordinator") }) ?? true { return nil }
                default:
                    // Subscripts, `deinit`.
                    return nil
                }
            }
        }
        guard let make, let update, file.hasEmptyBody(update),
              let wrapped = constructedType(in: make, file) else { return nil }
        // `make` calls a stored closure (`content()`): the type already takes its content as a closure.
        if let open = make.bodyOpen, let close = make.bodyClose {
            for index in open + 1..<close where file.code[index].kind == .identifier
                && file.code[index + 1].kind == .leftParen && file.code[index - 1].kind != .period
                && closureProperties.contains(where: { file.tokenIs(index, $0) }) {
                return nil
            }
        }
        return Candidate(nameToken: conformanceName, family: family, wrapped: wrapped)
    }

    /// The type `make…` constructs when its whole body is `Type(…)`, `return Type(…)`, or
    /// `let x = Type(…)` followed by `return x`; nil otherwise.
    private func constructedType(in make: Declaration, _ file: SourceFile) -> String? {
        guard let open = make.bodyOpen, let close = make.bodyClose, close > open + 1 else { return nil }
        let code = file.code
        var start = open + 1
        var binding: Int?
        if code[start].keyword == .return {
            start += 1
        } else if code[start].keyword == .let || code[start].keyword == .var, start + 2 < close,
                  code[start + 1].kind == .identifier, file.tokenIs(start + 2, "=") {
            binding = start + 1
            start += 3
        }
        guard let (constructed, end) = construction(from: start, limit: close, file) else { return nil }
        var typeName = constructed
        // `.init(…)`: the declared return type is what is constructed.
        if typeName.isEmpty {
            guard let returnType = make.typeStart, file.code[returnType].kind == .identifier else { return nil }
            typeName = file.text(at: returnType)
        }
        if let binding {
            // `return x` must follow and end the body.
            guard end + 2 == close - 1, code[end + 1].keyword == .return,
                  file.tokenIs(end + 2, Array(file.bytes(at: binding))) else { return nil }
        } else {
            guard end == close - 1 else { return nil }
        }
        // Built from the representable's own values, not from the context.
        for index in start...end where file.isName(index, "context") { return nil }
        return typeName
    }

    /// `Type(…)`, `Module.Type(…)`, `Type<Argument>(…)`, `Type.init(…)` starting at `start`:
    /// the type's text and the index of the closing `)` (or of a trailing closure's `}`).
    private func construction(from start: Int, limit: Int, _ file: SourceFile) -> (String, Int)? {
        let code = file.code
        var index = start
        // `.init(…)` with the type inferred from the return type (empty name: the caller fills it in).
        if index + 2 < limit, code[index].kind == .period, file.isName(index + 1, "init"),
           code[index + 2].kind == .leftParen, file.matching[index + 2] > index + 2 {
            return ("", Int(file.matching[index + 2]))
        }
        guard index < limit, code[index].kind == .identifier, file.isCapitalized(index) else { return nil }
        var nameEnd = index
        index += 1
        while index + 1 < limit, code[index].kind == .period, code[index + 1].kind == .identifier,
              file.isCapitalized(index + 1) {
            nameEnd = index + 1
            index += 2
        }
        if index < limit, file.tokenIs(index, "<") {
            index = file.skipAngleBrackets(from: index, limit: limit)
            nameEnd = index - 1
        }
        if index + 1 < limit, code[index].kind == .period, file.isName(index + 1, "init") { index += 2 }
        guard index < limit, code[index].kind == .leftParen, !code[index].flags.contains(.lineStart),
              file.matching[index] > index else { return nil }
        var end = Int(file.matching[index])
        if end + 1 < limit, code[end + 1].kind == .leftBrace, file.isClosure(end + 1), file.matching[end + 1] > end + 1 {
            end = Int(file.matching[end + 1])
        }
        let typeText = file.text(Int(code[start].start)..<Int(code[nameEnd].end))
        return (typeText, end)
    }
}
