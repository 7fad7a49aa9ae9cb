import SeamLintCore

/// Flags key-value observation of a `UIView`'s `subviews`: UIKit does not post KVO notifications
/// when subviews are added or removed, so the observer never runs. AppKit code is left alone:
/// `NSView.subviews` is a settable property and AppKit code relies on observing it.
public struct SubviewsKVO: ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "subviews_kvo",
        summary: "Key-value observing a UIView's `subviews` never fires: UIKit posts no change notifications for it",
        rationale: """
            ### What it does
            Finds key-value observation registered on a key path through `subviews`: \
            `observe(\\.subviews)`, `observe(\\UIView.subviews)`, `publisher(for: \\.subviews)`, \
            `addObserver(_:forKeyPath: "subviews", …)`, `addObserver(_:forKeyPath: #keyPath(UIView.subviews), …)` \
            and the string key paths of reactive wrappers (`rx.observe([UIView].self, "subviews")`, \
            `producer(forKeyPath: "subviews")`), and in Objective-C \
            `[view addObserver:self forKeyPath:@"subviews" …]`.

            ### Why is this bad?
            `UIView.subviews` is not key-value observing compliant. `addSubview(_:)`, `insertSubview(_:at:)` and \
            `removeFromSuperview()` change the array without `willChangeValue`/`didChangeValue`, so the observer \
            is called once at registration (with `.initial`) or never, on every iOS version (Mac Catalyst too). Code that \
            re-styles a system view's internals or re-lays out a container when its children change silently \
            stops doing so — often only for the views SwiftUI or UIKit insert later.

            ### Use instead
            Override `didAddSubview(_:)` and `willRemoveSubview(_:)` in a `UIView` subclass — of \
            the view itself, or of a container you control around it — and react there. When only layout \
            matters, `layoutSubviews()` runs after subviews change. AppKit code (`NSView`, files that import only \
            AppKit, `#if os(macOS)` branches) is not flagged.

            ```swift
            final class ObservingContainer: UIView {
                var onSubviewsChange: () -> Void = {}
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    onSubviewsChange()
                }
                override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    onSubviewsChange()
                }
            }
            ```
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiview/didaddsubview(_:)",
            "https://developer.apple.com/documentation/uikit/uiview/willremovesubview(_:)",
            "https://developer.apple.com/documentation/swift/using-key-value-observing-in-swift",
        ],
        severity: .warning,
        triggering: [
            Example("""
                final class VolumeSlider: UIView {
                    private let volumeView = MPVolumeView()
                    private var observation: NSKeyValueObservation?
                    func start() {
                        observation = volumeView.observe(↓\\.subviews, options: [.new]) { [weak self] _, _ in
                            self?.restyle()
                        }
                    }
                }
                """),
            Example("""
                let token = container.observe(↓\\UIView.subviews) { view, _ in
                    relayout(view)
                }
                """),
            Example("""
                cancellable = hostView.publisher(for: ↓\\.subviews)
                    .sink { _ in refresh() }
                """),
            Example("""
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addObserver(self, forKeyPath: ↓"subviews", options: [.new], context: nil)
                }
                """),
            Example("""
                stackView.addObserver(self, forKeyPath: ↓#keyPath(UIView.subviews), options: .new, context: &context)
                """),
            Example("""
                final class Overlay: UIView {
                    func watch() {
                        observation = observe(↓\\.subviews) { _, _ in print("changed") }
                    }
                }
                """),
            Example("""
                let changes = controller.observe(↓\\.view.subviews.count, options: [.initial, .new]) { _, _ in }
                view.rx.observe([UIView].self, ↓"subviews").subscribe(onNext: { _ in })
                """),
            Example("""
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.toolbar addObserver:self forKeyPath:↓@"subviews" options:NSKeyValueObservingOptionNew context:NULL];
                }
                """, language: .objectiveC),
        ],
        nonTriggering: [
            Example("""
                - (void)dealloc {
                    [_toolbar removeObserver:self forKeyPath:@"subviews" context:NULL];
                    [self.tableView addObserver:self forKeyPath:@"contentSize" options:0 context:NULL];
                }
                """, language: .objectiveC),
            // AppKit code behind a platform condition.
            Example("""
                - (void)startObserving {
                #if TARGET_OS_OSX
                    [self.stackView addObserver:self forKeyPath:@"subviews" options:0 context:NULL];
                #endif
                }
                """, language: .objectiveC),
            // Other key paths are KVO-compliant enough.
            Example("""
                observation = scrollView.observe(\\.contentOffset, options: [.new]) { _, _ in }
                frameToken = view.observe(\\.frame) { _, _ in }
                """),
            // `\\.subviews` as a plain key path, not an observation.
            Example("""
                let all = containers.flatMap(\\.subviews)
                let counts = views.map(\\.subviews.count)
                let sorted = stack.subviews.sorted(by: { $0.tag < $1.tag })
                """),
            // Reading or removing through the key path string is not observing it.
            Example("""
                let children = view.value(forKeyPath: "subviews") as? [UIView]
                view.removeObserver(self, forKeyPath: "subviews")
                """),
            // The callbacks that work.
            Example("""
                final class Container: UIView {
                    override func didAddSubview(_ subview: UIView) {
                        super.didAddSubview(subview)
                        setNeedsLayout()
                    }
                }
                """),
            // A custom type that makes its own `subviews` property observable.
            Example("""
                final class Node: NSObject {
                    @objc dynamic var subviews: [Node] = []
                }
                let token = node.observe(\\Node.subviews) { _, _ in }
                """),
            // Declaring an `observe` method, and the observeValue override that reads the path.
            Example("""
                func observe<Value>(_ keyPath: KeyPath<UIView, Value>) {}
                override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                           change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    if keyPath == "subviews" { refresh() }
                }
                """),
            // A struct's `subviews` through a non-KVO observation API.
            Example("""
                struct LayoutState { var subviews: [ViewModel] }
                store.observe(\\LayoutState.subviews) { _ in }
                """),
            // AppKit: NSView is out of scope.
            Example("""
                import AppKit

                final class SidebarHost: NSView {
                    private var token: NSKeyValueObservation?
                    func attach(to container: NSView) {
                        token = container.observe(\\.subviews, options: [.new]) { [weak self] _, _ in self?.reposition() }
                    }
                }
                """),
            Example("""
                #if os(macOS)
                let observation = contentView.observe(\\.subviews) { _, _ in relayout() }
                #endif
                let other = stack.observe(\\NSStackView.subviews) { _, _ in relayout() }
                """),
            Example("""
                view.addObserver(self, forKeyPath: "bounds", options: [.new], context: nil)
                view.addObserver(self, forKeyPath: #keyPath(UIView.layer.sublayers), options: [], context: nil)
                """),
        ]
    )

    public static var triggerWords: [String] { ["subviews"] }

    /// Objective-C: `[view addObserver:self forKeyPath:@"subviews" …]` (core: `objectiveCSubviewsObservations()`).
    public func checkObjectiveC(_ context: inout RuleContext) {
        let file = context.file
        for observation in file.objectiveCSubviewsObservations() {
            let receiver = file.text(Int(file.code[observation.receiver.lowerBound].start)..<file.code[observation.receiver.upperBound].end)
            let observed = receiver.count <= 40 && !receiver.contains("\n") ? "`\(receiver).subviews`" : "`subviews`"
            let length = file.code[observation.keyPathEnd].end - Int(file.code[observation.keyPath].start)
            context.report(at: observation.keyPath, "KVO on \(observed) never fires",
                           help: "Override `didAddSubview:` and `willRemoveSubview:` in a view subclass you own (the view or "
                               + "a container around it), or react in `layoutSubviews`. \(Self.cause)", length: length)
        }
    }

    public func check(_ context: inout RuleContext) {
        let file = context.file
        let code = file.code
        let declaresObservableSubviews = file.declarations.contains { declaration in
            declaration.kind == .variable && declaration.name.map { file.isName($0, "subviews") } == true
                && file.declaration(declaration, hasModifier: "dynamic")
        }
        if declaresObservableSubviews || importsOnlyAppKit(file) { return }

        var index = 0
        while index + 1 < code.count {
            defer { index += 1 }
            guard code[index].kind == .identifier, code[index + 1].kind == .leftParen,
                  !code[index + 1].flags.contains(.lineStart), file.matching[index + 1] > index + 1,
                  !(index > 0 && code[index - 1].keyword == .func) else { continue }
            let isObserve = file.tokenIs(index, "observe") || file.tokenIs(index, "observeWeakly")
            let isPublisher = file.tokenIs(index, "publisher")
            let takesKeyPathString = file.tokenIs(index, "addObserver") || file.tokenIs(index, "producer")
                || file.tokenIs(index, "signal")
            guard isObserve || isPublisher || takesKeyPathString else { continue }
            let arguments = file.callArguments(open: index + 1)
            for (position, argument) in arguments.enumerated() {
                let observed: Bool
                if isObserve {
                    // `observe(\.subviews, …)` first; Rx's `observe(Type.self, "subviews")` second.
                    observed = argument.label == nil
                        && (position == 0 || (position == 1 && isTypeSelf(arguments[0].value, file)))
                } else if isPublisher {
                    observed = argument.label.map { file.isName($0, "for") } == true
                } else {
                    observed = argument.label.map { file.isName($0, "forKeyPath") } == true
                }
                guard observed, let start = subviewsKeyPath(argument.value, file), !isAppKitSite(index, file) else { continue }
                let end = argument.value.upperBound - 1
                let length = Int(code[end].end) - Int(code[start].start)
                let text = message(observer: index, keyPath: argument.value, file)
                context.report(at: start, text.headline, help: text.help, length: length)
            }
        }
    }

    /// A file that imports AppKit or Cocoa and not UIKit (nor SwiftUI with UIKit types).
    private func importsOnlyAppKit(_ file: SourceFile) -> Bool {
        var appKit = false
        var uiKit = false
        for index in file.code.indices where file.code[index].keyword == .import && index + 1 < file.code.count {
            let module = index + 1
            if file.isName(module, "AppKit") || file.isName(module, "Cocoa") { appKit = true }
            if file.isName(module, "UIKit") { uiKit = true }
        }
        return appKit && !uiKit
    }

    /// Code in an `#if os(macOS)` / `canImport(AppKit)` branch, or in a type built on an AppKit class.
    private func isAppKitSite(_ index: Int, _ file: SourceFile) -> Bool {
        for clause in file.activeClauses(at: index) {
            var cursor = clause.condition.lowerBound
            while cursor < clause.condition.upperBound {
                if file.isName(cursor, "macOS") || file.isName(cursor, "AppKit") || file.isName(cursor, "OSX") {
                    let negated = cursor >= 2 && file.tokenIs(cursor - 2, "!") || cursor >= 3 && file.tokenIs(cursor - 3, "!")
                    if !negated { return true }
                }
                cursor += 1
            }
        }
        if let type = file.enclosingType(of: index), type.kind == .class || type.kind == .extension {
            if file.inheritedNames(of: type).contains(where: { file.tokenHasPrefix($0, "NS") && !file.tokenIs($0, "NSObject") }) {
                return true
            }
            if type.kind == .extension, let name = type.name, file.tokenHasPrefix(name, "NS") { return true }
        }
        return false
    }

    /// `X.self` (possibly `[UIView].self`): the type argument of Rx-style `observe`.
    private func isTypeSelf(_ value: Range<Int>, _ file: SourceFile) -> Bool {
        value.count >= 2 && file.code[value.upperBound - 1].keyword == .self
            && file.code[value.upperBound - 2].kind == .period
    }

    /// If the argument value is a key path through `subviews` (`\.subviews`, `\UIView.subviews`,
    /// `"subviews"`, `#keyPath(UIView.subviews)`), the index of its first token.
    private func subviewsKeyPath(_ value: Range<Int>, _ file: SourceFile) -> Int? {
        let start = value.lowerBound
        guard start < value.upperBound else { return nil }
        let token = file.code[start]
        switch token.kind {
        case .backslash:
            let chain = file.chain(from: start + 1)
            guard chain.end < value.upperBound, !chain.links.isEmpty else { return nil }
            var sawSubviews = false
            for (position, link) in chain.links.enumerated() {
                if position == 0, link.kind == .name {
                    // An explicit root: a struct or enum of this file cannot be key-value observed.
                    if isValueType(named: link.token, file) { return nil }
                    // `\NSView.subviews`: AppKit, out of scope.
                    if file.tokenHasPrefix(link.token, "NS") { return nil }
                    continue
                }
                if file.link(link, is: "subviews") { sawSubviews = true }
            }
            return sawSubviews ? start : nil
        case .stringDelimiter:
            guard let content = file.plainStringContent(from: start),
                  file.stringLiteralEnd(from: start) == value.upperBound - 1,
                  file.keyPathString(content, hasComponent: "subviews") else { return nil }
            return start
        case .poundKeyword:
            guard file.tokenIs(start, "#keyPath"), start + 1 < value.upperBound,
                  file.code[start + 1].kind == .leftParen, file.matching[start + 1] > start + 1 else { return nil }
            let close = Int(file.matching[start + 1])
            for inner in start + 2..<close where file.isName(inner, "subviews") { return start }
            return nil
        default:
            return nil
        }
    }

    private func isValueType(named index: Int, _ file: SourceFile) -> Bool {
        let name = Array(file.bytes(at: index))
        return file.declarations.contains { declaration in
            (declaration.kind == .struct || declaration.kind == .enum)
                && declaration.name.map { file.tokenIs($0, name) } == true
        }
    }

    /// Why the observation never fires, after the help's advice.
    static let cause = "UIKit posts no key-value notifications when subviews are added or removed."

    private func message(observer: Int, keyPath: Range<Int>, _ file: SourceFile) -> (headline: String, help: String) {
        let elsewhere = "Override `didAddSubview(_:)` and `willRemoveSubview(_:)` in a view subclass you own (the view or a "
            + "container around it), or react in `layoutSubviews()`. \(Self.cause)"
        // The receiver of `.observe(…)`: nothing or `self` means this view watches itself.
        let receiverIsSelf = observer == 0 || file.code[observer - 1].kind != .period
            || (observer >= 2 && file.code[observer - 2].keyword == .self && file.chainStart(containing: observer - 2) == observer - 2)
        if receiverIsSelf, let type = file.enclosingType(of: observer), type.kind == .class,
           type.inheritance.contains(where: { file.tokenHasSuffix($0, "View") || file.tokenHasSuffix($0, "Window") }) {
            let name = type.name.map { "`\(file.text(at: $0))`" } ?? "this view"
            return ("KVO on `subviews` never fires",
                    "Override `didAddSubview(_:)` and `willRemoveSubview(_:)` in \(name) instead. \(Self.cause)")
        }
        if !receiverIsSelf, observer >= 2 {  // a leading `.observe` (cut file) has no receiver to name
            let receiverStart = file.chainStart(containing: observer - 2)
            var receiverText = file.text(Int(file.code[receiverStart].start)..<Int(file.code[observer - 2].end))
            // Reactive wrappers: `view.rx.observe(…)` observes `view`.
            for wrapper in [".rx", ".reactive"] where receiverText.hasSuffix(wrapper) {
                receiverText.removeLast(wrapper.count)
            }
            if receiverText.count <= 40 && !receiverText.contains("\n") {
                return ("KVO on `\(receiverText).subviews` never fires", elsewhere)
            }
        }
        return ("KVO on `subviews` never fires", elsewhere)
    }
}
