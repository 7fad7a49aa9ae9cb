import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Behaviour of the representable rules that the generated example tests do not cover:
/// when the `static` fix is withheld, and facts that cross files (RuleExampleTests runs the
/// corrections through the `--fix` loop).
@Suite("Representable rules")
struct RepresentableRuleTests {
    private func lint(_ rule: any Rule.Type, _ sources: [(path: String, code: String)],
                      iosDeploymentTarget: Version? = nil) -> [Diagnostic] {
        InMemoryLint.diagnostics(sources, rules: [rule], target: iosDeploymentTarget)
            .filter { $0.ruleID == rule.description.id }
    }

    @Test("no fix when the body reads instance state or the signature is not the requirement's")
    func dismantleWithoutFix() throws {
        let code = """
            struct Player: UIViewRepresentable {
                let model: PlayerModel
                func makeUIView(context: Context) -> PlayerView { PlayerView() }
                func updateUIView(_ uiView: PlayerView, context: Context) {}
                func dismantleUIView(_ uiView: PlayerView, coordinator: ()) { model.stop() }
            }
            struct Other: UIViewRepresentable {
                func makeUIView(context: Context) -> UIView { UIView() }
                func updateUIView(_ uiView: UIView, context: Context) {}
                func dismantleUIView(_ uiView: UIView, context: Context) {}
            }
            """
        let diagnostics = lint(RepresentableDismantleNotStatic.self, [(path: "Example.swift", code: code)])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.fix.isEmpty })
        #expect(diagnostics.first?.help?.contains("into the coordinator") == true)
    }

    @Test("conformance through a base class declared in another file")
    func dismantleThroughBaseClass() throws {
        let base = """
            class BaseRepresentable: NSObject, UIViewRepresentable {
                func makeUIView(context: Context) -> UIView { UIView() }
                func updateUIView(_ uiView: UIView, context: Context) {}
            }
            """
        let subclass = """
            final class Banner: BaseRepresentable {
                func dismantleUIView(_ uiView: UIView, coordinator: ()) {}
            }
            """
        let diagnostics = lint(RepresentableDismantleNotStatic.self,
                               [(path: "Base.swift", code: base), (path: "Banner.swift", code: subclass)])
        #expect(diagnostics.map(\.location.file) == ["Banner.swift"])
        #expect(diagnostics.first?.severity == .error)
    }

    private static let menuWindow = """
        final class MenuWindow: UIWindow {
            override func didAddSubview(_ subview: UIView) {
                super.didAddSubview(subview)
                guard #unavailable(iOS 18),
                      String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
            }
        }
        """

    @Test("the gated menu workaround gets the milder private-class note")
    func privateClassMessages() throws {
        let gated = lint(PrivateUIKitClass.self, [(path: "Window.swift", code: Self.menuWindow)],
                         iosDeploymentTarget: Version(16))
        #expect(gated.count == 1)
        #expect(gated.first?.message.contains("gated to iOS < 18") == true)

        let fixedTarget = lint(PrivateUIKitClass.self, [(path: "Window.swift", code: Self.menuWindow)],
                               iosDeploymentTarget: Version(18))
        #expect(fixedTarget.first?.message.contains("never runs") == true)

        let ungated = Self.menuWindow.replacingOccurrences(of: "guard #unavailable(iOS 18),", with: "guard")
        let ungatedDiagnostics = lint(PrivateUIKitClass.self, [(path: "Window.swift", code: ungated)])
        #expect(ungatedDiagnostics.first?.help?.contains("#unavailable(iOS 18)") == true)

        let elsewhere = "let isMenu = NSStringFromClass(type(of: view)) == \"_UIContextMenuContainerView\""
        let plain = lint(PrivateUIKitClass.self, [(path: "Helper.swift", code: elsewhere)])
        #expect(plain.first?.help?.contains("App Review") == true)
        #expect(plain.first?.severity == .note)
    }

    @Test("subviews KVO names the view class to override in when a view observes itself")
    func subviewsMessages() throws {
        let code = """
            final class Tray: UIView {
                var token: NSKeyValueObservation?
                func start() { token = observe(\\.subviews) { _, _ in } }
            }
            let other = container.observe(\\.subviews) { _, _ in }
            """
        let diagnostics = lint(SubviewsKVO.self, [(path: "Tray.swift", code: code)])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.first?.help?.contains("in `Tray`") == true)
        #expect(diagnostics.last?.message.contains("`container.subviews`") == true)
    }
}
