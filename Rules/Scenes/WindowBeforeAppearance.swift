import SeamLintCore

/// Flags reads of a view's `window` at moments when the view cannot be in a window yet: a view
/// controller's `init…`, `loadView`, `viewDidLoad`, `awakeFromNib` and `viewWillAppear(_:)`, a
/// view's initializers and `awakeFromNib`. Code in closures created there runs later and is left
/// alone, as are explicit `== nil` / `!= nil` checks.
public struct WindowBeforeAppearance: ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "window_before_appearance",
        summary: "Reading `window` before the view is in a window gets nil",
        rationale: """
            ### What it does
            Finds reads of `view.window`, `self.view.window` and `viewIfLoaded?.window` (and everything reached \
            through them, such as `view.window?.windowScene`) in a `UIViewController` subclass's initializers, \
            `loadView()`, `viewDidLoad()`, `awakeFromNib()` and `viewWillAppear(_:)`, and reads of `window` / \
            `self.window` in a `UIView` subclass's initializers (`init(frame:)`, `init(coder:)`, custom ones) and \
            `awakeFromNib()`. The diagnostic points at `window`, once per method. Not reported: code inside a \
            closure literal created there (a completion handler, a `Task`, `DispatchQueue.main.async` — it runs \
            later), nested functions, and explicit `view.window == nil` / `!= nil` checks, which show the code \
            already expects nil. AppKit's `NSViewController` and `NSView` get the same check, except \
            `awakeFromNib()`: AppKit unarchives a window's nib with the views already inside the window. In \
            Objective-C the same reads are found (`self.view.window`, `[self.view window]`, `self.window`).

            ### Why is this bad?
            A view is added to a window only when it is about to be shown. During initialisation, nib loading \
            and `viewDidLoad()` it never is, so `window` is nil on every iOS version; in `viewWillAppear(_:)` it \
            is still nil when the controller is pushed or presented, because UIKit adds the view to the \
            hierarchy after that call. Code such as `guard let scene = view.window?.windowScene else { \
            return }` then silently does nothing, and sizes or traits read from the window fall back to \
            defaults — typically only on some paths, so it slips through testing.

            ### Use instead
            In a view controller, move the code to `viewIsAppearing(_:)`, which runs after the view is in the \
            window and laid out, before it is visible (available from the iOS 17 SDK and back-deployed to \
            iOS 13). In a view, override `didMoveToWindow()`, which runs each time the view enters or leaves a \
            window (check `window != nil`). For a one-off, `viewDidAppear(_:)` also has the window. In AppKit, \
            use `viewDidAppear()` or the view's `viewDidMoveToWindow()`.

            The rule recognises subclasses from the class's inheritance clause: the superclass is a UIKit view \
            controller or view, or a project class named `…ViewController` / `…VC` / `…View` / `…Cell` (its declaration \
            in another file is not visible here).
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiviewcontroller/viewisappearing(_:)",
            "https://developer.apple.com/documentation/uikit/uiview/didmovetowindow()",
            "https://developer.apple.com/documentation/uikit/uiview/window",
            "https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)",
        ],
        severity: .warning,
        triggering: [
            Example("""
                final class CheckoutViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        guard let scene = ↓view.window?.windowScene else { return }
                        configure(for: scene)
                    }
                }
                """),
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        let width = ↓self.view.window?.bounds.width ?? 0
                        layout(width)
                    }
                }
                """),
            Example("""
                final class BadgeView: UIView {
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        tintColor = ↓window?.tintColor
                    }
                    required init?(coder: NSCoder) {
                        super.init(coder: coder)
                        let scale = ↓self.window?.screen.scale
                        apply(scale)
                    }
                }
                """),
            Example("""
                class ProfileHeaderCell: UITableViewCell {
                    override func awakeFromNib() {
                        super.awakeFromNib()
                        let inset = ↓window?.safeAreaInsets.top ?? 0
                        stack.layoutMargins.top = inset
                    }
                }
                """),
            // AppKit: a view controller's view is put in its window after `viewDidLoad()`.
            Example("""
                import AppKit
                final class TimelineController: NSViewController {
                    private var picker: SharePickerDelegate?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        picker = SharePickerDelegate(↓self.view.window)
                    }
                }
                """),
            Example("""
                @implementation MMNotesViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    UIWindowScene *scene = ↓self.view.window.windowScene;
                    [self configureForScene:scene];
                }
                @end
                """, language: .objectiveC),
            // Once per method, at the first read.
            Example("""
                final class MapViewController: BaseViewController {
                    override func loadView() {
                        super.loadView()
                        let scene = ↓viewIfLoaded?.window?.windowScene
                        let style = view.window?.traitCollection.userInterfaceStyle
                        setUp(scene, style)
                    }
                }
                """),
        ],
        nonTriggering: [
            // The moments when the window is there.
            Example("""
                final class CheckoutViewController: UIViewController {
                    override func viewIsAppearing(_ animated: Bool) {
                        super.viewIsAppearing(animated)
                        if let scene = view.window?.windowScene { configure(for: scene) }
                    }
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        let width = view.window?.bounds.width
                        layout(width)
                    }
                }
                final class BadgeView: UIView {
                    override func didMoveToWindow() {
                        super.didMoveToWindow()
                        tintColor = window?.tintColor
                    }
                }
                """),
            // Closures created in viewDidLoad run later.
            Example("""
                final class FeedViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        DispatchQueue.main.async { [weak self] in
                            self?.view.window?.makeKey()
                        }
                        button.addAction(UIAction { [weak self] _ in
                            self?.present(in: self?.view.window)
                        }, for: .touchUpInside)
                    }
                }
                """),
            // Explicit nil checks: the code expects the window to be missing.
            Example("""
                final class RootViewController: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        if view.window == nil { isFirstAppearance = true }
                    }
                }
                """),
            // Another view's window, a local named `window`, a scene delegate's window.
            Example("""
                final class ContainerViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let presenterWindow = presentingViewController?.view.window
                        let window = UIWindow(windowScene: scene)
                        window.rootViewController = child
                        use(presenterWindow)
                    }
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    init(window: UIWindow?) {
                        self.window = window
                    }
                }
                """),
            // Not a view or view controller: a model with its own `view` property.
            Example("""
                final class OverlayCoordinator {
                    let view: UIView
                    init(view: UIView) {
                        self.view = view
                        print(view.window as Any)
                    }
                }
                """),
            // A UIView subclass initializer that takes a window as a parameter.
            Example("""
                final class ToastView: UIView {
                    init(window: UIWindow) {
                        super.init(frame: window.bounds)
                        frame.origin.y = window.safeAreaInsets.top
                    }
                    required init?(coder: NSCoder) { fatalError() }
                }
                """),
            // AppKit nib loading puts views in their window before `awakeFromNib()`.
            Example("""
                import Cocoa
                final class SidebarCellView: NSTableCellView {
                    override func awakeFromNib() {
                        super.awakeFromNib()
                        appearance = window?.effectiveAppearance
                    }
                }
                """),
            Example("""
                @implementation MMNotesViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    dispatch_async(dispatch_get_main_queue(), ^{
                        [self.view.window makeKeyWindow];
                    });
                }
                - (void)viewIsAppearing:(BOOL)animated {
                    [super viewIsAppearing:animated];
                    UIWindowScene *scene = self.view.window.windowScene;
                }
                @end
                """, language: .objectiveC),
            // A read compiled for tvOS only.
            Example("""
                @implementation PlayerViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                #if TARGET_OS_TV
                    self.view.window.backgroundColor = UIColor.blackColor;
                #endif
                }
                @end
                """, language: .objectiveC),
            // A nested function declared in viewDidLoad is called later.
            Example("""
                final class SearchViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        func focus() { view.window?.makeKey() }
                        onActivate = focus
                    }
                }
                """),
        ]
    )

    public static var triggerWords: [String] { ["window"] }

    public func check(_ context: inout RuleContext) {
        let file = context.file
        let hosts = WindowHostMemo()
        // Read once: asked for every method of every view or view controller.
        var importsAppKit: Bool?
        let declarations = file.declarations
        // Only methods are copied out (a copy retains a declaration's arrays).
        for index in declarations.indices where declarations[index].isFunctionLike {
            let declaration = declarations[index]
            guard let open = declaration.bodyOpen, let close = declaration.bodyClose,
                  let owner = declaration.parent, declarations[owner].isType,
                  !file.declaration(declaration, hasModifier: "static"), !file.declaration(declaration, hasModifier: "class")
            else { continue }
            let type = declarations[owner]
            let host = file.windowHost(ofType: type, memo: hosts)
            guard host == .viewController || host == .view else { continue }
            let appKit = Self.isAppKit(type, file: file) {
                if importsAppKit == nil { importsAppKit = Self.importsAppKitNotUIKit(file) }
                return importsAppKit!
            }
            guard let moment = Self.moment(of: declaration, host: host, appKit: appKit, file: file) else { continue }
            for candidate in open + 1..<close where file.isName(candidate, "window") {
                guard let read = Self.windowRead(at: candidate, in: index, host: host, file: file) else { continue }
                let text = Self.message(read: read, moment: moment, host: host, appKit: appKit, file: file)
                // The whole read, `self.view.window` / `view.window` / `window`.
                context.report(from: min(file.chainStart(containing: candidate), candidate), through: candidate,
                               anchor: candidate, text.headline, help: text.help)
                break
            }
        }
    }

    /// An AppKit class: its superclass is an `NS…` class, or the file imports AppKit (or Cocoa) and not UIKit.
    static func isAppKit(_ type: Declaration, file: SourceFile, fileImportsAppKit: () -> Bool) -> Bool {
        if let superclass = type.inheritance.first, file.tokenHasPrefix(superclass, "NS") { return true }
        return fileImportsAppKit()
    }

    /// The file imports AppKit (or Cocoa) and not UIKit.
    static func importsAppKitNotUIKit(_ file: SourceFile) -> Bool {
        ScalingCounter.add(file.code.count)
        var importsAppKit = false
        for index in file.code.indices where file.code[index].keyword == .import && index + 1 < file.code.count {
            if file.isName(index + 1, "UIKit") { return false }
            if file.isName(index + 1, "AppKit") || file.isName(index + 1, "Cocoa") { importsAppKit = true }
        }
        return importsAppKit
    }

    /// Objective-C: `self.view.window` / `[self.view window]` in `-viewDidLoad` … (core: `objectiveCEarlyWindowReads()`).
    public func checkObjectiveC(_ context: inout RuleContext) {
        let file = context.file
        for read in file.objectiveCEarlyWindowReads() {
            let text = file.text(Int(file.code[read.start].start)..<file.code[read.end].end)
            let readText = text.count <= 40 && !text.contains("\n") ? "`\(text)`" : "The window"
            let moment = "`-\(read.selector)`"
            let message: (headline: String, help: String)
            if read.host == .view {
                message = ("\(readText) is nil in \(moment): the view has not been added to a window yet",
                           "Read it in `-didMoveToWindow`, which runs each time the view enters or leaves a window.")
            } else if read.selector == "viewWillAppear:" {
                message = ("\(readText) is still nil in \(moment) when the controller is pushed or presented",
                           "Read it in `-viewIsAppearing:` (back-deployed to iOS 13): UIKit adds the view to the window "
                               + "after `-viewWillAppear:`.")
            } else {
                message = ("\(readText) is nil in \(moment): the view is not in a window yet",
                           "Read it in `-viewIsAppearing:` (back-deployed to iOS 13), or in the view's `-didMoveToWindow`.")
            }
            context.report(from: min(read.start, read.window), through: max(read.end, read.window), anchor: read.window,
                           message.headline, help: message.help)
        }
    }

    /// How a lifecycle method is named in messages, or nil when the window may be there.
    /// AppKit unarchives a window nib with its views already inside the window, so `awakeFromNib`
    /// counts only for UIKit.
    static func moment(of declaration: Declaration, host: WindowHost, appKit: Bool, file: SourceFile) -> String? {
        if declaration.kind == .initializer {
            var text = "init("
            for parameter in declaration.parameters { text += file.text(at: parameter.label ?? parameter.name) + ":" }
            return text + ")"
        }
        guard declaration.kind == .function, let name = declaration.name else { return nil }
        let count = declaration.parameters.count
        if file.isName(name, "awakeFromNib") && count == 0 && !appKit { return "awakeFromNib()" }
        guard host == .viewController else { return nil }
        if file.isName(name, "viewDidLoad") && count == 0 { return "viewDidLoad()" }
        if file.isName(name, "loadView") && count == 0 { return "loadView()" }
        if file.isName(name, "viewWillAppear") && count == 1 { return "viewWillAppear(_:)" }
        return nil
    }

    /// The first token of the read (`view`, `self`, `viewIfLoaded`, `window`) when code token `index`
    /// reads this view's or this controller's view's window directly in method `method`.
    static func windowRead(at index: Int, in method: Int, host: WindowHost, file: SourceFile) -> Int? {
        let declaration = file.declarations[method]
        guard let open = declaration.bodyOpen else { return nil }
        // Directly in the method: not in a closure created there, not in a nested function.
        if file.enclosingClosure(of: index, within: open) != nil { return nil }
        for owner in file.enclosingDeclarations(of: index) {
            let enclosing = file.declarations[owner]
            if enclosing.isFunctionLike || enclosing.kind == .variable || enclosing.kind == .constant {
                guard owner == method else { return nil }
                break
            }
        }
        let chain = file.chain(containing: index)
        guard let linkIndex = chain.links.firstIndex(where: { $0.token == index }) else { return nil }
        let receivers = chain.links[..<linkIndex].filter { $0.kind != .optional }
        guard receivers.allSatisfy({ $0.kind == .name || $0.kind == .member }) else { return nil }
        let names = receivers.map(\.token)
        switch host {
        case .viewController:
            guard chain.links[linkIndex].kind == .member else { return nil }
            let rest = names.first.map { file.isName($0, "self") } == true ? Array(names.dropFirst()) : names
            guard rest.count == 1, file.isName(rest[0], "view") || file.isName(rest[0], "viewIfLoaded") else { return nil }
            // `view` must be the controller's, not a local or a parameter.
            if names.count == 1, isLocalOrParameter(names[0], in: declaration, file: file) { return nil }
        case .view:
            if names.isEmpty {
                guard chain.links[linkIndex].kind == .name else { return nil }
                if index > 0, file.code[index - 1].kind == .backslash || file.code[index - 1].keyword == .let
                    || file.code[index - 1].keyword == .var || file.code[index - 1].keyword == .case { return nil }
                if index + 1 < file.code.count, file.code[index + 1].kind == .colon { return nil }
                if isLocalOrParameter(index, in: declaration, file: file) { return nil }
            } else {
                guard names.count == 1, file.isName(names[0], "self") else { return nil }
            }
        default:
            return nil
        }
        // `view.window == nil` / `!= nil`: a deliberate check.
        if chain.links.last?.token == index, index + 2 < file.code.count,
           file.tokenIs(index + 1, "==") || file.tokenIs(index + 1, "!="), file.code[index + 2].keyword == .nil {
            return nil
        }
        return chain.start
    }

    /// A parameter of the method, or a local declared in it before `index`, spelled like token `index`.
    static func isLocalOrParameter(_ index: Int, in declaration: Declaration, file: SourceFile) -> Bool {
        let spelling = file.bytes(at: index)
        if declaration.parameters.contains(where: { file.bytes(at: $0.name).elementsEqual(spelling) }) { return true }
        guard let open = declaration.bodyOpen else { return false }
        for candidate in open + 1..<index {
            let keyword = file.code[candidate].keyword
            guard keyword == .let || keyword == .var, candidate + 1 < index else { continue }
            if file.bytes(at: candidate + 1).elementsEqual(spelling) { return true }
        }
        return false
    }

    static func message(read: Int, moment: String, host: WindowHost, appKit: Bool,
                        file: SourceFile) -> (headline: String, help: String) {
        let text = file.text(Int(file.code[read].start)..<readEnd(from: read, file: file))
        let readText = text.count <= 40 && !text.contains("\n") ? "`\(text)`" : "The window"
        if appKit {
            let instead = host == .view ? "`viewDidMoveToWindow()`" : "`viewDidAppear()`, or in the view's `viewDidMoveToWindow()`"
            return ("\(readText) is nil in `\(moment)`: the view is not in a window yet", "Read it in \(instead).")
        }
        if host == .view {
            return ("\(readText) is nil in `\(moment)`: the view has not been added to a window yet",
                    "Read it in `didMoveToWindow()`, which runs each time the view enters or leaves a window.")
        }
        if moment == "viewWillAppear(_:)" {
            return ("\(readText) is still nil in `viewWillAppear(_:)` when the controller is pushed or presented",
                    "Read it in `viewIsAppearing(_:)` (back-deployed to iOS 13): UIKit adds the view to the window "
                        + "after `viewWillAppear(_:)`.")
        }
        return ("\(readText) is nil in `\(moment)`: the view is not in a window yet",
                "Read it in `viewIsAppearing(_:)` (back-deployed to iOS 13), or in the view's `didMoveToWindow()`.")
    }

    /// The byte offset just past the first `window` token from `start`.
    static func readEnd(from start: Int, file: SourceFile) -> Int {
        var index = start
        while index < file.code.count && !file.isName(index, "window") { index += 1 }
        return index < file.code.count ? file.code[index].end : file.code[start].end
    }
}
