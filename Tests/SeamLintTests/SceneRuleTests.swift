import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Focused checks for `connected_scenes_first`, `key_window_lookup` and `window_before_appearance`
/// beyond their examples: the split between the two lookup rules, messages that follow the
/// context, and the `include_tests` option.
@Suite("Scene and window rules")
struct SceneRuleTests {
    private static let lookupRules: [any Rule.Type] = [ConnectedScenesFirst.self, KeyWindowLookup.self]

    private func lint(_ code: String, path: String = "Example.swift", rules: [any Rule.Type] = lookupRules,
                      options: [String: RuleOptions] = [:]) -> [Diagnostic] {
        InMemoryLint.diagnostics([(path: path, code: code)], rules: rules, ruleOptions: options)
    }

    @Test("one statement gets one diagnostic from one of the two lookup rules")
    func oneDiagnosticPerStatement() {
        let statements = [
            "let a = UIApplication.shared.connectedScenes.first as? UIWindowScene",
            "let b = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.keyWindow",
            "let c = UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first",
            "let d = UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive } ?? UIApplication.shared.connectedScenes.first",
            "let e = UIApplication.shared.windows.first { $0.isKeyWindow } ?? UIApplication.shared.keyWindow",
            "let f = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first?.windows.filter { $0.isKeyWindow }.first",
            "let g = UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }.first(where: { $0.keyWindow != nil })?.keyWindow",
        ]
        for statement in statements {
            let found = lint("func f() {\n    \(statement)\n}\n")
            #expect(found.count == 1, "\(statement): \(found.map { "\($0.ruleID) at \($0.location.column)" })")
        }
    }

    @Test("the owner follows what the chain ends in")
    func ownership() {
        let scene = lint("let s = UIApplication.shared.connectedScenes.first?.session\n")
        #expect(scene.map(\.ruleID) == ["connected_scenes_first"])
        let window = lint("let w = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.windows.first\n")
        #expect(window.map(\.ruleID) == ["key_window_lookup"])
        // The span starts at the parenthesis and ends with the window pick.
        #expect(window.first?.location.column == 9)
        #expect(window.first.map { $0.location.column + $0.length } == 86)
    }

    @Test("the help suggests what the enclosing type has")
    func contextMessages() {
        func message(_ code: String) -> String { lint(code).first?.help ?? "" }
        let pick = "UIApplication.shared.connectedScenes.first as? UIWindowScene"
        #expect(message("final class A: UIViewController { func f() { let s = \(pick) } }")
            .contains("`view.window?.windowScene`"))
        #expect(message("final class B: UICollectionViewCell { func f() { let s = \(pick) } }")
            .contains("this view's `window?.windowScene`"))
        #expect(message("struct C: View { var body: some View { Button(\"x\") { let s = \(pick) } } }")
            .contains("`EnvironmentObject`"))
        #expect(message("extension UIApplication { var s: UIWindowScene? { \(pick) } }")
            .contains("`UIApplication` helper"))
        #expect(message("final class Store { func f() { let s = \(pick) } }").contains("Pass in the scene"))
        // Static code and a view that adds itself to the window have no window of their own.
        #expect(message("final class D: UIViewController { static func f() { let s = \(pick) } }")
            .contains("Pass in the scene"))
        #expect(message("final class Popup: UIView { func show() { UIApplication.shared.keyWindow?.addSubview(self) } }")
            .contains("Pass in the view"))
        #expect(message("extension UIViewController { func f() { let s = \(pick) } }").contains("Pass in the scene"))
    }

    @Test("StoreKit calls get the SwiftUI alternative")
    func storeKitMessages() {
        let review = lint("""
            func rate() {
                guard let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene else { return }
                AppStore.requestReview(in: scene)
            }
            """)
        #expect(review.first?.message.contains("`AppStore.requestReview(in:)`") == true)
        #expect(review.first?.help?.contains("`@Environment(\\.requestReview)` (iOS 16+)") == true)
        let rebound = lint("""
            func rate() {
                let scene = UIApplication.shared.connectedScenes.first
                if let windowScene = scene as? UIWindowScene {
                    SKStoreReviewController.requestReview(in: windowScene)
                }
            }
            """)
        #expect(rebound.first?.message.contains("`SKStoreReviewController.requestReview(in:)`") == true)
    }

    @Test("test files are skipped unless include_tests is set")
    func testFiles() {
        let code = "let w = UIApplication.shared.keyWindow\nlet s = UIApplication.shared.connectedScenes.first\n"
        #expect(lint(code, path: "AppTests/LoginTests.swift").isEmpty)
        var options = RuleOptions()
        options.set(.includeTests, to: .bool(true))
        let found = lint(code, path: "AppTests/LoginTests.swift",
                         options: ["key_window_lookup": options, "connected_scenes_first": options])
        #expect(found.map(\.ruleID).sorted() == ["connected_scenes_first", "key_window_lookup"])
    }

    @Test("a local is followed only inside its scope and not after shadowing")
    func localScope() {
        let found = lint("""
            func a() {
                let scenes = UIApplication.shared.connectedScenes
                print(scenes.count)
            }
            func b(scenes: [UIScene]) {
                let first = scenes.first
            }
            func c() {
                let scenes = UIApplication.shared.connectedScenes
                do {
                    let scenes = registry.all
                    _ = scenes.first
                }
            }
            """)
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test("project superclasses are recognised by their names")
    func superclassNames() {
        let found = lint("""
            final class ComposeVC: BaseVC {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let inset = view.window?.safeAreaInsets.bottom
                }
            }
            final class ChipCell: BaseCell {
                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    let scale = window?.screen.scale
                }
            }
            final class Presenter: BaseCoordinator {
                init() {
                    let view = makeView()
                    print(view.window as Any)
                }
            }
            """, rules: [WindowBeforeAppearance.self])
        #expect(found.map(\.location.line) == [4, 10])
    }

    @Test("window_before_appearance reports once per method")
    func oncePerMethod() {
        let found = lint("""
            final class A: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let a = view.window
                    let b = view.window?.windowScene
                }
            }
            """, rules: [WindowBeforeAppearance.self])
        #expect(found.count == 1)
        #expect(found.first?.help?.contains("`viewIsAppearing(_:)`") == true)
    }
}
