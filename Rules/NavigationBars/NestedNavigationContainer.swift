import SeamLintCore

/// Flags a SwiftUI navigation container (`NavigationView`, `NavigationStack`, `NavigationSplitView`)
/// at the root of a view that a `UIHostingController` shows inside a `UINavigationController`
/// (pushed, or as its root): two navigation stacks, two bars.
///
/// Facts: hosting controllers put into a navigation controller (with the root view types they host,
/// or the container written inline as their root view), `Name(…)` pushed where `Name` may be a
/// hosting subclass, hosting subclasses with their root views, and view types whose body is rooted
/// in a navigation container or in one other view.
public struct NestedNavigationContainer: ProjectRule {
    public init() {}

    /// Hosting sites and subclasses spell `Navigation`, `HostingController`, `pushViewController`,
    /// `setViewControllers` or `show(`, and a view rooted in a container its name. A view whose body
    /// is one other view is a deferred fact where its file spells none of them (`View` is in most
    /// SwiftUI and UIKit files).
    public static let factTriggerWords = ["Navigation", "HostingController", "pushViewController", "setViewControllers", "show("]

    /// Views whose body is one other view matter only on the way from a hosted root view to a
    /// container: they are read in a second pass, for a project with a root hosted in a navigation
    /// controller and a view rooted in a container, from the files that spell a name on that way.
    public static var defersFacts: Bool { true }
    public static var deferredFactsComplementFirstPass: Bool { true }

    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        !firstPass.rootedViews.isEmpty && !hostedRoots(firstPass).isEmpty
    }

    /// The names reached from the hosted roots through the views whose body is one other view,
    /// short of those rooted in a container (`finish` does not look past them): a view's file
    /// spells its name.
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        let rooted = Set(facts.rootedViews.map(\.type))
        var forwards: [String: [String]] = [:]
        for view in facts.forwardingViews { forwards[view.type, default: []].append(view.target) }
        var reached = Set<String>()
        var queue = hostedRoots(facts)
        while let name = queue.popLast() {
            guard !rooted.contains(name), reached.insert(name).inserted else { continue }
            queue += forwards[name] ?? []
        }
        return reached.sorted()
    }

    /// The root view types hosted in a navigation controller (directly, or by a hosting subclass pushed).
    private static func hostedRoots(_ facts: Facts) -> [String] {
        var subclassRoots: [String: [String]] = [:]
        for subclass in facts.hostingSubclasses { subclassRoots[subclass.type, default: []] += subclass.roots }
        return facts.hostedInNavigation.flatMap(\.roots) + facts.pushedTypes.flatMap { subclassRoots[$0.type] ?? [] }
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        // A file that spells a first-pass word recorded its views in the first pass.
        guard !Self.firstPassCollects(context.file), Self.linted(context) else { return }
        recordViews(context, into: &facts)
    }

    /// iOS Swift code that is not a test.
    private static func linted(_ context: RuleContext) -> Bool {
        let file = context.file
        return file.language == .swift && !context.isTestFile && context.deploymentTarget.buildsForIOS
            && !file.importsAppKitOnly && !file.pathNamesOtherPlatform
    }

    public static let description = RuleDescription(
        id: "nested_navigation_container",
        summary: "A SwiftUI navigation container is shown inside a UIKit navigation controller",
        rationale: """
            ### What it does
            Finds SwiftUI views whose `body` is rooted in a `NavigationView`, `NavigationStack` or \
            `NavigationSplitView` (with modifiers, or in every branch of an `if #available … else`) and that a \
            `UIHostingController` shows inside a `UINavigationController`: pushed \
            (`pushViewController`, `setViewControllers`, `show(_:sender:)`) or as its \
            `rootViewController`, in any file of the project. Views hosted through a view whose body is \
            just that view (`Screen()` with modifiers), `UIHostingController` subclasses and a container \
            written inline (`UIHostingController(rootView: NavigationView { … })`) are followed. A body that \
            is a navigation container only in some branches is not flagged, nor a push from a type that hides \
            the UIKit bar (`setNavigationBarHidden(true, animated:)`, `isNavigationBarHidden = true`): the \
            SwiftUI bar is then the only one.

            ### Why is this bad?
            The navigation controller already draws a navigation bar above the hosted view and manages a \
            stack of screens. The SwiftUI container adds a second stack inside one of its screens: a second \
            bar appears under the first (with its own, usually empty, title and back button), or, when \
            one of them is hidden to hide the symptom, the bar's items and title are managed by two owners \
            that overwrite each other. `NavigationLink`s push inside the inner stack, so the UIKit back \
            button pops the whole SwiftUI stack at once, the swipe-back gesture and large-title collapse go \
            to the wrong stack, and on iPad a `NavigationSplitView` squeezes a split layout into one pushed \
            screen.

            Neighbouring rules: `scroll_edge_overlay` reports overlay dialogs inside such hosted views, a \
            different construct; this rule reports only the navigation container.

            ### Use instead
            Remove the SwiftUI container from the hosted view. Its `navigationTitle`, \
            `navigationBarTitleDisplayMode` and `toolbar` modifiers work without one: the hosting \
            controller hands them to its own `navigationItem`, which the UIKit navigation bar shows. Push \
            further screens with the navigation controller (from a coordinator or a closure the view is \
            given), or present SwiftUI that needs its own stack modally.

            ```swift
            struct SettingsView: View {
                var body: some View {
                    List { … }
                        .navigationTitle("Settings")
                        .toolbar { Button("Done", action: done) }
                }
            }
            navigationController?.pushViewController(UIHostingController(rootView: SettingsView()), animated: true)
            ```
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uihostingcontroller",
            "https://developer.apple.com/documentation/swiftui/navigationstack",
            "https://developer.apple.com/documentation/swiftui/navigationview",
            "https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj",
            "https://developer.apple.com/documentation/uikit/uinavigationcontroller",
        ],
        severity: .warning,
        triggering: [
            // Pushed onto a navigation controller from another file.
            Example("""
                import SwiftUI

                struct SettingsView: View {
                    var body: some View {
                        ↓NavigationView {
                            List { Toggle("Sync", isOn: .constant(true)) }
                                .navigationTitle("Settings")
                        }
                        .navigationViewStyle(.stack)
                    }
                }
                """, companions: ["""
                import SwiftUI
                import UIKit

                final class ProfileViewController: UIViewController {
                    @objc func openSettings() {
                        let settings = UIHostingController(rootView: SettingsView())
                        navigationController?.pushViewController(settings, animated: true)
                    }
                }
                """]),
            // The root of a UINavigationController; a NavigationStack in both branches of #available.
            Example("""
                import SwiftUI

                struct OnboardingView: View {
                    @State private var path: [Step] = []
                    var body: some View {
                        if #available(iOS 16, *) {
                            ↓NavigationStack(path: $path) { WelcomeStep() }
                        } else {
                            NavigationView { WelcomeStep() }
                        }
                    }
                }

                final class OnboardingCoordinator {
                    func start(in window: UIWindow) {
                        window.rootViewController = UINavigationController(rootViewController: UIHostingController(rootView: OnboardingView()))
                    }
                }
                """),
            // Hosted through a view whose body is that view, by a UIHostingController subclass.
            Example("""
                import SwiftUI

                struct InboxContent: View {
                    var body: some View {
                        ↓NavigationSplitView {
                            List { Text("Inbox") }
                        } detail: {
                            Text("Select a message")
                        }
                    }
                }
                """, companions: ["""
                import SwiftUI

                struct InboxScreen: View {
                    @StateObject var store = InboxStore()
                    var body: some View {
                        InboxContent().environmentObject(store)
                    }
                }

                final class InboxHostingController: UIHostingController<InboxScreen> {
                    init() { super.init(rootView: InboxScreen()) }
                    @MainActor required dynamic init?(coder: NSCoder) { fatalError() }
                }
                """, """
                import UIKit

                final class MailCoordinator {
                    let navigationController = UINavigationController()
                    func showInbox() {
                        navigationController.setViewControllers([InboxHostingController()], animated: false)
                    }
                }
                """]),
            // Written inline as the hosting controller's root view.
            Example("""
                import SwiftUI
                import UIKit

                final class AccountViewController: UITableViewController {
                    func showDevices() {
                        let devices = UIHostingController(rootView: ↓NavigationView { DeviceList() })
                        show(devices, sender: self)
                    }
                }
                """),
            // Generic hosting type and `return` in the body.
            Example("""
                import SwiftUI
                import UIKit

                struct HelpView: View {
                    var body: some View {
                        return ↓NavigationStack {
                            HelpTopics()
                        }
                        .tint(.orange)
                    }
                }

                extension UINavigationController {
                    func pushHelp() {
                        pushViewController(UIHostingController<HelpView>(rootView: HelpView()), animated: true)
                    }
                }
                """),
            // Hosted through a view in a file that names no navigation API.
            Example("""
                import SwiftUI

                struct ReaderContent: View {
                    var body: some View {
                        ↓NavigationStack {
                            Text("Chapter 1")
                        }
                    }
                }
                """, companions: ["""
                import SwiftUI

                struct ReaderScreen: View {
                    let book: Book
                    var body: some View {
                        ReaderContent().tint(book.accent)
                    }
                }
                """, """
                import SwiftUI
                import UIKit

                final class LibraryViewController: UICollectionViewController {
                    func open(_ book: Book) {
                        navigationController?.pushViewController(UIHostingController(rootView: ReaderScreen(book: book)), animated: true)
                    }
                }
                """]),
        ],
        nonTriggering: [
            // The fix: no container; the title and toolbar go to the UIKit bar.
            Example("""
                import SwiftUI
                import UIKit

                struct SettingsView: View {
                    var body: some View {
                        List { Toggle("Sync", isOn: .constant(true)) }
                            .navigationTitle("Settings")
                            .toolbar { Button("Done") {} }
                    }
                }

                final class ProfileViewController: UIViewController {
                    @objc func openSettings() {
                        navigationController?.pushViewController(UIHostingController(rootView: SettingsView()), animated: true)
                    }
                }
                """),
            // Presented modally: the SwiftUI container is the only navigation stack.
            Example("""
                import SwiftUI
                import UIKit

                struct ComposeView: View {
                    var body: some View {
                        NavigationStack { Form { TextField("Subject", text: .constant("")) } }
                    }
                }

                final class InboxViewController: UIViewController {
                    func compose() {
                        let compose = UIHostingController(rootView: ComposeView())
                        compose.modalPresentationStyle = .formSheet
                        present(compose, animated: true)
                    }
                }
                """),
            // Only one branch is a container (a new entry is presented, an edit is pushed).
            Example("""
                import SwiftUI
                import UIKit

                struct EntryView: View {
                    let isNew: Bool
                    var body: some View {
                        if isNew {
                            NavigationView { EntryForm() }
                        } else {
                            EntryForm()
                        }
                    }
                }

                final class EntriesViewController: UITableViewController {
                    func edit() {
                        navigationController?.pushViewController(UIHostingController(rootView: EntryView(isNew: false)), animated: true)
                    }
                }
                """),
            // The container is not the root: it sits inside a tab, and a sheet has its own.
            Example("""
                import SwiftUI
                import UIKit

                struct HomeView: View {
                    @State private var showsHelp = false
                    var body: some View {
                        TabView {
                            NavigationStack { Text("Feed") }
                        }
                        .sheet(isPresented: $showsHelp) { NavigationStack { Text("Help") } }
                    }
                }

                func install(in navigationController: UINavigationController) {
                    navigationController.pushViewController(UIHostingController(rootView: HomeView()), animated: false)
                }
                """),
            // A hosting controller added as a child, and a window's root without a navigation controller.
            Example("""
                import SwiftUI
                import UIKit

                struct DashboardView: View {
                    var body: some View { NavigationView { Text("Dashboard") } }
                }

                final class ContainerViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let dashboard = UIHostingController(rootView: DashboardView())
                        addChild(dashboard)
                        view.addSubview(dashboard.view)
                        dashboard.didMove(toParent: self)
                        view.window?.rootViewController = UIHostingController(rootView: DashboardView())
                    }
                }
                """),
            // Each case declares its own `hostingController`: the one pushed never hosts the
            // container view, which is presented (pocket-casts-ios's settings screen).
            Example("""
                import SwiftUI
                import UIKit

                struct AboutView: View {
                    var body: some View { NavigationView { Text("About") } }
                }

                final class SettingsViewController: UITableViewController {
                    func open(_ row: Row) {
                        switch row {
                        case .about:
                            let hostingController = UIHostingController(rootView: AboutView())
                            navigationController?.present(hostingController, animated: true)
                        case .beta:
                            let hostingController = UIHostingController(rootView: BetaMenu())
                            navigationController?.pushViewController(hostingController, animated: true)
                        default:
                            break
                        }
                    }
                }
                """),
            // The navigation controller's own bar is hidden: the SwiftUI container draws the only bar.
            Example("""
                import SwiftUI
                import UIKit

                struct PlayerScreen: View {
                    var body: some View { NavigationStack { Text("Now Playing") } }
                }

                final class FullScreenFlow {
                    let navigationController = UINavigationController()
                    func start() {
                        navigationController.setNavigationBarHidden(true, animated: false)
                    }
                    func showPlayer() {
                        navigationController.pushViewController(UIHostingController(rootView: PlayerScreen()), animated: true)
                    }
                }
                """),
            // Lookalikes: comments, strings, `NavigationView.self`, and a type named like a container.
            Example("""
                import SwiftUI
                import UIKit

                struct NotesView: View {
                    // var body: some View { NavigationView { List {} } }
                    var body: some View {
                        Text("NavigationView { }")
                            .accessibilityIdentifier(String(describing: NavigationView<Text>.self))
                    }
                }

                func push(_ navigationController: UINavigationController) {
                    navigationController.pushViewController(UIHostingController(rootView: NotesView()), animated: true)
                }
                """),
        ]
    )

    // MARK: Facts

    public struct Facts: ProjectFacts {
        /// View types whose body is rooted in a navigation container, at the container's head.
        var rootedViews: [RootedView] = []
        /// View types whose body is one other view type.
        var forwardingViews: [ForwardingView] = []
        /// Hosting controllers put into a navigation controller.
        var hostedInNavigation: [HostingSite] = []
        /// `Name(…)` put into a navigation controller, when `Name` may be a hosting subclass.
        var pushedTypes: [PushedType] = []
        /// `class Name: UIHostingController<…>`, with the root view types it hosts.
        var hostingSubclasses: [HostingSubclass] = []

        public init() {}

        public mutating func append(_ later: Self) {
            rootedViews += later.rootedViews
            forwardingViews += later.forwardingViews
            hostedInNavigation += later.hostedInNavigation
            pushedTypes += later.pushedTypes
            hostingSubclasses += later.hostingSubclasses
        }
    }

    struct RootedView: Sendable, Equatable {
        var type: String
        /// The container's head: `NavigationStack(path: $path) {`.
        var site: FactLocation
        var container: String
    }

    struct ForwardingView: Sendable, Equatable {
        var type: String
        var target: String
    }

    struct HostingSite: Sendable, Equatable {
        /// The call that puts the hosting controller into the navigation controller.
        var site: FactLocation
        var roots: [String]
        /// `rootView: NavigationView { … }` written at the hosting controller: the container's head.
        var inlineContainer: RootedView?
    }

    struct PushedType: Sendable, Equatable {
        var site: FactLocation
        var type: String
    }

    struct HostingSubclass: Sendable, Equatable {
        var type: String
        var roots: [String]
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        guard Self.linted(context) else { return }
        func names(_ tokens: [Int]) -> [String] { tokens.map { file.text(at: $0) } }
        if file.mentionsText("Navigation") || file.mentionsText("HostingController") || file.mentionsText("show") {
            let sites = file.navigationHostingSites()
            // A type that hides the UIKit bar leaves the SwiftUI container's bar the only one.
            let hidingTypes = file.typesHidingNavigationBar()
            func shows(_ site: Int) -> Bool {
                !file.isOutsideIOS(at: site) && (hidingTypes.isEmpty || file.enclosingTypeIndex(of: site).map { !hidingTypes.contains($0) } ?? true)
            }
            for site in sites.hosting where shows(site.site) {
                let inline = site.container.flatMap { container -> RootedView? in
                    guard let end = containerHeadEnd(container, file) else { return nil }
                    return RootedView(type: "", site: context.factLocation(from: container, through: end),
                                      container: file.text(at: container))
                }
                facts.hostedInNavigation.append(HostingSite(site: context.factLocation(at: site.site), roots: names(site.roots),
                                                            inlineContainer: inline))
            }
            for pushed in sites.pushedTypes where shows(pushed.site) {
                facts.pushedTypes.append(PushedType(site: context.factLocation(at: pushed.site), type: file.text(at: pushed.type)))
            }
            for subclass in file.hostingControllerSubclasses() {
                facts.hostingSubclasses.append(HostingSubclass(type: file.text(at: subclass.name), roots: names(subclass.roots)))
            }
        }
        recordViews(context, into: &facts)
    }

    /// View types whose body is rooted in a navigation container or in one other view.
    private func recordViews(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        let views = file.navigationRootedViews()
        for view in views.rooted where !file.isOutsideIOS(at: view.container) {
            facts.rootedViews.append(RootedView(type: file.text(at: view.type),
                                                site: context.factLocation(from: view.container, through: view.headEnd),
                                                container: file.text(at: view.container)))
        }
        for view in views.forwarding {
            facts.forwardingViews.append(ForwardingView(type: file.text(at: view.type), target: file.text(at: view.target)))
        }
    }

    /// The end of an inline container's head: its trailing closure's `{`, or its call's `)`.
    private func containerHeadEnd(_ container: Int, _ file: SourceFile) -> Int? {
        let chain = file.chain(from: container)
        let head = chain.links.dropFirst().prefix { $0.kind == .call || $0.kind == .trailingClosure }
        return head.first(where: { $0.kind == .trailingClosure })?.token ?? head.first?.close
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard !facts.hostedInNavigation.isEmpty || !facts.pushedTypes.isEmpty else { return }
        var rooted: [String: RootedView] = [:]
        for view in facts.rootedViews where rooted[view.type] == nil { rooted[view.type] = view }
        var forwards: [String: [String]] = [:]
        for view in facts.forwardingViews { forwards[view.type, default: []].append(view.target) }
        // The container a view type ends up rooted in, through views whose body is one other view.
        var resolved: [String: RootedView?] = [:]
        func container(of type: String, depth: Int = 0) -> RootedView? {
            if let known = resolved[type] { return known }
            resolved[type] = .some(nil)   // a cycle resolves to nothing
            var found = rooted[type]
            if found == nil, depth < 16 {
                for target in forwards[type] ?? [] {
                    if let inner = container(of: target, depth: depth + 1) { found = inner; break }
                }
            }
            resolved[type] = .some(found)
            return found
        }

        // Each container once, with the places that put it into a navigation controller.
        var order: [FactLocation] = []
        var byContainer: [FactLocation: (view: RootedView, hostedAs: String?, sites: [FactLocation])] = [:]
        func add(_ view: RootedView, hostedAs root: String?, at site: FactLocation) {
            if byContainer[view.site] == nil {
                order.append(view.site)
                byContainer[view.site] = (view, root, [])
            }
            if !byContainer[view.site]!.sites.contains(site) { byContainer[view.site]!.sites.append(site) }
        }
        var subclassRoots: [String: [String]] = [:]
        for subclass in facts.hostingSubclasses { subclassRoots[subclass.type, default: []] += subclass.roots }
        for hosting in facts.hostedInNavigation {
            if let inline = hosting.inlineContainer {
                add(inline, hostedAs: nil, at: hosting.site)
                continue
            }
            for root in hosting.roots {
                if let view = container(of: root) { add(view, hostedAs: root, at: hosting.site) }
            }
        }
        for pushed in facts.pushedTypes {
            for root in subclassRoots[pushed.type] ?? [] {
                if let view = container(of: root) { add(view, hostedAs: root, at: pushed.site) }
            }
        }
        for key in order {
            guard let entry = byContainer[key] else { continue }
            let view = entry.view
            let owner = view.type.isEmpty ? "" : " in `\(view.type)`"
            let through = entry.hostedAs.flatMap { $0 == view.type ? nil : " (hosting `\($0)`, whose body is `\(view.type)`)" } ?? ""
            let related = entry.sites.prefix(3).map {
                RelatedLocation(location: $0.location, message: "a `UINavigationController` shows it here" + through)
            }
            context.report(at: view.site, "`\(view.container)`\(owner) is nested in a UIKit `UINavigationController`",
                           help: "Remove the `\(view.container)`: `navigationTitle` and `toolbar` already reach the navigation controller's bar. Push further screens with the navigation controller.",
                           related: Array(related.filter { $0.location != view.site.location }),
                           decidedBy: entry.sites.filter { $0.location != view.site.location })
        }
    }
}
