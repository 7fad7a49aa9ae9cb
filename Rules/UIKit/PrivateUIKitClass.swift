import SeamLintCore

/// Flags private framework class names used as class names: looked up with `NSClassFromString`,
/// compared with a type's name, matched by prefix, or listed for such a match. The recognised
/// menu touch-through workaround (a `UIWindow` subclass spotting `_UIContextMenuContainerView`
/// before iOS 18) gets a milder message.
public struct PrivateUIKitClass: ObjectiveCRule {
    public init() {}

    public static let description = RuleDescription(
        id: "private_uikit_class",
        summary: "Private UIKit/SwiftUI class names (`_UI…`) break in OS updates and draw App Review attention",
        rationale: """
            ### What it does
            Finds private framework class names used as class names: `NSClassFromString("_UIContextMenuContainerView")`, \
            `String(describing: type(of: view)) == "_UIHostingView"`, `switch` cases and `hasPrefix("_UI…")` \
            matches on a type's name, and lists of such names. It recognises names with a leading underscore \
            (`_UI…`, `_NS…`), mangled private SwiftUI classes (`_TtC7SwiftUI…`) and well-known private UIKit \
            classes without one (`UITransitionView`, `UITextEffectsWindow`, `UITabBarButton`, …). Names assembled \
            at run time count too, when the pieces that can be read show a private name or a `_UI…`/`_NS…` \
            prefix: `+`, `appending`, `appendingFormat`, interpolation, `String(format:)`, `joined()`, and in \
            Objective-C adjacent literals, `stringWithFormat:`, `stringByAppendingString:` and \
            `componentsJoinedByString:`, directly or through a local bound earlier in the file; a public name \
            built the same way (`"UI" + "Label"`) is not flagged. Constants named for a class name count as \
            well; in Objective-C, `NSClassFromString(@"_UI…")` and `isEqualToString:` / `hasPrefix:` matches. \
            Names ending in `Notification` are notification names (`case "_UIApplicationVolumeUpButtonDownNotification":` \
            on `notification.name.rawValue`), not classes, and are not reported.

            ### Why is this bad?
            Private classes are implementation details: Apple renames, splits and removes them in minor OS \
            updates without notice, and the code that walks the view hierarchy looking for them then silently \
            stops matching (or, with a force-unwrapped `NSClassFromString`, crashes). References to private \
            class names in the binary also draw App Review attention. The one common, accepted case — \
            recognising `_UIContextMenuContainerView` in a `UIWindow` subclass to stop SwiftUI menus passing \
            taps through before iOS 18 — should be gated to the versions that need it, so fixed systems never \
            run it and it can be deleted when the deployment target reaches iOS 18.

            ### Use instead
            Use public API for what the lookup was for: `UIView` subclasses you own, `UIContextMenuInteraction` \
            delegate callbacks, `UIAppearance`, `UIViewControllerRepresentable` instead of digging into \
            SwiftUI's hosting views. When a workaround is unavoidable, gate it (`if #unavailable(iOS 18)`), \
            keep the name in one place and fail safe when the class is missing.
            """,
        documentation: [
            "https://developer.apple.com/app-store/review/guidelines/#software-requirements",
            "https://developer.apple.com/documentation/ios-ipados-release-notes/ios-ipados-18-release-notes",
        ],
        severity: .note, isOptIn: true,
        triggering: [
            Example("""
                if let containerClass = NSClassFromString(↓"_UIContextMenuContainerView"),
                   view.isKind(of: containerClass) {
                    view.isHidden = true
                }
                """),
            Example("""
                let hostingViews = window.subviews.filter { String(describing: type(of: $0)) == ↓"_UIHostingView" }
                """),
            Example("""
                switch NSStringFromClass(type(of: subview)) {
                case ↓"UITransitionView", ↓"_UIDimmingView":
                    subview.backgroundColor = .clear
                default:
                    break
                }
                """),
            Example("""
                let isKeyboard = "\\(type(of: window))".hasPrefix(↓"_UIRemoteKeyboard")
                let hidden: Set<String> = [↓"_UIBarBackground", ↓"_UIBarBackgroundShadowView"]
                """),
            // A constant named for the class name it holds.
            Example("""
                private static let containerClassName = ↓"_UIContextMenuContainerView"
                """),
            // Split to hide it from a string search: still a private class.
            Example("""
                guard let titleViewClass = NSClassFromString(↓"_" + "UINavigationBar" + "LargeTitleView") else { return }
                """),
            // Assembled at run time: through a local, `String(format:)`, `appending`, `joined()`, interpolation.
            Example("""
                let prefix = "_UI"
                let containerName = prefix + "ContextMenu" + "ContainerView"
                let keyboard: AnyClass? = NSClassFromString(↓String(format: "%@%@", "UIKeyboard", "Impl"))
                if let containerClass = NSClassFromString(↓containerName), view.isKind(of: containerClass) { view.isHidden = true }
                if NSStringFromClass(type(of: view)) == ↓"UI".appending("Transition").appending("View") { view.alpha = 0 }
                let isKeyboardWindow = "\\(type(of: window))".hasPrefix(↓["_UI", "Remote"].joined())
                let barClass: AnyClass? = NSClassFromString(↓"_UI\\(kind)" + "Background")
                """),
            // Bridged through NSString to reach its methods (seen in a media player).
            Example("""
                let className = ↓("_UINavigationBar" as NSString).appending("Palette")
                guard let paletteClass = NSClassFromString(className) else { return }
                let palette = ("_UINavigationBar" as NSString).appending("Palette")
                let bottom: AnyClass? = NSClassFromString(↓palette)
                let effect: AnyClass? = NSClassFromString(↓("_UI" as NSString).appendingFormat("%@", "VisualEffectBackdropView") as String)
                """),
            Example("""
                NSString *name = [@"_UI" stringByAppendingString:@"Backdrop"];
                Class backdrop = NSClassFromString(↓name);
                Class keyboard = NSClassFromString(↓[NSString stringWithFormat:@"%@%@", @"UIKeyboard", @"Impl"]);
                if ([NSStringFromClass([view class]) isEqualToString:↓[@[@"_UI", @"BarBackground"] componentsJoinedByString:@""]]) {
                    view.hidden = YES;
                }
                Class dimming = NSClassFromString(↓@"_UI" @"DimmingView");
                """, language: .objectiveC),
            // The known menu workaround, but running on every iOS version.
            Example("""
                final class TouchBlockingWindow: UIWindow {
                    override func didAddSubview(_ subview: UIView) {
                        super.didAddSubview(subview)
                        if NSStringFromClass(type(of: subview)) == ↓"_UIContextMenuContainerView" {
                            rootViewController?.view.isUserInteractionEnabled = false
                        }
                    }
                }
                """),
            // The gated workaround: a milder note, still listed.
            Example("""
                final class MenuWindow: UIWindow {
                    override func willRemoveSubview(_ subview: UIView) {
                        super.willRemoveSubview(subview)
                        guard #unavailable(iOS 18) else { return }
                        if String(describing: type(of: subview)) == ↓"_UIContextMenuContainerView" {
                            rootViewController?.view.isUserInteractionEnabled = true
                        }
                    }
                }
                """),
            // Gated in the hooks, matched in a helper they call.
            Example("""
                final class MenuAwareWindow: UIWindow {
                    override func didAddSubview(_ subview: UIView) {
                        super.didAddSubview(subview)
                        if #unavailable(iOS 18), isMenuContainer(subview) { setOthersInteractive(false, except: subview) }
                    }
                    override func willRemoveSubview(_ subview: UIView) {
                        super.willRemoveSubview(subview)
                        if #unavailable(iOS 18), isMenuContainer(subview) { setOthersInteractive(true, except: subview) }
                    }
                    private func isMenuContainer(_ view: UIView) -> Bool {
                        "\\(type(of: view))" == ↓"_UIContextMenuContainerView"
                    }
                }
                """, iosDeploymentTarget: Version(16)),
            Example("""
                Class containerClass = NSClassFromString(↓@"_UIContextMenuContainerView");
                if ([NSStringFromClass([view class]) isEqualToString:↓@"_UIBarBackground"]) { view.hidden = YES; }
                """, language: .objectiveC),
        ],
        nonTriggering: [
            // Private notification names, not classes (seen in an emulator's hardware-button handling).
            Example("""
                func handle(_ note: Notification) {
                    switch note.name.rawValue {
                    case "_UIApplicationSystemGestureStateChangedNotification": pauseGame()
                    default: break
                    }
                    if note.name.rawValue == "_UIWindowContentWillRotateNotification" { pauseGame() }
                }
                """),
            Example("""
                if ([note.name isEqualToString:@"_UIApplicationSystemGestureStateChangedNotification"]) { [self pause]; }
                """, language: .objectiveC),
            Example("""
                NSLog(@"_UIBarBackground appeared");
                Class testCase = NSClassFromString(@"XCTestCase");
                """, language: .objectiveC),
            // tvOS-only code.
            Example("""
                #if TARGET_OS_TV
                Class focusClass = NSClassFromString(@"_UIFocusEngine");
                #endif
                """, language: .objectiveC),
            // Public classes looked up dynamically.
            Example("""
                let testing = NSClassFromString("XCTestCase") != nil
                let behavior = NSClassFromString("CAEmitterBehavior") as? NSObject.Type
                """),
            // Strings that are not compared with a class name.
            Example("""
                logger.debug("_UIContextMenuContainerView appeared")
                let title = NSLocalizedString("_UIMenuTitle", comment: "")
                defaults.set(true, forKey: "_UIHintShown")
                """),
            // Public types compared by name.
            Example("""
                if String(describing: type(of: controller)) == "UIHostingController<AnyView>" { return }
                let isNavigation = NSStringFromClass(type(of: controller)) == "UINavigationController"
                """),
            // A dictionary keyed by private-looking strings, and a subscript.
            Example("""
                let labels = ["_UIFoo": "one", "_UIBar": "two"]
                let value = labels["_UIFoo"]
                """),
            // A private-looking string in a constant that is not a class name.
            Example("""
                static let defaultsKey = "_UIHintShown"
                let greeting: String = "_UIWelcome"
                """),
            // Identifiers, not strings.
            Example("""
                let _UIDebugFlag = true
                if _UIDebugFlag == enabled { print("debug") }
                """),
            // Assembled, but public.
            Example("""
                let controllerClass = NSClassFromString("Settings" + "." + "RootViewController") as? UIViewController.Type
                """),
            Example("""
                let name = String(describing: type(of: view))
                if name.hasPrefix("My") || name == "ProfileHeaderView" { configure(view) }
                """),
            // Public UIKit names assembled the same ways, unknown parts, and private-looking strings that
            // are not class names.
            Example("""
                let controllerClass = NSClassFromString("UI" + "ViewController") as? UIViewController.Type
                let labelClass: AnyClass? = NSClassFromString(String(format: "%@%@", "UI", "Label"))
                let settings: AnyClass? = NSClassFromString(moduleName + "." + "SettingsViewController")
                if String(describing: type(of: view)) == "UI" + suffix { configure(view) }
                if String(describing: type(of: view)) == "_" + name { configure(view) }
                defaults.set(true, forKey: "_UI" + "HintShown")
                let hintKey = "_UI" + "HintShown"
                let stackClass: AnyClass? = NSClassFromString(("UI" as NSString).appending("StackView"))
                let selector = NSSelectorFromString(("_setBottom" as NSString).appending("Palette:"))
                """),
            Example("""
                Class settings = NSClassFromString([NSString stringWithFormat:@"%@.%@", moduleName, @"Settings"]);
                NSString *label = [@"UI" stringByAppendingString:@"Label"];
                Class labelClass = NSClassFromString(label);
                NSLog(@"%@", [@"_UI" stringByAppendingString:@"Hint"]);
                """, language: .objectiveC),
        ]
    )

    public static var triggerWords: [String] {
        ["_UI", "_NS", "_TtC7SwiftUI", "_TtGC7SwiftUI", "NSClassFromString", "objc_getClass", "objc_lookUpClass",
         // Names assembled from pieces that do not show `_UI` whole.
         "\"UI", "\"_\"", "NSStringFromClass", "type(of", "class]"]
            + knownPrivateNames.map { String(describing: $0) }
    }

    /// Private UIKit classes without the leading underscore that apps commonly match by name.
    static let knownPrivateNames: [StaticString] = [
        "UITransitionView", "UIDropShadowView", "UILayoutContainerView", "UINavigationTransitionView",
        "UIRemoteKeyboardWindow", "UITextEffectsWindow", "UIInputSetHostView", "UIInputSetContainerView",
        "UIKeyboardImpl", "UIStatusBarWindow", "UIPeripheralHostView", "UITabBarButton", "UITabBarButtonLabel",
        "UINavigationButton", "UINavigationItemView", "UITableViewCellContentView", "UITableViewWrapperView",
        "UIButtonLabel", "UIFieldEditor", "UICalloutBar", "UIStatusBarForegroundView", "UIKBKeyView",
        "UITableViewCellReorderControl", "UITableViewCellDeleteConfirmationView", "UISwipeActionPullView",
    ]

    public func check(_ context: inout RuleContext) {
        let file = context.file
        let code = file.code
        var assembly = AssembledClassNames(file)
        var index = 0
        while index < code.count {
            defer { index += 1 }
            assembly.visit(index, lookup: lookupFunction(at: index, file), &context)
            guard code[index].kind == .stringDelimiter, let close = file.stringLiteralEnd(from: index) else { continue }
            defer { index = close }
            guard index > assembly.covered, isPrivateClassName(literal: index, file),
                  let usage = classNameUsage(open: index, close: close, file) else { continue }
            let name = literalText(index, close, file)
            let length = Int(code[close].end) - Int(code[index].start)
            let text = message(name: name, usage: usage, at: index, context)
            context.report(at: index, text.headline, help: text.help, length: length)
        }
    }

    /// Objective-C: `NSClassFromString(@"_UI…")` and `[name isEqualToString:@"_UI…"]` (also
    /// `hasPrefix:`, `hasSuffix:`, `containsString:`), and names assembled from pieces, outside code
    /// not compiled for iOS (`#if TARGET_OS_TV`). The menu-workaround recognition is Swift-only.
    public func checkObjectiveC(_ context: inout RuleContext) {
        let file = context.file
        let code = file.code
        var assembly = AssembledClassNames(file)
        var index = 0
        while index < code.count {
            defer { index += 1 }
            if !file.isExcludedFromIOS(at: index) { assembly.visit(index, lookup: lookupFunction(at: index, file), &context) }
            guard code[index].kind == .stringDelimiter, let close = file.stringLiteralEnd(from: index) else { continue }
            defer { index = close }
            guard index > assembly.covered, isPrivateClassName(literal: index, file), !file.isExcludedFromIOS(at: index) else { continue }
            var usage: Usage?
            let parent = Int(file.parent[index])
            if parent > 0, code[parent].kind == .leftParen, code[parent - 1].kind == .identifier,
               let function = lookupFunction(at: parent - 1, file) {
                usage = .lookup(function)
            } else if index >= 2, code[index - 1].kind == .colon,
                      Self.objectiveCMatchSelectors.contains(where: { file.tokenIs(index - 2, Array($0.utf8)) }) {
                usage = .comparison
            }
            guard let usage else { continue }
            let name = literalText(index, close, file)
            let length = Int(code[close].end) - Int(code[index].start)
            let text = message(name: name, usage: usage, at: index, context)
            context.report(at: index, text.headline, help: text.help, length: length)
        }
    }

    static let objectiveCMatchSelectors = ["isEqualToString", "hasPrefix", "hasSuffix", "containsString", "isEqual"]

    /// The Objective-C runtime lookup called at `index` (`NSClassFromString(`), if any.
    private func lookupFunction(at index: Int, _ file: SourceFile) -> String? {
        guard index + 1 < file.code.count, file.code[index + 1].kind == .leftParen,
              !file.code[index + 1].flags.contains(.lineStart), file.matching[index + 1] > index + 1,
              !(index > 0 && file.code[index - 1].kind == .period) else { return nil }
        for name: StaticString in ["NSClassFromString", "objc_getClass", "objc_lookUpClass", "objc_getRequiredClass",
                                   "objc_getMetaClass"] where file.tokenIs(index, name) {
            return file.text(at: index)
        }
        return nil
    }

    // MARK: Recognising private names

    /// A private class name, given the whole name (`complete`) or only its start (the first segment
    /// of an interpolated literal, or a prefix to match).
    static func isPrivateName(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Bool {
        func starts(with prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            return bytes.count >= count
                && UnsafeBufferPointer(start: prefix.utf8Start, count: count).elementsEqual(bytes.prefix(count))
        }
        if starts(with: "_TtC7SwiftUI") || starts(with: "_TtGC7SwiftUI") { return true }
        // `_UIApplicationVolumeUpButtonDownNotification`: frameworks name notifications `…Notification`,
        // never classes (NSNotification aside), so the whole name is a notification's, not a class's.
        if complete, bytes.count > 12, bytes.suffix(12).elementsEqual("Notification".utf8) { return false }
        if starts(with: "_UI") || starts(with: "_NS") {
            // `_UIHostingView`, or `_UI` alone as a prefix to match; not `_UI_DEBUG` or `_NSsomething`.
            guard bytes.count > 3 else { return true }
            let next = bytes[bytes.startIndex + 3]
            return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
        }
        guard complete else { return false }
        return Self.knownPrivateNames.contains { name in
            name.utf8CodeUnitCount == bytes.count
                && UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).elementsEqual(bytes)
        }
    }

    private func isPrivateClassName(literal open: Int, _ file: SourceFile) -> Bool {
        if let content = file.plainStringContent(from: open) { return Self.isPrivateName(file.bytes[content], complete: true) }
        // Interpolated: judge by the first segment.
        guard open + 1 < file.code.count, file.code[open + 1].kind == .stringSegment else { return false }
        return Self.isPrivateName(file.bytes[file.code[open + 1].range], complete: false)
    }

    private func literalText(_ open: Int, _ close: Int, _ file: SourceFile) -> String {
        let start = Int(file.code[open].end)
        let end = Int(file.code[close].start)
        guard start <= end else { return "" }
        return file.text(start..<end)
    }

    // MARK: Is the literal used as a class name?

    enum Usage {
        /// `NSClassFromString("…")` and the Objective-C runtime lookups.
        case lookup(String)
        /// `==`, `!=`, `~=`, or a `case` pattern.
        case comparison
        /// `hasPrefix("…")`, `contains("…")`, …
        case partialMatch
        /// An element of an array or set literal.
        case listElement
    }

    private func classNameUsage(open: Int, close: Int, _ file: SourceFile) -> Usage? {
        let code = file.code
        let before = open - 1
        let after = close + 1
        if isComparisonOperator(before, file) || isComparisonOperator(after, file) { return .comparison }
        if isCasePattern(open, file) { return .comparison }
        if isClassNameConstant(open: open, close: close, file) { return .comparison }
        let parent = Int(file.parent[open])
        guard parent >= 0 else { return nil }
        if code[parent].kind == .leftParen, parent > 0, code[parent - 1].kind == .identifier,
           !code[parent].flags.contains(.lineStart) {
            let callee = parent - 1
            for name: StaticString in ["NSClassFromString", "objc_getClass", "objc_lookUpClass", "objc_getRequiredClass",
                                       "objc_getMetaClass"] where file.tokenIs(callee, name) {
                return .lookup(file.text(at: callee))
            }
            for name: StaticString in ["hasPrefix", "hasSuffix", "contains", "starts", "range", "elementsEqual",
                                       "localizedCaseInsensitiveContains", "localizedStandardContains"]
                where file.tokenIs(callee, name) && callee > 0 && code[callee - 1].kind == .period {
                return .partialMatch
            }
            return nil
        }
        if code[parent].kind == .leftSquare, isCollectionLiteral(parent, file) {
            // Dictionary keys and values are not class-name lists.
            let literalClose = Int(file.matching[parent])
            var cursor = parent + 1
            while cursor < literalClose {
                if code[cursor].kind == .colon { return nil }
                if code[cursor].kind.isOpeningBracket, file.matching[cursor] > cursor { cursor = Int(file.matching[cursor]) }
                cursor += 1
            }
            return .listElement
        }
        return nil
    }

    /// `let menuContainerClassName = "_UIContextMenuContainerView"`: a constant named for a class
    /// name, initialized with the literal alone.
    private func isClassNameConstant(open: Int, close: Int, _ file: SourceFile) -> Bool {
        let code = file.code
        guard open >= 2, file.tokenIs(open - 1, "=") else { return false }
        let after = close + 1
        guard after >= code.count || code[after].flags.contains(.lineStart) || code[after].kind == .semicolon
                || code[after].kind == .rightBrace else { return false }
        // The name: right before `=`, or before a `: String` annotation.
        var name = open - 2
        if name >= 2, code[name - 1].kind == .colon { name -= 2 }
        guard name >= 1, code[name].kind == .identifier,
              code[name - 1].keyword == .let || code[name - 1].keyword == .var else { return false }
        let text = file.bytes(at: name)
        for word in ["Class", "class", "TypeName", "typeName"] {
            let needle = Array(word.utf8)
            if text.count >= needle.count,
               (0...(text.count - needle.count)).contains(where: { text.dropFirst($0).starts(with: needle) }) {
                return true
            }
        }
        return false
    }

    private func isComparisonOperator(_ index: Int, _ file: SourceFile) -> Bool {
        guard index >= 0, index < file.code.count, file.code[index].kind == .operator else { return false }
        return file.tokenIs(index, "==") || file.tokenIs(index, "!=") || file.tokenIs(index, "~=")
    }

    /// `case "…":` or `case "…", "…":` in a `switch`.
    private func isCasePattern(_ open: Int, _ file: SourceFile) -> Bool {
        var cursor = open - 1
        while cursor >= 0 {
            let token = file.code[cursor]
            if token.keyword == .case { return true }
            if token.kind == .comma {
                cursor -= 1
                continue
            }
            if token.kind == .stringDelimiter {
                // Skip back over a previous literal in the same pattern list.
                var start = cursor - 1
                while start >= 0, file.code[start].kind == .stringSegment || file.code[start].kind == .interpolationEnd {
                    if file.code[start].kind == .interpolationEnd, file.matching[start] >= 0 { start = Int(file.matching[start]) }
                    start -= 1
                }
                guard start >= 0, file.code[start].kind == .stringDelimiter else { return false }
                cursor = start - 1
                continue
            }
            return false
        }
        return false
    }

    /// A `[` that opens an array or dictionary literal rather than a subscript.
    private func isCollectionLiteral(_ open: Int, _ file: SourceFile) -> Bool {
        guard open > 0, !file.code[open].flags.contains(.lineStart) else { return true }
        let previous = file.code[open - 1]
        switch previous.kind {
        case .identifier:
            return false
        case .keyword:
            return previous.keyword != .self && previous.keyword != .Self && previous.keyword != .super
        case .rightParen, .rightSquare, .rightBrace, .stringDelimiter:
            return false
        case .operator:
            // `array?[0]`, `value![0]`
            return previous.flags.contains(.spaceBefore) || !(file.tokenIs(open - 1, "?") || file.tokenIs(open - 1, "!"))
        default:
            return true
        }
    }

    // MARK: The menu workaround

    /// The window subclass around `index` when the literal is part of the workaround for SwiftUI
    /// menus passing taps through before iOS 18: a `_UIContextMenu…` name in a `UIWindow` subclass
    /// that overrides `didAddSubview(_:)` or `willRemoveSubview(_:)` (directly in them, or in a
    /// helper they call).
    private func menuWorkaroundWindow(name: String, at index: Int, _ file: SourceFile) -> Int? {
        guard name.hasPrefix("_UIContextMenu") else { return nil }
        for owner in file.enclosingDeclarations(of: index) where file.declarations[owner].isType {
            let type = file.declarations[owner]
            guard type.kind == .class || type.kind == .extension else { return nil }
            let isWindow = file.inheritedNames(of: type).contains { file.tokenHasSuffix($0, "Window") }
                || (type.kind == .extension && (type.name.map { file.tokenHasSuffix($0, "Window") } ?? false))
            guard isWindow, !subviewHooks(ofType: owner, file).isEmpty else { return nil }
            return owner
        }
        return nil
    }

    /// The type's `didAddSubview` / `willRemoveSubview` overrides.
    private func subviewHooks(ofType owner: Int, _ file: SourceFile) -> [Declaration] {
        file.members(ofType: owner).map { file.declarations[$0] }.filter { member in
            member.kind == .function && member.name.map {
                file.tokenIs($0, "didAddSubview") || file.tokenIs($0, "willRemoveSubview")
            } == true
        }
    }

    /// True when the code at `index` only runs below iOS 18: inside `#unavailable(iOS 18)` or the
    /// else of `#available(iOS 18, *)`, after `guard #unavailable(iOS 18) else { return }` or
    /// `if #available(iOS 18, *) { return }`, or later in a condition list that starts with
    /// `#unavailable(iOS 18)`. Inside a helper, a gate in the window's subview hooks counts.
    private func isGatedBelowIOS18(_ index: Int, window: Int, _ file: SourceFile) -> Bool {
        if let below = file.iosAvailability(at: index).below, below <= Version(18) { return true }
        let function = file.enclosingFunction(of: index)
        if let open = function?.bodyOpen, gate(in: open + 1..<index, before: index, file) { return true }
        // A helper (`isMenuContainer(_:)`) or a stored class name used from gated hooks.
        let isHook = function?.name.map { file.tokenIs($0, "didAddSubview") || file.tokenIs($0, "willRemoveSubview") } ?? false
        if !isHook {
            let hooks = subviewHooks(ofType: window, file)
            return !hooks.isEmpty && hooks.allSatisfy { hook in
                guard let body = hook.bodyOpen, let close = hook.bodyClose else { return false }
                return (body + 1..<close).contains { cursor in
                    (file.tokenIs(cursor, "#unavailable") || file.tokenIs(cursor, "#available"))
                        && cursor + 1 < close && file.code[cursor + 1].kind == .leftParen
                        && (iosVersion(inParenthesesAt: cursor + 1, file).map { $0 <= Version(18) } ?? false)
                }
            }
        }
        return false
    }

    /// A check in `range` that keeps the code at `limit` below iOS 18.
    private func gate(in range: Range<Int>, before limit: Int, _ file: SourceFile) -> Bool {
        let code = file.code
        for cursor in range {
            let isAvailable = file.tokenIs(cursor, "#available")
            guard isAvailable || file.tokenIs(cursor, "#unavailable"), cursor + 1 < code.count,
                  code[cursor + 1].kind == .leftParen, let version = iosVersion(inParenthesesAt: cursor + 1, file),
                  version <= Version(18) else { continue }
            // The body `{` of the `if`/`guard` this check belongs to.
            var body = Int(file.matching[cursor + 1]) + 1
            while body < code.count, code[body].kind != .leftBrace {
                if code[body].kind.isOpeningBracket, file.matching[body] > body { body = Int(file.matching[body]) }
                body += 1
            }
            guard body < code.count, file.matching[body] > body else { continue }
            let bodyClose = Int(file.matching[body])
            // `if #unavailable(iOS 18), <literal here> {` / `guard #unavailable(iOS 18), <literal> else {`
            if !isAvailable && limit > cursor && limit < body { return true }
            // `if #available(iOS 18, *) { return }` earlier: the rest runs only below 18.
            if isAvailable, bodyClose < limit, cursor > 0, code[cursor - 1].keyword == .if,
               (body + 1..<bodyClose).contains(where: { code[$0].keyword == .return }) {
                return true
            }
            // `guard #unavailable(iOS 18) else { return }` or a block `if #unavailable(iOS 18) { … }` holding it.
            if !isAvailable, limit > body, limit < bodyClose, cursor > 0, code[cursor - 1].keyword == .if { return true }
            if !isAvailable, bodyClose < limit, cursor > 0, code[cursor - 1].keyword == .guard { return true }
        }
        return false
    }

    private func iosVersion(inParenthesesAt open: Int, _ file: SourceFile) -> Version? {
        let close = Int(file.matching[open])
        guard close > open else { return nil }
        for cursor in open + 1..<close where file.isName(cursor, "iOS") && cursor + 1 < close {
            let kind = file.code[cursor + 1].kind
            guard kind == .integerLiteral || kind == .floatLiteral else { return nil }
            return Version(file.text(at: cursor + 1))
        }
        return nil
    }

    // MARK: Messages

    private func message(name: String, usage: Usage, at index: Int, _ context: RuleContext) -> (headline: String, help: String) {
        let file = context.file
        if let window = menuWorkaroundWindow(name: name, at: index, file) {
            if isGatedBelowIOS18(index, window: window, file) {
                if let target = context.deploymentTarget.version, target >= Version(18) {
                    return ("The `\(name)` menu workaround never runs with an iOS \(target) deployment target",
                            "Delete the workaround: SwiftUI menus stopped leaking taps in iOS 18, so only older "
                                + "systems needed this private class.")
                }
                return ("Private class `\(name)` in the menu touch-through workaround (gated to iOS < 18)",
                        "Keep the name in this one place and delete the workaround once the deployment target reaches "
                            + "iOS 18.")
            }
            return ("The menu touch-through workaround looks for private `\(name)` on iOS 18 too",
                    "Gate it with `#unavailable(iOS 18)` so fixed systems never look for the private class: only "
                        + "iOS < 18 needs the workaround.")
        }
        let risk = "Private class names change in OS updates without notice and draw App Review attention"
        switch usage {
        case .lookup(let function):
            return ("`\(function)` looks up private class `\(name)`",
                    "Use public API instead. \(risk); the lookup returns nil once the class is renamed.")
        case .comparison, .partialMatch, .listElement:
            let alternative = name.hasSuffix("GestureRecognizer")
                ? "Use the public recognizers (`interactivePopGestureRecognizer`, `UIGestureRecognizerDelegate`) instead"
                : "Use public API or a view you own instead"
            return ("A type name is matched against private class `\(name)`",
                    "\(alternative). \(risk); the match stops working silently when the class is renamed.")
        }
    }
}
