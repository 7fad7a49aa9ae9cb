import SeamLintCore

/// Flags global window picking: `UIApplication.shared.keyWindow`, `UIApplication.shared.windows`
/// followed by `.first`/`.last`/`[0]`/a key-window pick, and `connectedScenes` chains that end in a
/// window. Shares `SourceFile.sceneLookups()` with `connected_scenes_first`, which reports the
/// lookups that end in a scene, so one statement gets one diagnostic from one rule.
///
/// A project rule only so that an app's own `var keyWindow` on `UIApplication` silences the calls
/// to it in every file: the helper's body, where the pick happens, is reported instead.
/// Facts: `key_window_lookup.finding` (one per statement, with the message) and
/// `key_window_lookup.helper` (an instance `keyWindow` property declared on `UIApplication`).
public struct KeyWindowLookup: ProjectRule, ObjectiveCRule {
    public init() {}

    /// Helpers in another file: every window, every scene, and one scene picked from those.
    private static let windowFinder = """
        enum WindowFinder {
            static func allWindows() -> [UIWindow] {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows)
            }
            static func allScenes() -> [UIWindowScene] {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            }
        }
        enum Current {
            static var scene: UIWindowScene? { WindowFinder.allScenes().first }
        }
        """

    public static let description = RuleDescription(
        id: "key_window_lookup",
        summary: "Picking a window from the whole application gets an arbitrary window, not this code's",
        rationale: """
            ### What it does
            Finds global window lookups: `UIApplication.shared.keyWindow` (deprecated since iOS 13); \
            `UIApplication.shared.windows` (deprecated since iOS 15) followed by `.first`, `.last`, `[0]`, \
            `.first(where: \\.isKeyWindow)`, `.first { $0.isKeyWindow }` or `.filter { $0.isKeyWindow }.first`; \
            and chains through `connectedScenes` that end in a window \
            (`.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first`, `.flatMap(\\.windows).first { $0.isKeyWindow }`, \
            `(connectedScenes.first as? UIWindowScene)?.keyWindow`). The receiver can be `UIApplication.shared`, \
            a parameter or local typed `UIApplication`, or implicit `self` inside `extension UIApplication`; a \
            local holding the collection is followed within its scope. One diagnostic per statement, at the \
            first picking member (`first`, `last`, `keyWindow`, or the `[` of a subscript); lookups that end in \
            a scene are `connected_scenes_first`'s. When the app declares its own `var keyWindow` on \
            `UIApplication`, calls to it are not reported — its body, where the pick happens, is. \
            `windowScene.keyWindow`, `view.window` and a scene delegate's own `window` are not global lookups, \
            and code that only runs before iOS 13 (the `else` of `if #available(iOS 13, *)`) has no scenes. \
            A pick that only becomes text (interpolated into a string or handed to `print`, `debugPrint`, \
            `dump` or `NSLog`) is not reported: a log line shows nothing in a window. \
            Objective-C gets the same check (`[UIApplication sharedApplication].keyWindow`, `windows.firstObject`, \
            `lastObject`, `[0]`). The deprecated API forwarded to silence its warning is still the API: \
            `(UIApplication.shared as SomeProtocol).keyWindow` (or `.windows`), `UIApplication.shared.value(forKey: "keyWindow")` \
            and `value(forKey: "windows")` followed by a pick. Test files are skipped (set the rule option `include_tests` to `true`, or pass `--include-tests`, to lint them).

            Values are followed across files (see `connected_scenes_first`): a window picked on a scene that a \
            global helper returns (`helper()?.keyWindow`, `helper()?.windows.first(where: \\.isKeyWindow)`), or \
            the key window picked among a helper's windows, is reported with the helper's definition as \
            related location; so is a pick on a whole collection a helper returns (`allWindows().first`, `allWindows()[0]`, \
            `helperScenes().first?.keyWindow`: every window or every scene, unpicked). In an app whose windows belong to scenes (a `UIWindowSceneDelegate` or a SwiftUI \
            `App` in the project), reading the app delegate's `window` \
            (`(UIApplication.shared.delegate as? AppDelegate)?.window`, through a local or a helper such as \
            `AppDelegate.shared`) is reported too: the delegate's window is at most one of the app's windows, \
            and nil unless the app sets it. Assigning it is not reported. Objective-C reads count too \
            (`[UIApplication sharedApplication].delegate.window`, `((AppDelegate *)…delegate).window`, a local holding \
            the delegate), and an Objective-C class adopting `UIWindowSceneDelegate` makes the app a scene app unless it \
            is not compiled for iOS (`#if TARGET_OS_TV`) or sits in a tvOS, watchOS or macOS folder. An existence check \
            (`UIApplication.shared.windows.first(where: \\.isKeyWindow) != nil`) picks nothing, and the \
            picked window's `traitCollection.userInterfaceIdiom` is the device's, the same in every window.

            \(SingleSceneApps.rationale)

            ### Why is this bad?
            Since iOS 13 an app can have several scenes at once — windows side by side on iPad, Stage Manager \
            and Mac, a CarPlay screen, an external display — each with its own windows. The application-wide \
            key window is the window of whichever scene last received input; `windows` lists the windows of \
            every scene ordered by window level, so `.first` is the backmost window of any scene and `.last` \
            can be an alert or the keyboard's window. Code that \
            presents from, measures, or adds views to that window acts on the wrong window: an alert appears \
            in the other half of the screen, insets come from another size, a popup lands behind a sheet. It \
            all works on a single-window iPhone, which is why it survives testing.

            ### Use instead
            Use the window the code belongs to. In a `UIViewController` subclass, `view.window` (once the view \
            is in a window: `viewIsAppearing(_:)` or later); in a `UIView` subclass, `window`; in a scene \
            delegate, its own `window`. In SwiftUI, read `window` from a small `UIViewRepresentable` probe \
            (its view's `didMoveToWindow()`), or expose the scene delegate as an `EnvironmentObject`. \
            Elsewhere, pass the view, window or `UIWindowScene` in and use `windowScene.keyWindow` (iOS 15+). \
            Iterating every window (`forEach`, `for … in`) is fine.

            The rule knows a class's superclass only from its inheritance clause: a subclass of a project \
            class defined in another file is recognised by the superclass's `…ViewController` / `…VC` / `…View` name.
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiapplication/keywindow",
            "https://developer.apple.com/documentation/uikit/uiapplication/windows",
            "https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow",
            "https://developer.apple.com/documentation/uikit/uiview/window",
        ],
        severity: .warning,
        options: [.includeTests, SingleSceneApps.noteOption],
        triggering: [
            // The insets lay out the view; that they are also logged does not make the pick text only.
            Example("""
                final class OverlayView: UIView {
                    func place() {
                        let insets = ↓UIApplication.shared.windows.first?.safeAreaInsets ?? .zero
                        print("insets \\(insets)")
                        frame = frame.inset(by: insets)
                    }
                }
                """),
            Example("""
                func showError(_ alert: UIAlertController) {
                    ↓UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true)
                }
                """),
            Example("""
                final class BannerView: UIView {
                    func show() {
                        let host = ↓UIApplication.shared.windows.first(where: \\.isKeyWindow)
                        host?.addSubview(self)
                    }
                }
                """),
            Example("""
                let topWindow = ↓UIApplication.shared.windows.last
                let firstWindow = ↓UIApplication.shared.windows[0]
                let keyWindow = ↓UIApplication.shared.windows.filter { $0.isKeyWindow }.first
                """),
            Example("""
                extension UIApplication {
                    var firstKeyWindow: UIWindow? {
                        ↓connectedScenes
                            .compactMap { $0 as? UIWindowScene }
                            .flatMap(\\.windows)
                            .first { $0.isKeyWindow }
                    }
                }
                """),
            Example("""
                struct InsetsReader: View {
                    var body: some View {
                        Color.clear.onAppear {
                            let inset = ↓UIApplication.shared.connectedScenes
                                .compactMap { ($0 as? UIWindowScene)?.keyWindow }
                                .first?
                                .safeAreaInsets.top ?? 0
                            print(inset)
                        }
                    }
                }
                """),
            // The scene pick and the window pick are one chain: one diagnostic, from this rule.
            Example("""
                + (UIViewController *)topViewController {
                    UIWindow *window = ↓[UIApplication sharedApplication].keyWindow;
                    UIWindow *first = ↓[[UIApplication sharedApplication] windows].firstObject;
                    return window.rootViewController ?: first.rootViewController;
                }
                """, language: .objectiveC),
            Example("""
                extension UIApplication {
                    func endEditing() {
                        ↓(connectedScenes.first as? UIWindowScene)?.windows.filter { $0.isKeyWindow }.first?.endEditing(true)
                    }
                }
                """),
            // A local, then fallbacks in one statement.
            Example("""
                func rootController() -> UIViewController? {
                    let windows = UIApplication.shared.connectedScenes.flatMap { ($0 as? UIWindowScene)?.windows ?? [] }
                    return (↓windows.first { $0.isKeyWindow } ?? windows.first)?.rootViewController
                }
                """),
            // The app's own `keyWindow` helper: its body is reported, its callers are not.
            Example("""
                extension UIApplication {
                    var keyWindow: UIWindow? {
                        ↓windows.first { $0.isKeyWindow }
                    }
                }
                func present(_ controller: UIViewController) {
                    UIApplication.shared.keyWindow?.rootViewController?.present(controller, animated: true)
                }
                """),
            // A window picked on a scene that a helper in another file picks out of all scenes.
            Example("""
                func showToast(_ toast: UIView) {
                    ↓SceneLocator.activeScene?.windows.first(where: \\.isKeyWindow)?.addSubview(toast)
                    let inset = ↓SceneLocator.activeScene?.keyWindow?.safeAreaInsets.top ?? 0
                    print(inset)
                }
                """, companions: ["""
                enum SceneLocator {
                    static var activeScene: UIWindowScene? {
                        UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """]),
            // The key window among the windows of a scene a helper picked.
            Example("""
                func dismissKeyboard() {
                    ↓UIApplication.shared.foregroundWindows.first(where: \\.isKeyWindow)?.endEditing(true)
                }
                """, companions: ["""
                extension UIApplication {
                    var foregroundWindows: [UIWindow] {
                        (connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene)?.windows ?? []
                    }
                }
                """]),
            // The deprecated API forwarded through a protocol or key-value coding to silence the warning.
            Example("""
                protocol KeyWindowProviding { var keyWindow: UIWindow? { get } }
                extension UIApplication: KeyWindowProviding {}
                func host() -> UIWindow? {
                    let key = ↓(UIApplication.shared as KeyWindowProviding).keyWindow
                    let kvc = ↓UIApplication.shared.value(forKey: "keyWindow") as? UIWindow
                    let first = ↓(UIApplication.shared.value(forKey: "windows") as? [UIWindow])?.first
                    return key ?? kvc ?? first
                }
                """),
            // Objective-C: the app delegate's window in an app whose windows belong to scenes.
            Example("""
                @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @end
                @implementation LoginPresenter
                - (void)presentLogin:(UIViewController *)login {
                    [↓[UIApplication sharedApplication].delegate.window.rootViewController presentViewController:login animated:YES completion:nil];
                    UIWindow *window = ((AppDelegate *)↓[UIApplication sharedApplication].delegate).window;
                }
                @end
                """, language: .objectiveC),
            // A pick on every window a helper in another file returns: reported at the pick.
            Example("""
                func presentAlert(_ alert: UIAlertController) {
                    ↓WindowFinder.allWindows().first(where: \\.isKeyWindow)?.rootViewController?.present(alert, animated: true)
                    let backmost = ↓WindowFinder.allWindows().first
                    let key = ↓WindowFinder.visibleScenes.first?.keyWindow
                }
                """, companions: ["""
                enum WindowFinder {
                    static func allWindows() -> [UIWindow] {
                        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows)
                    }
                    static var visibleScenes: [UIWindowScene] {
                        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.filter { $0.activationState == .foregroundActive }
                    }
                }
                """]),
            // The app delegate's window in an app whose windows belong to scenes.
            Example("""
                func presentLogin(_ login: UIViewController) {
                    let root = ↓(UIApplication.shared.delegate as? AppDelegate)?.window?.rootViewController
                    root?.present(login, animated: true)
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                """),
            Example("""
                extension AppDelegate {
                    static var shared: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
                }
                func reset() {
                    ↓AppDelegate.shared.window?.rootViewController = OnboardingViewController()
                }
                """, companions: ["""
                @main
                struct NotesApp: App {
                    @UIApplicationDelegateAdaptor var delegate: AppDelegate
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                """]),
            // A literal subscript on a helper's windows; a window picked on the scene of a helper that
            // picks from a helper's scenes (that helper is reported at its pick, by `connected_scenes_first`).
            Example("""
                func presentAlert(_ alert: UIAlertController) {
                    let backmost = ↓WindowFinder.allWindows()[0]
                    ↓Current.scene?.windows.first(where: \\.isKeyWindow)?.rootViewController?.present(alert, animated: true)
                    let top = ↓Current.scene?.windows[0]
                }
                """, companions: [windowFinder]),
        ],
        nonTriggering: [
            // A computed index into a helper's windows, and a plain use of a helper that picks from a
            // helper's scenes (its pick is the finding).
            Example("""
                func layout(at index: Int) {
                    let chosen = WindowFinder.allWindows()[index]
                    let orientation = Current.scene?.interfaceOrientation
                }
                """, companions: [windowFinder]),

            // A pick that only becomes text (a log line, a debug description) picks nothing that matters.
            Example("""
                struct SkinPreview: View {
                    var body: some View {
                        SkinCanvas()
                            .onAppear {
                                print(UIApplication.shared.windows.first?.safeAreaInsets ?? .zero)
                                log.debug("insets: \\(UIApplication.shared.windows.first?.safeAreaInsets ?? .zero)")
                            }
                    }
                }
                """),
            // Objective-C: the app delegate's window in an app without scenes (a scene delegate only
            // in a tvOS folder's build), and the window being set.
            Example("""
                @implementation LoginPresenter
                - (void)presentLogin:(UIViewController *)login {
                    [[UIApplication sharedApplication].delegate.window.rootViewController presentViewController:login animated:YES completion:nil];
                    [UIApplication sharedApplication].delegate.window = [[UIWindow alloc] init];
                }
                @end
                #if TARGET_OS_TV
                @interface TVSceneDelegate : UIResponder <UIWindowSceneDelegate>
                @end
                #endif
                """, language: .objectiveC),
            // The device's idiom read from whichever window: the same in every scene (seen in an emulator).
            Example("""
                var columns: Int {
                    UIApplication.shared.windows.first(where: \\.isKeyWindow)?.traitCollection.userInterfaceIdiom == .pad ? 5 : 3
                }
                let compactIdiom = UIApplication.shared.keyWindow!.traitCollection.userInterfaceIdiom == .phone
                """),
            Example("""
                static NSUInteger ColumnCount(void) {
                    return [UIApplication sharedApplication].keyWindow.traitCollection.userInterfaceIdiom == UIUserInterfaceIdiomPad ? 5 : 3;
                }
                """, language: .objectiveC),
            // Other keys, other receivers, and every window read through key-value coding.
            Example("""
                let bar = UIApplication.shared.value(forKey: "statusBar") as? UIView
                let key = (session as SessionProviding).keyWindow
                let all = UIApplication.shared.value(forKey: "windows") as? [UIWindow]
                all?.forEach { $0.setNeedsLayout() }
                """),
            // Every window a helper returns, iterated or counted; one picked by a known value.
            Example("""
                func refresh(_ window: UIWindow) {
                    WindowFinder.allWindows().forEach { $0.setNeedsLayout() }
                    let several = WindowFinder.allWindows().count > 1
                    let mine = WindowFinder.allWindows().first { $0 === window }
                    let visible = WindowFinder.allWindows().first { $0.windowScene == window.windowScene }
                }
                """, companions: ["""
                enum WindowFinder {
                    static func allWindows() -> [UIWindow] {
                        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows)
                    }
                }
                """]),
            // A plain use of a helper is not a new finding: its definition is.
            Example("""
                let orientation = SceneLocator.activeScene?.interfaceOrientation
                let statusBar = SceneLocator.activeScene?.statusBarManager?.statusBarFrame
                """, companions: ["""
                enum SceneLocator {
                    static var activeScene: UIWindowScene? {
                        UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """]),
            // A helper that returns a scene it was handed is not global.
            Example("""
                func topController() -> UIViewController? {
                    SceneLocator.activeScene?.windows.first?.rootViewController
                }
                """, companions: ["""
                enum SceneLocator {
                    static var activeScene: UIWindowScene? { scene }
                    static weak var scene: UIWindowScene?
                }
                """]),
            // The app delegate's window in an app without scenes, and the delegate's window being set.
            Example("""
                func presentLogin(_ login: UIViewController) {
                    (UIApplication.shared.delegate as? AppDelegate)?.window?.rootViewController?.present(login, animated: true)
                }
                """),
            Example("""
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let window = UIWindow(windowScene: windowScene)
                        (UIApplication.shared.delegate as? AppDelegate)?.window = window
                        self.window = window
                    }
                }
                """),
            // The external display's scene, chosen by its role; existence checks pick nothing.
            Example("""
                let external = UIApplication.shared.connectedScenes
                    .first { $0.session.role == .windowExternalDisplayNonInteractive } as? UIWindowScene
                let window = external?.windows.first
                let hasKey = UIApplication.shared.windows.first(where: \\.isKeyWindow) != nil
                """),
            // The window the code belongs to.
            Example("""
                final class ProfileViewController: UIViewController {
                    override func viewIsAppearing(_ animated: Bool) {
                        super.viewIsAppearing(animated)
                        let inset = view.window?.safeAreaInsets.top ?? 0
                        let key = view.window?.windowScene?.keyWindow
                        apply(inset, key)
                    }
                }
                """),
            // A scene delegate's own window; a known scene's key window.
            Example("""
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        window = windowScene.keyWindow ?? windowScene.windows.first
                        window?.tintColor = .systemIndigo
                    }
                }
                """),
            // Every window, not one.
            Example("""
                UIApplication.shared.windows.forEach { $0.overrideUserInterfaceStyle = .dark }
                for window in UIApplication.shared.connectedScenes.compactMap({ $0 as? UIWindowScene }).flatMap(\\.windows) {
                    window.tintColor = .systemGreen
                }
                let count = UIApplication.shared.windows.count
                """),
            // Other types' windows: UI tests, AppKit.
            Example("""
                let app = XCUIApplication()
                let frame = app.windows.firstMatch.frame
                let main = NSApplication.shared.windows.first
                let mine = windowManager.windows.first
                """),
            Example("""
                - (void)viewIsAppearing:(BOOL)animated {
                    [super viewIsAppearing:animated];
                    UIWindow *window = self.view.window;
                    for (UIWindow *each in [UIApplication sharedApplication].windows) {
                        each.tintColor = UIColor.systemTealColor;
                    }
                }
                """, language: .objectiveC),
            // Code not compiled for iOS (seen in a media player with a tvOS target).
            Example("""
                - (UIWindow *)presentationWindow {
                #if TARGET_OS_TV
                    return [UIApplication sharedApplication].keyWindow;
                #else
                    return self.view.window;
                #endif
                }
                #ifndef TARGET_OS_IPHONE
                UIWindow *first = [[UIApplication sharedApplication] windows].firstObject;
                #endif
                """, language: .objectiveC),
            // Lookups that end in a scene belong to connected_scenes_first.
            Example("""
                let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
                """),
            // A definite window, selected by comparing with a known value.
            Example("""
                let match = UIApplication.shared.windows.first { $0.windowScene == scene }
                """),
            // Before iOS 13 there are no scenes: the one key window is the right one.
            Example("""
                var presentingWindow: UIWindow? {
                    if #available(iOS 13.0, *) {
                        return hostView.window
                    } else {
                        return UIApplication.shared.keyWindow
                    }
                }
                """),
            // Test code runs with a single scene.
            Example("""
                func testAlert() {
                    let root = UIApplication.shared.keyWindow?.rootViewController
                    XCTAssertNotNil(root)
                }
                """, fileName: "AlertTests.swift"),
            // A helper declared on UIApplication in another file: its callers are not reported.
            Example("""
                func present(_ controller: UIViewController) {
                    UIApplication.shared.keyWindow?.rootViewController?.present(controller, animated: true)
                }
                """, companions: ["""
                extension UIApplication {
                    var keyWindow: UIWindow? { nil }
                }
                """]),
            // In a UIApplication extension, a name bound by `guard let` is not `self.keyWindow`
            // (seen in a notes app).
            Example("""
                extension UIApplication {
                    var statusBarHeight: CGFloat {
                        guard let keyWindow = windowsOfActiveScene.first(where: { $0.isKeyWindow }) else { return 0 }
                        return keyWindow.windowScene?.statusBarManager?.statusBarFrame.height ?? 0
                    }
                    func tint(_ color: UIColor) {
                        visibleWindows.forEach { keyWindow in keyWindow.tintColor = color }
                    }
                }
                """),
            // A picked scene's windows read in a later statement are not reported again.
            Example("""
                func bottomInset(for scene: UIWindowScene?) -> CGFloat {
                    let window = scene?.windows.first { $0.isKeyWindow }
                    return window?.safeAreaInsets.bottom ?? 0
                }
                """),
        ]
    )

    public struct Facts: ProjectFacts {
        /// The lookups, with their messages (the host is known only in their file).
        var findings: [Finding] = []
        /// Instance `keyWindow` properties declared in `extension UIApplication`.
        var keyWindowHelpers: [FactLocation] = []
        /// Where scene and window values come from (`SceneProvenance`); `connected_scenes_first` reads it too.
        var provenance = SceneProvenanceFacts()

        public init() {}

        public mutating func append(_ later: Self) {
            findings += later.findings
            keyWindowHelpers += later.keyWindowHelpers
            provenance.append(later.provenance)
        }
    }

    struct Finding: Sendable, Equatable {
        var site: FactLocation
        var message: String
        var help: String
        /// Swift `UIApplication.shared.keyWindow`: with an app's own `keyWindow` helper it calls that.
        var readsApplicationKeyWindow: Bool
        /// The scenes of the app that builds the file (its Info.plist may sit beside the sources).
        var scenes: AppScenes = .unknown
    }

    /// The words of `mayHoldProvenance`, and `@main` (a SwiftUI `App` makes a scene app). A Swift file
    /// that spells none of them holds no lookup, no global value and no scene declaration; its
    /// helpers and declared names are recorded in the deferred rounds, which read it when it spells
    /// a name they follow (`collectDeferredFacts`).
    public static var factTriggerWords: [String] {
        ["window", "Window", "UIApplication", "connectedScenes", "requestReview", "showManageSubscriptions", "@main"]
    }
    /// Objective-C records only its lookups, which start from these words (`objectiveCSceneLookups`):
    /// other Objective-C files need not reach libclang.
    /// `Scene` and `sharedApplication` for the provenance: helpers returning a scene, `requestReviewInScene:`,
    /// a `UIWindowSceneDelegate`, the app delegate's window (`ObjectiveCSceneProvenanceCollector`).
    public static var objectiveCFactTriggerWords: [String] { ["connectedScenes", "windows", "keyWindow", "Scene", "sharedApplication"] }

    /// The second pass records, in projects where a StoreKit call takes its scene from a parameter,
    /// the arguments of the calls to that function (`deferredInput`: to see whether every caller
    /// passes a global scene); and, in projects with
    /// a global helper, the helpers and uses of the files that spell none of the words of `mayHoldProvenance`
    /// (with their declared names, when they spell none of `factTriggerWords`).
    public static var defersFacts: Bool { true }
    /// Whether `deferredTriggerWords` may name a word, without solving (round 1 solves): a parameter
    /// sink names its function, and `SceneProvenance.readerSpellings` names a helper only when some
    /// helper seeds the solve (`SceneProvenance.seedsReaders`).
    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        firstPass.provenance.uses.contains { $0.sink != nil }
            || SceneProvenance.seedsReaders(firstPass.provenance)
    }

    /// The functions whose parameter a StoreKit call reads (calls are matched by name), and what a
    /// reader of a global or app-delegate helper spells (`SceneProvenance.readerSpellings`): a helper
    /// that spells none of the words of `mayHoldProvenance` is global only by reading one of those.
    /// Each round adds the helpers that became global.
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        var words = Set(facts.provenance.uses.compactMap { $0.sink?.function })
        let helpers = facts.provenance.helpers
        guard !helpers.isEmpty else { return words.sorted() }
        words.formUnion(SceneProvenance(facts.provenance).readerSpellings())
        return words.sorted()
    }

    /// The functions whose parameter a StoreKit call reads (`ParameterSink.function`): calls are
    /// matched with them by name (`SceneProvenance.sinkFinding`) and no other call is read, so the
    /// deferred pass records the calls to these alone, in the files that spell one. Sinks are
    /// recorded only where a file spells `requestReview` or `showManageSubscriptions`, which the
    /// first pass reads: its facts name them all.
    public static func deferredInput(_ firstPass: Facts) -> [String] {
        Set(firstPass.provenance.uses.compactMap { $0.sink?.function }).sorted()
    }

    /// A Swift file that spells none of these names holds no global pick or collection, app-delegate
    /// read, window pick, StoreKit call or scene delegate (`SceneProvenanceCollector`): `keyWindow`,
    /// `windows`, `isKeyWindow`, `connectedScenes`, `.window`, `requestReview`,
    /// `showManageSubscriptions`, `UIWindowSceneDelegate`, and `UIApplication` with `delegate` for
    /// the app delegate (`UIApplication.shared.delegate`, or `delegate` in an extension of
    /// `UIApplication`; either word alone is in most UIKit files, `UIApplication.shared.open(url)`).
    /// Whole names: `UIWindow`, `windowScene` or `WindowGroup` alone hold none of these (a sixth of
    /// the files that spell "window"). Its picks on a helper's collection (`helperScenes().first`)
    /// and its reads of an app's helper on `UIApplication` (`UIApplication.shared.activeScene`) are
    /// uses like those its helpers make, recorded in the deferred rounds where it spells the helper.
    static func mayHoldProvenance(_ file: SourceFile) -> Bool {
        file.mentionsName("window") || file.mentionsName("windows") || file.mentionsName("keyWindow")
            || file.mentionsName("isKeyWindow") || file.mentionsName("connectedScenes")
            || file.mentionsName("requestReview") || file.mentionsName("showManageSubscriptions")
            || file.mentionsName("UIWindowSceneDelegate")
            || (file.mentionsName("UIApplication") && file.mentionsName("delegate"))
    }

    /// The first pass records facts here (`factTriggerWords`): checked again in `collectFacts` so that
    /// a file's names are declared once, by the first pass or by the deferred one, whoever calls it.
    static func recordsFirstPass(_ file: SourceFile) -> Bool {
        mayHoldProvenance(file) || file.mentionsText("@main")
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        if context.skipsTestFile { return }
        let sinks = context.projectInput
        let callsSinks = sinks.contains { context.file.mentions(Array($0.utf8)) }
        let recordsRest = !Self.mayHoldProvenance(context.file)
        guard recordsRest || callsSinks else { return }
        let found = Self.mayLookUpWindows(context.file) ? context.file.iosSceneLookupsAndCollections() : (lookups: [], collections: [])
        if recordsRest {
            // What the first pass left out (see `collectFacts`); the declared names too when it
            // recorded nothing here. A name is declared only in files that spell it, and
            // `SceneProvenance.readerSpellings` names every helper whose count of declarations
            // decides something, so each such count is complete once the rounds end.
            var collector = SceneProvenanceCollector(context: context, lookups: found.lookups, collections: found.collections)
            facts.provenance = collector.collect(declarations: !Self.recordsFirstPass(context.file))
        }
        // The calls to the project's sinks (`deferredInput`), from a walk of their own: a walk
        // that records calls computes the locals' flows in another order (at each call).
        guard callsSinks else { return }
        var collector = SceneProvenanceCollector(context: context, lookups: found.lookups, collections: found.collections)
        collector.recordsCalls = true
        collector.recordsOnlyCalls = true
        facts.provenance.calls = collector.collect().calls.filter { sinks.contains($0.callee) }
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        guard Self.recordsFirstPass(file) else { return }
        let mayLookUp = Self.mayLookUpWindows(file)
        let found = mayLookUp ? file.iosSceneLookupsAndCollections() : (lookups: [], collections: [])
        let lookups = found.lookups
        if !context.skipsTestFile {
            var collector = SceneProvenanceCollector(context: context, lookups: lookups, collections: found.collections)
            facts.provenance = Self.mayHoldProvenance(file) ? collector.collect() : collector.collectDeclarations()
        }
        guard mayLookUp else { return }
        // An instance `keyWindow` declared on UIApplication replaces UIKit's deprecated one.
        for declaration in file.declarations where declaration.kind == .variable {
            guard let name = declaration.name, file.isName(name, "keyWindow"),
                  !file.declaration(declaration, hasModifier: "static"), !file.declaration(declaration, hasModifier: "class"),
                  let owner = declaration.parent, file.declarations[owner].kind == .extension,
                  let extended = file.declarations[owner].name, file.isName(extended, "UIApplication") else { continue }
            facts.keyWindowHelpers.append(context.factLocation(at: name))
        }
        if context.skipsTestFile { return }
        let hosts = WindowHostMemo()
        for lookup in lookups where lookup.result == .window && !file.isOnlyFormattedAsText(lookup.start) {
            let text = Self.message(for: lookup, host: file.windowHost(at: lookup.pick, memo: hosts))
            facts.findings.append(Finding(site: context.factLocation(from: lookup.start, through: lookup.pickEnd,
                                                                            anchor: lookup.pick),
                                          message: text.headline, help: text.help,
                                          readsApplicationKeyWindow: lookup.origin == .applicationKeyWindow
                                            && !file.isName(lookup.pick, "value"),
                                          scenes: context.appScenes))
        }
    }

    /// Objective-C: `[UIApplication sharedApplication].keyWindow`, `windows.firstObject` … (core:
    /// `objectiveCSceneLookups()`). A Swift `keyWindow` helper is not visible to Objective-C, so these
    /// are never silenced by one.
    public func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts) {
        if context.skipsTestFile { return }
        let file = context.file
        let all = file.objectiveCSceneLookups()
        var collector = ObjectiveCSceneProvenanceCollector(context: context, lookups: all)
        facts.provenance = collector.collect()
        let lookups = all.filter { $0.result == .window }
        guard !lookups.isEmpty else { return }
        let containers = file.objectiveCContainers()
        for lookup in lookups {
            let text = Self.objectiveCMessage(for: lookup, host: file.objectiveCWindowHost(at: lookup.pick, in: containers))
            facts.findings.append(Finding(site: context.factLocation(from: lookup.start, through: lookup.pickEnd,
                                                                            anchor: lookup.pick),
                                          message: text.headline, help: text.help,
                                          readsApplicationKeyWindow: false, scenes: context.appScenes))
        }
    }

    static func objectiveCMessage(for lookup: SceneLookup, host: WindowHost) -> (headline: String, help: String) {
        let instead: String
        switch host {
        case .viewController: instead = "Use `self.view.window` (set from `-viewIsAppearing:` on)."
        case .view: instead = "Use `self.window` (set from `-didMoveToWindow` on)."
        case .sceneDelegate: instead = "Use this scene delegate's own `window`."
        case .applicationHelper:
            instead = "Take a view or a `UIWindowScene` as a parameter and use its `window` or `keyWindow` (iOS 15+): "
                + "a `UIApplication` category cannot know which window its caller is in."
        case .swiftUIView, .other:
            instead = "Pass in the view or `UIWindowScene` this work is for and use its `window` or `keyWindow` (iOS 15+)."
        }
        return (headline(for: lookup, keyWindow: "`keyWindow` on `UIApplication`", windows: "`UIApplication`'s `windows`"),
                instead + reason(for: lookup.origin))
    }

    /// What is wrong, by where the lookup starts; `keyWindow` and `windows` spell the application's
    /// properties in the file's language.
    static func headline(for lookup: SceneLookup, keyWindow: String, windows: String) -> String {
        let fallbacks = ConnectedScenesFirst.fallbacks(lookup)
        switch lookup.origin {
        case .applicationKeyWindow:
            return "\(keyWindow) is the key window of whichever scene last had focus"
        case .applicationWindows:
            return "\(lookup.subject) on \(windows) picks an arbitrary window of any scene\(fallbacks)"
        case .connectedScenes:
            return "\(lookup.subject) picks a window out of every connected scene\(fallbacks)"
        }
    }

    /// The deprecation behind the lookup, after the help's advice.
    static func reason(for origin: SceneLookupOrigin) -> String {
        switch origin {
        case .applicationKeyWindow:
            return " The application's `keyWindow` is deprecated since iOS 13."
        case .applicationWindows:
            return " The application's `windows` is deprecated since iOS 15 and also holds alert and overlay windows."
        case .connectedScenes:
            return " With several windows open, the window found can belong to another scene than this code's."
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        for finding in facts.findings {
            // `UIApplication.shared.keyWindow` calls the app's own helper, whose body is reported.
            if finding.readsApplicationKeyWindow && !facts.keyWindowHelpers.isEmpty { continue }
            let adjusted = SingleSceneApps.adjust(help: finding.help, scenes: finding.scenes, options: context.options)
            context.report(at: finding.site, finding.message, help: adjusted.help)
            if adjusted.lower { context.lowerLastSeverity(to: .note) }
        }
        let provenance = SceneProvenance(facts.provenance)
        for finding in provenance.windowFindings() + provenance.collectionFindings(windows: true) {
            let adjusted = SingleSceneApps.adjust(help: finding.help, scenes: context.appScenes, options: context.options)
            context.report(at: finding.site, finding.message, help: adjusted.help, related: finding.related,
                           decidedBy: finding.decidedBy)
            if adjusted.lower { context.lowerLastSeverity(to: .note) }
        }
    }

    /// A cheap pre-check: the names every lookup needs.
    static func mayLookUpWindows(_ file: SourceFile) -> Bool {
        guard file.mentionsText("connectedScenes") || file.mentionsText("windows") || file.mentionsText("keyWindow") else {
            return false
        }
        for index in file.code.indices where file.code[index].kind == .identifier {
            if file.tokenIs(index, "connectedScenes") || file.tokenIs(index, "windows") || file.tokenIs(index, "keyWindow") {
                return true
            }
        }
        return false
    }

    static func message(for lookup: SceneLookup, host: WindowHost) -> (headline: String, help: String) {
        let instead: String
        switch host {
        case .viewController:
            instead = "Use this view controller's `view.window` (set from `viewIsAppearing(_:)` on)."
        case .view:
            instead = "Use this view's `window` (set from `didMoveToWindow()` on)."
        case .swiftUIView:
            instead = "Read `window` in a small `UIViewRepresentable` probe (its view's `didMoveToWindow()`), or "
                + "get it from the scene delegate exposed as an `EnvironmentObject`."
        case .sceneDelegate:
            instead = "Use this scene delegate's own `window`."
        case .applicationHelper:
            instead = "Take a view or a `UIWindowScene` as a parameter and use its `window` or `keyWindow` (iOS 15+): "
                + "a `UIApplication` helper cannot know which window its caller is in."
        case .other:
            instead = "Pass in the view or `UIWindowScene` this work is for and use its `window` or `keyWindow` (iOS 15+)."
        }
        return (headline(for: lookup, keyWindow: "`UIApplication.shared.keyWindow`", windows: "`UIApplication.shared.windows`"),
                instead + reason(for: lookup.origin))
    }
}
