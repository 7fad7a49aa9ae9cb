import SeamLintCore

/// Flags a representable whose coordinator keeps the copy of the representable it was made with
/// (`Coordinator(self)`) and reads plain values or closures through it, while `update…` never hands
/// it the current copy: the coordinator acts on the first render's values.
public struct StaleCoordinatorParent: Rule {
    public init() {}

    public static let triggerWords = ["makeCoordinator"]

    public static let description = RuleDescription(
        id: "stale_coordinator_parent",
        summary: "A coordinator keeps the first copy of its representable and reads stale values or closures through it",
        rationale: """
            ### What it does
            Finds a `UIViewRepresentable` or `UIViewControllerRepresentable` (or an AppKit sibling) whose \
            `makeCoordinator()` hands the coordinator a copy of the representable (`Coordinator(self)`, \
            `Coordinator(parent: self)`), whose coordinator reads a plain stored property or a closure through \
            that copy (`parent.onSelect(url)`, `parent.mode`), and whose `update…` method never gives the \
            coordinator the current copy (`context.coordinator.parent = self`). The coordinator and the \
            representable must be declared in the same file.

            ### Why is this bad?
            A representable is a struct that SwiftUI recreates on every render of its parent, but SwiftUI calls \
            `makeCoordinator()` once, for the first one. A copy stored in the coordinator freezes that render's \
            values: a closure passed in by the parent still captures the parent's first values, a `let item` \
            stays the first item, a `var isEnabled` stays what it was. Delegate callbacks then report a \
            selection to the wrong handler, upload to the first conversation, or ignore a setting the user \
            changed since. Nothing fails in a quick test, where the parent renders once.

            Reads through the copy of a `@Binding`, `@State`, `@ObservedObject` or another property wrapper \
            are fine: the copy shares the storage SwiftUI owns, so `parent.text = newValue` reaches the current \
            state. So are `let` properties with an initial value, which are the same in every copy, and \
            computed properties and methods, which this rule cannot follow. A representable whose `update…` \
            assigns the copy's read members (`context.coordinator.parent.onSelect = onSelect`) is fine too.

            Neighbouring rules: `trivial_representable` flags only representables without a coordinator and \
            `representable_dismantle_not_static` only the `dismantle…` method, so the `makeCoordinator()` \
            construction this rule reports is never another rule's finding.

            ### Use instead
            Refresh the copy on every update (declare the property with `var`):

            ```swift
            func updateUIViewController(_ picker: PHPickerViewController, context: Context) {
                context.coordinator.parent = self
            }
            ```

            or give the coordinator only bindings and pass the closures it needs in `update…`.
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()",
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)",
            "https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/updateuiviewcontroller(_:context:)",
            "https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/coordinator",
        ],
        severity: .warning,
        triggering: [
            // A closure read through the copy; `update…` is empty.
            Example("""
                struct ImagePicker: UIViewControllerRepresentable {
                    let onImageSelected: (URL?) -> Void
                    func makeUIViewController(context: Context) -> UIImagePickerController {
                        let picker = UIImagePickerController()
                        picker.delegate = context.coordinator
                        return picker
                    }
                    func updateUIViewController(_ picker: UIImagePickerController, context: Context) {}
                    func makeCoordinator() -> Coordinator {
                        ↓Coordinator(self)
                    }
                    final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
                        let parent: ImagePicker
                        init(_ parent: ImagePicker) { self.parent = parent }
                        func imagePickerController(_ picker: UIImagePickerController,
                                                   didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                            parent.onImageSelected(info[.imageURL] as? URL)
                        }
                    }
                }
                """),
            // A labelled argument and a plain value, read as `self.parent`; update does other work.
            Example("""
                struct MapView: UIViewRepresentable {
                    var showsTraffic: Bool
                    @Binding var region: MKCoordinateRegion
                    func makeUIView(context: Context) -> MKMapView {
                        let map = MKMapView()
                        map.delegate = context.coordinator
                        return map
                    }
                    func updateUIView(_ map: MKMapView, context: Context) {
                        map.showsTraffic = showsTraffic
                    }
                    func makeCoordinator() -> MapCoordinator { return ↓MapCoordinator(parent: self) }
                }

                final class MapCoordinator: NSObject, MKMapViewDelegate {
                    var parent: MapView
                    init(parent: MapView) { self.parent = parent }
                    func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {
                        parent.region = mapView.region
                        if self.parent.showsTraffic { mapView.setNeedsDisplay() }
                    }
                }
                """),
            // The coordinator is declared in an extension; the copy is read with optional chaining.
            Example("""
                struct PageControl: UIViewRepresentable {
                    var numberOfPages: Int
                    var onPageChange: ((Int) -> Void)?
                    func makeUIView(context: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(context.coordinator, action: #selector(Coordinator.changed(_:)), for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) {
                        control.numberOfPages = numberOfPages
                    }
                    func makeCoordinator() -> Coordinator { ↓Coordinator(control: self) }
                }

                extension PageControl {
                    final class Coordinator: NSObject {
                        private let control: PageControl
                        init(control: PageControl) { self.control = control }
                        @objc func changed(_ sender: UIPageControl) {
                            control.onPageChange?(sender.currentPage)
                        }
                    }
                }
                """),
            // Stored after construction, and read through a local alias inside a closure.
            Example("""
                struct Scanner: UIViewControllerRepresentable {
                    let session: ScanSession
                    var onCode: (String) -> Void
                    func makeUIViewController(context: Context) -> ScannerController { ScannerController() }
                    func updateUIViewController(_ controller: ScannerController, context: Context) {
                        controller.delegate = context.coordinator
                    }
                    func makeCoordinator() -> Coordinator {
                        let coordinator = Coordinator()
                        ↓coordinator.owner = self
                        return coordinator
                    }
                    final class Coordinator: NSObject, ScannerDelegate {
                        var owner: Scanner?
                        func scanner(_ scanner: ScannerController, didRead code: String) {
                            let current = owner
                            DispatchQueue.main.async { current?.onCode(code) }
                        }
                    }
                }
                """),
            // AppKit; the update refreshes another member than the one read.
            Example("""
                struct SearchField: NSViewRepresentable {
                    var prompt: String
                    var onSubmit: () -> Void
                    func makeNSView(context: Context) -> NSSearchField {
                        let field = NSSearchField()
                        field.delegate = context.coordinator
                        return field
                    }
                    func updateNSView(_ field: NSSearchField, context: Context) {
                        context.coordinator.parent.prompt = prompt
                    }
                    func makeCoordinator() -> Coordinator { ↓Coordinator(self) }
                    final class Coordinator: NSObject, NSSearchFieldDelegate {
                        var parent: SearchField
                        init(_ parent: SearchField) { self.parent = parent }
                        func controlTextDidEndEditing(_ notification: Notification) { parent.onSubmit() }
                    }
                }
                """),
        ],
        nonTriggering: [
            // The fix: `update…` hands the coordinator the current copy.
            Example("""
                struct ImagePicker: UIViewControllerRepresentable {
                    let onImageSelected: (URL?) -> Void
                    func makeUIViewController(context: Context) -> UIImagePickerController {
                        let picker = UIImagePickerController()
                        picker.delegate = context.coordinator
                        return picker
                    }
                    func updateUIViewController(_ picker: UIImagePickerController, context: Context) {
                        context.coordinator.parent = self
                    }
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
                        var parent: ImagePicker
                        init(_ parent: ImagePicker) { self.parent = parent }
                        func imagePickerController(_ picker: UIImagePickerController,
                                                   didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                            parent.onImageSelected(info[.imageURL] as? URL)
                        }
                    }
                }
                """),
            // Only bindings and wrapped values are read through the copy: they share SwiftUI's storage.
            Example("""
                struct PageControl: UIViewRepresentable {
                    @Binding var currentPage: Int
                    @Environment(\\.dismiss) var dismiss
                    var numberOfPages: Int
                    func makeUIView(context: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(context.coordinator, action: #selector(Coordinator.changed(_:)), for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) { control.numberOfPages = numberOfPages }
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    final class Coordinator: NSObject {
                        var parent: PageControl
                        init(_ parent: PageControl) { self.parent = parent }
                        @objc func changed(_ sender: UIPageControl) {
                            withAnimation { parent.currentPage = sender.currentPage }
                            if sender.currentPage == 0 { parent.dismiss() }
                        }
                    }
                }
                """),
            // The copy is refreshed through a method that receives `self`.
            Example("""
                struct HitArea: UIViewRepresentable {
                    var isEnabled: Bool
                    func makeUIView(context: Context) -> UIView { UIView() }
                    func updateUIView(_ view: UIView, context: Context) {
                        context.coordinator.update(self)
                    }
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    final class Coordinator: NSObject {
                        private var configuration: HitArea
                        init(_ configuration: HitArea) { self.configuration = configuration }
                        func update(_ configuration: HitArea) { self.configuration = configuration }
                        func log() { print(configuration.isEnabled) }
                    }
                }
                """),
            // Never refreshed, but what is read is the same in every copy: a constant, a computed
            // property, a method, and the initializer's look at the copy it was given.
            Example("""
                struct Badge: UIViewRepresentable {
                    var count: Int
                    let identifier = "badge"
                    var label: String { "\\(count) new" }
                    func makeUIView(context: Context) -> UILabel { UILabel() }
                    func updateUIView(_ view: UILabel, context: Context) { view.text = label }
                    func describe() -> String { identifier }
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    final class Coordinator: NSObject {
                        let badge: Badge
                        init(_ badge: Badge) {
                            self.badge = badge
                            print(badge.count)
                        }
                        func log() { print(badge.identifier, badge.label, badge.describe()) }
                    }
                }
                """),
            // The coordinator gets the values it needs, not a copy of the representable.
            Example("""
                struct TextView: UIViewRepresentable {
                    @Binding var text: String
                    var onCommit: () -> Void
                    func makeUIView(context: Context) -> UITextView {
                        let view = UITextView()
                        view.delegate = context.coordinator
                        return view
                    }
                    func updateUIView(_ view: UITextView, context: Context) {
                        view.text = text
                        context.coordinator.onCommit = onCommit
                    }
                    func makeCoordinator() -> Coordinator { Coordinator(text: $text, onCommit: onCommit) }
                    final class Coordinator: NSObject, UITextViewDelegate {
                        @Binding var text: String
                        var onCommit: () -> Void
                        init(text: Binding<String>, onCommit: @escaping () -> Void) {
                            _text = text
                            self.onCommit = onCommit
                        }
                        func textViewDidEndEditing(_ textView: UITextView) { onCommit() }
                    }
                }
                """),
            // Lookalikes: `self` passed to something that is not the coordinator, a coordinator of
            // another file (not seen), and `parent.onSelect` on a different object.
            Example("""
                struct Gallery: UIViewControllerRepresentable {
                    var onSelect: (Int) -> Void
                    func makeUIViewController(context: Context) -> GalleryController { GalleryController() }
                    func updateUIViewController(_ controller: GalleryController, context: Context) {}
                    func makeCoordinator() -> GalleryCoordinator {
                        Analytics.track(self)
                        return GalleryCoordinator(self)
                    }
                }
                final class Thumbnail {
                    var parent: Album
                    init(parent: Album) { self.parent = parent }
                    func tap() { parent.onSelect(1) }
                }
                """),
            // Mentions in comments and strings; a non-representable type with the same shape.
            Example("""
                final class Flow {
                    let onDone: () -> Void
                    init(onDone: @escaping () -> Void) { self.onDone = onDone }
                    // func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    final class Coordinator {
                        let parent: Flow
                        init(_ parent: Flow) { self.parent = parent }
                        func finish() { parent.onDone(); print("parent.onDone()") }
                    }
                }
                """),
        ]
    )

    public func check(_ context: inout RuleContext) {
        let file = context.file
        guard file.language == .swift else { return }
        var index: CoordinatorIndex?
        for type in file.representableTypes() {
            guard let make = type.members.first(where: { member in
                let declaration = file.declarations[member]
                return declaration.kind == .function && declaration.parameters.isEmpty
                    && declaration.name.map { file.isName($0, "makeCoordinator") } == true
            }).map({ file.declarations[$0] }) else { continue }
            guard let copy = coordinatorCopy(in: make, file) else { continue }
            if index == nil { index = CoordinatorIndex(file) }
            guard let index, let coordinator = coordinatorDeclarations(named: copy.coordinatorType, returnedBy: make, in: type,
                                                                       index: index, file),
                  let holder = holdingProperty(copy, coordinator, type, file) else { continue }
            let properties = representableProperties(type, file)
            let updates = type.members.filter { member in
                let declaration = file.declarations[member]
                guard declaration.kind == .function, let name = declaration.name,
                      let family = RepresentableFamily.updateNamed(at: name, in: file) else { return false }
                return type.family == nil || type.family == family
            }.map { file.declarations[$0] }
            // An `update…` declared in another file may refresh the copy: nothing to say then.
            guard !updates.isEmpty else { continue }
            var refreshed: Set<[UInt8]> = []
            if updates.contains(where: { refreshesCopy($0, holder: holder, refreshed: &refreshed, file) }) { continue }
            let reads = staleReads(through: holder, in: coordinator, properties: properties, file)
                .filter { !refreshed.contains(Array(file.bytes(at: $0.member))) }
            guard let first = reads.first else { continue }
            let update = updates[0]
            let updateName = update.name.map(file.text(at:)) ?? "update"
            let holderName = String(decoding: holder, as: UTF8.self)
            let memberName = file.text(at: first.member)
            var related = reads.prefix(3).map { read in
                RelatedLocation(location: file.location(of: read.member),
                                message: "`\(file.text(at: read.member))` is read through the first copy here")
            }
            if let name = update.name {
                related.append(RelatedLocation(location: file.location(of: name),
                                               message: "`\(updateName)` does not give the coordinator the current copy"))
            }
            context.report(from: copy.first, through: copy.last,
                           "`\(copy.coordinatorText)` keeps the first `\(type.shortName)` and reads `\(memberName)` from it",
                           help: "Assign `context.coordinator.\(holderName) = self` in `\(updateName)` (declare `\(holderName)` with `var`), or give the coordinator bindings and closures instead of the copy.",
                           related: related, decidedBy: reads.map(\.member) + (update.name.map { [$0] } ?? []))
        }
    }

    // MARK: The copy

    private struct Copy {
        /// The coordinator type's name token (nil for `.init(self)`), and its text for messages.
        var coordinatorType: Int?
        var coordinatorText: String
        /// The label the copy is passed with (nil: unlabelled) and its position among the arguments.
        var label: Int?
        var argumentPosition: Int
        /// `coordinator.parent = self`: the property it is stored in.
        var storedProperty: Int?
        /// The span to report.
        var first: Int
        var last: Int
    }

    /// `Coordinator(self)`, `Coordinator(parent: self)`, `.init(self)`, or `x.parent = self` in
    /// `makeCoordinator()`.
    private func coordinatorCopy(in make: Declaration, _ file: SourceFile) -> Copy? {
        guard let open = make.bodyOpen, let close = make.bodyClose else { return nil }
        for index in open + 1..<close where file.code[index].keyword == .self && file.code[index + 1].kind != .period {
            // `x.parent = self`
            if file.tokenIs(index - 1, "="), file.code[index - 2].kind == .identifier, file.code[index - 3].kind == .period {
                let start = file.statementStart(containing: index - 2)
                return Copy(coordinatorType: nil, coordinatorText: "Coordinator", label: nil, argumentPosition: 0,
                            storedProperty: index - 2, first: start, last: index)
            }
            // An argument of a call whose callee is a capitalised type or `.init`.
            let call = Int(file.parent[index])
            guard call > 0, file.code[call].kind == .leftParen, file.matching[call] > call else { continue }
            let arguments = file.callArguments(open: call)
            guard let position = arguments.firstIndex(where: { $0.value == index..<(index + 1) }) else { continue }
            let callee = call - 1
            var typeToken: Int?
            var first = callee
            if file.isName(callee, "init") {
                if file.code[callee - 1].kind == .period, file.code[callee - 2].kind == .identifier, file.isCapitalized(callee - 2) {
                    typeToken = callee - 2
                    first = callee - 2
                } else if file.code[callee - 1].kind == .period {
                    first = callee - 1
                } else {
                    continue
                }
            } else if file.code[callee].kind == .identifier, file.isCapitalized(callee), file.code[callee - 1].kind != .period {
                typeToken = callee
            } else {
                continue
            }
            let text = typeToken.map(file.text(at:)) ?? make.typeStart.map { dottedName(from: $0, file) } ?? "Coordinator"
            return Copy(coordinatorType: typeToken, coordinatorText: text, label: arguments[position].label,
                        argumentPosition: position, storedProperty: nil, first: first, last: Int(file.matching[call]))
        }
        return nil
    }

    /// `Picker.Coordinator` written from `start`.
    private func dottedName(from start: Int, _ file: SourceFile) -> String {
        var end = start
        while file.code[end + 1].kind == .period, file.code[end + 2].kind == .identifier { end += 2 }
        return file.text(Int(file.code[start].start)..<file.code[end].end)
    }

    /// The declarations (class and extensions) in this file of the coordinator type: the type the
    /// copy constructs, else `makeCoordinator()`'s return type. A nested type of the representable
    /// wins over a top-level one of the same name.
    private func coordinatorDeclarations(named typeToken: Int?, returnedBy make: Declaration, in type: RepresentableType,
                                         index: CoordinatorIndex, _ file: SourceFile) -> [Int]? {
        guard var nameToken = typeToken ?? make.typeStart, file.code[nameToken].kind == .identifier else { return nil }
        // `-> Picker.Coordinator`: the last component.
        while file.code[nameToken + 1].kind == .period, file.code[nameToken + 2].kind == .identifier { nameToken += 2 }
        let found = index.declarations(named: file.text(at: nameToken), nestedIn: type.name)
        // Only an extension: the class itself is elsewhere, and so may be the code that reads the copy.
        guard found.contains(where: { file.declarations[$0].kind != .extension }) else { return nil }
        return found
    }

    /// The coordinator's stored property that holds the copy: named by `x.parent = self`, or the one
    /// declared with the representable's type, or the one the matching initializer parameter is
    /// assigned to.
    private func holdingProperty(_ copy: Copy, _ coordinator: [Int], _ type: RepresentableType, _ file: SourceFile) -> [UInt8]? {
        if let stored = copy.storedProperty { return Array(file.bytes(at: stored)) }
        let shortName = Array(type.shortName.utf8)
        var members: [Declaration] = []
        for position in coordinator { members += file.members(ofType: position).map { file.declarations[$0] } }
        let typed = members.filter { member in
            guard member.kind == .variable || member.kind == .constant, member.bodyOpen == nil,
                  let range = file.declaredTypeRange(of: member), let first = range.first else { return false }
            return file.tokenIs(first, shortName) || (file.isName(first, "Self") && range.count == 1)
        }
        if typed.count == 1, let name = typed[0].name { return Array(file.bytes(at: name)) }
        // `init(_ parent: X) { self.parent = parent }`
        for initializer in members where initializer.kind == .initializer {
            guard copy.argumentPosition < initializer.parameters.count else { continue }
            let parameter = initializer.parameters[copy.argumentPosition]
            let label = parameter.label ?? parameter.name
            if let expected = copy.label {
                guard file.sameText(label, expected) else { continue }
            } else {
                guard parameter.label != nil && file.code[label].keyword == .underscore else { continue }
            }
            guard let open = initializer.bodyOpen, let close = initializer.bodyClose else { continue }
            for index in open + 1..<close where file.sameText(index, parameter.name) && file.tokenIs(index - 1, "=") {
                let target = index - 2
                guard file.code[target].kind == .identifier else { continue }
                if file.code[target - 1].kind == .period && file.code[target - 2].keyword != .self { continue }
                return Array(file.bytes(at: target))
            }
        }
        return nil
    }

    // MARK: What the representable holds

    /// Stored properties of the representable by name, with how each travels with a copy.
    private func representableProperties(_ type: RepresentableType, _ file: SourceFile) -> [[UInt8]: PropertyStorage] {
        var result: [[UInt8]: PropertyStorage] = [:]
        for member in type.members {
            let declaration = file.declarations[member]
            guard let name = declaration.name, var storage = file.propertyStorage(declaration),
                  !file.declaration(declaration, hasModifier: "static") else { continue }
            // `let value: Binding<T>` shares storage as a wrapper does.
            if storage == .plain, let range = file.declaredTypeRange(of: declaration), let first = range.first,
               file.isName(first, "Binding") {
                storage = .wrapped(attribute: first)
            }
            result[Array(file.bytes(at: name))] = storage
        }
        return result
    }

    // MARK: Reads and refreshes

    private struct Read {
        /// The member read through the copy.
        var member: Int
    }

    /// `parent.member`, `self.parent.member`, `self?.parent.member`, `alias.member` (after
    /// `let alias = parent`) in the coordinator's code outside its initializers, where `member` is a
    /// plain stored property of the representable. One per member, in source order.
    private func staleReads(through holder: [UInt8], in coordinator: [Int], properties: [[UInt8]: PropertyStorage],
                            _ file: SourceFile) -> [Read] {
        var reads: [Read] = []
        var seen: Set<[UInt8]> = []
        var names: [[UInt8]] = [holder]
        for position in coordinator {
            let declaration = file.declarations[position]
            guard let open = declaration.bodyOpen, let close = declaration.bodyClose else { continue }
            var index = open + 1
            while index < close {
                // Initializers see the copy as it is made: current by definition.
                if let owner = file.bodyOwner[Int32(index)], file.declarations[Int(owner)].kind == .initializer,
                   let end = file.declarations[Int(owner)].bodyClose {
                    index = end + 1
                    continue
                }
                defer { index += 1 }
                guard file.code[index].kind == .identifier, names.contains(where: { file.tokenIs(index, $0) }) else { continue }
                let before = index - 1
                if file.code[before].kind == .period {
                    // Only `self.parent` / `self?.parent`.
                    var receiver = before - 1
                    if file.tokenIs(receiver, "?") || file.tokenIs(receiver, "!") { receiver -= 1 }
                    guard file.code[receiver].keyword == .self, file.code[receiver - 1].kind != .period else { continue }
                } else if file.code[before].keyword == .let || file.code[before].keyword == .var {
                    continue
                }
                // `let alias = parent` (nothing after it): the alias reads the same copy.
                if file.tokenIs(before, "="), file.code[before - 1].kind == .identifier,
                   file.code[before - 2].keyword == .let || file.code[before - 2].keyword == .var,
                   file.code[index + 1].kind != .period, !file.tokenIs(index + 1, "?") {
                    // A few aliases are enough; a bound keeps the name test constant per token.
                    if names.count < 8 { names.append(Array(file.bytes(at: before - 1))) }
                    continue
                }
                var dot = index + 1
                if file.tokenIs(dot, "?") || file.tokenIs(dot, "!") { dot += 1 }
                let member = dot + 1
                guard file.code[dot].kind == .period, file.code[member].kind == .identifier,
                      !file.code[member].flags.contains(.dollar) else { continue }
                let memberName = Array(file.bytes(at: member))
                guard properties[memberName] == .plain, seen.insert(memberName).inserted else { continue }
                reads.append(Read(member: member))
            }
        }
        return reads
    }

    /// True when `update…` gives the coordinator the current copy: a bare `self` in its body
    /// (`context.coordinator.parent = self`, `context.coordinator.update(self)`). Otherwise collects
    /// the members it assigns through the copy (`context.coordinator.parent.onSelect = onSelect`).
    private func refreshesCopy(_ update: Declaration, holder: [UInt8], refreshed: inout Set<[UInt8]>,
                               _ file: SourceFile) -> Bool {
        guard let open = update.bodyOpen, let close = update.bodyClose else { return false }
        for index in open + 1..<close {
            if file.code[index].keyword == .self, file.code[index + 1].kind != .period, !file.tokenIs(index + 1, "?") {
                return true
            }
            if file.tokenIs(index, holder), file.code[index - 1].kind == .period, file.code[index + 1].kind == .period,
               file.code[index + 2].kind == .identifier, file.tokenIs(index + 3, "=") {
                refreshed.insert(Array(file.bytes(at: index + 2)))
            }
        }
        return false
    }
}
