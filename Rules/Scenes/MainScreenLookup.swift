import SeamLintCore

/// Flags `UIScreen.main` and `UIScreen.screens.first` (Objective-C `[UIScreen mainScreen]`) read
/// for something the window decides. No other rule reads `UIScreen`, so nothing is reported twice;
/// several reads in one statement (`CGSize(width: UIScreen.main.bounds.width, height: …)`) get one
/// diagnostic (`SourceFile.mainScreenReads()`, `MainScreenReads.swift`).
public struct MainScreenLookup: ObjectiveCRule {
    public init() {}

    public static let triggerWords = ["UIScreen"]

    public static let description = RuleDescription(
        id: "main_screen_lookup",
        summary: "`UIScreen.main` is the built-in screen, not the screen or size of this code's window",
        rationale: """
            ### What it does
            Finds reads of `UIScreen.main` and `UIScreen.screens.first` (`UIScreen.screens[0]`), in \
            Objective-C `[UIScreen mainScreen]`, `UIScreen.mainScreen` and `[UIScreen screens].firstObject`, \
            used for what the window decides: `bounds`, `scale`, `nativeBounds`, `nativeScale`, \
            `traitCollection`, the coordinate spaces, or the screen itself handed on. Reads of properties of \
            the device rather than of a window (`brightness`, `wantsSoftwareDimming`, `isCaptured`, \
            `maximumFramesPerSecond`, `traitCollection.userInterfaceIdiom`, the Display Zoom check \
            `scale != nativeScale`), comparisons of the screen itself (`screen == UIScreen.main`, which tell the \
            built-in screen from an external one), the screen chosen for a window (`window.screen = \
            UIScreen.main`), the panel's fixed pixel size compared or switched on (`nativeBounds.height == \
            2436`, which tells the device model, not a window's size), a new window's first frame (`UIWindow(frame: \
            UIScreen.main.bounds)`, which UIKit replaces with its scene's), a read that only becomes text \
            (interpolated into a string or handed to `print`, `debugPrint`, `dump` or `NSLog`: a log line or a \
            query parameter lays nothing out), and a local holding the main screen \
            that is used only for these, are not reported; \
            nor is AppKit's `NSScreen.main`, code that cannot run on iOS (`#if os(macOS)`, `os(tvOS)`, \
            `os(watchOS)`, Objective-C `TARGET_OS_OSX`, `TARGET_OS_TV`, `TARGET_OS_WATCH`, a folder named after \
            another platform), code that only runs before iOS 13, previews and test files (set the rule \
            option `include_tests` to `true` to lint them). Several reads in one statement get one diagnostic. \
            No other rule reports `UIScreen`: a window or scene looked up globally first \
            (`UIApplication.shared.windows.first?.screen`) is `key_window_lookup`'s or `connected_scenes_first`'s.

            ### Why is this bad?
            `UIScreen.main` is the device's built-in screen, whatever window the code runs in. In Split View, \
            Slide Over and Stage Manager a window is smaller than the screen and can be resized at any time; on \
            an external display or with AirPlay the window is on another screen with another size and scale; on \
            visionOS there is no main screen at all. Layout computed from `UIScreen.main.bounds` is then too \
            wide or too tall, images are rendered at the wrong scale, and trait-dependent code reads the \
            built-in screen's traits instead of the window's (which the app may override). Apple deprecated \
            `UIScreen.main` in iOS 16 for this reason: "Use a UIScreen instance found through context instead: \
            i.e, view.window.windowScene.screen". It works on a full-screen iPhone, which is why it survives \
            testing.

            ### Use instead
            Take the size and traits from the view the code is for: in a view controller `view.bounds`, \
            `view.window?.windowScene?.screen` and `traitCollection.displayScale`; in a view `bounds`, \
            `window?.windowScene?.screen` and `traitCollection`; in SwiftUI `GeometryReader`, \
            `containerRelativeFrame` (iOS 17+) and `@Environment(\\.displayScale)`. React to size changes in \
            `viewWillTransition(to:with:)` or `layoutSubviews()`. Elsewhere pass the size, scale or screen in. \
            Reading the device's brightness or checking whether a screen is the built-in one is fine.
            """,
        documentation: [
            "https://developer.apple.com/documentation/uikit/uiscreen/main",
            "https://developer.apple.com/documentation/uikit/uiwindowscene/screen",
            "https://developer.apple.com/documentation/uikit/uitraitcollection/displayscale",
            "https://developer.apple.com/documentation/swiftui/geometryreader",
            "https://developer.apple.com/documentation/uikit/uiscreen/screens",
        ],
        severity: .warning,
        options: [.includeTests],
        triggering: [
            // The read lays out a view; formatting the same local into a log line does not excuse it.
            Example("""
                final class PosterView: UIView {
                    func load(_ poster: Poster) {
                        let width = ↓UIScreen.main.bounds.width
                        imageView.frame.size.width = width
                        Log.info("poster width \\(width)")
                    }
                }
                """),
            Example("""
                final class GalleryViewController: UIViewController {
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        let width = ↓UIScreen.main.bounds.width / 3
                        layout.itemSize = CGSize(width: width, height: width)
                    }
                }
                """),
            // Two reads in one statement: one diagnostic.
            Example("""
                struct BannerView: View {
                    var body: some View {
                        Image("banner")
                            .frame(width: ↓UIScreen.main.bounds.width * 0.8, height: UIScreen.main.bounds.height / 4)
                    }
                }
                """),
            Example("""
                final class ThumbnailCell: UICollectionViewCell {
                    func render(_ image: UIImage) -> UIImage {
                        let format = UIGraphicsImageRendererFormat()
                        format.scale = ↓UIScreen.main.scale
                        return UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in image.draw(in: bounds) }
                    }
                }
                """),
            Example("""
                extension UIScreen {
                    static var width: CGFloat { ↓main.bounds.size.width }
                }
                let pixels = ↓UIScreen.screens.first?.nativeBounds
                """),
            // A local that is read for the window's business, and the panel's size used as a render size.
            Example("""
                func overlayHeight() -> CGFloat {
                    let display = ↓UIScreen.main
                    let cover = UIWindow(frame: display.bounds)
                    cover.isHidden = false
                    return display.bounds.height / 2
                }
                let drawableSize = ↓UIScreen.main.nativeBounds.size
                """),
            Example("""
                - (void)layoutControls {
                    UIScreen *display = ↓[UIScreen mainScreen];
                    self.controls.frame = CGRectMake(0, display.bounds.size.height / 2, 100, 44);
                }
                """, language: .objectiveC),
            // A width compared with the screen's is still the screen's width (seen in a social app).
            Example("""
                func keyboardWillShow(_ endFrame: CGRect) {
                    guard endFrame.width == ↓UIScreen.main.bounds.width else { return }
                }
                """),
            // The screen handed on.
            Example("""
                func makeLink(target: Any, selector: Selector) -> CADisplayLink? {
                    ↓UIScreen.main.displayLink(withTarget: target, selector: selector)
                }
                let style = ↓UIKit.UIScreen.main.traitCollection.userInterfaceStyle
                """),
            Example("""
                #define SCREEN_WIDTH (↓[UIScreen mainScreen].bounds.size.width)
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    CGFloat scale = ↓UIScreen.mainScreen.scale;
                    CGRect frame = ↓[[UIScreen mainScreen] bounds];
                    self.preview.frame = frame;
                }
                """, language: .objectiveC),
        ],
        nonTriggering: [
            // Values that only become text: a log line, a debug description, a query parameter.
            Example("""
                final class StatsReporter {
                    func report() {
                        print(UIScreen.main.bounds)
                        logger.debug("screen \\(UIScreen.main.bounds.size) at \\(Int(UIScreen.main.scale))x")
                        let query = URLQueryItem(name: "scale", value: "\\(UIScreen.main.scale)")
                    }
                }
                """),
            // The panel's fixed pixel size compared or switched on tells the device model; the built-in
            // display chosen for a window; a local read only for a device property or a new window's first
            // frame (seen in a VPN app, a messenger and an emulator).
            Example("""
                enum Panel {
                    static var hasSensorHousing: Bool {
                        switch UIScreen.main.nativeBounds.height {
                        case 2436, 2532, 2556: return true
                        default: return false
                        }
                    }
                    static let isLargePanel = UIScreen.main.nativeBounds.height >= 2688
                }
                func returnToBuiltInDisplay(_ window: UIWindow) {
                    window.screen = UIScreen.main
                }
                func makePrivacyCover() -> UIWindow {
                    let display = UIScreen.main
                    let cover = UIWindow(frame: display.bounds)
                    cover.screen = display
                    let fps = display.maximumFramesPerSecond
                    cover.tag = fps
                    return cover
                }
                """),
            Example("""
                - (NSInteger)fastestRefreshRate {
                    UIScreen *builtIn = [UIScreen mainScreen];
                    return builtIn.maximumFramesPerSecond;
                }
                - (void)returnToBuiltInDisplay:(UIWindow *)window {
                    window.screen = [UIScreen mainScreen];
                    [window setScreen:[UIScreen mainScreen]];
                }
                """, language: .objectiveC),
            // The window's own size, screen and scale.
            Example("""
                final class GalleryViewController: UIViewController {
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        let width = view.bounds.width / 3
                        let scale = traitCollection.displayScale
                        let screen = view.window?.windowScene?.screen
                        apply(width, scale, screen)
                    }
                }
                """),
            // Device properties and comparisons, not a window's.
            Example("""
                UIScreen.main.brightness = 1.0
                let recording = UIScreen.main.isCaptured
                let idiom = UIScreen.main.traitCollection.userInterfaceIdiom
                if screen != UIScreen.main { showExternalDisplayControls(on: screen) }
                let external = UIScreen.screens.last
                let several = UIScreen.screens.count > 1
                """),
            // A window's first frame (UIKit sizes a window to its scene) and the Display Zoom setting
            // (seen in a browser, a podcast app and a chat app).
            Example("""
                let window = UIWindow(frame: UIScreen.main.bounds)
                let zoomed = UIScreen.main.scale != UIScreen.main.nativeScale
                let standard = UIScreen.main.nativeScale > UIScreen.main.scale
                """),
            // Other receivers: AppKit, a scene's screen, an app's own type.
            Example("""
                let frame = NSScreen.main?.visibleFrame
                let size = windowScene.screen.bounds.size
                let theme = ThemeScreen.main.bounds
                """),
            // Code that cannot run on iOS.
            Example("""
                #if os(tvOS)
                let width = UIScreen.main.bounds.width
                #endif
                #if os(iOS)
                let ok = true
                #else
                let height = UIScreen.main.bounds.height
                #endif
                """),
            // Before iOS 13 there are no scenes to ask.
            Example("""
                func screenScale(for view: UIView) -> CGFloat {
                    if #available(iOS 13.0, *) {
                        return view.traitCollection.displayScale
                    } else {
                        return UIScreen.main.scale
                    }
                }
                """),
            // Previews and tests.
            Example("""
                #Preview {
                    BannerView().frame(width: UIScreen.main.bounds.width)
                }
                """),
            Example("""
                func testLayout() {
                    XCTAssertEqual(layout.width, UIScreen.main.bounds.width)
                }
                """, fileName: "LayoutTests.swift"),
            // Comments and strings.
            Example("""
                // UIScreen.main.bounds is the built-in screen
                let hint = "UIScreen.main.bounds"
                """),
            Example("""
                - (void)dim {
                    [UIScreen mainScreen].brightness = 0.2;
                    BOOL builtIn = self.view.window.screen == [UIScreen mainScreen];
                    CGFloat scale = self.traitCollection.displayScale;
                    NSScreen *mac = [NSScreen mainScreen];
                    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                }
                #if TARGET_OS_TV
                static CGFloat Width(void) { return [UIScreen mainScreen].bounds.size.width; }
                #endif
                """, language: .objectiveC),
        ]
    )

    public func check(_ context: inout RuleContext) {
        let file = context.file
        guard !context.skipsTestFile, context.deploymentTarget.buildsForIOS, !file.importsAppKitOnly,
              !file.pathNamesOtherPlatform else { return }
        var hosts = WindowHostCache()
        for read in file.mainScreenReads() where !file.isOnlyFormattedAsText(read.start) {
            let text = Self.message(for: read, host: hosts.host(at: read.start, in: file), objectiveC: false)
            context.report(from: read.start, through: read.end, text.headline, help: text.help)
        }
    }

    public func checkObjectiveC(_ context: inout RuleContext) {
        let file = context.file
        guard !context.skipsTestFile, context.deploymentTarget.buildsForIOS, !file.pathNamesOtherPlatform else { return }
        let reads = file.objectiveCMainScreenReads()
        guard !reads.isEmpty else { return }
        let containers = file.objectiveCContainers()
        for read in reads {
            let host = file.objectiveCWindowHost(at: read.start, in: containers)
            let text = Self.message(for: read, host: host, objectiveC: true)
            context.report(from: read.start, through: read.end, text.headline, help: text.help)
        }
    }

    static func message(for read: MainScreenRead, host: WindowHost, objectiveC: Bool) -> (headline: String, help: String) {
        let subject = "`\(read.spelling)`"
        let reason = " With Split View, Slide Over, Stage Manager or an external display, this code's window can be "
            + "smaller than the built-in screen or on another screen. `UIScreen.main` is deprecated since iOS 16."
        let more = read.foldedReads > 0 ? " (\(read.foldedReads + 1) reads here)" : ""
        let headline: String
        let instead: String
        switch read.member {
        case .bounds:
            headline = "\(subject) is the whole built-in screen, not this window\(more)"
            switch host {
            case .viewController: instead = objectiveC ? "Size from `self.view.bounds`" : "Size from this view controller's `view.bounds`"
            case .view: instead = objectiveC ? "Size from `self.bounds` or `self.window.bounds`" : "Size from this view's `bounds` or `window?.bounds`"
            case .swiftUIView: instead = "Size from the container: `GeometryReader`, `containerRelativeFrame` (iOS 17+) or a flexible `frame(maxWidth:)`"
            default: instead = "Pass in the size of the view or window this is for"
            }
        case .scale:
            headline = "\(subject) is the built-in screen's scale, not this window's\(more)"
            switch host {
            case .viewController, .view: instead = objectiveC ? "Use `self.traitCollection.displayScale`" : "Use `traitCollection.displayScale`"
            case .swiftUIView: instead = "Use `@Environment(\\.displayScale)`"
            default: instead = "Pass in the `traitCollection.displayScale` of the view this is for"
            }
        case .traits:
            headline = "\(subject) holds the built-in screen's traits, not this window's\(more)"
            switch host {
            case .viewController, .view: instead = objectiveC ? "Use `self.traitCollection`" : "Use this object's own `traitCollection`"
            case .swiftUIView: instead = "Read the environment: `@Environment(\\.colorScheme)`, `\\.horizontalSizeClass`, `\\.displayScale`"
            default: instead = "Pass in the `traitCollection` of the view this is for"
            }
        case .screen:
            headline = "\(subject) is the built-in screen, not necessarily this window's\(more)"
            switch host {
            case .viewController: instead = objectiveC ? "Use `self.view.window.windowScene.screen`" : "Use `view.window?.windowScene?.screen`"
            case .view: instead = objectiveC ? "Use `self.window.windowScene.screen`" : "Use `window?.windowScene?.screen`"
            case .swiftUIView: instead = "Size from `GeometryReader` and read `@Environment(\\.displayScale)`; a screen is rarely needed in SwiftUI"
            default: instead = "Pass in the screen of the window this is for (`view.window?.windowScene?.screen`)"
            }
        }
        return (headline, instead + "." + reason)
    }
}

/// `windowHost(at:)` with the type's role computed once per type and the function's once per
/// function, so a file with many reads costs no rescan of its declarations per read.
struct WindowHostCache {
    private var types: [Int: WindowHost] = [:]
    private var handsOver: [Int: Bool] = [:]

    mutating func host(at index: Int, in file: SourceFile) -> WindowHost {
        var isStatic = false
        var function: Int?
        for owner in file.enclosingDeclarations(of: index) {
            let declaration = file.declarations[owner]
            if declaration.isFunctionLike || declaration.kind == .variable || declaration.kind == .constant {
                if file.declaration(declaration, hasModifier: "static") || file.declaration(declaration, hasModifier: "class") {
                    isStatic = true
                }
                if function == nil { function = owner }
                continue
            }
            guard declaration.isType else { continue }
            let host = types[owner] ?? file.windowHost(ofType: declaration)
            types[owner] = host
            if host == .viewController || host == .view {
                if isStatic { return .other }
                if let function {
                    let handed = handsOver[function] ?? file.handsOverSelf(file.declarations[function])
                    handsOver[function] = handed
                    if handed { return .other }
                }
            }
            return host
        }
        return .other
    }
}
