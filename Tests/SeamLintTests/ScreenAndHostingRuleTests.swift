import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Focused checks for `main_screen_lookup`, `status_bar_lookup` and `uncontained_hosting_controller`
/// beyond their examples: spans, one diagnostic per statement, the split with the scene rules,
/// messages that follow the context, and containment found in another file.
@Suite("Screen, status bar and hosting rules")
struct ScreenAndHostingRuleTests {
    private func lint(_ code: String, path: String = "Example.swift", rules: [any Rule.Type],
                      companions: [String] = []) -> [Diagnostic] {
        let sources = [(path: path, code: code)] + companions.enumerated().map { (path: "Companion\($0.offset).swift", code: $0.element) }
        return InMemoryLint.diagnostics(sources, rules: rules)
    }

    @Test("a main-screen read spans the screen and the member read, once per statement")
    func mainScreenSpan() {
        let code = "let size = CGSize(width: UIScreen.main.bounds.width, height: UIScreen.main.bounds.height)\n"
        let found = lint(code, rules: [MainScreenLookup.self])
        #expect(found.count == 1)
        #expect(found.first?.location.column == 26)
        #expect(found.first?.length == "UIScreen.main.bounds".utf8.count)
        #expect(found.first?.message.contains("(2 reads here)") == true)
    }

    @Test("the help follows the host: view controller, view, SwiftUI view")
    func mainScreenHelp() {
        func help(_ code: String) -> String { lint(code, rules: [MainScreenLookup.self]).first?.help ?? "" }
        #expect(help("final class A: UIViewController { func f() { let w = UIScreen.main.bounds.width } }").contains("`view.bounds`"))
        #expect(help("final class A: UICollectionViewCell { func f() { let s = UIScreen.main.scale } }").contains("`traitCollection.displayScale`"))
        #expect(help("struct A: View { var body: some View { Color.red.frame(width: UIScreen.main.bounds.width) } }").contains("GeometryReader"))
    }

    @Test("many reads in one statement are found without walking the statement once per read")
    func mainScreenLongStatement() {
        let count = 2_000
        // One read a line: a single very long line would be skipped as minified.
        let terms = Array(repeating: "UIScreen.main.bounds.width", count: count).joined(separator: " +\n    ")
        let found = lint("let total = \(terms)\n", rules: [MainScreenLookup.self])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("(\(count) reads here)") == true)
    }

    @Test("a status bar read through a global scene is connected_scenes_first's alone")
    func statusBarSplit() {
        let rules: [any Rule.Type] = [StatusBarLookup.self, ConnectedScenesFirst.self, KeyWindowLookup.self]
        let scene = lint("let o = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.interfaceOrientation\n", rules: rules)
        #expect(scene.map(\.ruleID) == ["connected_scenes_first"])
        let window = lint("let f = UIApplication.shared.keyWindow?.windowScene?.statusBarManager?.statusBarFrame\n", rules: rules)
        #expect(window.map(\.ruleID) == ["key_window_lookup"])
        let global = lint("let f = UIApplication.shared.statusBarFrame.height\n", rules: rules)
        #expect(global.map(\.ruleID) == ["status_bar_lookup"])
        #expect(global.first?.length == "UIApplication.shared.statusBarFrame".utf8.count)
    }

    @Test("status bar writes and other types' properties are not reads of the application's")
    func statusBarNotReads() {
        let code = """
            func f(app: UIApplication, theme: Theme) {
                app.statusBarStyle = .lightContent
                let style = theme.statusBarStyle
                let frame = app.statusBarFrame
            }
            """
        let found = lint(code, rules: [StatusBarLookup.self])
        #expect(found.map(\.location.line) == [4])
    }

    @Test("a containment helper in another file contains; one that only adds the view does not")
    func hostingHelpers() {
        let site = """
            final class A: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let host = UIHostingController(rootView: Row())
                    install(host)
                    view.addSubview(host.view)
                }
            }
            """
        let contains = "extension UIViewController { func install(_ child: UIViewController) { addChild(child) } }"
        let addsView = "extension UIViewController { func install(_ child: UIViewController) { view.addSubview(child.view) } }"
        #expect(lint(site, rules: [UncontainedHostingController.self], companions: [contains]).isEmpty)
        let found = lint(site, rules: [UncontainedHostingController.self], companions: [addsView])
        #expect(found.count == 1)
        #expect(found.first?.location.line == 6)
        #expect(found.first?.length == "view.addSubview(host.view)".utf8.count)
    }

    @Test("hosting messages: uncontained, missing didMove, built in place")
    func hostingMessages() {
        let code = """
            final class A: UIViewController {
                let a = UIHostingController(rootView: Row())
                var b: UIHostingController<Row>!
                func f() {
                    view.addSubview(a.view)
                    addChild(b)
                    view.addSubview(b.view)
                    view.addSubview(UIHostingController(rootView: Row()).view)
                }
            }
            """
        let found = lint(code, rules: [UncontainedHostingController.self])
        #expect(found.count == 3)
        #expect(found.map(\.location.line) == [5, 7, 8])
        #expect(found.first?.message.contains("never added as a child") == true)
        #expect(found.dropFirst().first?.message.contains("didMove(toParent:)") == true)
        #expect(found.last?.message.contains("built only for its `view`") == true)
    }
}

@Suite("Screen and status bar rules (Objective-C)", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCScreenRuleTests {
    @Test("platform blocks: TARGET_OS_* and #ifdef, #ifndef and #elif keep their structure")
    func platformBlocks() {
        let code = """
            #ifndef SCREEN_HELPERS_H
            #define SCREEN_HELPERS_H
            #endif
            #if !TARGET_OS_IPHONE
            static CGFloat A(void) { return [UIScreen mainScreen].bounds.size.width; }
            #elif TARGET_OS_TV
            static CGFloat B(void) { return [UIScreen mainScreen].bounds.size.width; }
            #else
            static CGFloat C(void) { return [UIScreen mainScreen].bounds.size.width; }
            #endif
            #if TARGET_OS_IOS
            static CGFloat D(void) { return [UIScreen mainScreen].scale; }
            #else
            static CGFloat E(void) { return [UIScreen mainScreen].scale; }
            #endif
            static CGFloat F(void) { return [UIScreen mainScreen].nativeScale; }
            """
        let result = InMemoryLint.mixed([(name: "Helpers.m", code: code)], rules: [MainScreenLookup.self])
        #expect(result.problems.isEmpty)
        #expect(result.diagnostics.map(\.location.line) == [9, 12, 16])
    }
}
