import Foundation
import Testing
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI
@testable import SeamLintRules

/// The deferred pass in rounds (`ProjectRule.deferredTriggerWords`): only the files that spell a
/// word the project's facts so far call for are read again, round after round, and the findings
/// are those of a second pass over every file.
@Suite("Deferred facts in rounds")
struct DeferredRoundsTests {
    private static let picker = (path: "Picker.swift", code: """
        extension UIApplication {
            var activeScene: UIWindowScene? {
                connectedScenes.first { $0.activationState == .foregroundActive } as? UIWindowScene
            }
        }
        """)

    /// menu_touch_through's menu, and a list whose rows show it in a context menu.
    private static let filterMenu = (path: "FilterMenu.swift", code: """
        import SwiftUI

        struct FilterMenu: View {
            var body: some View {
                Menu("Filter") { Button("All") {} }
            }
        }
        """)
    private static let filterMenuRows = (path: "Rows.swift", code: """
        import SwiftUI

        struct Rows: View {
            var body: some View {
                Text("Row").contextMenu { FilterMenu() }
            }
        }
        """)

    /// Helpers in files without window, scene-delegate or StoreKit words are recorded in the
    /// deferred rounds, once they spell a global helper: two rounds reach `hostScene`.
    @Test func helpersWithoutWindowWordsAreFollowedInRounds() throws {
        let files = [
            Self.picker,
            (path: "Locator.swift", code: """
                enum SceneLocator {
                    static var current: AnyObject? { UIApplication.shared.activeScene }
                }
                """),
            (path: "Host.swift", code: """
                func hostScene() -> AnyObject? {
                    guard let scene = SceneLocator.current else { return nil }
                    return scene
                }
                """),
            (path: "Use.swift", code: """
                func rate() {
                    if let scene = hostScene() as? UIWindowScene { SKStoreReviewController.requestReview(in: scene) }
                }
                """),
            (path: "Unrelated.swift", code: """
                struct Profile {
                    var name: String { "Ada" }
                    func current() -> Int { 1 }
                }
                """),
        ]
        let result = InMemoryLint.run(files, rules: [ConnectedScenesFirst.self, KeyWindowLookup.self], workers: 2)
        let review = try #require(result.diagnostics.first { $0.location.file == "Use.swift" })
        #expect(review.message.contains("helper `hostScene`"), "\(review.message)")
        #expect(review.related.map(\.location.file) == ["Host.swift", "Picker.swift"])
        // Picker (spells activeScene), Locator (activeScene), Host (current and SceneLocator), Use
        // (hostScene); Unrelated spells `current` but not `SceneLocator`: it is never read again.
        #expect(result.deferredFactFiles == 4)
    }

    /// A helper whose file spells `UIWindowScene` but none of the whole names that can start a
    /// global value (`window`, `keyWindow`, `UIApplication` with `delegate` …) is left to the
    /// rounds, which follow it as they follow helpers in files without any window word; so is one
    /// that reads an app's helper on `UIApplication` (`UIApplication.shared.activeScene`).
    @Test func helpersSpellingOnlyWindowTypesAreFollowedInRounds() throws {
        let files = [
            Self.picker,
            (path: "Host.swift", code: """
                func hostScene() -> UIWindowScene? {
                    let scene = UIApplication.shared.activeScene
                    return scene
                }
                """),
            (path: "Relay.swift", code: """
                func relayedScene() -> UIWindowScene? { hostScene() }
                """),
            (path: "Use.swift", code: """
                func rate() {
                    if let scene = relayedScene() { SKStoreReviewController.requestReview(in: scene) }
                }
                """),
        ]
        let result = InMemoryLint.run(files, rules: [ConnectedScenesFirst.self, KeyWindowLookup.self], workers: 2)
        let review = try #require(result.diagnostics.first { $0.location.file == "Use.swift" })
        #expect(review.message.contains("helper `relayedScene`"), "\(review.message)")
        #expect(review.related.map(\.location.file) == ["Relay.swift", "Picker.swift"])
        // Relay.swift spells `UIWindowScene` alone and Host.swift `UIApplication` without
        // `delegate`: no first-pass facts, each read in a round once the helper it reads is global.
        func mayHold(_ code: String) -> Bool { KeyWindowLookup.mayHoldProvenance(SourceFile(path: "A.swift", bytes: Array(code.utf8))) }
        #expect(!mayHold(files[2].code) && !mayHold(files[1].code))
        #expect(!mayHold("let w: UIWindow? = nil; WindowGroup { }") && mayHold("self.window = w") && mayHold("class S: UIWindowSceneDelegate {}"))
        // The app delegate needs both names; either alone is in most UIKit files.
        #expect(!mayHold("UIApplication.shared.open(url)") && !mayHold("tableView.delegate = self"))
        #expect(mayHold("let app = UIApplication.shared.delegate as! AppDelegate"))
        #expect(mayHold("extension UIApplication { var app: AppDelegate { delegate as! AppDelegate } }"))
    }

    /// trivial_representable: an extension in a file that does not spell `Representable` is read
    /// in the deferred pass only when it spells a candidate's name, and still clears the candidate.
    @Test func trivialRepresentableReadsOnlyExtensionsOfCandidates() {
        let candidate = (path: "Scanner.swift", code: """
            struct Scanner: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> ScannerViewController { ScannerViewController() }
                func updateUIViewController(_ controller: ScannerViewController, context: Context) {}
            }
            """)
        let coordinator = (path: "Scanner+Coordinator.swift", code: """
            extension Scanner {
                func makeCoordinator() -> ScannerDelegate { ScannerDelegate() }
            }
            """)
        let unrelated = (path: "Profile+Format.swift", code: """
            extension Profile {
                func formatted() -> String { name }
            }
            """)
        let alone = InMemoryLint.run([candidate, unrelated], rules: [TrivialRepresentable.self], workers: 2)
        #expect(alone.diagnostics.map(\.location.file) == ["Scanner.swift"])
        let extended = InMemoryLint.run([candidate, coordinator, unrelated], rules: [TrivialRepresentable.self], workers: 2)
        #expect(extended.diagnostics.isEmpty)
        // Of the files spelling `Scanner`, only the extension's is read again: the candidate's own
        // spells `Representable`, so its first pass recorded its extensions
        // (`deferredFactsComplementFirstPass`); `Profile+Format.swift` spells no candidate's name.
        #expect(extended.deferredFactFiles == 1)
        #expect(extended.deferredFactFilesByRule == ["trivial_representable": 1])
    }

    /// A file without window, scene-delegate or StoreKit words records nothing in the first pass,
    /// not even its declared names: the round that looks for the global helper's name reads it, and
    /// its own `activeScene` makes a read on a value of unknown type ambiguous, as it was when the
    /// first pass counted every file's names.
    @Test func namesDeclaredInFilesWithoutWindowWordsAreCountedInTheRounds() {
        let session = (path: "Session.swift", code: """
            struct Session {
                var activeScene: AnyObject? { nil }
            }
            """)
        let use = (path: "Use.swift", code: """
            func rate(_ session: Session) {
                if let scene = session.activeScene as? UIWindowScene { SKStoreReviewController.requestReview(in: scene) }
            }
            """)
        let rules: [any Rule.Type] = [ConnectedScenesFirst.self, KeyWindowLookup.self]
        let ambiguous = InMemoryLint.run([Self.picker, session, use], rules: rules, workers: 2)
        #expect(!ambiguous.diagnostics.contains { $0.location.file == "Use.swift" }, "\(ambiguous.diagnostics.map(\.message))")
        // Declared once (the scene helper), the same read is the helper's.
        let unique = InMemoryLint.run([Self.picker, use], rules: rules, workers: 2)
        #expect(unique.diagnostics.contains { $0.location.file == "Use.swift" }, "\(unique.diagnostics.map(\.message))")
    }

    /// A menu helper used outside menus in a file without menu words: the rounds read that file
    /// (it spells the helper) and the helpers around it, not the rest.
    @Test func menuHelpersAreFollowedUpwards() {
        let menu = Self.filterMenu
        let list = (path: "List.swift", code: """
            import SwiftUI

            struct Rows: View {
                var body: some View {
                    Text("Row").contextMenu { FilterMenu() }
                }
            }
            """)
        let bar = (path: "Bar.swift", code: """
            import SwiftUI

            struct Bar: View {
                var body: some View { FilterMenu() }
            }
            """)
        let app = (path: "App.swift", code: """
            import SwiftUI

            struct Screen: View {
                var body: some View { Bar() }
            }
            """)
        let unrelated = (path: "Model.swift", code: """
            struct Model {
                var title = "Trails"
            }
            """)
        func run(_ files: [(path: String, code: String)]) -> LintResult {
            InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2)
        }
        // Used only inside a context menu: a submenu, not reported.
        let submenu = run([menu, list, unrelated])
        #expect(submenu.diagnostics.isEmpty)
        // Also shown on its own in `Bar`: reported. Model.swift spells none of the helpers.
        let shown = run([menu, list, bar, app, unrelated])
        #expect(shown.diagnostics.map(\.location.file) == ["FilterMenu.swift"])
        #expect(shown.deferredFactFiles == 4)
    }

    /// scroll_edge_overlay: the view between the hosted root and the dialog is in a file without
    /// any of the rule's first-pass words (`View` is not one): the rounds read it because it spells
    /// the hosted root's name, and the walk reaches the dialog through it. A file that spells no
    /// name the walk reaches is not read; a project without an opaque appearance reads nothing.
    @Test func scrollEdgeOverlayFollowsViewsInFilesWithoutItsWords() {
        let host = (path: "CartViewController.swift", code: """
            import SwiftUI
            import UIKit

            final class CartViewController: UIViewController {
                func showCheckout() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    navigationController?.navigationBar.scrollEdgeAppearance = appearance
                    navigationController?.pushViewController(UIHostingController(rootView: CheckoutScreen()), animated: true)
                }
            }
            """)
        let screen = (path: "CheckoutScreen.swift", code: """
            import SwiftUI

            struct CheckoutScreen: View {
                var body: some View {
                    VStack { CheckoutForm() }
                }
            }
            """)
        let form = (path: "CheckoutForm.swift", code: """
            import SwiftUI

            struct CheckoutForm: View {
                @State private var confirming = false
                var body: some View {
                    List { Button("Pay") { confirming = true } }
                        .overlay {
                            if confirming { Color.black.opacity(0.4).ignoresSafeArea() }
                        }
                }
            }
            """)
        let badge = (path: "ProfileBadge.swift", code: """
            import SwiftUI

            struct ProfileBadge: View {
                var body: some View { Image(systemName: "person") }
            }
            """)
        let model = (path: "Profile.swift", code: """
            struct Profile {
                var name = "Ada"
            }
            """)
        let unrelated = [badge, model]
        let linked = InMemoryLint.run([host, screen, form] + unrelated, rules: [ScrollEdgeOverlay.self], workers: 2)
        #expect(linked.diagnostics.map(\.location.file) == ["CheckoutForm.swift"])
        #expect(linked.diagnostics.first?.related.map(\.location.file) == ["CartViewController.swift", "CartViewController.swift"])
        // Round 1 (`CheckoutScreen`): the screen (the host spells it too, but its first pass recorded
        // its nodes: `deferredFactsComplementFirstPass`); round 2 (what the screen and the form use:
        // `VStack`, `CheckoutForm`, `List`, `overlay` … and `View`, which every `some View {` names
        // and a nested `struct View: SwiftUI.View` would declare): the badge (the form, like the
        // host, was collected in the first pass). The model spells none of them.
        #expect(linked.deferredFactFiles == 2)
        #expect(linked.deferredFactFilesByRule == ["scroll_edge_overlay": 2])
        // Without the screen the dialog is not hosted; without an opaque bar no file is read again.
        #expect(InMemoryLint.run([host, form] + unrelated, rules: [ScrollEdgeOverlay.self], workers: 2).diagnostics.isEmpty)
        let transparent = (path: host.path, code: host.code.replacingOccurrences(of: "Opaque", with: "Transparent"))
        let clear = InMemoryLint.run([transparent, screen, form] + unrelated, rules: [ScrollEdgeOverlay.self], workers: 2)
        #expect(clear.diagnostics.isEmpty)
        #expect(clear.deferredFactFiles == 0)
    }

    /// nested_navigation_container: a view whose body is the container's view, in a file without
    /// the rule's first-pass words, is read because it spells the hosted root's name; a forwarding
    /// view the hosted root does not reach is not read.
    @Test func nestedNavigationContainerFollowsForwardingViewsInFilesWithoutItsWords() {
        let coordinator = (path: "LibraryViewController.swift", code: """
            import SwiftUI
            import UIKit

            final class LibraryViewController: UIViewController {
                func openReader() {
                    navigationController?.pushViewController(UIHostingController(rootView: ReaderScreen()), animated: true)
                }
            }
            """)
        let screen = (path: "ReaderScreen.swift", code: """
            import SwiftUI

            struct ReaderScreen: View {
                var body: some View {
                    ReaderContent().tint(.purple)
                }
            }
            """)
        let content = (path: "ReaderContent.swift", code: """
            import SwiftUI

            struct ReaderContent: View {
                var body: some View {
                    NavigationStack { Text("Chapter 1") }
                }
            }
            """)
        let unrelated = (path: "SettingsScreen.swift", code: """
            import SwiftUI

            struct SettingsScreen: View {
                var body: some View { SettingsForm() }
            }
            """)
        let result = InMemoryLint.run([coordinator, screen, content, unrelated], rules: [NestedNavigationContainer.self], workers: 2)
        #expect(result.diagnostics.map(\.location.file) == ["ReaderContent.swift"])
        // `ReaderScreen`: the screen (the coordinator spells it too, but its first pass recorded its
        // views); `ReaderContent` is rooted in a container, known from the first pass, and not looked for.
        #expect(result.deferredFactFiles == 1)
        #expect(InMemoryLint.run([coordinator, content, unrelated], rules: [NestedNavigationContainer.self], workers: 2)
            .diagnostics.isEmpty)
    }

    /// Neither collector keeps a file that spells only `View` from the pre-scan skip.
    @Test func viewIsNoPrescanWordOfTheNavigationBarRules() throws {
        let words = try #require(Linter.prescanWords(for: .swift, fileRules: [],
                                                     factCollectors: [ScrollEdgeOverlay.self, NestedNavigationContainer.self]))
        #expect(!words.contains(Array("View".utf8)))
        let view = Array("struct Badge: View { var body: some View { Image(systemName: \"person\") } }".utf8)
        #expect(!TextSearch.containsAny(view, words))
    }

    /// A helper used in a view that nothing uses (every file spelling it was read in an earlier
    /// round) is no submenu, whatever the rest of its helpers: the rounds stop following it there,
    /// and the file that only spells a helper further up is never read again.
    @Test func aMenuHelperUsedInAnUnusedViewIsNotFollowedFurther() {
        let files = [
            Self.filterMenu,
            Self.filterMenuRows,
            (path: "Bar.swift", code: """
                import SwiftUI

                struct Bar: View {
                    var body: some View { FilterMenu() }
                }
                """),
            (path: "Panel.swift", code: """
                import SwiftUI

                struct Panel: View {
                    var body: some View { FilterMenu() }
                }
                """),
            (path: "Screen.swift", code: """
                import SwiftUI

                struct Screen: View {
                    var body: some View { Panel() }
                }
                """),
            (path: "Root.swift", code: """
                import SwiftUI

                struct Root: View {
                    var body: some View { Screen() }
                }
                """),
        ]
        let result = InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2)
        #expect(result.diagnostics.map(\.location.file) == ["FilterMenu.swift"])
        // Round 1 reads the files spelling `FilterMenu`, round 2 those spelling `Bar` or `Panel`
        // (Screen.swift). `Bar` is used nowhere: the site is decided, `Screen` is not looked for.
        #expect(result.deferredFactFiles == 5)
    }

    /// The finding needs the last link of the chain: `Screen` is used in a context menu, so without
    /// Root.swift (its only use outside menus, spelling neither `FilterMenu` nor `Panel`) the menu
    /// would be a submenu. Cutting the rounds short must not drop it.
    @Test func aMenuHelperIsFollowedUpToTheUseThatDecidesIt() {
        let files = [
            Self.filterMenu,
            (path: "Rows.swift", code: """
                import SwiftUI

                struct Rows: View {
                    var body: some View {
                        Text("Row").contextMenu {
                            FilterMenu()
                            Panel()
                            Screen()
                        }
                    }
                }
                """),
            (path: "Panel.swift", code: """
                import SwiftUI

                struct Panel: View {
                    var body: some View { FilterMenu() }
                }
                """),
            (path: "Screen.swift", code: """
                import SwiftUI

                struct Screen: View {
                    var body: some View { Panel() }
                }
                """),
            (path: "Root.swift", code: """
                import SwiftUI

                let root = Screen()
                """),
            (path: "Model.swift", code: """
                struct Model {
                    var title = "Trails"
                }
                """),
        ]
        func run(_ files: [(path: String, code: String)]) -> LintResult {
            InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2)
        }
        let shown = run(files)
        #expect(shown.diagnostics.map(\.location.file) == ["FilterMenu.swift"])
        #expect(shown.deferredFactFiles == 5)
        // Without Root.swift every helper is used only inside menus.
        #expect(run(files.filter { $0.path != "Root.swift" }).diagnostics.isEmpty)
    }

    /// Type names are looked for before member names: `FilterMenu` is used in `Panel` and in
    /// `configure`; `Panel` is used nowhere, which settles the site (reported), so the files that
    /// only spell `configure` (every view controller's) are never read.
    @Test func menuHelperRoundsLookForTypeNamesBeforeMemberNames() {
        let files = [
            Self.filterMenu,
            Self.filterMenuRows,
            (path: "Panel.swift", code: """
                import SwiftUI

                struct Panel: View {
                    var body: some View { FilterMenu() }
                }
                """),
            (path: "Host.swift", code: """
                import SwiftUI

                func configure() -> some View { FilterMenu() }
                """),
            (path: "Settings.swift", code: """
                import UIKit

                final class SettingsController: UIViewController {
                    func configure() {}
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        configure()
                    }
                }
                """),
            (path: "Profile.swift", code: """
                import UIKit

                final class ProfileController: UIViewController {
                    func configure() {}
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        configure()
                    }
                }
                """),
        ]
        let result = InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2)
        #expect(result.diagnostics.map(\.location.file) == ["FilterMenu.swift"])
        // Round 1 reads the four files spelling `FilterMenu`; round 2 looks for `Panel` only.
        #expect(result.deferredFactFiles == 4)
    }

    /// A member name left for later is still looked for when the type names settle nothing, even
    /// when no unread file spells them (a round that reads nothing): `Panel` is used only in a
    /// context menu, and so is `configure` but for Screen.swift, which spells only `configure`.
    /// Without it the menu would be a submenu.
    @Test func aMemberNameLeftForLaterIsStillLookedFor() {
        let files = [
            Self.filterMenu,
            (path: "Panel.swift", code: """
                import SwiftUI

                struct Panel: View {
                    var body: some View { FilterMenu() }
                }

                struct Rows: View {
                    var body: some View {
                        Text("Row").contextMenu {
                            Panel()
                            configure()
                        }
                    }
                }
                """),
            (path: "Host.swift", code: """
                import SwiftUI

                func configure() -> some View { FilterMenu() }
                """),
            (path: "Screen.swift", code: """
                import SwiftUI

                let screen = configure()
                """),
        ]
        func run(_ files: [(path: String, code: String)]) -> LintResult {
            InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2)
        }
        let shown = run(files)
        #expect(shown.diagnostics.map(\.location.file) == ["FilterMenu.swift"])
        #expect(shown.deferredFactFiles == 4)
        // Without Screen.swift every helper is used only inside menus.
        #expect(run(files.filter { $0.path != "Screen.swift" }).diagnostics.isEmpty)
    }

    /// `state_modified_during_update` reads the `@Published` members of model files in the
    /// deferred pass, only from the files that spell the member written, its wrapper and its class:
    /// not Settings.swift (another class's `isReady`), not Loader.swift (no wrapper).
    @Test func publishedMembersAreReadFromTheFilesThatDeclareTheWrittenMember() {
        let files = [
            (path: "Surface.swift", code: """
                import SwiftUI

                struct PlayerSurface: UIViewRepresentable {
                    @ObservedObject var model: PlayerModel
                    func makeUIView(context: Context) -> UIView {
                        model.isReady = true
                        return UIView()
                    }
                    func updateUIView(_ view: UIView, context: Context) {}
                }
                """),
            (path: "PlayerModel.swift", code: """
                import Combine

                final class PlayerModel: ObservableObject {
                    @Published var isReady = false
                }
                """),
            (path: "Settings.swift", code: """
                import Combine

                final class Settings: ObservableObject {
                    @Published var isReady = false
                }
                """),
            (path: "Loader.swift", code: """
                final class Loader {
                    var isReady = false
                    var model: PlayerModel?
                }
                """),
        ]
        func run(_ files: [(path: String, code: String)]) -> LintResult {
            InMemoryLint.run(files, rules: [StateModifiedDuringUpdate.self], target: Version(16), workers: 2)
        }
        let result = run(files)
        #expect(result.diagnostics.map(\.location.file) == ["Surface.swift"])
        #expect(result.deferredFactFiles == 1)
        // The finding needs PlayerModel.swift's member.
        #expect(run(files.filter { $0.path != "PlayerModel.swift" }).diagnostics.isEmpty)
        // Without a write through an object no file is read again.
        let plain = files.map { file in
            file.path == "Surface.swift" ? (path: file.path, code: file.code.replacingOccurrences(of: "model.isReady = true", with: "")) : file
        }
        #expect(run(plain).deferredFactFiles == 0)
    }

    /// A file that names a helper only in comments (a license header, a doc comment) holds no use
    /// of it: the rounds do not read it, and the finding is the same. Notes.swift spells no rule's
    /// trigger word: with the pre-scan its first pass does not tokenize it (its filter keeps
    /// comments, the round tokenizes it to see), without it the filter leaves them out.
    @Test(arguments: [true, false]) func aHelperNamedOnlyInCommentsDoesNotReadTheFile(prescan: Bool) {
        let files = [
            (path: "Sorter.swift", code: """
                import SwiftUI

                struct Sorter: View {
                    var body: some View {
                        Menu("Sort") { Button("Date") {} }
                    }
                }
                """),
            (path: "Rows.swift", code: """
                import SwiftUI

                struct Rows: View {
                    var body: some View {
                        Text("Row").contextMenu { Sorter() }
                    }
                }
                """),
            (path: "Bar.swift", code: """
                import SwiftUI

                struct Bar: View {
                    var body: some View { Sorter() }
                }
                """),
            (path: "Notes.swift", code: """
                // Part of Sorter, the app.
                /// Shown next to `Bar`.
                struct Notes {
                    var text = "Sorter" /* Bar */
                }
                """),
        ]
        func run(_ files: [(path: String, code: String)]) -> LintResult {
            InMemoryLint.run(files, rules: [MenuTouchThrough.self], target: Version(16), workers: 2) {
                $0.skipsSwiftFilesWithoutTriggerWords = prescan
            }
        }
        let withString = run(files)
        #expect(withString.diagnostics.map(\.location.file) == ["Sorter.swift"])
        // Notes.swift spells `Sorter` in a string: read in round 1. Without the string it is never read.
        #expect(withString.deferredFactFiles == 4)
        var commentsOnly = files
        commentsOnly[3].code = commentsOnly[3].code.replacingOccurrences(of: "\"Sorter\"", with: "\"\"")
        let result = run(commentsOnly)
        #expect(result.diagnostics.map(\.location.file) == ["Sorter.swift"])
        #expect(result.deferredFactFiles == 3)
    }

    /// Given the tokens, the filter leaves comments out, and only them: names in code and in
    /// strings, and next to a comment, are kept.
    @Test func spelledWordsLeaveOutComments() {
        let source = "// Header names Alpha\n/* Beta /* nested Gamma */ */ let x/*Delta*/Epsilon = \"Zeta\" /// Eta\nfunc Theta() {}"
        let bytes = Array(source.utf8)
        let words = bytes.withUnsafeBufferPointer { SpelledWords($0, tokens: Tokenizer.tokenize(bytes)) }
        for name in ["Epsilon", "Zeta", "Theta"] {
            #expect(words.mayContain(Array(name.utf8)) == true, "\(name)")
        }
        for name in ["let", "func"] {
            #expect(words.mayContain(Array(name.utf8)) == nil, "a reserved keyword: the bytes are searched")
        }
        for name in ["Header", "Alpha", "Beta", "Gamma", "Delta", "Eta"] {
            #expect(words.mayContain(Array(name.utf8)) == false, "\(name)")
        }
    }

    /// What `SpelledWords` rules out is certain: every identifier of a file may be contained,
    /// and a name it spells nowhere as a whole word is not (bar a hash collision).
    @Test func spelledWordsNeverMissANameTheFileSpells() {
        let source = "struct Sort_Menu2: View { let x = 12abc; var body: some View { Text(\"héllo\") } } // keyWindow\n"
        let words = Array(source.utf8).withUnsafeBufferPointer { SpelledWords($0) }
        for name in ["Sort_Menu2", "View", "abc", "12abc", "body", "Text", "llo", "keyWindow"] {
            #expect(words.mayContain(Array(name.utf8)) == true, "\(name)")
        }
        for name in ["x", "h", "ab", "vc"] {
            #expect(words.mayContain(Array(name.utf8)) == nil, "shorter than SpelledWords.shortest: the bytes are searched")
        }
        for name in ["Sort", "Menu2", "key", "Window", "bod", "SortMenu"] {
            #expect(words.mayContain(Array(name.utf8)) == false, "\(name)")
        }
        #expect(words.mayContain(Array("héllo".utf8)) == nil, "not a run of ASCII name bytes: the bytes are searched")
        #expect(words.mayContain(Array("$0".utf8)) == nil)
    }

    /// The filter finds runs 64 bytes at a time: runs across those boundaries, at either end of the
    /// text, next to non-ASCII bytes and after leading digits are all kept. Every maximal run of a
    /// pseudo-random text (found here byte by byte) must be one the filter may contain.
    @Test func spelledWordsKeepEveryRunWhereverItFalls() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let alphabet = Array("aZ_09 .é(\n".utf8)
        for length in [1, 7, 8, 63, 64, 65, 127, 128, 129, 300, 1000] {
            var text: [UInt8] = []
            for _ in 0..<length {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                // Mostly name bytes, so runs are long enough to cross chunk boundaries.
                text.append(state % 4 == 0 ? alphabet[Int(state >> 8) % alphabet.count] : alphabet[Int(state >> 8) % 5])
            }
            let words = text.withUnsafeBufferPointer { SpelledWords($0) }
            var index = 0
            while index < text.count {
                guard SpelledWords.isWordByte(text[index]) else { index += 1; continue }
                let start = index
                while index < text.count && SpelledWords.isWordByte(text[index]) { index += 1 }
                let run = Array(text[start..<index])
                // Words shorter than `SpelledWords.shortest` are searched for, never ruled out.
                func expected(_ word: [UInt8]) -> Bool? { word.count >= SpelledWords.shortest ? true : nil }
                #expect(words.mayContain(run) == expected(run), "\(String(decoding: run, as: UTF8.self)) in a text of \(length)")
                if let firstLetter = run.firstIndex(where: { !($0 >= 0x30 && $0 <= 0x39) }), firstLetter > 0 {
                    #expect(words.mayContain(Array(run[firstLetter...])) == expected(Array(run[firstLetter...])))
                }
            }
        }
    }

    /// The runs found 64 bytes at a time are exactly those found byte by byte: the same bits are
    /// set, in texts whose runs start and end at every position of a chunk, and given tokens
    /// (each token's runs found on their own, plain names hashed whole): in strings, attributes,
    /// `$` and backticked names, Unicode names, numbers and placeholders too. The texts are made
    /// of pieces, mostly the first five (name bytes).
    @Test(arguments: [["a", "Z", "_", "0", "9", " ", ".", "(", "\n", "/", "*"],
                      ["a", "Z", "_", "0", "9", "\"", "\\", "$", "`", "@", "#", "é", "<#", "#>", "“", "”", " ", "(", "\n", "/", "*",
                       " let ", " func ", "#if "]])
    func spelledWordsSetTheBitsOfEveryRunAndNoOther(pieces: [String]) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pieces = pieces.map { Array($0.utf8) }
        for length in [0, 1, 2, 9, 63, 64, 65, 128, 129, 191, 700, 4000] {
            var text: [UInt8] = []
            while text.count < length {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                text += state % 3 == 0 ? pieces[Int(state >> 8) % pieces.count] : pieces[Int(state >> 8) % 5]
            }
            let tokens = Tokenizer.tokenize(text)
            for given in [nil, tokens] {
                let words = text.withUnsafeBufferPointer { SpelledWords($0, tokens: given) }
                var expected = [UInt64](repeating: 0, count: words.bits.count)
                let mask = UInt64(words.bits.count * 64 - 1)
                func insert(_ start: Int, _ end: Int) {
                    guard end - start >= SpelledWords.shortest else { return }
                    let hash = text.withUnsafeBufferPointer { SpelledWords.hash($0.baseAddress! + start, end - start, readable: text.count - start) }
                    for half in [hash & 0xFFFF_FFFF & mask, hash >> 32 & mask] { expected[Int(half >> 6)] |= 1 << (half & 63) }
                }
                // Given tokens, a run ends at a token's end (`9.0a` is a number and a name), and
                // comments and reserved keywords hold none.
                var leftOut = [Bool](repeating: false, count: text.count)
                var tokenStart = [Bool](repeating: false, count: text.count)
                if given != nil {
                    for token in tokens {
                        if token.start < text.count { tokenStart[Int(token.start)] = true }
                        guard [.lineComment, .blockComment, .docLineComment, .docBlockComment, .keyword].contains(token.kind) else { continue }
                        for offset in Int(token.start)..<Int(token.start) + Int(token.length) { leftOut[offset] = true }
                    }
                }
                var index = 0
                while index < text.count {
                    guard SpelledWords.isWordByte(text[index]), !leftOut[index] else { index += 1; continue }
                    let start = index
                    index += 1
                    while index < text.count, SpelledWords.isWordByte(text[index]), !leftOut[index], !tokenStart[index] { index += 1 }
                    insert(start, index)
                    var after = start
                    while after < index, text[after] >= 0x30, text[after] <= 0x39 { after += 1 }
                    if after > start, after < index { insert(after, index) }
                }
                #expect(words.bits == expected, "a text of \(length) bytes, tokens given: \(given != nil)")
            }
        }
    }

    /// A chain of helpers, one file each, none spelling a window word: each round finds one more
    /// link. Past `Linter.selectiveRounds` the unread files are read at once, so the files looked
    /// at stay linear in the chain's length, and the finding is the same.
    @Test func aLongHelperChainAcrossFilesIsFollowedInLinearSteps() throws {
        func chain(_ length: Int) -> [(path: String, code: String)] {
            var files = [Self.picker, (path: "Hop0.swift", code: "enum Hop0 { static var value: AnyObject? { UIApplication.shared.activeScene } }\n")]
            for hop in 1..<length {
                files.append((path: "Hop\(hop).swift", code: "enum Hop\(hop) { static var value: AnyObject? { Hop\(hop - 1).value } }\n"))
            }
            files.append((path: "Use.swift", code: """
                func rate() {
                    if let scene = Hop\(length - 1).value as? UIWindowScene { SKStoreReviewController.requestReview(in: scene) }
                }
                """))
            return files
        }
        try ScalingTests.expectLinear(150) { length in
            var result: LintResult?
            let steps = ScalingCounter.counting {
                result = InMemoryLint.run(chain(length), rules: [ConnectedScenesFirst.self, KeyWindowLookup.self], workers: 1)
            }
            let review = result?.diagnostics.first { $0.location.file == "Use.swift" }
            #expect(review?.message.contains("helper `Hop\(length - 1).value`") == true, "\(review?.message ?? "no finding")")
            return steps
        }
    }

    /// Projects go through their rounds independently (`RoundQueue`): chains of different lengths
    /// (one past `Linter.selectiveRounds`) in four repositories end in different rounds, and
    /// every worker count finds each chain's end, with the same output and the same files read.
    @Test func projectsGoThroughTheirRoundsIndependently() throws {
        let scratch = ConfigurationScratch()
        let lengths = [1, 3, Linter.selectiveRounds + 3, 5]
        for (project, length) in lengths.enumerated() {
            let root = "Project\(project)"
            try FileManager.default.createDirectory(atPath: scratch.path(root + "/.git"), withIntermediateDirectories: true)
            scratch.write(root + "/Picker.swift", Self.picker.code)
            // Each helper its own name, so that each round finds one more link.
            scratch.write(root + "/Hop0.swift", "enum Hop0 { static var value0: AnyObject? { UIApplication.shared.activeScene } }\n")
            for hop in 1..<length {
                scratch.write(root + "/Hop\(hop).swift", "enum Hop\(hop) { static var value\(hop): AnyObject? { Hop\(hop - 1).value\(hop - 1) } }\n")
            }
            scratch.write(root + "/Use.swift", """
                func rate() {
                    if let scene = Hop\(length - 1).value\(length - 1) as? UIWindowScene { SKStoreReviewController.requestReview(in: scene) }
                }
                """)
            // Files that spell the helpers' names in comments only.
            for other in 0..<6 { scratch.write(root + "/Other\(other).swift", "let window\(other) = 1 // Hop\(other).value\(other)\n") }
        }
        let runs = [1, 2, 3, 8].map { workers in
            ConfigurationCommandLineTests.run(["--no-config", "--timings", "--workers", "\(workers)", "--only-rule",
                                               "connected_scenes_first,key_window_lookup", "--reporter", "json", scratch.root])
        }
        for (project, length) in lengths.enumerated() {
            #expect(runs[0].output.contains("Project\(project)/Use.swift"), "\(project)")
            #expect(runs[0].output.contains("helper `Hop\(length - 1).value\(length - 1)`"), "\(runs[0].output)")
        }
        let readAgain = { (run: ConfigurationCommandLineTests.Run) in run.errors.split(separator: "\n").filter { $0.contains("read again") } }
        #expect(readAgain(runs[0]).count == 1, "\(runs[0].errors)")
        for run in runs.dropFirst() {
            #expect(run.output == runs[0].output && run.status == runs[0].status)
            #expect(readAgain(run) == readAgain(runs[0]))
        }
    }

    /// Every file spells a window word and holds a global helper another file reads: the first
    /// round's new words are every helper. Looking for each in each file would cost files × helpers.
    @Test func manyGlobalHelpersAreFollowedInLinearSteps() throws {
        func chain(_ length: Int) -> [(path: String, code: String)] {
            var files = [(path: "H0.swift", code: "func w0() -> UIWindow? { UIApplication.shared.keyWindow }\n")]
            for hop in 1..<length {
                files.append((path: "H\(hop).swift", code: """
                    func w\(hop)() -> UIWindow? { w\(hop - 1)() }
                    func u\(hop)() { w\(hop)()?.endEditing(true) }

                    """))
            }
            files.append((path: "Use.swift", code: "func rate() { if let scene = w\(length - 1)()?.windowScene { SKStoreReviewController.requestReview(in: scene) } }\n"))
            return files
        }
        try ScalingTests.expectLinear(200) { length in
            var result: LintResult?
            let steps = ScalingCounter.counting {
                result = InMemoryLint.run(chain(length), rules: [ConnectedScenesFirst.self, KeyWindowLookup.self], workers: 1)
            }
            #expect(result?.diagnostics.contains { $0.location.file == "Use.swift" } == true, "\(result?.diagnostics.map(\.message) ?? [])")
            return steps
        }
    }

    /// The deferred pass records the arguments of calls to the project's StoreKit sinks alone
    /// (`KeyWindowLookup.deferredInput`): a call to any other function is never read. The sink's
    /// caller, in another file, still makes the StoreKit call a finding.
    @Test func deferredCallsAreThoseOfTheSinks() throws {
        let reviewer = (path: "Reviewer.swift", code: """
            enum Reviewer {
                static func ask(in scene: UIWindowScene) {
                    SKStoreReviewController.requestReview(in: scene)
                }
            }
            """)
        let caller = (path: "Caller.swift", code: """
            func finished() {
                guard let scene = UIApplication.shared.activeScene else { return }
                Reviewer.ask(in: scene)
                Logger.log(scene)
                present(on: scene)
            }
            """)
        let result = InMemoryLint.run([Self.picker, reviewer, caller], rules: [ConnectedScenesFirst.self, KeyWindowLookup.self],
                                      workers: 2)
        let review = try #require(result.diagnostics.first { $0.location.file == "Reviewer.swift" })
        #expect(review.message.contains("helper `activeScene`"), "\(review.message)")
        #expect(review.related.map(\.location.file) == ["Caller.swift", "Picker.swift"])

        func deferredCallees(_ input: [String]) -> [String] {
            let file = SourceFile(path: caller.path, bytes: Array(caller.code.utf8))
            let context = RuleContext(file: file, ruleID: KeyWindowLookup.description.id, severity: .warning, projectInput: input)
            var facts = KeyWindowLookup.Facts()
            KeyWindowLookup().collectDeferredFacts(context, into: &facts)
            return facts.provenance.calls.map(\.callee)
        }
        #expect(deferredCallees(["ask"]) == ["ask"])
        #expect(deferredCallees(["log", "present"]) == ["log", "present"])
        // No sink in the project: no call is read.
        #expect(deferredCallees([]).isEmpty)
        // The first pass names the sink.
        let reviewerFile = SourceFile(path: reviewer.path, bytes: Array(reviewer.code.utf8))
        var firstPass = KeyWindowLookup.Facts()
        KeyWindowLookup().collectFacts(RuleContext(file: reviewerFile, ruleID: KeyWindowLookup.description.id, severity: .warning),
                                       into: &firstPass)
        #expect(KeyWindowLookup.deferredInput(firstPass) == ["ask"])
    }

    /// The locals of a closure that initializes a property are no members (the declaration scan
    /// nests them in the type, or at the top level in none): no helper, no declared name, and so
    /// no word that has the deferred rounds read every file spelling a common local name.
    @Test func closureLocalsOfAPropertyAreNoHelpers() {
        let directory = (path: "Directory.swift", code: """
            final class DirectoryViewController: UIViewController {
                private lazy var footer: UIView = {
                    let inset = UIApplication.shared.windows.last?.safeAreaInsets.bottom ?? 0
                    return UIView(frame: CGRect(x: 0, y: 0, width: 0, height: inset))
                }()
            }
            let banner: UIView = {
                let edge = UIApplication.shared.windows.last?.safeAreaInsets.top ?? 0
                return UIView(frame: CGRect(x: 0, y: edge, width: 0, height: 0))
            }()
            """)
        let file = SourceFile(path: directory.path, bytes: Array(directory.code.utf8))
        var facts = KeyWindowLookup.Facts()
        KeyWindowLookup().collectFacts(RuleContext(file: file, ruleID: KeyWindowLookup.description.id, severity: .warning),
                                       into: &facts)
        #expect(facts.provenance.helpers.map(\.name) == ["footer", "banner"])
        #expect(facts.provenance.declaredCounts.keys.sorted() == ["banner", "footer"])
        let padding = (path: "Padding.swift", code: "func padding() -> Double { let inset = 2.0; let edge = inset; return edge }\n")
        let result = InMemoryLint.run([directory, padding], rules: [KeyWindowLookup.self], workers: 2)
        #expect(result.diagnostics.map(\.location.file) == ["Directory.swift", "Directory.swift"])
        // Directory.swift spells its helpers; Padding.swift spells only the locals' names.
        #expect(result.deferredFactFiles == 1)
    }
}
