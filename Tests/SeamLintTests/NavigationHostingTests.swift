import Testing
import SeamLintCore
@testable import SeamLintRules

/// Where hosting controllers enter a navigation controller (`navigationHostingSites`), through the
/// locals the walk tracks: it reads only closing braces, `case`/`default` and names followed by
/// `:` or `=` (`LocalHostingTracker.mayObserve`), so each of those must still be seen.
@Suite("Navigation hosting sites")
struct NavigationHostingTests {
    @Test func localsAreFollowedToTheirPush() {
        let code = """
            func present(_ navigation: UINavigationController, mode: Mode) {
                let typed: UIHostingController<Player> = makeHost()
                navigation.pushViewController(typed, animated: true)
                var assigned: UIViewController
                assigned = UIHostingController(rootView: Queue())
                navigation.pushViewController(assigned, animated: true)
                let screen = SettingsScreen()
                navigation.pushViewController(screen, animated: true)
                switch mode {
                case .lyrics:
                    let scoped = UIHostingController(rootView: Lyrics())
                    navigation.pushViewController(scoped, animated: true)
                default:
                    navigation.pushViewController(scoped, animated: true)
                }
                if mode == .none {
                    let inner = UIHostingController(rootView: Inner())
                    _ = inner
                }
                navigation.pushViewController(inner, animated: true)
            }
            """
        let file = SourceFile(path: "A.swift", bytes: Array(code.utf8))
        let sites = file.navigationHostingSites()
        let lines = sites.hosting.map { file.line(ofOffset: Int(file.code[$0.site].start)) }
        // The typed local (its type names the root), the assigned one and the scoped one; not
        // `scoped` after `default:` nor `inner` after its block closed.
        #expect(lines == [3, 6, 12], "\(sites.hosting.map { $0.roots.map(file.text(at:)) })")
        #expect(sites.hosting.map { $0.roots.map(file.text(at:)) } == [["Player"], ["Queue"], ["Lyrics"]])
        #expect(sites.pushedTypes.map { file.text(at: $0.type) } == ["SettingsScreen"])
    }
}
