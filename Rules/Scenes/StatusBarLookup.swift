import SeamLintCore

/// Flags reads of the application-wide status bar and orientation (`UIApplication.shared.statusBarOrientation`,
/// `statusBarFrame`, `isStatusBarHidden`, `statusBarStyle`). The scene forms (`windowScene.interfaceOrientation`,
/// `statusBarManager`) are never reported here: a scene picked out of `connectedScenes` to read them is
/// `connected_scenes_first`'s finding, a window picked globally `key_window_lookup`'s, so a statement gets
/// one diagnostic. The receivers are the ones those rules recognise (`SceneLookupFinder`).
public struct StatusBarLookup: ObjectiveCRule {
    public init() {}

    public static let triggerWords = ["statusBarOrientation", "statusBarFrame", "isStatusBarHidden", "statusBarHidden",
                                      "statusBarStyle"]

    public static let description = RuleDescription(
        id: "status_bar_lookup",
        summary: "Reading the application's status bar or orientation gets one value for every window",
        rationale: """
            ### What it does
            Finds reads of `statusBarOrientation`, `statusBarFrame`, `isStatusBarHidden` and `statusBarStyle` on \
            the application: `UIApplication.shared`, a parameter or local typed `UIApplication` (the app \
            delegate's `application`), or `self` in `extension UIApplication`; in Objective-C \
            `[UIApplication sharedApplication].statusBarOrientation`, `[[UIApplication sharedApplication] \
            statusBarFrame]`, `.statusBarHidden`, `.statusBarStyle`. Assignments (`UIApplication.shared.statusBarStyle = …`) \
            are not reads and are not reported, nor is code that only runs before iOS 13 (the `else` of \
            `#available(iOS 13, *)`), code that cannot run on iOS, previews and test files (rule option \
            `include_tests`). The scene's own values (`windowScene.interfaceOrientation`, \
            `windowScene.statusBarManager?.statusBarFrame`) are what to use; when that scene is itself picked out \
            of `connectedScenes` or found through a global window, `connected_scenes_first` or `key_window_lookup` \
            reports the statement, never this rule.

            ### Why is this bad?
            Since iOS 13 each window scene has its own orientation and status bar: on iPad with Split View, Slide \
            Over or Stage Manager, on an external display and in a resized window, the application-wide value \
            belongs to no window in particular, and `statusBarFrame` is zero when the bar is hidden or the window \
            does not reach the top of the screen. Layout that adds `statusBarFrame.height` double-counts the safe \
            area, and orientation checks disagree with the window's size. All four are deprecated since iOS 13 \
            ("Use the interfaceOrientation property of the window scene instead", "Use the statusBarManager \
            property of the window scene instead").

            ### Use instead
            Ask the window the code runs in: `view.window?.windowScene?.interfaceOrientation`, \
            `view.window?.windowScene?.statusBarManager?.statusBarFrame` (`isStatusBarHidden`, `statusBarStyle`). \
            For layout, `view.safeAreaInsets` / `safeAreaLayoutGuide` already account for the status bar; for \
            rotation, `viewWillTransition(to:with:)` and the trait collection tell the size that matters. To \
            change the style, override `preferredStatusBarStyle` and `prefersStatusBarHidden`.
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiapplication/statusbarorientation",
            "https://developer.apple.com/documentation/uikit/uiapplication/statusbarframe",
            "https://developer.apple.com/documentation/uikit/uiwindowscene/interfaceorientation",
            "https://developer.apple.com/documentation/uikit/uiwindowscene/statusbarmanager",
            "https://developer.apple.com/documentation/uikit/uistatusbarmanager",
        ],
        severity: .warning,
        options: [.includeTests],
        triggering: [
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewWillLayoutSubviews() {
                        super.viewWillLayoutSubviews()
                        if ↓UIApplication.shared.statusBarOrientation.isLandscape {
                            enterFullScreen()
                        }
                    }
                }
                """),
            Example("""
                final class HeaderView: UIView {
                    override func layoutSubviews() {
                        super.layoutSubviews()
                        let top = ↓UIApplication.shared.statusBarFrame.height
                        titleLabel.frame.origin.y = top + 8
                    }
                }
                """),
            Example("""
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let hidden = ↓application.isStatusBarHidden
                    let style = ↓UIKit.UIApplication.shared.statusBarStyle
                    configure(hidden, style)
                    return true
                }
                """),
            Example("""
                extension UIApplication {
                    var isLandscape: Bool { ↓statusBarOrientation.isLandscape }
                    static var topInset: CGFloat { ↓shared.statusBarFrame.size.height }
                }
                """),
            Example("""
                struct OverlayView: View {
                    var body: some View {
                        Color.black.padding(.top, ↓UIApplication.shared.statusBarFrame.height)
                    }
                }
                """),
            Example("""
                - (void)viewWillLayoutSubviews {
                    [super viewWillLayoutSubviews];
                    UIInterfaceOrientation orientation = ↓[[UIApplication sharedApplication] statusBarOrientation];
                    CGFloat top = ↓[UIApplication sharedApplication].statusBarFrame.size.height;
                    BOOL hidden = ↓UIApplication.sharedApplication.statusBarHidden;
                    [self layoutFor:orientation top:top hidden:hidden];
                }
                """, language: .objectiveC),
        ],
        nonTriggering: [
            // The window scene's own values.
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewWillLayoutSubviews() {
                        super.viewWillLayoutSubviews()
                        let orientation = view.window?.windowScene?.interfaceOrientation
                        let top = view.window?.windowScene?.statusBarManager?.statusBarFrame.height ?? view.safeAreaInsets.top
                        layout(orientation, top)
                    }
                    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
                }
                """),
            // Writes are not reads.
            Example("""
                UIApplication.shared.statusBarStyle = .lightContent
                UIApplication.shared.isStatusBarHidden = true
                """),
            // Before iOS 13 there is no scene to ask.
            Example("""
                var interfaceOrientation: UIInterfaceOrientation {
                    if #available(iOS 13.0, *) {
                        return view.window?.windowScene?.interfaceOrientation ?? .portrait
                    } else {
                        return UIApplication.shared.statusBarOrientation
                    }
                }
                """),
            // Other receivers: a scene (a global one is connected_scenes_first's), a model, a view controller.
            Example("""
                let orientation = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.interfaceOrientation
                let frame = scene.statusBarManager?.statusBarFrame
                let style = theme.statusBarStyle
                let hidden = playerController.isStatusBarHidden
                """),
            // Comments and strings.
            Example("""
                // UIApplication.shared.statusBarOrientation is deprecated
                let key = "UIApplication.shared.statusBarFrame"
                """),
            Example("""
                func testRotation() {
                    XCTAssertTrue(UIApplication.shared.statusBarOrientation.isPortrait)
                }
                """, fileName: "RotationTests.swift"),
            Example("""
                - (void)update {
                    [UIApplication sharedApplication].statusBarHidden = YES;
                    [[UIApplication sharedApplication] setStatusBarStyle:UIStatusBarStyleLightContent];
                    UIInterfaceOrientation orientation = self.view.window.windowScene.interfaceOrientation;
                    CGRect frame = self.view.window.windowScene.statusBarManager.statusBarFrame;
                }
                """, language: .objectiveC),
        ]
    )

    public func check(_ context: inout RuleContext) {
        let file = context.file
        guard !context.skipsTestFile, context.deploymentTarget.buildsForIOS, !file.importsAppKitOnly,
              !file.pathNamesOtherPlatform else { return }
        let receivers = SceneLookupFinder(file: file)
        var hosts = WindowHostCache()
        for index in file.code.indices where file.code[index].kind == .identifier {
            guard let property = StatusBarProperty(file, index) else { continue }
            let chain = file.chain(containing: index)
            guard let linkIndex = chain.links.firstIndex(where: { $0.token == index }),
                  chain.links[linkIndex].kind == .member || chain.links[linkIndex].kind == .name,
                  receivers.isApplicationReceiver(chain, before: linkIndex, source: index),
                  !isAssigned(file, chain, linkIndex),
                  !file.isOutsideIOS(at: index), !file.isPreviewCode(at: index),
                  !file.runsOnlyBelowIOS(Version(13), at: index) else { continue }
            let text = Self.message(property, host: hosts.host(at: index, in: file), objectiveC: false)
            context.report(from: chain.start, through: index, text.headline, help: text.help)
        }
    }

    public func checkObjectiveC(_ context: inout RuleContext) {
        let file = context.file
        guard !context.skipsTestFile, context.deploymentTarget.buildsForIOS, !file.pathNamesOtherPlatform else { return }
        var containers: [ObjectiveCContainer]?
        for index in file.code.indices where file.code[index].kind == .identifier {
            guard let property = StatusBarProperty(file, index),
                  let step = file.objectiveCStep(at: index), step.kind == .property || step.kind == .message,
                  file.objectiveCMessage(withFirstPiece: index)?.isUnary ?? true,
                  let receiverEnd = file.objectiveCStep(endingAt: step.end)?.receiverEnd else { continue }
            let known = containers ?? file.objectiveCContainers()
            containers = known
            guard file.isObjectiveCApplication(endingAt: receiverEnd, at: index, known),
                  !(step.kind == .property && file.tokenIs(step.end + 1, "=")),
                  !file.isExcludedFromIOS(at: index), !file.runsOnlyBelowIOS(Version(13), at: index) else { continue }
            let start = step.kind == .message ? Int(file.parent[index]) : file.objectiveCExpressionStart(endingAt: receiverEnd)
            let text = Self.message(property, host: file.objectiveCWindowHost(at: index, in: known), objectiveC: true)
            context.report(from: start, through: step.end, text.headline, help: text.help)
        }
    }

    /// `UIApplication.shared.statusBarStyle = …`: the chain ends at the property and `=` follows.
    private func isAssigned(_ file: SourceFile, _ chain: Chain, _ linkIndex: Int) -> Bool {
        linkIndex == chain.links.count - 1 && file.tokenIs(chain.end + 1, "=")
    }

    static func message(_ property: StatusBarProperty, host: WindowHost, objectiveC: Bool) -> (headline: String, help: String) {
        let scene: String
        switch host {
        case .viewController: scene = objectiveC ? "`self.view.window.windowScene`" : "`view.window?.windowScene`"
        case .view: scene = objectiveC ? "`self.window.windowScene`" : "`window?.windowScene`"
        case .sceneDelegate: scene = "the scene this delegate was connected to"
        case .swiftUIView: scene = "the window scene (read in a small `UIViewRepresentable` probe)"
        case .applicationHelper: scene = "a `UIWindowScene` taken as a parameter"
        case .other: scene = "the `UIWindowScene` of the window this is for, passed in"
        }
        let member = objectiveC ? property.objectiveCSpelling : property.spelling
        switch property {
        case .orientation:
            return ("`\(member)` on `UIApplication` is one orientation for every window",
                    "Use the `interfaceOrientation` of \(scene) (iOS 13+), or react to the size in "
                        + "`viewWillTransition(to:with:)`. Each scene has its own orientation; this one is deprecated since iOS 13.")
        case .frame:
            let layout = host == .swiftUIView ? "the safe area (`GeometryReader`'s `safeAreaInsets`)" : "the safe area (`safeAreaInsets.top`)"
            return ("`\(member)` on `UIApplication` is not the status bar of this code's window",
                    "Lay out against \(layout), or read `statusBarManager?.statusBarFrame` of \(scene) (iOS 13+). "
                        + "It is zero when the bar is hidden and deprecated since iOS 13.")
        case .hidden, .style:
            return ("`\(member)` on `UIApplication` is not the status bar of this code's window",
                    "Read `statusBarManager?.\(property.spelling)` of \(scene) (iOS 13+); to change it, override "
                        + "`\(property == .hidden ? "prefersStatusBarHidden" : "preferredStatusBarStyle")`. Deprecated since iOS 13.")
        }
    }
}

/// The application's status bar properties, deprecated since iOS 13.
enum StatusBarProperty: Equatable {
    case orientation, frame, hidden, style

    init?(_ file: SourceFile, _ index: Int) {
        if file.tokenIs(index, "statusBarOrientation") { self = .orientation }
        else if file.tokenIs(index, "statusBarFrame") { self = .frame }
        else if file.tokenIs(index, "isStatusBarHidden") { self = .hidden }
        else if file.tokenIs(index, "statusBarHidden") && file.language == .objectiveC { self = .hidden }
        else if file.tokenIs(index, "statusBarStyle") { self = .style }
        else { return nil }
    }

    var spelling: String {
        switch self {
        case .orientation: return "statusBarOrientation"
        case .frame: return "statusBarFrame"
        case .hidden: return "isStatusBarHidden"
        case .style: return "statusBarStyle"
        }
    }

    var objectiveCSpelling: String { self == .hidden ? "statusBarHidden" : spelling }
}

extension SourceFile {
    /// The first code index of the Objective-C expression ending at `end`: the outermost `[` of a
    /// message send, else the first name (`UIApplication.sharedApplication`, `app`).
    func objectiveCExpressionStart(endingAt end: Int) -> Int {
        let path = objectiveCPath(endingAt: end)
        guard let first = path.first else { return end }
        var start = first.token
        for step in path where step.kind == .message && matching[step.end] >= 0 {
            start = min(start, Int(matching[step.end]))
        }
        return start
    }
}
