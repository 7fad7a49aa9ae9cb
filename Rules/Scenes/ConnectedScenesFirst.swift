import SeamLintCore

/// Flags code that picks one scene out of `UIApplication.shared.connectedScenes` (`.first`,
/// `.first(where:)`, `.randomElement()`, `[0]` …), directly or through a local. Lookups that end
/// in a window (`….keyWindow`, `…windows.first`) belong to `key_window_lookup`; both rules read
/// the same `SourceFile.sceneLookups()`, so a statement gets one diagnostic from one of them.
///
/// A project rule so that a StoreKit call fed by a helper in another file that picks the scene is
/// reported too (`SceneProvenance`, recorded with `key_window_lookup`'s facts).
public struct ConnectedScenesFirst: ProjectRule, ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "connected_scenes_first",
        summary: "Picking one scene out of `connectedScenes` gets an arbitrary window's scene",
        rationale: """
            ### What it does
            Finds statements that choose one scene from `UIApplication.shared.connectedScenes`: \
            `.first`, `.first(where:)`, `.last`, `.randomElement()`, `.min`/`.max`, a subscript, possibly \
            after `.compactMap { $0 as? UIWindowScene }`, `.filter { $0.activationState == .foregroundActive }`, \
            `.map`, `.flatMap`, `.lazy`, `Array(…)` or an `as?` cast. The receiver can be \
            `UIApplication.shared`, a parameter or local typed `UIApplication`, or implicit `self` inside \
            `extension UIApplication`; a local that holds the collection (`let scenes = …connectedScenes`) is \
            followed within its scope. Picks whose result is a window are reported by `key_window_lookup` \
            instead, so a statement never gets two diagnostics. The diagnostic points at the picking member \
            (or the `[` of a subscript); fallbacks in the same statement (`a.first { … } ?? a.first`) are \
            reported once. Objective-C gets the same check (`connectedScenes.anyObject`, \
            `allObjects.firstObject`, `[0]`). Code that is not compiled for iOS is skipped: a branch whose \
            condition is false on iOS (`#if os(tvOS)`, `#if TARGET_OS_TV`, `#if !TARGET_OS_IPHONE`, \
            `#ifdef`/`#elif` alike) or that follows a branch true on iOS (the `#else` of `#if os(iOS)`). \
            Test files are skipped (set the rule option `include_tests` to `true`, or pass `--include-tests`, to lint them).

            \(SingleSceneApps.rationale)

            Values are followed across files: a function or property (on `UIApplication`, a project type, \
            static or not, at any depth of helpers built on helpers) whose returned value comes from such a pick, \
            from `UIApplication.shared.keyWindow` or, in an app whose windows belong to scenes, from the app \
            delegate's `window` is a global helper. A StoreKit call (`requestReview(in:)`, \
            `AppStore.requestReview(in:)`, `showManageSubscriptions(in:)`) whose scene comes from a global helper, \
            or from a parameter that every call in the project feeds from one, is reported at the call, with \
            the helper's definition as related location. A pick on the whole collection a helper returns \
            (`helperScenes().first`, where the helper returns `connectedScenes.compactMap { … }` unpicked) is reported \
            at the pick, with the helper as related location. Other uses of a helper are not: its definition is \
            the finding. Names are matched as written, without types: a member read on a value of unknown type \
            counts only when every declaration of that name in the project is global. \
            Objective-C takes part: a category or class method, or a C function, returning an object whose `return` \
            reads a global pick (directly, through a local or another helper) is a global helper, for Swift callers \
            too; `requestReviewInScene:` whose scene comes from a helper, a local holding one, or a parameter every \
            caller feeds from one is reported. A caller passing `nil` is neutral (it hands over no scene; at least one \
            caller must pass a global one); a caller passing a parameter of its own passes a scene it was handed, and \
            so does not make the parameter global. Parameters of C functions are not followed to their callers.

            Choosing a scene by a role only one scene has (`$0.session.role == .windowExternalDisplayNonInteractive`, \
            `.windowExternalDisplay`, `.carTemplateApplication`; not `.windowApplication`, every app window's \
            role) is a definite choice, and an existence check (`….first { … } != nil`, `contains`) picks \
            nothing: neither is reported.

            ### Why is this bad?
            `connectedScenes` is an unordered `Set`. Since iOS 13 every window on iPad and Mac (Split View, \
            Slide Over, Stage Manager), every CarPlay screen and every external display is its own scene, so \
            `.first` is whichever scene the set happens to yield — filtering on `.foregroundActive` still leaves \
            one scene per visible window. Alerts, sheets and review prompts then appear in the other window, \
            layout reads another window's size or safe area, and `SKStoreReviewController.requestReview(in:)` / \
            `AppStore.requestReview(in:)` can present nothing at all. It works on a single-window iPhone, which \
            is why it survives testing.

            ### Use instead
            Take the scene from the code that knows which window it runs in. In a `UIViewController` subclass, \
            `view.window?.windowScene`; in a `UIView` subclass, `window?.windowScene`; in a scene delegate, the \
            scene it was connected to. In SwiftUI, expose the scene delegate (which owns its `UIWindowScene`) as \
            an `EnvironmentObject`, or read `window?.windowScene` from a small `UIViewRepresentable` probe; for \
            review prompts use `@Environment(\\.requestReview)` (iOS 16+), for subscriptions \
            `.manageSubscriptionsSheet(isPresented:)` (iOS 15+). Elsewhere, pass the scene in. Iterating every \
            scene (`for scene in connectedScenes`, `.forEach`, `.contains`) is fine, and so is selecting a \
            definite scene by comparing it with a known value (`$0.session == session`).

            The rule knows a class's superclass only from its inheritance clause: a subclass of a project \
            class defined in another file is recognised by the superclass's `…ViewController` / `…VC` / `…View` name.
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes",
            "https://developer.apple.com/documentation/uikit/uiview/window",
            "https://developer.apple.com/documentation/uikit/uiwindow/windowscene",
            "https://developer.apple.com/documentation/storekit/requestreviewaction",
            "https://developer.apple.com/documentation/storekit/appstore/requestreview(in:)",
        ],
        severity: .warning,
        options: [.includeTests, SingleSceneApps.noteOption],
        triggering: [
            Example("""
                final class ShareViewController: UIViewController {
                    func share(_ url: URL) {
                        guard let scene = ↓UIApplication.shared.connectedScenes.first as? UIWindowScene else { return }
                        present(in: scene, url)
                    }
                }
                """),
            Example("""
                let scene = ↓UIApplication.shared.connectedScenes
                    .filter { $0.activationState == .foregroundActive }
                    .compactMap { $0 as? UIWindowScene }
                    .first
                """),
            // A local holding the collection, with a fallback in the same statement: one diagnostic.
            Example("""
                func currentScene() -> UIWindowScene? {
                    let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                    return ↓scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
                }
                """),
            // Implicit `self` inside an extension of UIApplication.
            Example("""
                extension UIApplication {
                    var activeScene: UIWindowScene? {
                        ↓connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """),
            // `shared` in a static member of the extension.
            Example("""
                extension UIApplication {
                    static var foregroundScene: UIWindowScene? {
                        ↓shared.connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """),
            // StoreKit: the message points at the SwiftUI environment action.
            Example("""
                struct SettingsView: View {
                    var body: some View {
                        Button("Rate us") {
                            if let scene = ↓UIApplication.shared.connectedScenes.first(where: { $0.activationState == .foregroundActive }) as? UIWindowScene {
                                SKStoreReviewController.requestReview(in: scene)
                            }
                        }
                    }
                }
                """),
            Example("""
                func manage() async throws {
                    try await AppStore.showManageSubscriptions(in: ↓UIApplication.shared.connectedScenes.randomElement() as! UIWindowScene)
                }
                """),
            Example("""
                + (void)requestReview {
                    UIWindowScene *scene = (UIWindowScene *)↓[UIApplication sharedApplication].connectedScenes.anyObject;
                    [SKStoreReviewController requestReviewInScene:scene];
                }
                """, language: .objectiveC),
            // The iOS branch of a platform condition is iOS code.
            Example("""
                - (UIWindowScene *)currentScene {
                #if TARGET_OS_TV
                    return nil;
                #elif TARGET_OS_IOS && !TARGET_OS_MACCATALYST
                    return (UIWindowScene *)↓[UIApplication sharedApplication].connectedScenes.anyObject;
                #endif
                }
                """, language: .objectiveC),
            Example("""
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let orientation = (↓Array(application.connectedScenes)[0] as? UIWindowScene)?.interfaceOrientation
                    return orientation != nil
                }
                """),
            // The scene comes from a helper in another file that picks it (the helper is reported there).
            Example("""
                final class ReviewPrompter {
                    func ask() {
                        guard let scene = UIApplication.shared.foregroundScene else { return }
                        ↓AppStore.requestReview(in: scene)
                    }
                }
                """, companions: ["""
                extension UIApplication {
                    var foregroundScene: UIWindowScene? {
                        connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """]),
            // Objective-C: the scene from a C function (or category method) that picks it.
            Example("""
                @implementation ReviewPrompter
                + (void)ask {
                    ↓[SKStoreReviewController requestReviewInScene:ActiveScene()];
                }
                + (void)askInScene:(UIWindowScene *)scene {
                    ↓[SKStoreReviewController requestReviewInScene:scene];
                }
                - (void)finished {
                    UIWindowScene *scene = [UIApplication sharedApplication].currentScene;
                    ↓[SKStoreReviewController requestReviewInScene:scene];
                    [ReviewPrompter askInScene:ActiveScene()];
                }
                @end
                """, language: .objectiveC, companions: ["""
                @implementation UIApplication (Scenes)
                - (UIWindowScene *)currentScene {
                    return (UIWindowScene *)self.connectedScenes.anyObject;
                }
                @end
                UIWindowScene *ActiveScene(void) {
                    return [[UIApplication sharedApplication] currentScene];
                }
                """]),
            // A pick on every scene a helper in another file returns: reported at the pick.
            Example("""
                func share(_ url: URL) {
                    guard let scene = ↓UIApplication.shared.foregroundScenes.first else { return }
                    let other = ↓UIApplication.shared.foregroundScenes.randomElement()
                    present(url, in: scene)
                }
                """, companions: ["""
                extension UIApplication {
                    var foregroundScenes: [UIWindowScene] {
                        connectedScenes.compactMap { $0 as? UIWindowScene }.filter { $0.activationState == .foregroundActive }
                    }
                }
                """]),
        ],
        nonTriggering: [
            // Objective-C: a scene the caller has, and a parameter one caller feeds with its own window's scene.
            Example("""
                @implementation ReviewPrompter
                + (void)askInScene:(UIWindowScene *)scene {
                    [SKStoreReviewController requestReviewInScene:scene];
                }
                - (void)viewIsAppearing:(BOOL)animated {
                    [super viewIsAppearing:animated];
                    [SKStoreReviewController requestReviewInScene:self.view.window.windowScene];
                    [ReviewPrompter askInScene:self.view.window.windowScene];
                    [ReviewPrompter askInScene:ActiveScene()];
                }
                @end
                """, language: .objectiveC, companions: ["""
                UIWindowScene *ActiveScene(void) {
                    return (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.anyObject;
                }
                """]),
            // Every scene a helper returns, iterated or counted, or one chosen by a known value.
            Example("""
                func tint(_ session: UISceneSession) {
                    UIApplication.shared.foregroundScenes.forEach { $0.windows.first?.tintColor = .systemPink }
                    let count = UIApplication.shared.foregroundScenes.count
                    let mine = UIApplication.shared.foregroundScenes.first { $0.session == session }
                    let external = UIApplication.shared.foregroundScenes.first { $0.session.role == .windowExternalDisplayNonInteractive }
                    let settings = existingScenes(for: .settings).first
                }
                """, companions: ["""
                extension UIApplication {
                    var foregroundScenes: [UIWindowScene] {
                        connectedScenes.compactMap { $0 as? UIWindowScene }.filter { $0.activationState == .foregroundActive }
                    }
                }
                // Scenes of one configuration, compared with a known value (seen in a home-automation app).
                func existingScenes(for activity: SceneActivity) -> [UIScene] {
                    UIApplication.shared.connectedScenes.filter { scene in
                        scene.session.configuration.name.flatMap(SceneActivity.init(configurationName:)) == activity
                    }
                }
                """]),
            // A plain use of a helper that picks the scene: the helper's definition is the finding.
            Example("""
                let orientation = UIApplication.shared.foregroundScene?.interfaceOrientation
                """, companions: ["""
                extension UIApplication {
                    var foregroundScene: UIWindowScene? {
                        connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
                    }
                }
                """]),
            // A scene chosen by a role only one scene has (an external display), and existence checks.
            Example("""
                let external = UIApplication.shared.connectedScenes.first { $0.session.role == .windowExternalDisplayNonInteractive }
                let display = UIApplication.shared.connectedScenes.first(where: { $0.session.role == UISceneSession.Role.windowExternalDisplay })
                let hasActive = UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive } != nil
                let none = (UIApplication.shared.connectedScenes.first as? UIWindowScene) == nil
                """),
            // A helper that takes its scene from the caller is not global.
            Example("""
                func prompt(from view: UIView) {
                    guard let scene = windowScene(of: view) else { return }
                    AppStore.requestReview(in: scene)
                }
                """, companions: ["""
                func windowScene(of view: UIView) -> UIWindowScene? { view.window?.windowScene }
                """]),
            // Every scene, not one.
            Example("""
                for scene in UIApplication.shared.connectedScenes {
                    (scene as? UIWindowScene)?.windows.forEach { $0.tintColor = .systemPink }
                }
                UIApplication.shared.connectedScenes.forEach { refresh($0) }
                let count = UIApplication.shared.connectedScenes.count
                let empty = UIApplication.shared.connectedScenes.isEmpty
                let hasCar = UIApplication.shared.connectedScenes.contains { $0 is CPTemplateApplicationScene }
                """),
            // A scene the code already has.
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewIsAppearing(_ animated: Bool) {
                        super.viewIsAppearing(animated)
                        if let scene = view.window?.windowScene {
                            SKStoreReviewController.requestReview(in: scene)
                        }
                    }
                }
                """),
            // Another type's `connectedScenes`.
            Example("""
                let first = sceneRegistry.connectedScenes.first
                let other = mockApplication.connectedScenes.first
                """),
            // A definite scene, selected by comparing with a known value (seen in a browser app).
            Example("""
                let match = UIApplication.shared.connectedScenes
                    .compactMap { $0 as? UIWindowScene }
                    .filter { windowIdentifier(of: $0.session) == requestedWindowID }
                    .first
                let sameSession = UIApplication.shared.connectedScenes.first { $0.session == session }
                let holder = UIApplication.shared.connectedScenes.first { ($0 as? UIWindowScene)?.windows.contains(window) == true }
                """),
            // The CarPlay scene is unique: selecting it by type or role is definite.
            Example("""
                let carScene = UIApplication.shared.connectedScenes.first { $0 is CPTemplateApplicationScene }
                let byRole = UIApplication.shared.connectedScenes.first { $0.session.role == .carTemplateApplication }
                """),
            // Lookups that end in a window belong to key_window_lookup.
            Example("""
                let window = UIApplication.shared.connectedScenes
                    .compactMap { ($0 as? UIWindowScene)?.keyWindow }
                    .first
                let key = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.keyWindow
                """),
            // Test code runs with a single scene.
            Example("""
                func testScene() {
                    let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
                    XCTAssertNotNil(scene)
                }
                """, fileName: "SceneTests.swift"),
            // A filtered collection kept for iterating every scene (seen in a home-automation app).
            Example("""
                private func scenes(for activity: SceneActivity) -> [UIScene] {
                    UIApplication.shared.connectedScenes.filter { scene in
                        scene.activationState != .unattached
                    }.sorted { lhs, rhs in lhs.activationState.rawValue < rhs.activationState.rawValue }
                }
                """),
            // Delegates of every scene, then iterated.
            Example("""
                let delegates = UIApplication.shared.connectedScenes.compactMap { $0.delegate as? SceneDelegate }
                for delegate in delegates { delegate.cleanUp() }
                """),
            Example("""
                - (void)applyStyle:(UIUserInterfaceStyle)style {
                    for (UIScene *scene in [UIApplication sharedApplication].connectedScenes) {
                        [self applyStyle:style toScene:scene];
                    }
                    BOOL several = [UIApplication sharedApplication].connectedScenes.count > 1;
                    UIWindowScene *mine = self.view.window.windowScene;
                }
                """, language: .objectiveC),
            // Code not compiled for iOS: a tvOS, macOS or watchOS branch, the `#else` of an iOS one.
            Example("""
                - (void)requestReview {
                #if TARGET_OS_TV
                    UIWindowScene *scene = (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.anyObject;
                #else
                    UIWindowScene *scene = self.view.window.windowScene;
                #endif
                    [SKStoreReviewController requestReviewInScene:scene];
                }
                #if !TARGET_OS_IPHONE
                static id AnyScene(void) { return [UIApplication sharedApplication].connectedScenes.allObjects.firstObject; }
                #elif defined(TARGET_OS_WATCH) && TARGET_OS_WATCH
                static id WatchScene(void) { return [UIApplication sharedApplication].connectedScenes.anyObject; }
                #endif
                """, language: .objectiveC),
            Example("""
                #if os(tvOS)
                let tvScene = UIApplication.shared.connectedScenes.first as? UIWindowScene
                #elseif os(iOS)
                let scene = view.window?.windowScene
                #else
                let other = UIApplication.shared.connectedScenes.first
                #endif
                """),
            // In comments and strings nothing counts.
            Example("""
                // UIApplication.shared.connectedScenes.first
                let hint = "UIApplication.shared.connectedScenes.first"
                """),
        ]
    )

    public struct Facts: ProjectFacts {
        /// The lookups that end in a scene, with their messages (the host is known only in their file).
        var findings: [SceneFinding] = []

        public init() {}

        public mutating func append(_ later: Self) {
            findings += later.findings
        }
    }

    public static var factTriggerWords: [String] { ["connectedScenes"] }
    /// The scene and window provenance is recorded with `key_window_lookup`'s facts.
    public static var readsFactsOf: [any ProjectRule.Type] { [KeyWindowLookup.self] }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        if context.skipsTestFile { return }
        let file = context.file
        let hosts = WindowHostMemo()
        for lookup in file.iosSceneLookups() where lookup.result == .scene {
            let text = Self.message(for: lookup, host: file.windowHost(at: lookup.pick, memo: hosts))
            facts.findings.append(SceneFinding(site: context.factLocation(from: lookup.start, through: lookup.pickEnd, anchor: lookup.pick),
                                               message: text.headline, help: text.help, scenes: context.appScenes))
        }
    }

    /// Objective-C: `connectedScenes.anyObject`, `allObjects.firstObject` … (core: `objectiveCSceneLookups()`).
    public func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts) {
        if context.skipsTestFile { return }
        let file = context.file
        let lookups = file.objectiveCSceneLookups().filter { $0.result == .scene }
        guard !lookups.isEmpty else { return }
        let containers = file.objectiveCContainers()
        for lookup in lookups {
            let text = Self.objectiveCMessage(for: lookup, host: file.objectiveCWindowHost(at: lookup.pick, in: containers))
            facts.findings.append(SceneFinding(site: context.factLocation(from: lookup.start, through: lookup.pickEnd, anchor: lookup.pick),
                                               message: text.headline, help: text.help, scenes: context.appScenes))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        for finding in context.facts(of: Self.self).findings {
            let adjusted = SingleSceneApps.adjust(help: finding.help, scenes: finding.scenes, options: context.options)
            context.report(at: finding.site, finding.message, help: adjusted.help)
            if adjusted.lower { context.lowerLastSeverity(to: .note) }
        }
        let provenance = SceneProvenance(context.facts(of: KeyWindowLookup.self).provenance)
        for finding in provenance.storeKitFindings() + provenance.collectionFindings(windows: false) {
            let adjusted = SingleSceneApps.adjust(help: finding.help, scenes: context.appScenes, options: context.options)
            context.report(at: finding.site, finding.message, help: adjusted.help, related: finding.related,
                           decidedBy: finding.decidedBy)
            if adjusted.lower { context.lowerLastSeverity(to: .note) }
        }
    }

    /// Why any pick out of `connectedScenes` is arbitrary, for the help text.
    static let unordered = "`connectedScenes` is unordered and holds one scene per window, CarPlay screen and external display."

    static func objectiveCMessage(for lookup: SceneLookup, host: WindowHost) -> (headline: String, help: String) {
        let instead: String
        switch host {
        case .viewController: instead = "Use `self.view.window.windowScene` (set from `-viewIsAppearing:` on)"
        case .view: instead = "Use `self.window.windowScene` (set from `-didMoveToWindow` on)"
        case .sceneDelegate: instead = "Use the scene this delegate was connected to (`self.window.windowScene`)"
        case .applicationHelper:
            instead = "Take the scene (or a view) as a parameter: a `UIApplication` category cannot know which window its caller is in"
        case .swiftUIView, .other:
            instead = "Pass in the scene of the window this work is for (the caller's `view.window.windowScene`)"
        }
        if lookup.storeKitCall != nil {
            return ("`requestReviewInScene:` gets an arbitrary scene from \(lookup.subject)\(fallbacks(lookup))",
                    "\(instead); SwiftUI code can use `@Environment(\\.requestReview)` (iOS 16+). Otherwise the prompt "
                        + "can appear in another window or not at all.")
        }
        return ("\(lookup.subject) picks an arbitrary scene out of `connectedScenes`\(fallbacks(lookup))",
                "\(instead). \(unordered)")
    }

    /// " (and so do its fallbacks)" when the statement picks again after the first pick.
    static func fallbacks(_ lookup: SceneLookup) -> String {
        lookup.foldedPicks > 0 ? " (and so do its fallbacks)" : ""
    }

    static func message(for lookup: SceneLookup, host: WindowHost) -> (headline: String, help: String) {
        let picked = lookup.subject
        if let call = lookup.storeKitCall {
            let api: String
            let swiftUI: String
            let shown: String
            switch call {
            case .storeReviewControllerRequestReview:
                api = "`SKStoreReviewController.requestReview(in:)`"
                swiftUI = "`@Environment(\\.requestReview)` (iOS 16+)"
                shown = "review prompt"
            case .appStoreRequestReview:
                api = "`AppStore.requestReview(in:)`"
                swiftUI = "`@Environment(\\.requestReview)` (iOS 16+)"
                shown = "review prompt"
            case .showManageSubscriptions:
                api = "`AppStore.showManageSubscriptions(in:)`"
                swiftUI = "`.manageSubscriptionsSheet(isPresented:)` (iOS 15+)"
                shown = "sheet"
            }
            let instead: String
            switch host {
            case .swiftUIView: instead = "In SwiftUI, use \(swiftUI) instead"
            case .viewController: instead = "Pass this view controller's `view.window?.windowScene` (in SwiftUI, \(swiftUI))"
            case .view: instead = "Pass this view's `window?.windowScene` (in SwiftUI, \(swiftUI))"
            default: instead = "In SwiftUI, use \(swiftUI); in UIKit, pass the presenting view's `window?.windowScene`"
            }
            return ("\(api) gets an arbitrary scene from \(picked)\(fallbacks(lookup))",
                    "\(instead). Otherwise the \(shown) can appear in another window or not at all.")
        }
        let instead: String
        switch host {
        case .viewController:
            instead = "Use this view controller's `view.window?.windowScene` (set from `viewIsAppearing(_:)` on)"
        case .view:
            instead = "Use this view's `window?.windowScene` (set from `didMoveToWindow()` on)"
        case .swiftUIView:
            instead = "Get the scene from the scene delegate exposed as an `EnvironmentObject`, or read "
                + "`window?.windowScene` in a small `UIViewRepresentable` probe"
        case .sceneDelegate:
            instead = "Use the scene this delegate was connected to (`window?.windowScene`)"
        case .applicationHelper:
            instead = "Take the scene (or a view) as a parameter: a `UIApplication` helper cannot know which window "
                + "its caller is in"
        case .other:
            instead = "Pass in the scene of the window this work is for (the caller's `view.window?.windowScene`)"
        }
        return ("\(picked) picks an arbitrary scene out of `connectedScenes`\(fallbacks(lookup))", "\(instead). \(unordered)")
    }
}
