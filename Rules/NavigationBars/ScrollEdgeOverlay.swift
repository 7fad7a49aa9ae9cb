import SeamLintCore

/// Flags full-screen dimming dialogs drawn in SwiftUI content that a `UINavigationController`
/// hosts, when the project gives navigation bars an opaque scroll-edge appearance.
///
/// Facts: records `navbar.scrollEdgeAssignment`, `navbar.appearanceFactory`,
/// `navigation.hostsSwiftUI`, `navigation.pushedType`, `swiftui.hostingSubclass`,
/// `overlay.dialog`, `overlay.dimmingViewType`, `overlay.calls` and `swiftui.viewNode`; Objective-C
/// files contribute scroll-edge assignments and appearance factories.
public struct ScrollEdgeOverlay: ProjectRule, ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "scroll_edge_overlay",
        summary: "An overlay dialog in hosted SwiftUI ends up under an opaque UIKit navigation bar",
        rationale: """
        ### What it does
        When the project both sets an opaque scroll-edge appearance on navigation bars \
        (`scrollEdgeAppearance = …` on `UINavigationBar.appearance()`, a `navigationBar` or a \
        `navigationItem`, with an appearance made by `configureWithOpaqueBackground()` or given a \
        background colour or image) and puts SwiftUI into a `UINavigationController` (a \
        `UIHostingController` as root or pushed), flags each SwiftUI `.overlay` or `ZStack` dialog that \
        dims the whole screen with a layer such as `Color.black.opacity(0.4).ignoresSafeArea()`, in a \
        view that such a navigation controller shows: the hosted root view, or a view or modifier it \
        uses (followed across files by name). The appearance assignment and the hosting site are the \
        related locations. Appearances built by a helper in another file are followed by name; \
        appearances and root views whose origin cannot be seen are not counted, and dialogs in views \
        presented modally (`.overFullScreen`, `.fullScreenCover`) are left alone.

        ### Why is this bad?
        The navigation bar belongs to the navigation controller, not to the hosted SwiftUI view: it is \
        drawn above the hosting controller's view. Ignoring the safe area only stretches the dimming \
        layer under the bar, where the opaque bar background covers it, so the top of the screen stays \
        bright while the rest dims, and the bar's buttons (`navigationBarItems`, `toolbar`, the back \
        button) stay tappable while the "modal" dialog is shown — the user can navigate away from a \
        half-finished confirmation.

        ### Use instead
        Present the dialog above the navigation controller: from UIKit, in its own \
        `UIHostingController` with `modalPresentationStyle = .overFullScreen` (and a clear background), \
        or in SwiftUI with `.fullScreenCover` (with a clear presentation background on iOS 16.4+), or use \
        `.alert` / `.confirmationDialog`, which the system presents above the bars.
        """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uinavigationbar/scrolledgeappearance",
            "https://developer.apple.com/documentation/uikit/uibarappearance/configurewithopaquebackground()",
            "https://developer.apple.com/documentation/swiftui/view/fullscreencover(ispresented:ondismiss:content:)",
            "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overfullscreen",
        ],
        severity: .warning,
        triggering: [
            Example("""
            import SwiftUI

            struct CheckoutView: View {
                @State private var confirming = false

                var body: some View {
                    List { Text("Total") }
                        ↓.overlay {
                            if confirming {
                                ZStack {
                                    Color.black.opacity(0.4)
                                        .ignoresSafeArea()
                                    ConfirmCard(onClose: { confirming = false })
                                }
                            }
                        }
                }
            }
            """, companions: ["""
            import SwiftUI
            import UIKit

            enum Theme {
                static func apply() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    UINavigationBar.appearance().scrollEdgeAppearance = appearance
                }
            }

            final class CartViewController: UIViewController {
                func showCheckout() {
                    navigationController?.pushViewController(UIHostingController(rootView: CheckoutView()), animated: true)
                }
            }
            """]),
            // A ZStack screen whose dimming layer appears on demand; the appearance comes from a helper.
            Example("""
            import SwiftUI

            struct ProfileView: View {
                @State private var showsPicker = false

                var body: some View {
                    ↓ZStack {
                        Form { Toggle("Public", isOn: .constant(true)) }
                        if showsPicker {
                            Color(white: 0, opacity: 0.5)
                                .edgesIgnoringSafeArea(.all)
                            AvatarPicker()
                        }
                    }
                    .navigationBarItems(trailing: Button("Save") {})
                }
            }
            """, companions: ["""
            import UIKit

            extension UINavigationBarAppearance {
                static var brand: UINavigationBarAppearance {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithTransparentBackground()
                    appearance.backgroundColor = UIColor(named: "Brand")
                    return appearance
                }
            }
            """, """
            import SwiftUI
            import UIKit

            final class ProfileNavigationController: UINavigationController {
                convenience init() {
                    self.init(rootViewController: UIHostingController(rootView: ProfileView()))
                    navigationBar.scrollEdgeAppearance = .brand
                }
            }
            """]),
            // The dimming layer behind a view that fills the overlay, reaching under the bars itself.
            Example("""
            import SwiftUI

            struct ExportView: View {
                @State private var exporting = false

                var body: some View {
                    List { Text("Files") }
                        ↓.overlay {
                            if exporting {
                                ProgressView()
                                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                                    .background(Color.black.opacity(0.4).ignoresSafeArea())
                            }
                        }
                }
            }
            """, companions: ["""
            import SwiftUI
            import UIKit

            enum Bars {
                static func apply() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    UINavigationBar.appearance().scrollEdgeAppearance = appearance
                }
            }

            final class FilesViewController: UIViewController {
                func showExport() {
                    navigationController?.pushViewController(UIHostingController(rootView: ExportView()), animated: true)
                }
            }
            """]),
            // A dialog view declared once and overlaid by name elsewhere.
            Example("""
            import SwiftUI

            struct RatingView: View {
                @State private var asking = false
                var body: some View {
                    Form { Button("Rate") { asking = true } }
                        ↓.overlay {
                            if asking { RatingDialog(isPresented: $asking) }
                        }
                }
            }
            """, companions: ["""
            import SwiftUI

            struct RatingDialog: View {
                @Binding var isPresented: Bool
                var body: some View {
                    ZStack {
                        Color.black.opacity(0.3).ignoresSafeArea()
                        VStack { Text("Enjoying the app?"); Button("Close") { isPresented = false } }
                    }
                }
            }
            """, """
            import SwiftUI
            import UIKit

            final class SettingsViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    navigationItem.scrollEdgeAppearance = appearance
                    let host = UIHostingController(rootView: RatingView())
                    navigationController?.setViewControllers([self, host], animated: false)
                }
            }
            """]),
            // The hosted root view shows the dialog's view from a file that names no navigation or
            // dialog API: the chain is followed through it.
            Example("""
            import SwiftUI

            struct ReceiptDetails: View {
                @State private var refunding = false
                var body: some View {
                    Form { Button("Refund") { refunding = true } }
                        ↓.overlay {
                            if refunding {
                                Color.black.opacity(0.4).ignoresSafeArea()
                            }
                        }
                }
            }
            """, companions: ["""
            import SwiftUI

            struct ReceiptScreen: View {
                let receipt: Receipt
                var body: some View {
                    VStack { ReceiptDetails() }
                        .navigationTitle(receipt.title)
                }
            }
            """, """
            import SwiftUI
            import UIKit

            final class ReceiptsViewController: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    navigationItem.scrollEdgeAppearance = appearance
                }

                func open(_ receipt: Receipt) {
                    navigationController?.pushViewController(UIHostingController(rootView: ReceiptScreen(receipt: receipt)), animated: true)
                }
            }
            """]),
        ],
        nonTriggering: [
            // Translucent black that dims no screen: a row's background inside a scroll view and a badge's
            // fill, in a stack whose only full-screen layer is opaque (seen in an emulator's settings).
            Example("""
            import SwiftUI

            struct LibraryView: View {
                var body: some View {
                    ZStack {
                        Color.indigo.ignoresSafeArea()
                        ScrollView {
                            VStack {
                                Text("Recently played")
                                    .padding(8)
                                    .background(RoundedRectangle(cornerRadius: 6).fill(Color.black.opacity(0.5)))
                                Color.black.opacity(0.3).frame(height: 1)
                            }
                        }
                        Text("12")
                            .padding(4)
                            .background(Color.black.opacity(0.6))
                    }
                }
            }
            """, companions: ["""
            import SwiftUI
            import UIKit

            enum Bars {
                static func apply() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    UINavigationBar.appearance().scrollEdgeAppearance = appearance
                }
            }

            final class ShelfViewController: UIViewController {
                func showLibrary() {
                    navigationController?.pushViewController(UIHostingController(rootView: LibraryView()), animated: true)
                }
            }
            """]),
            // A transparent scroll-edge appearance: the dimming layer shows through the bar.
            Example("""
            import SwiftUI
            import UIKit

            func styleBars(_ navigationController: UINavigationController) {
                let appearance = UINavigationBarAppearance()
                appearance.configureWithTransparentBackground()
                navigationController.navigationBar.scrollEdgeAppearance = appearance
                navigationController.pushViewController(UIHostingController(rootView: DialogHost()), animated: false)
            }

            struct DialogHost: View {
                @State private var showing = true
                var body: some View {
                    List { Text("Row") }.overlay {
                        if showing { Color.black.opacity(0.4).ignoresSafeArea() }
                    }
                }
            }
            """),
            // Opaque appearance on a toolbar and a tab bar only.
            Example("""
            import SwiftUI
            import UIKit

            func styleBars(_ tabBarController: UITabBarController, _ navigationController: UINavigationController) {
                let appearance = UITabBarAppearance()
                appearance.configureWithOpaqueBackground()
                tabBarController.tabBar.scrollEdgeAppearance = appearance
                let toolbarAppearance = UIToolbarAppearance()
                toolbarAppearance.configureWithOpaqueBackground()
                navigationController.toolbar.scrollEdgeAppearance = toolbarAppearance
                navigationController.pushViewController(UIHostingController(rootView: DialogHost()), animated: false)
            }

            struct DialogHost: View {
                @State private var showing = true
                var body: some View {
                    List { Text("Row") }.overlay {
                        if showing { Color.black.opacity(0.4).ignoresSafeArea() }
                    }
                }
            }
            """),
            // The fix: the dialog is presented over the full screen from UIKit.
            Example("""
            import SwiftUI
            import UIKit

            final class OrdersViewController: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    navigationController?.navigationBar.scrollEdgeAppearance = appearance
                }

                func showDetail() {
                    navigationController?.pushViewController(UIHostingController(rootView: Text("Detail")), animated: true)
                }

                func confirmCancel() {
                    let dialog = UIHostingController(rootView: CancelDialog())
                    dialog.modalPresentationStyle = .overFullScreen
                    dialog.view.backgroundColor = .clear
                    present(dialog, animated: true)
                }
            }

            struct CancelDialog: View {
                var body: some View {
                    ZStack {
                        Color.black.opacity(0.4).ignoresSafeArea()
                        Text("Cancel the order?")
                    }
                }
            }
            """),
            // Presented with fullScreenCover; and an overlay without a full-screen dimming layer.
            Example("""
            import SwiftUI
            import UIKit

            final class Host: UIViewController {
                func setUp() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    UINavigationBar.appearance().scrollEdgeAppearance = appearance
                    let navigation = UINavigationController(rootViewController: UIHostingController(rootView: Screen()))
                    present(navigation, animated: true)
                }
            }

            struct Screen: View {
                @State private var showing = false
                var body: some View {
                    List { Text("Row") }
                        .fullScreenCover(isPresented: $showing) {
                            ZStack {
                                Color.black.opacity(0.4).ignoresSafeArea()
                                Text("Dialog")
                            }
                        }
                        .overlay(alignment: .bottom) {
                            Text("Saved").padding().background(.thinMaterial, in: Capsule())
                        }
                }
            }
            """),
            // No SwiftUI in a navigation controller: SwiftUI is the whole window.
            Example("""
            import SwiftUI
            import UIKit

            func style() {
                let appearance = UINavigationBarAppearance()
                appearance.configureWithOpaqueBackground()
                UINavigationBar.appearance().scrollEdgeAppearance = appearance
            }

            struct Screen: View {
                @State private var showing = true
                var body: some View {
                    Text("Content").overlay {
                        if showing { Color.black.opacity(0.4).ignoresSafeArea() }
                    }
                }
            }
            """),
            // The dialog view is only presented modally over full screen; the pushed screen has no dialog.
            // (Its colours in a shadow and a gradient are not dimming layers either.)
            Example("""
            import SwiftUI
            import UIKit

            final class DashboardViewController: UIViewController {
                func setUp() {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    navigationController?.navigationBar.scrollEdgeAppearance = appearance
                    navigationController?.pushViewController(UIHostingController(rootView: StatsView()), animated: true)
                }

                func showAnnouncement() {
                    let modal = UIHostingController(rootView: AnnouncementOverlay())
                    modal.modalPresentationStyle = .overFullScreen
                    modal.view.backgroundColor = .clear
                    present(modal, animated: true)
                }
            }

            struct StatsView: View {
                var body: some View {
                    ZStack {
                        List { Text("Visitors") }
                        Text("Live").padding().shadow(color: .black.opacity(0.2), radius: 4)
                        LinearGradient(colors: [.black.opacity(0), .black], startPoint: .top, endPoint: .bottom)
                            .ignoresSafeArea()
                    }
                }
            }

            struct AnnouncementOverlay: View {
                @State private var visible = true
                var body: some View {
                    ZStack {
                        if visible {
                            Color.black.opacity(0.5).ignoresSafeArea()
                            Text("New: reports")
                        }
                    }
                }
            }
            """),
            // A dark background screen, not a dialog; and an appearance whose origin cannot be seen.
            Example("""
            import SwiftUI
            import UIKit

            final class PlayerNavigationController: UINavigationController {
                func configure(with appearance: UINavigationBarAppearance) {
                    navigationBar.scrollEdgeAppearance = appearance
                    pushViewController(UIHostingController(rootView: PlayerView()), animated: false)
                }
            }

            struct PlayerView: View {
                var body: some View {
                    ZStack {
                        Color.black.opacity(0.9).ignoresSafeArea()
                        Text("Now Playing").foregroundStyle(.white)
                    }
                }
            }
            """),
        ]
    )

    /// Every word a fact of `collectFacts` needs (each part below checks its own first):
    /// `scrollEdgeAppearance` and `UINavigationBarAppearance` (appearances), `NavigationController`,
    /// `pushViewController`, `setViewControllers`, `show(` (hosting sites), `UIHostingController`
    /// (subclasses), `overlay` and `ZStack` (dialogs). The composition nodes of the files that spell
    /// none of them are deferred facts (`View` is in most SwiftUI and UIKit files): they matter only
    /// where a hosted root view's walk reaches them.
    public static var factTriggerWords: [String] {
        ["NavigationController", "pushViewController", "setViewControllers", "show(", "UIHostingController", "overlay",
         "ZStack", "scrollEdgeAppearance", "UINavigationBarAppearance"]
    }

    /// The composition nodes of a file without `factTriggerWords` are read in a second pass, only for
    /// a project with an opaque scroll-edge appearance, a dimming dialog and a root view hosted in a
    /// navigation controller (what `finish` needs before it walks the nodes), from the files that
    /// spell a name the walk from the hosted roots reaches.
    public static var defersFacts: Bool { true }
    public static var deferredFactsComplementFirstPass: Bool { true }

    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        opaqueAppearance(in: firstPass) != nil && hasDimmingDialogs(firstPass) && !hostedViews(firstPass).isEmpty
    }

    /// The names the walk reaches (another file may extend them) and those their nodes use (another
    /// file may declare them): a node's file spells its name.
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        var words = Set<String>()
        var references: [String: [[String]]] = [:]
        for node in facts.viewNodes { references[node.name, default: []].append(node.references) }
        for name in hostedViews(facts).keys {
            words.insert(name)
            for used in (references[name] ?? []).joined() { words.insert(used) }
        }
        return words.sorted()
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        // A file that spells a first-pass word recorded its nodes in the first pass.
        guard !Self.firstPassCollects(context.file), Self.linted(context) else { return }
        recordViewNodes(context.file, into: &facts)
    }

    /// iOS code that is not a test.
    private static func linted(_ context: RuleContext) -> Bool {
        let file = context.file
        return !context.isTestFile && context.deploymentTarget.buildsForIOS && !file.importsAppKitOnly
            && !file.pathNamesOtherPlatform
    }

    /// Which views use which: a dialog matters when a hosted root view shows it.
    private func recordViewNodes(_ file: SourceFile, into facts: inout Facts) {
        for node in file.viewCompositionNodes() {
            facts.viewNodes.append(ViewNode(name: file.text(at: node.name), references: node.references.map(file.text(at:))))
        }
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        guard Self.linted(context) else { return }
        func names(_ tokens: [Int]) -> [String] { tokens.map { file.text(at: $0) } }
        recordAppearances(file.navigationScrollEdgeAssignments().filter { !file.isOutsideIOS(at: $0.member) },
                          file.navigationAppearanceFactories(), context, into: &facts)
        let sites = file.navigationHostingSites()
        for site in sites.hosting {
            facts.hostedInNavigation.append(NavigationHost(site: context.factLocation(at: site.site), roots: names(site.roots)))
        }
        for pushed in sites.pushedTypes {
            facts.pushedTypes.append(NamedSite(site: context.factLocation(at: pushed.site), type: file.text(at: pushed.type)))
        }
        for subclass in file.hostingControllerSubclasses() {
            facts.hostingSubclasses.append(HostingSubclass(type: file.text(at: subclass.name), roots: names(subclass.roots)))
        }
        // The `.overlay(` call (a `ZStack` by its name), named by the `overlay` token as before.
        func overlaySite(_ index: Int) -> FactLocation {
            guard file.isName(index, "overlay") else { return context.factLocation(at: index) }
            let first = index > 0 && file.code[index - 1].kind == .period ? index - 1 : index
            let opens = index + 1 < file.code.count
                && (file.code[index + 1].kind == .leftParen || file.code[index + 1].kind == .leftBrace)
            return context.factLocation(from: first, through: opens ? index + 1 : index, anchor: index)
        }
        let dialogs = file.dimmingDialogs()
        for dialog in dialogs.dialogs {
            facts.dimmingDialogs.append(DimmingDialog(site: overlaySite(dialog.site),
                                                      node: dialog.node.map(file.text(at:))))
        }
        facts.dimmingViewTypes += dialogs.dimmingViewTypes.map(file.text(at:))
        for overlay in dialogs.overlayCalls {
            facts.overlayCalls.append(OverlayCall(site: overlaySite(overlay.overlay), types: names(overlay.types),
                                                  node: overlay.node.map(file.text(at:))))
        }
        recordViewNodes(file, into: &facts)
    }

    /// Its Objective-C facts are scroll-edge assignments and appearance factories only (see
    /// `objectiveCScrollEdgeAssignments` and `objectiveCAppearanceFactories`).
    public static var objectiveCFactTriggerWords: [String] { ["crollEdgeAppearance", "UINavigationBarAppearance"] }

    public func collectObjectiveCFacts(_ context: RuleContext, into facts: inout Facts) {
        guard !context.isTestFile, context.deploymentTarget.buildsForIOS else { return }
        recordAppearances(context.file.objectiveCScrollEdgeAssignments(), context.file.objectiveCAppearanceFactories(),
                          context, into: &facts)
    }

    private func recordAppearances(_ assignments: [ScrollEdgeAssignment], _ factories: [(name: Int, opacity: AppearanceOpacity)],
                                   _ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        for assignment in assignments {
            let evidence = assignment.evidence.map { evidence in
                let call = file.isName(evidence, "configureWithOpaqueBackground") ? "`configureWithOpaqueBackground()`"
                    : "a `\(file.text(at: evidence))`"
                return "\(call) on line \(file.location(of: evidence).line)"
            }
            facts.scrollEdgeAssignments.append(AppearanceAssignment(site: context.factLocation(at: assignment.member),
                                                                    opacity: assignment.opacity, source: assignment.source,
                                                                    evidence: evidence))
        }
        for factory in factories {
            facts.appearanceFactories.append(AppearanceFactory(name: file.text(at: factory.name), opacity: factory.opacity))
        }
    }

    /// An opaque scroll-edge appearance, directly or through a helper seen elsewhere.
    private static func opaqueAppearance(in facts: Facts) -> AppearanceAssignment? {
        facts.scrollEdgeAssignments.first { assignment in
            switch assignment.opacity {
            case .opaque: return true
            case .unknown:
                guard let source = assignment.source else { return false }
                return facts.appearanceFactories.contains { $0.name == source && $0.opacity == .opaque }
            case .transparent: return false
            }
        }
    }

    /// A dialog that dims the screen, here or by a type overlaid by name.
    private static func hasDimmingDialogs(_ facts: Facts) -> Bool {
        !facts.dimmingDialogs.isEmpty || (!facts.dimmingViewTypes.isEmpty && !facts.overlayCalls.isEmpty)
    }

    /// SwiftUI views a navigation controller shows, each with the site that hosts it: the root views
    /// hosted in one, and every view reachable from them through the views and modifiers they use.
    private static func hostedViews(_ facts: Facts) -> [String: FactLocation] {
        var subclassRoots: [String: [String]] = [:]
        for subclass in facts.hostingSubclasses { subclassRoots[subclass.type, default: []] += subclass.roots }
        var hostedBy: [String: FactLocation] = [:]
        var queue: [String] = []
        func host(_ root: String, at site: FactLocation) {
            guard hostedBy[root] == nil else { return }
            hostedBy[root] = site
            queue.append(root)
        }
        for hosting in facts.hostedInNavigation {
            for root in hosting.roots { host(root, at: hosting.site) }
        }
        for pushed in facts.pushedTypes {
            guard let roots = subclassRoots[pushed.type] else { continue }
            for root in roots { host(root, at: pushed.site) }
        }
        guard !queue.isEmpty else { return [:] }
        var references: [String: [[String]]] = [:]
        for node in facts.viewNodes { references[node.name, default: []].append(node.references) }
        var next = 0
        while next < queue.count {
            let name = queue[next]
            next += 1
            for reference in (references[name] ?? []).joined()
            where hostedBy[reference] == nil && references[reference] != nil {
                host(reference, at: hostedBy[name]!)
            }
        }
        return hostedBy
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard let appearance = Self.opaqueAppearance(in: facts) else { return }
        // No dialog that dims the screen: nothing to trace (the common case, and the costly part).
        guard Self.hasDimmingDialogs(facts) else { return }
        let dimmingTypes = Set(facts.dimmingViewTypes)
        let hostedBy = Self.hostedViews(facts)
        guard !hostedBy.isEmpty else { return }

        let viaHelper = appearance.opacity == .unknown
        let origin = viaHelper ? " (built by `\(appearance.source ?? "a helper")`)"
            : appearance.evidence.map { " (\($0))" } ?? ""
        func related(_ site: FactLocation) -> [RelatedLocation] {
            [RelatedLocation(location: appearance.site.location, message: "opaque scroll-edge appearance set here\(origin)"),
             RelatedLocation(location: site.location, message: "this view is hosted in a navigation controller here")]
        }
        let tappable = "The opaque bar of the hosting `UINavigationController` stays on top, and its buttons stay tappable."
        var reported = Set<Location>()
        for dialog in facts.dimmingDialogs {
            guard let node = dialog.node, let site = hostedBy[node],
                  reported.insert(dialog.site.location).inserted else { continue }
            context.report(at: dialog.site, "This dialog's dimming layer is drawn under the opaque navigation bar",
                           help: "Present the dialog with `.fullScreenCover`, or from UIKit in its own `UIHostingController` "
                               + "with `.overFullScreen`. \(tappable)",
                           related: related(site))
        }
        guard !dimmingTypes.isEmpty else { return }
        for overlay in facts.overlayCalls {
            guard let node = overlay.node, let site = hostedBy[node],
                  let type = overlay.types.first(where: dimmingTypes.contains),
                  reported.insert(overlay.site.location).inserted else { continue }
            context.report(at: overlay.site, "`\(type)` dims the screen, but overlaid here it is drawn under the navigation bar",
                           help: "Present it with `.fullScreenCover`, or from UIKit in its own `UIHostingController` with "
                               + "`.overFullScreen`. \(tappable)",
                           related: related(site))
        }
    }
}
