import Foundation
import SeamLintCore
import SeamLintEngine
import SeamLintCLI
import Testing

/// Objective-C files contribute project facts to Swift files' rules, and only rules that opt in
/// read Objective-C at all.
@Suite("Objective-C rules", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCRuleTests {
    /// Lints in-memory files of both languages together, as one project; diagnostics of `rules`.
    static func lint(_ files: [(name: String, code: String)], target: Version? = Version(16),
                     rules: Set<String> = ["menu_touch_through", "context_menu_workaround_scope", "scroll_edge_overlay",
                                           "key_window_lookup", "connected_scenes_first",
                                           "representable_dismantle_not_static"]) -> [Diagnostic] {
        let result = InMemoryLint.mixed(files, rules: allRules, target: target)
        #expect(result.problems.isEmpty, "\(result.problems)")
        return result.diagnostics.filter { rules.contains($0.ruleID) }
    }

    static let menu = """
        import SwiftUI

        struct SortButton: View {
            var body: some View {
                Menu("Sort") { Button("Name") {} }
            }
        }
        """
    static let workaroundHeader = """
        @interface MenuWorkaroundWindow : UIWindow
        @end
        """
    static let workaroundImplementation = """
        #import "MenuWorkaroundWindow.h"

        @implementation MenuWorkaroundWindow
        - (void)didAddSubview:(UIView *)subview {
            [super didAddSubview:subview];
            if (@available(iOS 18, *)) { return; }
            if ([NSStringFromClass([subview class]) isEqualToString:@"_UIContextMenuContainerView"]) {
                for (UIView *view in self.subviews) { view.userInteractionEnabled = view == subview; }
            }
        }
        @end
        """

    @Test func anObjectiveCWorkaroundWindowCountsForMenus() {
        let without = Self.lint([("SortButton.swift", Self.menu)])
        #expect(without.map(\.ruleID) == ["menu_touch_through"])
        // The window's interface is in the header; its implementation recognises the container.
        let with = Self.lint([("SortButton.swift", Self.menu), ("MenuWorkaroundWindow.h", Self.workaroundHeader),
                              ("MenuWorkaroundWindow.m", Self.workaroundImplementation)])
        #expect(with.isEmpty, "\(with.map(\.message))")
        // From iOS 18 on the Objective-C window is dead code, like a Swift one.
        let modern = Self.lint([("MenuWorkaroundWindow.m", Self.workaroundImplementation)], target: Version(18))
        #expect(modern.map(\.ruleID) == ["context_menu_workaround_scope"])
    }

    static let dialog = """
        import SwiftUI

        struct CheckoutView: View {
            @State private var confirming = false
            var body: some View {
                List { Text("Total") }
                    .overlay {
                        if confirming {
                            ZStack {
                                Color.black.opacity(0.4).ignoresSafeArea()
                                Text("Confirm")
                            }
                        }
                    }
            }
        }

        final class CartViewController: UIViewController {
            func showCheckout() {
                navigationController?.pushViewController(UIHostingController(rootView: CheckoutView()), animated: true)
            }
        }
        """

    @Test(arguments: [("configureWithOpaqueBackground", true), ("configureWithTransparentBackground", false)])
    func anObjectiveCScrollEdgeAppearanceCounts(configuration: String, fires: Bool) {
        let appearance = """
            @implementation SceneDelegate
            - (void)style:(UINavigationController *)navigationController {
                UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
                [appearance \(configuration)];
                navigationController.navigationBar.scrollEdgeAppearance = appearance;
            }
            @end
            """
        let found = Self.lint([("CheckoutView.swift", Self.dialog), ("SceneDelegate.m", appearance)])
        #expect(found.map(\.ruleID) == (fires ? ["scroll_edge_overlay"] : []))
        if fires {
            #expect(found.first?.related.first?.location.file == "SceneDelegate.m")
        }
    }

    /// Swift code in an Objective-C file is not read as Swift: rules without an Objective-C
    /// variant never see the file.
    @Test func swiftOnlyRulesIgnoreObjectiveCFiles() {
        let swiftLooking = """
            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView { MKMapView() }
                func updateUIView(_ view: MKMapView, context: Context) {}
                func dismantleUIView(_ view: MKMapView, coordinator: ()) {}
            }
            let scene = UIApplication.shared.connectedScenes.first
            """
        let asSwift = Self.lint([("MapView.swift", swiftLooking)])
        #expect(!asSwift.isEmpty)
        #expect(Self.lint([("MapView.m", swiftLooking)]).isEmpty)
    }

    /// Deep nesting does not overflow the stack (the Objective-C view walks with loops). Speed is measured
/// by scripts/benchmark.py, not asserted here.
    @Test(arguments: [("(", ")"), ("[", "]"), ("{", "}"), ("@[", "]")])
    func deepNesting(open: String, close: String) {
        let depth = 10_000
        let nested = String(repeating: open, count: depth) + "self.view" + String(repeating: close, count: depth)
        let source = "@implementation DeepViewController\n- (void)viewDidLoad {\n    id x = " + nested
            + ".window;\n    [" + nested + " addObserver:self forKeyPath:@\"subviews\" options:0 context:nil];\n}\n@end\n"
        _ = Self.lint([("Deep.m", source)], rules: Set(allRules.map { $0.description.id }))  // expects no problems
    }

    /// Suppression comments work in Objective-C files too.
    @Test func suppressionCommentsApply() {
        let source = """
            @implementation Helper
            + (UIWindow *)window {
                // seamlint:disable:next key_window_lookup
                return [UIApplication sharedApplication].keyWindow;
            }
            @end
            """
        #expect(Self.lint([("Helper.m", source)]).isEmpty)
        let unsuppressed = source.replacingOccurrences(of: "// seamlint:disable:next key_window_lookup\n", with: "")
        #expect(Self.lint([("Helper.m", unsuppressed)]).map(\.ruleID) == ["key_window_lookup"])
    }
}
