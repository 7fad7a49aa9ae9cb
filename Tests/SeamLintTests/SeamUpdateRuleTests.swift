import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import SeamLintRules

/// Behaviour of `stale_coordinator_parent`, `state_modified_during_update` and
/// `nested_navigation_container` that the generated example tests do not pin: the span of each
/// diagnostic, its related locations, and facts that cross files.
@Suite("Coordinator, update and navigation container rules")
struct SeamUpdateRuleTests {
    private func lint(_ rule: any Rule.Type, _ sources: [(path: String, code: String)]) -> [Diagnostic] {
        InMemoryLint.diagnostics(sources, rules: [rule]).filter { $0.ruleID == rule.description.id }
    }

    /// The source text a diagnostic spans.
    private func spanned(_ diagnostic: Diagnostic, in code: String) -> String {
        let bytes = Array(code.utf8)
        return String(decoding: bytes[diagnostic.location.offset..<(diagnostic.location.offset + diagnostic.length)], as: UTF8.self)
    }

    // MARK: stale_coordinator_parent

    private static let picker = """
        struct Picker: UIViewControllerRepresentable {
            var onPick: (URL) -> Void
            func makeUIViewController(context: Context) -> PHPickerViewController { PHPickerViewController() }
            func updateUIViewController(_ picker: PHPickerViewController, context: Context) {}
            func makeCoordinator() -> Picker.Coordinator { .init(owner: self) }
            final class Coordinator: NSObject {
                var owner: Picker
                init(owner: Picker) { self.owner = owner }
                func finish(_ url: URL) { owner.onPick(url) }
            }
        }
        """

    @Test("the copy's construction is the span; the read and the update are related; help names the holder")
    func staleCopySpanAndRelated() throws {
        let diagnostics = lint(StaleCoordinatorParent.self, [(path: "Picker.swift", code: Self.picker)])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(spanned(diagnostic, in: Self.picker) == ".init(owner: self)")
        #expect(diagnostic.message == "`Picker.Coordinator` keeps the first `Picker` and reads `onPick` from it")
        #expect(diagnostic.help?.contains("`context.coordinator.owner = self`") == true)
        #expect(diagnostic.related.map(\.location.line) == [9, 4])
        // The read and the update decide the finding (`--changed-lines-only` keeps it when they change).
        #expect(diagnostic.decidedBy.map(\.line) == [9, 4])
    }

    @Test("a coordinator whose class this file only extends is not judged")
    func coordinatorDeclaredElsewhere() {
        let code = """
            struct Picker: UIViewControllerRepresentable {
                var onPick: (URL) -> Void
                func makeUIViewController(context: Context) -> PHPickerViewController { PHPickerViewController() }
                func updateUIViewController(_ picker: PHPickerViewController, context: Context) {}
                func makeCoordinator() -> PickerCoordinator { PickerCoordinator(self) }
            }
            extension PickerCoordinator {
                func finish(_ url: URL) { parent.onPick(url) }
            }
            """
        #expect(lint(StaleCoordinatorParent.self, [(path: "Picker.swift", code: code)]).isEmpty)
    }

    // MARK: state_modified_during_update

    private static let textView = """
        struct GrowingText: UIViewRepresentable {
            @Binding var height: CGFloat
            func makeUIView(context: Context) -> UITextView { UITextView() }
            func updateUIView(_ textView: UITextView, context: Context) {
                height = textView.contentSize
                    .height
                measure(textView)
            }
            private func measure(_ textView: UITextView) {
                self.height += 1
            }
        }
        """

    @Test("the write is the span, across lines; a write in a helper names the call that reaches it")
    func writeSpanAndHelper() throws {
        let diagnostics = lint(StateModifiedDuringUpdate.self, [(path: "Text.swift", code: Self.textView)])
        #expect(diagnostics.count == 2)
        let direct = try #require(diagnostics.first)
        #expect(spanned(direct, in: Self.textView) == "height = textView.contentSize\n            .height")
        #expect(direct.end?.line == 6)
        #expect(direct.related.isEmpty)
        let helper = try #require(diagnostics.last)
        #expect(spanned(helper, in: Self.textView) == "self.height += 1")
        #expect(helper.message == "`height` (`@Binding`) changes in `measure` while SwiftUI runs `updateUIView`")
        #expect(helper.related.map(\.message) == ["`updateUIView` calls `measure` here"])
        #expect(helper.related.first?.location.line == 7)
        #expect(helper.decidedBy.map(\.line) == [7])
        #expect(direct.decidedBy.isEmpty)
    }

    private static let surface = """
        struct Surface: UIViewRepresentable {
            @ObservedObject var model: PlayerModel
            let settings: PlayerSettings
            func makeUIView(context: Context) -> PlayerView { PlayerView() }
            func updateUIView(_ view: PlayerView, context: Context) {
                model.isReady = view.isReady
                model.frameCount = view.frameCount
                settings.volume = view.volume
            }
        }
        """

    @Test("a write through an object counts only where its class declares the member @Published, in any file")
    func publishedAcrossFiles() throws {
        let model = """
            enum Playback {
                final class PlayerModel: ObservableObject {
                    @Published var isReady = false
                    var frameCount = 0
                }
            }
            final class PlayerSettings: ObservableObject {
                var volume: Float = 1
            }
            final class Unrelated: ObservableObject {
                @Published var frameCount = 0
                @Published var volume: Float = 1
            }
            """
        let diagnostics = lint(StateModifiedDuringUpdate.self, [(path: "Surface.swift", code: Self.surface),
                                                                (path: "Model.swift", code: model)])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(spanned(diagnostic, in: Self.surface) == "model.isReady = view.isReady")
        #expect(diagnostic.message == "`model.isReady` (`@Published`) changes while SwiftUI runs `updateUIView`")
        // Without the model's file, nothing is known to be published.
        #expect(lint(StateModifiedDuringUpdate.self, [(path: "Surface.swift", code: Self.surface)]).isEmpty)
    }

    // MARK: nested_navigation_container

    @Test("the container's head is the span; one diagnostic per container with every site that shows it")
    func containerSpanAndSites() throws {
        let view = """
            struct Checkout: View {
                @State private var path: [Step] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        CartList()
                    }
                }
            }
            """
        let hosts = """
            final class CartViewController: UIViewController {
                func next() {
                    let root = Checkout()
                    let host = UIHostingController(rootView: root)
                    navigationController?.pushViewController(host, animated: true)
                }
                func reopen() {
                    let controller: UIViewController
                    if Bool.random() {
                        controller = UIHostingController(rootView: Checkout())
                    } else {
                        controller = UIViewController()
                    }
                    navigationController?.pushViewController(controller, animated: false)
                }
            }
            """
        let diagnostics = lint(NestedNavigationContainer.self, [(path: "Checkout.swift", code: view),
                                                                (path: "Cart.swift", code: hosts)])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(spanned(diagnostic, in: view) == "NavigationStack(path: $path) {")
        #expect(diagnostic.related.map(\.location.file) == ["Cart.swift", "Cart.swift"])
        #expect(diagnostic.related.map(\.location.line) == [5, 14])
        #expect(diagnostic.decidedBy.map(\.file) == ["Cart.swift", "Cart.swift"])
    }

    @Test("a local declared in another case of a switch is not the one a site pushes")
    func switchCasesScopeLocals() {
        let code = """
            struct About: View {
                var body: some View { NavigationView { Text("About") } }
            }
            final class Settings: UITableViewController {
                func open(_ row: Int) {
                    let host = UIViewController()
                    switch row {
                    case 0:
                        let host = UIHostingController(rootView: About())
                        present(host, animated: true)
                    case 1:
                        navigationController?.pushViewController(host, animated: true)
                    default:
                        break
                    }
                    if row == 2 {
                        let host = UIHostingController(rootView: About())
                        present(host, animated: true)
                    }
                    navigationController?.pushViewController(host, animated: true)
                }
            }
            """
        #expect(lint(NestedNavigationContainer.self, [(path: "Settings.swift", code: code)]).isEmpty)
    }
}
