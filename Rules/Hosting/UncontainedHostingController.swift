import SeamLintCore

/// Flags a `UIHostingController` whose `view` joins a UIKit view hierarchy while the controller is
/// never added as a child view controller in the same type. A project rule only so that a
/// containment helper declared in another file (`func embed(_ child: UIViewController)` calling
/// `addChild`) counts. No other rule reports `addSubview`: `nested_navigation_container` and
/// `scroll_edge_overlay` read hosting controllers pushed onto navigation controllers, not views
/// added by hand, so a statement gets one diagnostic.
public struct UncontainedHostingController: ProjectRule {
    public init() {}

    public static let triggerWords = ["HostingController"]
    public static var factTriggerWords: [String] { ["HostingController", "addChild"] }

    public static let description = RuleDescription(
        id: "uncontained_hosting_controller",
        summary: "A hosting controller's view is added to a UIKit view without the controller becoming a child",
        rationale: """
            ### What it does
            Finds a `UIHostingController` (or a `…HostingController` subclass) whose `view` is added to a view \
            with `addSubview`, `insertSubview`, `addArrangedSubview` or `insertArrangedSubview` — a view \
            controller's view, a cell's `contentView`, a stack — while the same type (with its extensions in \
            the file) never passes that controller to `addChild(_:)`. The controller is followed by name through \
            locals, stored properties and assignments between them (`self.host = host`), and through a local \
            holding its view (`let hostView = host.view!`). A view added and removed again in the same block \
            (to be measured) is not reported. Handing the controller to a method that calls \
            `addChild` (`embed(host)`, declared in any file) counts as containment. A controller added as a \
            child whose `didMove(toParent:)` is never called is reported too. A controller built only for its \
            view (`addSubview(UIHostingController(rootView: v).view)`) is always reported. Parameters are not \
            followed: the caller owns and contains them. AppKit's `NSHostingController`, code outside iOS, \
            previews and test files (rule option `include_tests`) are skipped. Hosting controllers pushed or \
            presented are `nested_navigation_container`'s and `scroll_edge_overlay`'s business, never this rule's.

            ### Why is this bad?
            A `UIHostingController` is a view controller: SwiftUI relies on the controller being in the view \
            controller hierarchy to forward appearance (`onAppear`/`onDisappear` at the right time), to \
            propagate safe-area insets, trait and size-class changes, and to find a presenter for `.sheet`, \
            `.alert`, `.confirmationDialog` and `.fullScreenCover` — which otherwise fail with "Attempt to \
            present … whose view is not in the window hierarchy" or show nothing. Toolbar and navigation \
            modifiers and the keyboard avoidance also need the parent. Without `didMove(toParent:)` the \
            containment transition never completes. The view still draws, so the bug shows only when the \
            hosted view presents something, rotates, or changes its environment.

            ### Use instead
            In a view controller: `addChild(host)`, add `host.view` and constrain it, then \
            `host.didMove(toParent: self)`; remove with `willMove(toParent: nil)`, `removeFromSuperview()`, \
            `removeFromParent()`. In a view or cell that has no controller, have the owning view controller \
            contain the hosting controller, or on iOS 16+ use `UIHostingConfiguration` for cell content \
            (`cell.contentConfiguration = UIHostingConfiguration { Row(item) }`), which manages the hosting \
            for you.
            """,
        documentation: [
            "https://developer.apple.com/documentation/swiftui/uihostingcontroller",
            "https://developer.apple.com/documentation/uikit/uiviewcontroller/addchild(_:)",
            "https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:)",
            "https://developer.apple.com/documentation/uikit/creating-a-custom-container-view-controller",
            "https://developer.apple.com/documentation/swiftui/uihostingconfiguration",
        ],
        severity: .warning,
        options: [.includeTests],
        triggering: [
            Example("""
                final class ProfileViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let host = UIHostingController(rootView: ProfileHeader())
                        ↓view.addSubview(host.view)
                        host.view.frame = view.bounds
                    }
                }
                """),
            // A stored property, added in another method.
            Example("""
                final class PlayerViewController: UIViewController {
                    private let controls = UIHostingController(rootView: PlayerControls())
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        ↓stackView.addArrangedSubview(controls.view)
                    }
                }
                """),
            // A cell: no parent view controller at all.
            Example("""
                final class BadgeCell: UITableViewCell {
                    private var hostingController: UIHostingController<BadgeView>?
                    func configure(_ badge: Badge) {
                        let host = UIHostingController(rootView: BadgeView(badge: badge))
                        hostingController = host
                        guard let hostView = host.view else { return }
                        ↓contentView.addSubview(hostView)
                    }
                }
                """),
            // A controller built only for its view.
            Example("""
                final class EmptyStateView: UIView {
                    func show() {
                        ↓insertSubview(UIHostingController(rootView: EmptyState()).view, at: 0)
                    }
                }
                """),
            // Added as a child, but the transition never completes.
            Example("""
                final class SettingsViewController: UIViewController {
                    lazy var settings = SettingsHostingController(rootView: SettingsView())
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addChild(settings)
                        ↓view.insertSubview(settings.view, belowSubview: toolbar)
                    }
                }
                """),
        ],
        nonTriggering: [
            // Full containment.
            Example("""
                final class ProfileViewController: UIViewController {
                    private let header = UIHostingController(rootView: ProfileHeader())
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addChild(header)
                        view.addSubview(header.view)
                        header.didMove(toParent: self)
                    }
                }
                """),
            // A containment helper in another file counts.
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let controls = UIHostingController(rootView: PlayerControls())
                        embed(controls)
                        stackView.addArrangedSubview(controls.view)
                    }
                }
                """, companions: ["""
                extension UIViewController {
                    func embed(_ child: UIViewController) {
                        addChild(child)
                        child.didMove(toParent: self)
                    }
                }
                """]),
            // Through a stored property set from a local.
            Example("""
                final class ChartViewController: UIViewController {
                    private var chartHost: UIHostingController<ChartView>?
                    func showChart() {
                        let host = UIHostingController(rootView: ChartView())
                        self.chartHost = host
                        addChild(host)
                        guard let chartView = host.view else { return }
                        view.addSubview(chartView)
                        host.didMove(toParent: self)
                    }
                }
                """),
            // A controller passed in is the caller's to contain; other views; AppKit.
            Example("""
                final class CardView: UIView {
                    func install(_ host: UIHostingController<Card>) {
                        addSubview(host.view)
                    }
                    func addBadge() {
                        addSubview(badgeView)
                        addSubview(hostingView)
                    }
                }
                final class MacPanel: NSViewController {
                    let panel = NSHostingController(rootView: Panel())
                    override func viewDidLoad() { view.addSubview(panel.view) }
                }
                """),
            // Cells on iOS 16+: the configuration manages the hosting.
            Example("""
                final class BadgeCell: UICollectionViewListCell {
                    func configure(_ badge: Badge) {
                        contentConfiguration = UIHostingConfiguration { BadgeView(badge: badge) }
                    }
                }
                """),
            // A view added only to be measured and taken out again in the same block (seen in a
            // browser and a chat app).
            Example("""
                func fittingHeight(in container: UIViewController) -> CGFloat {
                    let sizing = UIHostingController(rootView: Banner())
                    container.view.addSubview(sizing.view)
                    let height = sizing.view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).height
                    sizing.view.removeFromSuperview()
                    return height
                }
                """),
            // Comments and strings.
            Example("""
                // view.addSubview(UIHostingController(rootView: Row()).view)
                let hint = "view.addSubview(host.view)"
                """),
            Example("""
                func testHeader() {
                    let host = UIHostingController(rootView: ProfileHeader())
                    window.addSubview(host.view)
                }
                """, fileName: "HeaderTests.swift"),
        ]
    )

    public struct Facts: ProjectFacts {
        /// Candidate findings: where, the messages, and the calls the controller was handed to.
        var sites: [Site] = []
        /// Names of functions (any file) whose body calls `addChild`.
        var containmentHelpers: [String] = []

        public init() {}

        public mutating func append(_ later: Self) {
            sites += later.sites
            containmentHelpers += later.containmentHelpers
        }
    }

    struct Site: Sendable, Equatable {
        var location: FactLocation
        var message: String
        var help: String
        var handedTo: [String]
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        if file.mentionsText("addChild") { facts.containmentHelpers += Self.containmentHelpers(in: file) }
        guard file.mentionsText("HostingController"), !context.skipsTestFile, context.deploymentTarget.buildsForIOS,
              !file.importsAppKitOnly, !file.pathNamesOtherPlatform else { return }
        let found = file.hostingContainment()
        for site in found.sites {
            guard !file.isOutsideIOS(at: site.start), !file.isPreviewCode(at: site.start) else { continue }
            let host = file.hostingOwnerRole(at: site.start)
            guard let controller = site.controller else {
                if found.isRemovedAgain(site, names: []) { continue }
                let text = Self.builtInPlaceMessage(host: host)
                facts.sites.append(Site(location: context.factLocation(from: site.start, through: site.end),
                                        message: text.headline, help: text.help, handedTo: []))
                continue
            }
            let group = found.group(of: Array(file.bytes(at: controller)), in: site.owner)
            guard !group.isDisjoint(with: found.hostingNames[site.owner] ?? []), !found.isRemovedAgain(site, names: group) else { continue }
            let name = file.text(at: controller)
            let text: (headline: String, help: String)
            if !group.isDisjoint(with: found.addedAsChild[site.owner] ?? []) {
                guard group.isDisjoint(with: found.movedToParent[site.owner] ?? []) else { continue }
                text = Self.notMovedMessage(name: name, view: site.viewText, host: host)
            } else {
                text = Self.uncontainedMessage(name: name, view: site.viewText, host: host)
            }
            let handed = group.flatMap { found.handedTo[site.owner]?[$0] ?? [] }
            facts.sites.append(Site(location: context.factLocation(from: site.start, through: site.end),
                                    message: text.headline, help: text.help, handedTo: handed))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        let helpers = Set(facts.containmentHelpers)
        for site in facts.sites where !site.handedTo.contains(where: helpers.contains) {
            context.report(at: site.location, site.message, help: site.help)
        }
    }

    /// Functions whose body calls `addChild(…)`: handing a controller to one contains it.
    static func containmentHelpers(in file: SourceFile) -> [String] {
        var names: [String] = []
        for index in file.code.indices where file.code[index].kind == .identifier && file.code[index + 1].kind == .leftParen {
            guard file.isName(index, "addChild") || file.isName(index, "addChildViewController"),
                  let function = file.enclosingFunction(of: index), function.kind == .function,
                  let name = function.name else { continue }
            names.append(file.text(at: name))
        }
        return names
    }

    static let why = "Without containment SwiftUI misses appearance callbacks and safe-area and trait updates, and its presentations fail."

    static func uncontainedMessage(name: String, view: String, host: HostingOwnerRole) -> (headline: String, help: String) {
        let instead: String
        switch host {
        case .viewController:
            instead = "Call `addChild(\(name))` before adding its view and `\(name).didMove(toParent: self)` after."
        case .view:
            instead = "Have the view controller that shows this view contain `\(name)` (`addChild`, then "
                + "`didMove(toParent:)`), or for cell content use `UIHostingConfiguration` (iOS 16+)."
        default:
            instead = "Add `\(name)` as a child of the view controller whose view it joins (`addChild`, then `didMove(toParent:)`)."
        }
        return ("`\(view)` joins a view hierarchy but `\(name)` is never added as a child view controller", instead + " " + why)
    }

    static func notMovedMessage(name: String, view: String, host: HostingOwnerRole) -> (headline: String, help: String) {
        ("`\(name)` is added as a child but its `didMove(toParent:)` is never called",
         "Call `\(name).didMove(toParent: self)` once `\(view)` is in place: it completes the containment transition.")
    }

    static func builtInPlaceMessage(host: HostingOwnerRole) -> (headline: String, help: String) {
        let instead = host == .view
            ? "Keep the controller and have the owning view controller contain it, or for cell content use `UIHostingConfiguration` (iOS 16+)."
            : "Keep the controller in a property, call `addChild(_:)` before adding its view and `didMove(toParent:)` after."
        return ("A hosting controller is built only for its `view`: it is never a child view controller", instead + " " + why)
    }
}

/// What the type adding a hosting controller's view is, for the help: only a view controller can
/// be the parent itself.
enum HostingOwnerRole { case viewController, view, other }

extension SourceFile {
    /// The role of the type around `index` (view controller, view, other), judged by its superclass.
    func hostingOwnerRole(at index: Int) -> HostingOwnerRole {
        guard let type = enclosingType(of: index), type.kind == .class || type.kind == .extension else { return .other }
        let superclass = type.kind == .class ? type.inheritance.first : type.name
        guard let superclass, code[superclass].kind == .identifier else { return .other }
        if tokenHasSuffix(superclass, "ViewController") || tokenHasSuffix(superclass, "Controller") { return .viewController }
        if tokenHasSuffix(superclass, "View") || tokenHasSuffix(superclass, "Cell") { return .view }
        return .other
    }
}
