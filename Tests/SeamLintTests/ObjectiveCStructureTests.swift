import Foundation
import SeamLintCore
@testable import SeamLintRules
import Testing

/// The Objective-C view over the token model: message sends, property/message paths, containers,
/// methods, blocks and statements.
@Suite("Objective-C structure", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCStructureTests {
    /// The provenance collector follows only the message arguments that may carry a scene (a
    /// pick, a local, a parameter, a name spelling "scene" or "window"): it records the same
    /// calls, helpers and uses as when it follows every argument.
    @Test func argumentsWithoutScenesAreSkippedWithoutChangingTheFacts() throws {
        var sources = ["""
            @implementation Reviewer
            - (void)askIn:(UIWindowScene *)scene other:(id)x {
                UIWindowScene *local = [self currentScene];
                id delegate = [UIApplication sharedApplication].delegate;
                [Reviewer ask:local]; [Reviewer ask:scene]; [Reviewer ask:x]; [Reviewer ask:nil];
                [Reviewer ask:[UIApplication sharedApplication].connectedScenes.anyObject];
                [Reviewer ask:self.view.window]; [Reviewer ask:self.view]; [Reviewer ask:delegate];
                [Reviewer ask:@"text" inScene:[self helperScene]]; [Reviewer show:[NSNumber numberWithInt:3]];
            }
            - (UIWindowScene *)currentScene { return [UIApplication sharedApplication].connectedScenes.anyObject; }
            @end
            """]
        sources += try ObjectiveCFixture.sampleSources()
        var calls = 0
        for source in sources {
            let file = try ObjectiveCFixture.file(source)
            let context = RuleContext(file: file, ruleID: KeyWindowLookup.description.id, severity: .warning)
            let lookups = file.objectiveCSceneLookups()
            var skipping = ObjectiveCSceneProvenanceCollector(context: context, lookups: lookups)
            var following = ObjectiveCSceneProvenanceCollector(context: context, lookups: lookups)
            following.skipsArgumentsWithoutScenes = false
            let (skipped, followed) = (skipping.collect(), following.collect())
            #expect(skipped == followed, "\(source.prefix(60))")
            calls += followed.calls.count
        }
        #expect(calls > 5)
    }

    /// `objectiveCMessage(withFirstPiece:)` skips the parse for names that cannot be a first
    /// piece: at every code token of the sample apps and of nested, unary, keyword and broken
    /// sends it answers as parsing the bracket around the token does.
    @Test func firstPieceLookupAgreesWithParsingTheBracket() throws {
        var sources = [
            "[[UIApplication sharedApplication].delegate window]; [a b:[c d] e:f ? g : h]; [x y:^{ [z w]; }];",
            "[obj addObserver:self forKeyPath:@\"a\" options:0 context:NULL]; [items[0] go]; x = a[1]; [self", "@[a, b]; [super init];",
        ]
        sources += try ObjectiveCFixture.sampleSources()
        var firstPieces = 0
        for source in sources {
            let file = try ObjectiveCFixture.file(source)
            for index in -1...file.code.count {
                let parsed = index >= 0 && index < file.code.count && file.parent[index] >= 0
                    ? file.objectiveCMessage(at: Int(file.parent[index])).flatMap { $0.pieces.first == index ? $0.open : nil } : nil
                #expect(file.objectiveCMessage(withFirstPiece: index)?.open == parsed, "\(index) in \(source.prefix(40))")
                if parsed != nil { firstPieces += 1 }
            }
        }
        #expect(firstPieces > 20)
    }

    @Test(arguments: [
        ("x = [UIApplication sharedApplication];", "sharedApplication", "UIApplication"),
        ("[self.view addSubview:label];", "addSubview:", "self.view"),
        ("[[UIView alloc] initWithFrame:CGRectZero];", "initWithFrame:", "[UIView alloc]"),
        ("[(UIView *)object setHidden:YES];", "setHidden:", "(UIView *)object"),
        ("[obj addObserver:self forKeyPath:@\"a\" options:0 context:NULL];", "addObserver:forKeyPath:options:context:", "obj"),
        ("[obj setValue:flag ? a : b forKey:@\"k\"];", "setValue:forKey:", "obj"),
        ("[items[0] removeFromSuperview];", "removeFromSuperview", "items[0]"),
        ("[NSString stringWithFormat:@\"%@ %@\", a, b];", "stringWithFormat:", "NSString"),
        ("[@\"text\" length];", "length", "@\"text\""),
        ("if (ready) [self go];", "go", "self"),
        ("return [super description];", "description", "super"),
        ("[UIView animateWithDuration:1 animations:^{ [v layoutIfNeeded]; } completion:nil];",
         "animateWithDuration:animations:completion:", "UIView"),
    ])
    func messages(source: String, selector: String, receiver: String) throws {
        let file = try ObjectiveCFixture.file(source)
        let open = try #require(file.code.indices.first { file.objectiveCMessage(at: $0) != nil })
        let message = try #require(file.objectiveCMessage(at: open))
        #expect(file.objectiveCSelector(of: message) == selector)
        let range = Int(file.code[message.receiver.lowerBound].start)..<file.code[message.receiver.upperBound].end
        #expect(file.text(range) == receiver)
    }

    @Test(arguments: [
        "int values[3];",
        "x = values[i];",
        "NSArray *a = @[first, second];",
        "y = f(x)[0];",
        "x = [a b][0];",
    ])
    func subscriptsAndLiteralsAreNotMessages(source: String) throws {
        let file = try ObjectiveCFixture.file(source)
        let opens = file.code.indices.filter { file.code[$0].kind == .leftSquare }
        let messages = opens.filter { file.objectiveCMessage(at: $0) != nil }
        #expect(messages.count == (source.contains("[a b]") ? 1 : 0))
    }

    @Test(arguments: [
        ("[UIApplication sharedApplication].connectedScenes.anyObject;", "name UIApplication, message sharedApplication, property connectedScenes, property anyObject"),
        ("[[[UIApplication sharedApplication] windows] firstObject];", "name UIApplication, message sharedApplication, message windows, message firstObject"),
        ("UIApplication.sharedApplication.windows[0];", "name UIApplication, property sharedApplication, property windows, subscript ["),
        ("((UIWindowScene *)scene).windows;", "name scene, property windows"),
        ("[self.view window];", "name self, property view, message window"),
    ])
    func paths(source: String, expected: String) throws {
        let file = try ObjectiveCFixture.file(source)
        let end = file.code.count - 2   // before the `;`
        let path = file.objectiveCPath(endingAt: end)
        let described = path.map { step -> String in
            let kind: String
            switch step.kind {
            case .name: kind = "name"
            case .property: kind = "property"
            case .message: kind = "message"
            case .subscript: kind = "subscript"
            }
            return kind + " " + file.text(at: step.token)
        }
        #expect(described.joined(separator: ", ") == expected)
    }

    @Test func stepsAfterAnExpression() throws {
        let source = "[[UIApplication sharedApplication].connectedScenes allObjects].firstObject;"
        let file = try ObjectiveCFixture.file(source)
        let scenes = try #require(ObjectiveCFixture.index(of: "connectedScenes", in: file))
        let allObjects = try #require(file.objectiveCStep(after: scenes))
        #expect(allObjects.kind == .message && file.text(at: allObjects.token) == "allObjects")
        let first = try #require(file.objectiveCStep(after: allObjects.end))
        #expect(first.kind == .property && file.text(at: first.token) == "firstObject")
        #expect(file.objectiveCStep(after: first.end) == nil)
    }

    @Test func containersAndMethods() throws {
        let source = """
            @protocol Forward;
            @interface MenuWindow : UIWindow <UIGestureRecognizerDelegate>
            @property (nonatomic) BOOL blocking;
            - (void)reset NS_REQUIRES_SUPER;
            @end

            @interface MenuWindow ()
            @end

            @implementation MenuWindow {
                NSInteger _count;
            }
            + (instancetype)shared { return nil; }
            - (void)didAddSubview:(UIView *)subview {
                [super didAddSubview:subview];
            }
            - (UIView *)hitTest:(CGPoint)point withEvent:(UIEvent *)event; {
                return [super hitTest:point withEvent:event];
            }
            static int helper(int x) { return -x; }
            @end
            """
        let file = try ObjectiveCFixture.file(source)
        let containers = file.objectiveCContainers()
        #expect(containers.map(\.kind) == [.interface, .interface, .implementation])
        let interface = containers[0]
        #expect(interface.superclass.map { file.text(at: $0) } == "UIWindow")
        #expect(interface.protocols.map { file.text(at: $0) } == ["UIGestureRecognizerDelegate"])
        #expect(interface.methods.map { file.objectiveCSelector(of: $0) } == ["reset"])
        #expect(containers[1].isCategory)
        let implementation = containers[2]
        #expect(implementation.methods.map { file.objectiveCSelector(of: $0) } == ["shared", "didAddSubview:", "hitTest:withEvent:"])
        #expect(implementation.methods.map(\.isClassMethod) == [true, false, false])
        #expect(implementation.methods.allSatisfy { $0.bodyOpen != nil })
        let name = try #require(implementation.name)
        #expect(file.objectiveCSuperclass(of: name, in: containers).map { file.text(at: $0) } == "UIWindow")
        let inside = try #require(ObjectiveCFixture.index(of: "didAddSubview", in: file, occurrence: 1))
        #expect(file.objectiveCMethod(containing: inside, in: containers).map { file.objectiveCSelector(of: $0.method) } == "didAddSubview:")
    }

    @Test func blocksAndStatements() throws {
        let source = """
            - (void)show {
                int a = 1;
                [UIView animateWithDuration:0.3 animations:^{
                    self.alpha = 0;
                } completion:^(BOOL finished) { [self ↓removeFromSuperview]; }];
            }
            """
        let file = try ObjectiveCFixture.file(source)
        let braces = file.code.indices.filter { file.code[$0].kind == .leftBrace }
        #expect(braces.map { file.isObjectiveCBlockBody($0) } == [false, true, true])
        let remove = try #require(ObjectiveCFixture.index(of: "removeFromSuperview", in: file))
        let statement = file.objectiveCStatementStart(containing: remove)
        #expect(file.text(at: statement) == "[")
        let animate = try #require(ObjectiveCFixture.index(of: "alpha", in: file))
        #expect(file.objectiveCStatementStart(containing: animate) == (ObjectiveCFixture.index(of: "self", in: file)))
    }

    @Test(arguments: [
        ("@implementation MMNotesViewController\n- (void)a { ↓x; }\n@end", WindowHost.viewController),
        ("@interface Badge : UIControl\n@end\n@implementation Badge\n- (void)a { ↓x; }\n@end", .view),
        ("@interface Badge : UIControl\n@end\n@implementation Badge\n+ (void)a { ↓x; }\n@end", .other),
        ("@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end\n@implementation SceneDelegate\n- (void)a { ↓x; }\n@end", .sceneDelegate),
        ("@implementation UIApplication (Windows)\n- (void)a { ↓x; }\n@end", .applicationHelper),
    ])
    func hosts(source: String, expected: WindowHost) throws {
        let file = try ObjectiveCFixture.file(source)
        let use = try #require(ObjectiveCFixture.index(of: "x", in: file))
        #expect(file.objectiveCWindowHost(at: use, in: file.objectiveCContainers()) == expected)
    }
}
