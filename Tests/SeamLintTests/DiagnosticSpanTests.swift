import Foundation
import SeamLintCore
@testable import SeamLintEngine
import SeamLintRules
import SeamLintCLI
import Testing

/// Every diagnostic spans the construct a reader must change, and its primary position (what the
/// Xcode format prints, what `disable:next` and the baseline key on) is the start of that span.
@Suite("Diagnostic spans")
struct DiagnosticSpanTests {
    /// The flagged text, start line:column and end line:column of each finding of `rule`.
    static func spans(_ code: String, _ rule: any Rule.Type, companions: [String] = [], language: SourceLanguage = .swift,
                      target: Version? = nil) -> [(text: String, start: String, end: String)] {
        let name = language == .swift ? "A.swift" : "A.m"
        var sources = [(path: name, code: code)]
        for (index, companion) in companions.enumerated() { sources.append((path: "B\(index).swift", code: companion)) }
        let bytes = Array(code.utf8)
        return InMemoryLint.diagnostics(sources, rules: [rule], language: language, target: target)
            .filter { $0.ruleID == rule.description.id && $0.location.file == name }
            .sorted { $0.location.offset < $1.location.offset }
            .map { diagnostic in
                let range = diagnostic.location.offset..<diagnostic.location.offset + diagnostic.length
                let end = diagnostic.end.map { "\($0.line):\($0.column)" } ?? "?"
                return (String(decoding: bytes[range], as: UTF8.self),
                        "\(diagnostic.location.line):\(diagnostic.location.column)", end)
            }
    }

    @Test func sceneLookupsSpanTheChainFromItsFirstTokenToThePick() {
        let code = """
            import UIKit
            func a() { let s = UIApplication.shared.connectedScenes.first }
            func b() {
                let s = UIApplication.shared
                    .connectedScenes
                    .first { $0.activationState == .foregroundActive }
            }
            func c() { let s = (UIApplication.shared.connectedScenes).first }
            func d() { let s = Array(UIApplication.shared.connectedScenes)[0] }
            func e() {
                let scenes = UIApplication.shared.connectedScenes
                let s = scenes.first
            }
            extension UIApplication {
                var firstScene: UIScene? { connectedScenes.first }
                var lastScene: UIScene? { self.connectedScenes.first(where: { _ in true }) }
            }
            """
        let found = Self.spans(code, ConnectedScenesFirst.self)
        #expect(found.map(\.text) == [
            "UIApplication.shared.connectedScenes.first",
            "UIApplication.shared\n        .connectedScenes\n        .first { $0.activationState == .foregroundActive }",
            "(UIApplication.shared.connectedScenes).first",
            "Array(UIApplication.shared.connectedScenes)[0]",
            "scenes.first",
            "connectedScenes.first",
            "self.connectedScenes.first(where: { _ in true })",
        ])
        #expect(found.first?.start == "2:20" && found.first?.end == "2:62")
        #expect(found.dropFirst().first.map { $0.start + "-" + $0.end } == "4:13-6:59", "across lines")
    }

    @Test func windowLookupsAndEarlyWindowReadsSpanTheirChain() {
        let lookup = """
            import UIKit
            func a() { UIApplication.shared.windows.first(where: \\.isKeyWindow)?.makeKey() }
            """
        #expect(Self.spans(lookup, KeyWindowLookup.self).map(\.text) == ["UIApplication.shared.windows.first(where: \\.isKeyWindow)"])
        let early = """
            import UIKit
            final class C: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let scene = self.view.window?.windowScene
                }
            }
            """
        #expect(Self.spans(early, WindowBeforeAppearance.self).map(\.text) == ["self.view.window"])
    }

    @Test(.enabled(if: ObjectiveCFixture.isAvailable)) func objectiveCLookupsStartAtTheMessageBracket() {
        let code = """
            @implementation Helper
            - (void)run {
                UIWindowScene *scene = (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.anyObject;
                UIWindow *window = [[[UIApplication sharedApplication] windows] firstObject];
            }
            @end
            """
        #expect(Self.spans(code, ConnectedScenesFirst.self, language: .objectiveC).map(\.text)
            == ["[UIApplication sharedApplication].connectedScenes.anyObject"])
        #expect(Self.spans(code, KeyWindowLookup.self, language: .objectiveC).map(\.text)
            == ["[[[UIApplication sharedApplication] windows] firstObject]"])
    }

    @Test func declarationFindingsSpanTheDeclarationsFirstLine() {
        let code = """
            import SwiftUI
            import MapKit
            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView { MKMapView() }
                func updateUIView(_ view: MKMapView, context: Context) {}
                @MainActor
                public func dismantleUIView(_ uiView: MKMapView, coordinator: Coordinator) {
                    uiView.removeAnnotations(uiView.annotations)
                }
            }
            """
        let found = Self.spans(code, RepresentableDismantleNotStatic.self)
        #expect(found.map(\.text) == ["public func dismantleUIView(_ uiView: MKMapView, coordinator: Coordinator)"])
        #expect(found.first?.start == "7:5")
        let trivial = """
            import SwiftUI
            struct Spinner: UIViewRepresentable {
                func makeUIView(context: Context) -> UIActivityIndicatorView { UIActivityIndicatorView() }
                func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {}
            }
            """
        #expect(Self.spans(trivial, TrivialRepresentable.self).map(\.text) == ["struct Spinner: UIViewRepresentable"])
    }

    @Test func overlayDialogsSpanTheOverlayCallAndMenusTheirName() throws {
        let overlay = try #require(ScrollEdgeOverlay.description.triggering.first)
        let marked = MarkedSource(overlay.code)
        let found = Self.spans(marked.code, ScrollEdgeOverlay.self, companions: overlay.companions)
        #expect(found.map(\.text) == [".overlay {"])
        let menu = """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Menu("Sort") { Button("Name") {} }
                }
            }
            """
        #expect(Self.spans(menu, MenuTouchThrough.self, target: Version(16)).map(\.text) == ["Menu"])
    }

    /// The baseline and the SARIF/GitLab identities hash what the rule pointed at before spans
    /// (the pick), so entries recorded then still match a finding whose start moved.
    @Test func theContentFingerprintStillHashesThePick() throws {
        let code = "import UIKit\nfunc f() {\n    let s = UIApplication.shared\n        .connectedScenes.first\n}\n"
        let result = InMemoryLint.run([(path: "A.swift", code: code)], rules: [ConnectedScenesFirst.self])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.line == 3, "the primary position is the chain's start")
        let pick = try #require(code.utf8.indices(of: "first"))
        var content = ContentFingerprint(bytes: Array(code.utf8))
        #expect(diagnostic.contentFingerprint == content.of(offset: pick, length: 5))
        // Control: hashing the whole span gives another identity.
        #expect(diagnostic.contentFingerprint != content.of(offset: diagnostic.location.offset, length: diagnostic.length))
        let fingerprinter = BaselineFingerprinter(baselinePath: "/tmp/b.json", workingDirectory: "/tmp",
                                                  source: { _ in Array(code.utf8) })
        var unstamped = diagnostic
        unstamped.contentFingerprint = nil
        #expect(fingerprinter.fingerprint(of: unstamped) == diagnostic.contentFingerprint)
    }

    /// `disable:next` applies to the line where a multi-line span starts, not where its pick is.
    @Test func disableNextSilencesAMultiLineSpanFromTheLineAboveItsStart() {
        let above = """
            import UIKit
            func f() {
                // seamlint:disable:next connected_scenes_first
                let s = UIApplication.shared
                    .connectedScenes.first
            }
            """
        let result = InMemoryLint.run([(path: "A.swift", code: above)], rules: allRules)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let atThePick = """
            import UIKit
            func f() {
                let s = UIApplication.shared
                    // seamlint:disable:next connected_scenes_first
                    .connectedScenes.first
            }
            """
        let ids = InMemoryLint.run([(path: "A.swift", code: atThePick)], rules: allRules).diagnostics.map(\.ruleID)
        #expect(ids.contains("connected_scenes_first"), "the span starts on the line above the comment")
    }
}

private extension String.UTF8View {
    /// The byte offset of the first occurrence of `word`.
    func indices(of word: String) -> Int? {
        let bytes = Array(self), target = Array(word.utf8)
        guard bytes.count >= target.count else { return nil }
        return (0...(bytes.count - target.count)).first { Array(bytes[$0..<$0 + target.count]) == target }
    }
}
