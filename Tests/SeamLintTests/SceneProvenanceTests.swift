import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
@testable import SeamLintRules

/// Scene and window values followed across files (`SceneProvenance`): helpers that return a global
/// scene or window, to a fixed point; the findings they lead to, with the helper as related
/// location and as what decided the finding.
@Suite("Scene and window provenance")
struct SceneProvenanceTests {
    private func lint(_ files: [(path: String, code: String)]) -> [Diagnostic] {
        InMemoryLint.diagnostics(files, rules: [ConnectedScenesFirst.self, KeyWindowLookup.self])
    }

    private static let picker = (path: "Picker.swift", code: """
        extension UIApplication {
            var activeScene: UIWindowScene? {
                connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
            }
        }
        """)

    /// A helper's scenes and windows, left unpicked: its readers' picks are the uses.
    private static let finder = (path: "Finder.swift", code: """
        enum Finder {
            static var scenes: [UIWindowScene] {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            }
            static func allWindows() -> [UIWindow] {
                UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows)
            }
        }
        """)

    @Test("a helper chain across three files is followed to the pick")
    func chainAcrossFiles() throws {
        let found = lint([
            Self.picker,
            (path: "Locator.swift", code: """
                enum SceneLocator {
                    static var current: UIWindowScene? { UIApplication.shared.activeScene }
                }
                func hostScene() -> UIWindowScene? {
                    guard let scene = SceneLocator.current else { return nil }
                    return scene
                }
                """),
            (path: "Use.swift", code: """
                func rate() {
                    if let scene = hostScene() { SKStoreReviewController.requestReview(in: scene) }
                    let window = hostScene()?.windows.first(where: \\.isKeyWindow)
                }
                """),
        ])
        let uses = found.filter { $0.location.file == "Use.swift" }
        #expect(uses.map(\.ruleID).sorted() == ["connected_scenes_first", "key_window_lookup"])
        let review = try #require(uses.first { $0.ruleID == "connected_scenes_first" })
        #expect(review.message.contains("helper `hostScene`"))
        // The helper's definition, then the pick the value comes from.
        #expect(review.related.map(\.location.file) == ["Locator.swift", "Picker.swift"])
        #expect(review.decidedBy.first?.file == "Locator.swift")
        #expect(review.decidedBy.first?.line == 4)
        // The helper in Locator.swift is a plain use: only the pick in Picker.swift is reported there.
        #expect(found.filter { $0.location.file == "Locator.swift" }.isEmpty)
        #expect(found.filter { $0.location.file == "Picker.swift" }.count == 1)
    }

    @Test("a helper that returns what it was handed, or an identified scene, is not global")
    func notGlobal() {
        let found = lint([
            (path: "Helpers.swift", code: """
                extension UIApplication {
                    var externalScene: UIWindowScene? {
                        connectedScenes.first { $0.session.role == .windowExternalDisplayNonInteractive } as? UIWindowScene
                    }
                }
                func scene(of view: UIView) -> UIWindowScene? { view.window?.windowScene }
                """),
            (path: "Use.swift", code: """
                func show(_ view: UIView) {
                    let a = UIApplication.shared.externalScene?.keyWindow
                    let b = scene(of: view)?.keyWindow
                    if let s = scene(of: view) { AppStore.requestReview(in: s) }
                }
                """),
        ])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test("a member read on an unknown value counts only when every declaration of the name is global")
    func ambiguousMembers() {
        let helper = (path: "Store.swift", code: """
            final class SceneStore {
                static let shared = SceneStore()
                var foregroundScene: UIWindowScene? {
                    UIApplication.shared.connectedScenes.first as? UIWindowScene
                }
            }
            """)
        let use = (path: "Use.swift", code: """
            func show(_ store: SceneStore) {
                let key = store.foregroundScene?.keyWindow
            }
            """)
        #expect(lint([helper, use]).filter { $0.location.file == "Use.swift" }.count == 1)
        let other = (path: "Other.swift", code: """
            final class PreviewStore {
                var foregroundScene: UIWindowScene?
            }
            """)
        #expect(lint([helper, use, other]).filter { $0.location.file == "Use.swift" }.isEmpty)
    }

    @Test("the app delegate's window counts only in an app whose windows belong to scenes")
    func delegateWindow() {
        let use = (path: "Use.swift", code: """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }
            func root() -> UIViewController? {
                let delegate = UIApplication.shared.delegate as? AppDelegate
                return delegate?.window?.rootViewController
            }
            """)
        #expect(lint([use]).isEmpty)
        let sceneDelegate = (path: "SceneDelegate.swift", code: """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
            }
            """)
        let found = lint([use, sceneDelegate])
        #expect(found.map(\.ruleID) == ["key_window_lookup"])
        #expect(found.first?.location.line == 6)
        // A watchOS app's SwiftUI `App` in the same project does not give the iOS app scenes.
        let watchApp = (path: "Notes Watch App/NotesWatchApp.swift", code: """
            @main
            struct NotesWatchApp: App {
                var body: some Scene { WindowGroup { Text("Notes") } }
            }
            """)
        #expect(lint([use, watchApp]).isEmpty)
        let iOSApp = (path: "Notes/NotesApp.swift", code: watchApp.code)
        #expect(lint([use, iOSApp]).count == 1)
    }

    @Test("the app's own keyWindow on UIApplication makes its callers' scene picks global")
    func redefinedKeyWindow() {
        let found = lint([
            (path: "KeyWindow.swift", code: """
                extension UIApplication {
                    var keyWindow: UIWindow? {
                        connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows).first { $0.isKeyWindow }
                    }
                }
                """),
            (path: "Use.swift", code: """
                func rate() {
                    let root = UIApplication.shared.keyWindow?.rootViewController
                    guard let scene = UIApplication.shared.keyWindow?.windowScene else { return }
                    AppStore.requestReview(in: scene)
                }
                """),
        ])
        let uses = found.filter { $0.location.file == "Use.swift" }
        #expect(uses.map(\.ruleID) == ["connected_scenes_first"], "\(uses.map(\.message))")
        #expect(uses.first?.message.contains("helper `keyWindow`") == true)
    }

    @Test("a StoreKit call reading a parameter is reported when every caller passes a global scene")
    func parameterSink() throws {
        let reviewer = (path: "Reviewer.swift", code: """
            enum Reviewer {
                static func ask(in scene: UIWindowScene) {
                    SKStoreReviewController.requestReview(in: scene)
                }
            }
            """)
        let global = (path: "Caller.swift", code: """
            func finished() {
                guard let scene = UIApplication.shared.activeScene else { return }
                Reviewer.ask(in: scene)
            }
            """)
        let found = lint([Self.picker, reviewer, global]).filter { $0.location.file == "Reviewer.swift" }
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.message.contains("helper `activeScene`"))
        #expect(finding.related.map(\.location.file) == ["Caller.swift", "Picker.swift"])
        // One caller that passes its own window's scene: the parameter is not global.
        let local = (path: "Local.swift", code: """
            final class Reader: UIViewController {
                func done() { if let scene = view.window?.windowScene { Reviewer.ask(in: scene) } }
            }
            """)
        #expect(lint([Self.picker, reviewer, global, local]).filter { $0.location.file == "Reviewer.swift" }.isEmpty)
    }

    @Test("callers passing nil are neutral; a caller passing its own parameter gives the scene it was handed")
    func parameterSinkNilAndForwarding() {
        let reviewer = (path: "Reviewer.swift", code: """
            enum Reviewer {
                static func ask(in scene: UIWindowScene?) {
                    guard let scene else { return }
                    SKStoreReviewController.requestReview(in: scene)
                }
            }
            """)
        let global = (path: "Caller.swift", code: """
            func finished() {
                guard let scene = UIApplication.shared.activeScene else { return }
                Reviewer.ask(in: scene)
            }
            """)
        let none = (path: "None.swift", code: """
            func skipped() { Reviewer.ask(in: nil) }
            """)
        let forwarding = (path: "Forwarding.swift", code: """
            func completed(in scene: UIWindowScene) { Reviewer.ask(in: scene) }
            """)
        func reported(_ files: [(path: String, code: String)]) -> Int {
            lint(files).filter { $0.location.file == "Reviewer.swift" }.count
        }
        #expect(reported([Self.picker, reviewer, global, none]) == 1)
        // Only nil: no caller passes a global scene.
        #expect(reported([Self.picker, reviewer, none]) == 0)
        #expect(reported([Self.picker, reviewer, global, forwarding]) == 0)
    }

    @Test("a pick on a helper's whole collection is reported at the pick, with the helper as related location")
    func pickOnHelperCollection() throws {
        let found = lint([
            (path: "Scenes.swift", code: """
                func helperScenes() -> [UIWindowScene] {
                    UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                }
                """),
            (path: "Use.swift", code: """
                func share() {
                    let scene = helperScenes().first
                    let window = helperScenes().first?.keyWindow
                    let scenes = helperScenes()
                    let last = scenes.last
                    let count = helperScenes().count
                }
                """),
        ])
        #expect(found.filter { $0.location.file == "Scenes.swift" }.isEmpty)
        let uses = found.filter { $0.location.file == "Use.swift" }.sorted { $0.location.line < $1.location.line }
        #expect(uses.map(\.location.line) == [2, 3, 5])
        #expect(uses.map(\.ruleID) == ["connected_scenes_first", "key_window_lookup", "connected_scenes_first"])
        let first = try #require(uses.first)
        #expect(first.message.contains("helper `helperScenes`"))
        #expect(first.related.first?.location.file == "Scenes.swift")
        #expect(first.related.first?.location.line == 1)
    }

    @Test("a subscript with an integer literal on a helper's collection is a pick; a computed index is not")
    func subscriptOnHelperCollection() throws {
        let found = lint([
            Self.finder,
            (path: "Use.swift", code: """
                func share(at index: Int) {
                    let scene = Finder.scenes[0]
                    let window = Finder.allWindows()[1]
                    let keyOfFirst = Finder.scenes[0].keyWindow
                    let chosen = Finder.scenes[index]
                    let ranged = Finder.allWindows()[0..<1]
                }
                """),
        ])
        let uses = found.filter { $0.location.file == "Use.swift" }.sorted { $0.location.line < $1.location.line }
        #expect(uses.map(\.location.line) == [2, 3, 4])
        #expect(uses.map(\.ruleID) == ["connected_scenes_first", "key_window_lookup", "key_window_lookup"])
        let scene = try #require(uses.first)
        #expect(scene.message.hasPrefix("`[0]` picks an arbitrary scene"))
        #expect(scene.related.first?.location.file == "Finder.swift")
        #expect(scene.location.column == 17)
    }

    /// The walk calls `recordUse` only for names of the length and first byte of a pick it knows
    /// (`SceneProvenanceCollector.mayStartUse`): each of them still records its use.
    @Test("every pick name on a helper's collection is a use: first, last, min, max, randomElement, keyWindow picks")
    func everyPickNameIsAUse() throws {
        let found = lint([
            Self.finder,
            (path: "Use.swift", code: """
                func share() {
                    let a = Finder.scenes.first
                    let b = Finder.scenes.last
                    let c = Finder.scenes.min { $0.session.persistentIdentifier < $1.session.persistentIdentifier }
                    let d = Finder.scenes.max { $0.session.persistentIdentifier < $1.session.persistentIdentifier }
                    let e = Finder.scenes.randomElement()
                    let f = Finder.allWindows().first(where: \\.isKeyWindow)
                    let g = Finder.scenes.count
                }
                """),
        ])
        let uses = found.filter { $0.location.file == "Use.swift" }.sorted { $0.location.line < $1.location.line }
        #expect(uses.map(\.location.line) == [2, 3, 4, 5, 6, 7], "\(uses.map(\.message))")
        let names = ["min", "max", "last", "first", "window", "windows", "keyWindow", "randomElement", "requestReview",
                     "showManageSubscriptions"]
        for name in names { #expect(SceneProvenanceCollector.mayStartUse(length: UInt32(name.utf8.count), first: name.utf8.first!), "\(name)") }
        for name in ["abs", "next", "scene", "layout", "content", "keyPaths", "isKeyWindow", "rootViewController"] {
            #expect(!SceneProvenanceCollector.mayStartUse(length: UInt32(name.utf8.count), first: name.utf8.first!), "\(name)")
        }
    }

    @Test("a helper picking from a helper's collection is a global helper for its readers; a plain use is not a finding")
    func pickingHelperIsGlobal() throws {
        let found = lint([
            (path: "Finder.swift", code: """
                enum Finder {
                    static func allScenes() -> [UIWindowScene] {
                        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                    }
                }
                """),
            (path: "Current.swift", code: """
                var current: UIWindowScene? { Finder.allScenes().first }
                var visible: [UIWindowScene] { Finder.allScenes().filter { $0.activationState == .foregroundActive } }
                """),
            (path: "Use.swift", code: """
                func rate() {
                    let window = current?.windows.first
                    SKStoreReviewController.requestReview(in: current!)
                    let orientation = current?.interfaceOrientation
                    let count = visible.count
                }
                """),
        ])
        // The pick in the helper is reported once, where it is made.
        #expect(found.filter { $0.location.file == "Current.swift" }.map(\.location.line) == [1])
        let uses = found.filter { $0.location.file == "Use.swift" }.sorted { $0.location.line < $1.location.line }
        #expect(uses.map(\.location.line) == [2, 3])
        #expect(uses.map(\.ruleID) == ["key_window_lookup", "connected_scenes_first"])
        let review = try #require(uses.last)
        #expect(review.message.contains("helper `current`"))
        // The helper, then the collection helper it picks from.
        #expect(review.related.map(\.location.file) == ["Current.swift", "Finder.swift"])
    }

    private func mixed(_ files: [(name: String, code: String)]) -> [Diagnostic] {
        InMemoryLint.mixed(files, rules: [ConnectedScenesFirst.self, KeyWindowLookup.self]).diagnostics
    }

    private static let objectiveCHelpers = (name: "UIApplication+Scenes.m", code: """
        @implementation UIApplication (Scenes)
        - (UIWindowScene *)currentScene {
            return (UIWindowScene *)self.connectedScenes.anyObject;
        }
        + (UIWindow *)mainWindow {
            UIWindow *window = [UIApplication sharedApplication].windows.firstObject;
            return window;
        }
        @end
        UIWindowScene *ActiveScene(void) {
            return [[UIApplication sharedApplication] currentScene];
        }
        """)

    @Test("Objective-C helpers are global sources; requestReviewInScene: from a helper, a local or a fed parameter is reported")
    func objectiveCHelpersAndReview() throws {
        let found = mixed([
            Self.objectiveCHelpers,
            (name: "Reviewer.m", code: """
                @implementation Reviewer
                + (void)askNow {
                    [SKStoreReviewController requestReviewInScene:ActiveScene()];
                }
                + (void)askLater {
                    UIWindowScene *scene = [UIApplication sharedApplication].currentScene;
                    [SKStoreReviewController requestReviewInScene:scene];
                }
                + (void)askInScene:(UIWindowScene *)scene {
                    [SKStoreReviewController requestReviewInScene:scene];
                }
                + (void)finished {
                    [Reviewer askInScene:ActiveScene()];
                }
                @end
                """),
            // Swift reads the Objective-C category too.
            (name: "Rate.swift", code: """
                func rate() {
                    if let scene = UIApplication.shared.currentScene { AppStore.requestReview(in: scene) }
                }
                """),
        ])
        let reviews = found.filter { $0.location.file.hasSuffix("Reviewer.m") }.sorted { $0.location.line < $1.location.line }
        #expect(reviews.map(\.location.line) == [3, 7, 10], "\(found.map { "\($0.location.file):\($0.location.line) \($0.message)" })")
        #expect(reviews.allSatisfy { $0.ruleID == "connected_scenes_first" && $0.message.contains("`requestReviewInScene:`") })
        let first = try #require(reviews.first)
        #expect(first.message.contains("helper `ActiveScene`"))
        #expect(first.related.map(\.location.file).contains { $0.hasSuffix("UIApplication+Scenes.m") })
        #expect(found.filter { $0.location.file.hasSuffix("Rate.swift") }.count == 1)
        // The helpers' own picks are reported once each, in their file.
        #expect(found.filter { $0.location.file.hasSuffix("UIApplication+Scenes.m") }.count == 2)
    }

    @Test("Objective-C: a scene passed in a later argument whose label spells `scene` in any case, through a local reassigned from itself")
    func objectiveCSceneLabelsAndReassignedLocals() {
        let reviewer = (name: "Reviewer.m", code: """
            @implementation Reviewer
            + (void)ask:(NSString *)reason inSCENE:(UIWindowScene *)scene {
                [SKStoreReviewController requestReviewInScene:scene];
            }
            @end
            """)
        func caller(_ label: String) -> (name: String, code: String) {
            (name: "Caller.m", code: """
                @implementation Caller
                - (void)finished {
                    UIWindowScene *found = ActiveScene();
                    found = found ? found : found;
                    found = found ?: found;
                    [Reviewer ask:@"done" \(label):found];
                }
                @end
                """)
        }
        func reported(_ files: [(name: String, code: String)]) -> Int {
            mixed(files).filter { $0.location.file.hasSuffix("Reviewer.m") }.count
        }
        #expect(reported([Self.objectiveCHelpers, reviewer, caller("inSCENE")]) == 1)
        // A later argument is followed only when its label names a scene.
        let unlabeled = (name: "Reviewer.m", code: reviewer.code.replacingOccurrences(of: "inSCENE", with: "within"))
        #expect(reported([Self.objectiveCHelpers, unlabeled, caller("within")]) == 0)
    }

    @Test("a parameter fed by a definite scene from one caller is not global; nil callers are neutral (Objective-C)")
    func objectiveCParameterCallers() {
        let reviewer = (name: "Reviewer.m", code: """
            @implementation Reviewer
            + (void)askInScene:(UIWindowScene *)scene {
                [SKStoreReviewController requestReviewInScene:scene];
            }
            @end
            """)
        let global = (name: "Global.m", code: """
            @implementation Done
            - (void)finished { [Reviewer askInScene:ActiveScene()]; }
            @end
            """)
        let none = (name: "None.m", code: """
            @implementation Skip
            - (void)skipped { [Reviewer askInScene:nil]; }
            @end
            """)
        let definite = (name: "Definite.m", code: """
            @implementation PlayerViewController
            - (void)viewIsAppearing:(BOOL)animated { [Reviewer askInScene:self.view.window.windowScene]; }
            @end
            """)
        func reported(_ files: [(name: String, code: String)]) -> Int {
            mixed(files).filter { $0.location.file.hasSuffix("Reviewer.m") }.count
        }
        #expect(reported([Self.objectiveCHelpers, reviewer, global, none]) == 1)
        #expect(reported([Self.objectiveCHelpers, reviewer, global, definite]) == 0)
    }

    @Test("the app delegate's window read from Objective-C is reported in a scene app only")
    func objectiveCDelegateWindow() {
        let reads = (name: "Alerts.m", code: """
            @implementation Alerts
            + (void)show:(UIAlertController *)alert {
                UIViewController *root = [UIApplication sharedApplication].delegate.window.rootViewController;
                UIWindow *window = ((AppDelegate *)[UIApplication sharedApplication].delegate).window;
                AppDelegate *appDelegate = (AppDelegate *)[[UIApplication sharedApplication] delegate];
                [appDelegate.window.rootViewController presentViewController:alert animated:YES completion:nil];
                [UIApplication sharedApplication].delegate.window = [[UIWindow alloc] init];
            }
            @end
            """)
        let sceneDelegate = (name: "SceneDelegate.h", code: """
            @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
            @property (strong, nonatomic) UIWindow *window;
            @end
            """)
        let tvSceneDelegate = (name: "Player tvOS/SceneDelegate.h", code: """
            @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
            @end
            """)
        let inSceneApp = mixed([reads, sceneDelegate]).filter { $0.location.file.hasSuffix("Alerts.m") }
        #expect(inSceneApp.map(\.location.line) == [3, 4, 6], "\(inSceneApp.map(\.message))")
        #expect(inSceneApp.allSatisfy { $0.ruleID == "key_window_lookup" })
        #expect(mixed([reads]).isEmpty)
        #expect(mixed([reads, tvSceneDelegate]).isEmpty)
    }
}
