import SeamLintCore
@testable import SeamLintRules
import Testing

/// The Objective-C detections the rules call, position by position (`↓` marks the expected token).
@Suite("Objective-C checks", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCCheckTests {
    static let lookups: [(String, SceneLookupResult, SceneLookupOrigin)] = [
        ("UIWindowScene *s = (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.↓anyObject;", .scene, .connectedScenes),
        ("id s = [[[UIApplication sharedApplication] connectedScenes] ↓anyObject];", .scene, .connectedScenes),
        ("id s = UIApplication.sharedApplication.connectedScenes.allObjects.↓firstObject;", .scene, .connectedScenes),
        ("id s = [UIApplication sharedApplication].connectedScenes.allObjects↓[0];", .scene, .connectedScenes),
        ("id s = [[UIApplication sharedApplication].connectedScenes.allObjects ↓objectAtIndex:0];", .scene, .connectedScenes),
        ("UIWindow *w = ((UIWindowScene *)[UIApplication sharedApplication].connectedScenes.↓anyObject).windows.firstObject;", .window, .connectedScenes),
        ("UIWindow *w = [UIApplication sharedApplication].↓keyWindow;", .window, .applicationKeyWindow),
        ("UIWindow *w = [[UIApplication sharedApplication] ↓keyWindow];", .window, .applicationKeyWindow),
        ("UIWindow *w = [UIApplication sharedApplication].windows.↓firstObject;", .window, .applicationWindows),
        ("UIWindow *w = [UIApplication sharedApplication].windows.↓lastObject;", .window, .applicationWindows),
        ("UIWindow *w = [UIApplication sharedApplication].windows↓[0];", .window, .applicationWindows),
        ("UIWindow *w = [[[UIApplication sharedApplication] windows] ↓firstObject];", .window, .applicationWindows),
    ]

    @Test(arguments: lookups)
    func sceneLookups(source: String, result: SceneLookupResult, origin: SceneLookupOrigin) throws {
        let method = "@implementation Helper\n- (void)run {\n    " + source + "\n}\n@end\n"
        let file = try ObjectiveCFixture.file(method)
        let found = file.objectiveCSceneLookups()
        try #require(found.count == 1, "\(found.count) lookups in \(source)")
        #expect(Int(file.code[found[0].pick].start) == MarkedSource(method).offsets.first)
        #expect(found[0].result == result)
        #expect(found[0].origin == origin)
    }

    @Test(arguments: [
        "for (UIScene *scene in [UIApplication sharedApplication].connectedScenes) { [scene description]; }",
        "NSUInteger n = [UIApplication sharedApplication].connectedScenes.count;",
        "UIWindow *w = self.view.window.windowScene.keyWindow;",
        "UIWindow *w = scene.windows.firstObject;",
        "UIWindow *w = [NSApplication sharedApplication].keyWindow;",
        "id s = [[UIApplication sharedApplication].connectedScenes.allObjects filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@\"session == %@\", session]].firstObject;",
        "// id s = [UIApplication sharedApplication].connectedScenes.anyObject;",
        "NSString *s = @\"[UIApplication sharedApplication].keyWindow\";",
    ])
    func notLookups(source: String) throws {
        let file = try ObjectiveCFixture.file("@implementation Helper\n- (void)run {\n    " + source + "\n}\n@end\n")
        #expect(file.objectiveCSceneLookups().isEmpty)
    }

    @Test func applicationParametersAndCategories() throws {
        let source = """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                UIWindow *w = application.↓keyWindow;
                return YES;
            }
            @end
            @implementation UIApplication (Windows)
            - (UIWindow *)topWindow {
                return self.windows.↓lastObject;
            }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let picks = file.objectiveCSceneLookups().map { file.text(at: $0.pick) }
        #expect(picks == ["keyWindow", "lastObject"])
    }

    @Test func storeKitThroughALocal() throws {
        let source = """
            @implementation Prompter
            + (void)ask {
                UIWindowScene *scene = (UIWindowScene *)[UIApplication sharedApplication].connectedScenes.anyObject;
                [SKStoreReviewController requestReviewInScene:scene];
            }
            @end
            """
        let lookup = try #require(try ObjectiveCFixture.file(source).objectiveCSceneLookups().first)
        #expect(lookup.storeKitCall == .storeReviewControllerRequestReview)
    }

    @Test func earlyWindowReads() throws {
        let source = """
            @interface Badge : UIView
            @end
            @implementation ProfileViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                CGFloat scale = self.view.↓window.screen.scale;
                CGFloat again = self.view.window.screen.scale;
            }
            - (void)viewWillAppear:(BOOL)animated {
                [super viewWillAppear:animated];
                if (self.view.window == nil) { return; }
                if (!self.view.window) { return; }
                [UIView animateWithDuration:0.2 animations:^{ self.view.window.alpha = 1; }];
                UIWindowScene *scene = [[self view] ↓window].windowScene;
            }
            - (void)viewIsAppearing:(BOOL)animated {
                self.view.window.windowScene.title = @"x";
            }
            @end
            @implementation Badge
            - (instancetype)initWithFrame:(CGRect)frame {
                self = [super initWithFrame:frame];
                self.tintColor = self.↓window.tintColor;
                return self;
            }
            - (void)didMoveToWindow {
                self.tintColor = self.window.tintColor;
            }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let reads = file.objectiveCEarlyWindowReads()
        let expected = MarkedSource(source).offsets
        #expect(reads.map { Int(file.code[$0.window].start) } == expected)
        #expect(reads.map(\.selector) == ["viewDidLoad", "viewWillAppear:", "initWithFrame:"])
        #expect(reads.map { file.text(Int(file.code[$0.start].start)..<file.code[$0.end].end) }
                == ["self.view.window", "[[self view] window]", "self.window"])
    }

    @Test func subviewsObservations() throws {
        let source = """
            - (void)watch {
                [self.bar addObserver:self forKeyPath:↓@"subviews" options:NSKeyValueObservingOptionNew context:nil];
                [self addObserver:self forKeyPath:↓@"contentView.subviews" options:0 context:nil];
                [self.bar addObserver:self forKeyPath:↓NSStringFromSelector(@selector(subviews)) options:0 context:nil];
                [self.bar removeObserver:self forKeyPath:@"subviews"];
                [self.bar addObserver:self forKeyPath:@"bounds" options:0 context:nil];
                [self.bar addObserver:self forKeyPath:@"subviewsCount" options:0 context:nil];
            }
            """
        let file = try ObjectiveCFixture.file(source)
        let found = file.objectiveCSubviewsObservations()
        #expect(found.map { Int(file.code[$0.keyPath].start) } == MarkedSource(source).offsets)
    }

    @Test(arguments: [
        ("", false),
        ("if (@available(iOS 18, *)) { return; }", true),
        ("if (@available(iOS 17, *)) { return; }", false),
    ])
    func workaroundWindows(gate: String, gated: Bool) throws {
        let source = """
            @interface MenuWindow : UIWindow
            @end
            @implementation MenuWindow
            - (void)didAddSubview:(UIView *)subview {
                [super didAddSubview:subview];
                \(gate)
                if ([NSStringFromClass([subview class]) isEqualToString:@"_UIContextMenuContainerView"]) {
                    for (UIView *view in self.subviews) { view.userInteractionEnabled = view == subview; }
                }
            }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let windows = file.objectiveCContextMenuWorkaroundWindows()
        try #require(windows.count == 1)
        #expect(file.text(at: windows[0].name) == "MenuWindow")
        #expect(windows[0].hooks.map { file.text(at: $0.name) } == ["didAddSubview"])
        #expect(windows[0].isGated == gated)
    }

    @Test func elseBranchOfAvailabilityIsGated() throws {
        let source = """
            @implementation MenuWindow
            - (void)didAddSubview:(UIView *)subview {
                if (@available(iOS 18.0, *)) {
                } else if ([NSStringFromClass(subview.class) hasPrefix:@"_UIContextMenuContainer"]) {
                    self.rootViewController.view.userInteractionEnabled = NO;
                }
            }
            @end
            MenuWindow *window = [[MenuWindow alloc] initWithWindowScene:scene];
            """
        let file = try ObjectiveCFixture.file(source)
        #expect(file.objectiveCContextMenuWorkaroundWindows().map(\.isGated) == [true])
        #expect(file.objectiveCCustomWindowCreations().map { file.text(at: $0.name) } == ["MenuWindow"])
    }

    @Test func viewsAndPlainWindowsAreNotWorkarounds() throws {
        let source = """
            @interface Container : UIView
            @end
            @implementation Container
            - (void)didAddSubview:(UIView *)subview { NSLog(@"_UIContextMenuContainerView"); }
            @end
            """
        #expect(try ObjectiveCFixture.file(source).objectiveCContextMenuWorkaroundWindows().isEmpty)
    }

    @Test(arguments: [
        ("[appearance configureWithOpaqueBackground];", AppearanceOpacity.opaque),
        ("appearance.backgroundColor = [UIColor systemBackgroundColor];", .opaque),
        ("[appearance configureWithTransparentBackground];", .transparent),
        ("appearance.backgroundColor = [UIColor clearColor];", .transparent),
    ])
    func scrollEdgeOpacity(configuration: String, opacity: AppearanceOpacity) throws {
        let source = """
            @implementation SceneDelegate
            - (void)style:(UINavigationController *)navigationController {
                UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
                \(configuration)
                navigationController.navigationBar.↓scrollEdgeAppearance = appearance;
            }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let assignments = file.objectiveCScrollEdgeAssignments()
        #expect(assignments.map { Int(file.code[$0.member].start) } == MarkedSource(source).offsets)
        #expect(assignments.map(\.opacity) == [opacity])
    }

    @Test func scrollEdgeThroughProxiesMessagesAndHelpers() throws {
        let source = """
            @implementation Theme
            + (UINavigationBarAppearance *)solidAppearance {
                UINavigationBarAppearance *appearance = [UINavigationBarAppearance new];
                [appearance configureWithOpaqueBackground];
                return appearance;
            }
            - (void)apply {
                [[UINavigationBar appearance] ↓setScrollEdgeAppearance:[Theme solidAppearance]];
                self.navigationItem.↓scrollEdgeAppearance = self.navigationItem.standardAppearance;
                self.toolbar.scrollEdgeAppearance = toolbarAppearance;
            }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let assignments = file.objectiveCScrollEdgeAssignments()
        #expect(assignments.map { Int(file.code[$0.member].start) } == MarkedSource(source).offsets)
        #expect(assignments.first?.source == "solidAppearance")
        #expect(file.objectiveCAppearanceFactories().map { file.text(at: $0.name) } == ["solidAppearance"])
        #expect(file.objectiveCAppearanceFactories().map(\.opacity) == [.opaque])
    }
}
