import SeamLintCore

/// Flags an instance `dismantleUIView(_:coordinator:)` (or its view-controller and AppKit siblings)
/// in a type that conforms to the matching representable protocol. The requirement is `static`:
/// SwiftUI never calls the instance method, so the cleanup it holds never runs.
///
/// A project rule because the conformance is often declared apart from the method: in the type's
/// header while the method sits in an extension in another file, or through a protocol or base
/// class that refines the representable protocol.
public struct RepresentableDismantleNotStatic: ProjectRule {
    public init() {}

    /// The first pass records direct conformances to a `…Representable` protocol and instance
    /// `dismantle…` methods: a file that spells neither has nothing for it.
    public static let factTriggerWords = ["Representable", "dismantle"]

    public static let description = RuleDescription(
        id: "representable_dismantle_not_static",
        summary: "An instance `dismantleUIView`/`dismantleUIViewController` is never called: the representable requirement is `static`",
        rationale: """
            ### What it does
            Finds `func dismantleUIView(_:coordinator:)`, `dismantleUIViewController`, `dismantleNSView` and \
            `dismantleNSViewController` declared as instance methods in a type that conforms to the matching \
            `UIViewRepresentable`, `UIViewControllerRepresentable`, `NSViewRepresentable` or \
            `NSViewControllerRepresentable` protocol: in the type's header, in an extension, through a protocol or \
            base class that refines it, or in another file.

            ### Why is this bad?
            The protocol requirement is `static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)`. \
            The protocol extension supplies an empty static default, so an instance method with the same name \
            compiles without a warning and is simply never called — on every iOS and macOS version. The cleanup \
            it was written for (stopping a capture session, pausing a player, removing observers, invalidating \
            timers) never happens, and the wrapped view leaks its work after SwiftUI removes it.

            ### Use instead
            Declare the method `static`. It has no `self`: reach state through the `uiView` and `coordinator` \
            parameters, and keep anything the cleanup needs in the coordinator.

            ```swift
            static func dismantleUIView(_ uiView: PlayerView, coordinator: Coordinator) {
                coordinator.player.pause()
            }
            ```
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:)",
            "https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/dismantleuiviewcontroller(_:coordinator:)",
            "https://developer.apple.com/documentation/swiftui/nsviewrepresentable/dismantlensview(_:coordinator:)",
        ],
        severity: .error, isFixable: true,
        triggering: [
            Example("""
                struct CameraPreview: UIViewRepresentable {
                    let session: AVCaptureSession
                    func makeUIView(context: Context) -> PreviewView { PreviewView(session: session) }
                    func updateUIView(_ uiView: PreviewView, context: Context) {}
                    ↓func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {
                        uiView.session?.stopRunning()
                    }
                }
                """),
            Example("""
                struct MailComposer: SwiftUI.UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> MFMailComposeViewController { MFMailComposeViewController() }
                    func updateUIViewController(_ controller: MFMailComposeViewController, context: Context) {}
                }

                extension MailComposer {
                    ↓public func dismantleUIViewController(_ controller: MFMailComposeViewController, coordinator: Coordinator) {
                        controller.mailComposeDelegate = nil
                    }
                }
                """),
            // The conformance lives in another file.
            Example("""
                extension WebContainer {
                    ↓@MainActor func dismantleUIView(_ webView: WKWebView, coordinator: Coordinator) {
                        webView.stopLoading()
                    }
                }
                """, companions: ["""
                struct WebContainer: UIViewRepresentable {
                    func makeUIView(context: Context) -> WKWebView { WKWebView() }
                    func updateUIView(_ webView: WKWebView, context: Context) {}
                }
                """]),
            // AppKit, with the conformance in an extension.
            Example("""
                struct MapBox {
                    ↓func dismantleNSView(_ nsView: MKMapView, coordinator: Coordinator) {
                        nsView.delegate = nil
                    }
                }
                extension MapBox: NSViewRepresentable {
                    func makeNSView(context: Context) -> MKMapView { MKMapView() }
                    func updateNSView(_ nsView: MKMapView, context: Context) {}
                }
                """),
            // Nested type, extended through its qualified name.
            Example("""
                enum Player {
                    struct Surface: UIViewRepresentable {
                        func makeUIView(context: Context) -> PlayerView { PlayerView() }
                        func updateUIView(_ uiView: PlayerView, context: Context) {}
                    }
                }
                extension Player.Surface {
                    ↓func dismantleUIView(_ uiView: PlayerView, coordinator: ()) { uiView.player?.pause() }
                }
                """),
            // Conformance through a protocol that refines the representable protocol.
            Example("""
                protocol CleanableRepresentable: UIViewRepresentable {}
                struct Scanner: CleanableRepresentable {
                    func makeUIView(context: Context) -> ScannerView { ScannerView() }
                    func updateUIView(_ uiView: ScannerView, context: Context) {}
                    ↓func dismantleUIView(_ uiView: ScannerView, coordinator: ()) { uiView.stop() }
                }
                """),
            // Wrong second label as well: still never called, no automatic fix.
            Example("""
                struct LocalPreview: UIViewRepresentable {
                    func makeUIView(context: Context) -> VideoView { VideoView() }
                    func updateUIView(_ uiView: VideoView, context: Context) {}
                    ↓func dismantleUIView(_ uiView: VideoView, context: Context) { uiView.stop() }
                }
                """),
        ],
        nonTriggering: [
            Example("""
                struct CameraPreview: UIViewRepresentable {
                    func makeUIView(context: Context) -> PreviewView { PreviewView() }
                    func updateUIView(_ uiView: PreviewView, context: Context) {}
                    static func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {
                        uiView.session?.stopRunning()
                    }
                }
                """),
            Example("""
                final class Host: NSObject, UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
                    func updateUIViewController(_ controller: UIViewController, context: Context) {}
                    class func dismantleUIViewController(_ controller: UIViewController, coordinator: ()) {}
                }
                """),
            // Not a representable anywhere in the project.
            Example("""
                final class ViewRecycler {
                    func dismantleUIView(_ view: UIView, coordinator: Coordinator) {
                        view.removeFromSuperview()
                    }
                }
                """),
            // The name belongs to another family: a view-controller representable's helper.
            Example("""
                struct Composer: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> ComposerController { ComposerController() }
                    func updateUIViewController(_ controller: ComposerController, context: Context) {}
                    func dismantleUIView(_ view: UIView, coordinator: Coordinator) {}
                }
                """),
            // A protocol requirement, not an implementation.
            Example("""
                protocol Teardown: UIViewRepresentable {
                    func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)
                }
                """),
            // A call, and a local function inside another method.
            Example("""
                struct Surface: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ uiView: UIView, context: Context) {
                        func dismantleUIView(_ view: UIView, coordinator: ()) {}
                        Self.dismantleUIView(uiView, coordinator: ())
                    }
                }
                """),
            // Different type with the same member name in another file.
            Example("""
                struct Gallery {
                    func dismantleUIView(_ view: UIView, coordinator: ()) {}
                }
                """, companions: ["""
                struct Carousel: UIViewRepresentable {
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ uiView: UIView, context: Context) {}
                }
                """]),
        ],
        corrections: [
            (before: """
                struct CameraPreview: UIViewRepresentable {
                    func makeUIView(context: Context) -> PreviewView { PreviewView() }
                    func updateUIView(_ uiView: PreviewView, context: Context) {}
                    ↓func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {
                        uiView.session?.stopRunning()
                    }
                }
                """,
             after: """
                struct CameraPreview: UIViewRepresentable {
                    func makeUIView(context: Context) -> PreviewView { PreviewView() }
                    func updateUIView(_ uiView: PreviewView, context: Context) {}
                    static func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {
                        uiView.session?.stopRunning()
                    }
                }
                """),
            (before: """
                extension MailComposer: UIViewControllerRepresentable {
                    ↓public func dismantleUIViewController(_ controller: MFMailComposeViewController, coordinator: Coordinator) {
                        coordinator.cancel()
                    }
                }
                """,
             after: """
                extension MailComposer: UIViewControllerRepresentable {
                    public static func dismantleUIViewController(_ controller: MFMailComposeViewController, coordinator: Coordinator) {
                        coordinator.cancel()
                    }
                }
                """),
        ]
    )

    public struct Facts: ProjectFacts {
        /// Inheritance clauses, one per type header.
        var types: [TypeInheritance] = []
        /// Instance `dismantle…` methods of a type with two parameters, the first unlabelled.
        var candidates: [Candidate] = []

        public init() {}

        public mutating func append(_ later: Self) {
            types += later.types
            candidates += later.candidates
        }
    }

    struct TypeInheritance: Sendable, Equatable {
        /// The qualified type name (`Outer.Map`).
        var type: String
        var inherits: [String]
    }

    struct Candidate: Sendable, Equatable {
        var site: FactLocation
        /// The qualified name of the type that declares it.
        var type: String
        var family: RepresentableFamily
        /// `dismantleUIView(_:coordinator:)`, as declared, for messages.
        var signature: String
        /// Its second parameter is `coordinator`: only `static` is missing.
        var matchesRequirement: Bool
        /// Its body reads `self` or an instance member.
        var usesInstance: Bool
        /// Where the `static ` fix goes, when adding it compiles.
        var insertAt: Int?
    }

    /// Only a project with an instance `dismantle…` whose type is not seen to conform directly
    /// (`struct Map: UIViewRepresentable`, in any file) needs every type's inheritance clause.
    public static var defersFacts: Bool { true }
    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        let conformances = Conformances(firstPass.types)
        return firstPass.candidates.contains { !conformances.families(of: $0.type).contains($0.family) }
    }

    /// Inheritance clauses: every type's in the deferred pass (conformance can arrive through
    /// another file's protocol or base class), in the first pass only those that name a
    /// representable protocol themselves. One fact per type header.
    private func recordInheritance(_ context: RuleContext, directOnly: Bool, into facts: inout Facts) {
        let file = context.file
        if directOnly && !file.mentionsText("Representable") { return }
        for (position, declaration) in file.declarations.enumerated() where declaration.isType {
            let inherited = file.inheritedNames(of: declaration)
            guard !inherited.isEmpty, declaration.name != nil,
                  !directOnly || inherited.contains(where: { RepresentableFamily.protocolNamed(at: $0, in: file) != nil }),
                  let qualified = file.qualifiedTypeName(ofDeclaration: position) else { continue }
            facts.types.append(TypeInheritance(type: qualified, inherits: inherited.map { file.text(at: $0) }))
        }
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        recordInheritance(context, directOnly: false, into: &facts)
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        recordInheritance(context, directOnly: true, into: &facts)
        let file = context.file
        for declaration in file.declarations where declaration.kind == .function {
            guard let name = declaration.name,
                  let family = RepresentableFamily.dismantleNamed(at: name, in: file),
                  !file.declaration(declaration, hasModifier: "static"),
                  !file.declaration(declaration, hasModifier: "class"),
                  let owner = file.owningType(ofMember: declaration),
                  file.declarations[owner].kind != .protocol,
                  declaration.parameters.count == 2,
                  let firstLabel = declaration.parameters[0].label, file.code[firstLabel].keyword == .underscore,
                  let type = file.qualifiedTypeName(ofDeclaration: owner) else { continue }
            let second = declaration.parameters[1]
            let matchesRequirement = file.isName(second.label ?? second.name, "coordinator")
            let usesInstance = usesInstanceMembers(declaration, owner: owner, file: file)
            let blocksStatic = declaration.modifiers.contains {
                file.tokenIs($0, "mutating") || file.tokenIs($0, "nonmutating") || file.tokenIs($0, "override")
                    || file.tokenIs($0, "final")
            }
            let insertAt = matchesRequirement && !usesInstance && !blocksStatic ? Int(file.code[declaration.keyword].start) : nil
            let line = file.declarationLine(naming: name)
            facts.candidates.append(Candidate(site: context.factLocation(from: line.first, through: line.last, anchor: name),
                                              type: type, family: family,
                                              signature: file.signature(of: declaration),
                                              matchesRequirement: matchesRequirement, usesInstance: usesInstance,
                                              insertAt: insertAt))
        }
    }

    /// True when the method body reads `self`, or names an instance property or method of the type
    /// declared in this file: the `static` version could not compile without moving that state.
    private func usesInstanceMembers(_ declaration: Declaration, owner: Int, file: SourceFile) -> Bool {
        guard let open = declaration.bodyOpen, let close = declaration.bodyClose else { return false }
        let ownName = declaration.name.map { Array(file.bytes(at: $0)) } ?? []
        var memberNames: [[UInt8]] = []
        for member in file.members(ofType: owner) {
            let candidate = file.declarations[member]
            guard candidate.kind == .variable || candidate.kind == .constant || candidate.kind == .function,
                  !file.declaration(candidate, hasModifier: "static"), !file.declaration(candidate, hasModifier: "class"),
                  let name = candidate.name, !file.tokenIs(name, ownName) else { continue }
            memberNames.append(Array(file.bytes(at: name)))
        }
        let parameterNames = declaration.parameters.map { Array(file.bytes(at: $0.name)) }
        var index = open + 1
        while index < close {
            let token = file.code[index]
            if token.keyword == .self { return true }
            if token.kind == .identifier, index > 0, file.code[index - 1].kind != .period {
                let isParameter = parameterNames.contains { file.tokenIs(index, $0) }
                let isLabel = index + 1 < close && file.code[index + 1].kind == .colon
                if !isParameter && !isLabel && memberNames.contains(where: { file.tokenIs(index, $0) }) {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard !facts.candidates.isEmpty else { return }
        let conformances = Conformances(facts.types)
        for candidate in facts.candidates {
            let type = candidate.type, family = candidate.family, signature = candidate.signature
            guard conformances.families(of: type).contains(family) else { continue }
            let requirement = "static func \(family.dismantleName)(_:coordinator:)"
            var fix: [Edit] = []
            if let offset = candidate.insertAt {
                fix = [Edit(range: offset..<offset, replacement: "static ")]
            }
            let headline = "SwiftUI never calls this instance `\(signature)`"
            let help: String
            if !candidate.matchesRequirement {
                help = "Declare the `\(family.protocolName)` requirement, `\(requirement)`, and reach state through the coordinator."
            } else if candidate.usesInstance {
                help = "Declare it `static` (the `\(family.protocolName)` requirement is static) and move the state it reads "
                    + "from `self` into the coordinator."
            } else {
                help = "Declare it `static func`: the `\(family.protocolName)` requirement is static."
            }
            context.report(at: candidate.site, headline, help: help, fix: fix)
        }
    }
}

/// The inheritance recorded in the type facts, and what it adds up to.
private struct Conformances {
    private var byQualifiedName: [String: [String]] = [:]
    private var byLastComponent: [String: [String]] = [:]

    init(_ types: [RepresentableDismantleNotStatic.TypeInheritance]) {
        for entry in types {
            let type = entry.type, names = entry.inherits
            byQualifiedName[type, default: []] += names
            let last = type.split(separator: ".").last.map(String.init) ?? type
            byLastComponent[last, default: []] += names
        }
    }

    /// The representable protocols `type` reaches through its inheritance, transitively.
    func families(of type: String) -> Set<RepresentableFamily> {
        var result: Set<RepresentableFamily> = []
        if let family = RepresentableFamily.protocolNamed(type) { result.insert(family) }
        var queue = byQualifiedName[type] ?? []
        var seen: Set<String> = [type]
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            if let family = RepresentableFamily.protocolNamed(name) {
                result.insert(family)
            } else {
                queue += byLastComponent[name] ?? []
            }
        }
        return result
    }
}
