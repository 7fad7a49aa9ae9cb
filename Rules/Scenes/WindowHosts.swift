import SeamLintCore

/// The UIKit or SwiftUI role of the type around some code: it decides where a scene or window
/// can be taken from instead of a global lookup.
enum WindowHost: Sendable, Equatable {
    /// A `UIViewController` subclass (instance code): `view.window`, `view.window?.windowScene`.
    case viewController
    /// A `UIView` subclass (instance code): `window`, `window?.windowScene`.
    case view
    /// A SwiftUI `View` (or `ViewModifier`).
    case swiftUIView
    /// A `UIWindowSceneDelegate` / `UISceneDelegate`: its own `window` and the scene it is given.
    case sceneDelegate
    /// An extension (or subclass) of `UIApplication`: a global helper.
    case applicationHelper
    /// Anything else: a model, a manager, a free function, static code.
    case other
}

/// What `windowHost` reads once per file and remembers for the next question: whether each
/// function hands `self` over, and the file's type declarations by name. Without it, thousands of
/// lookups in one view controller method re-read the method each, and thousands of functions in
/// an extension of a type declared elsewhere read every declaration each.
final class WindowHostMemo {
    /// By the function's keyword index.
    var handsOverSelf: [Int: Bool] = [:]
    /// The first type declaration (not an extension) of each name.
    var typesByName: [NameKey: Int]?
}

extension SourceFile {
    /// The role of the innermost type around `index`, with static members counted as `.other`
    /// for view controllers and views (they have no `view` or `window`).
    /// A view or view controller that hands itself to a container in the same function
    /// (`keyWindow?.addSubview(self)`, `root.present(self, …)`) is not on screen yet either: `.other`.
    /// Pass one `memo` for all the questions about a file.
    func windowHost(at index: Int, memo: WindowHostMemo = WindowHostMemo()) -> WindowHost {
        var isStatic = false
        var function: Declaration?
        for owner in enclosingDeclarations(of: index) {
            let declaration = declarations[owner]
            if declaration.isFunctionLike || declaration.kind == .variable || declaration.kind == .constant {
                if self.declaration(declaration, hasModifier: "static") || self.declaration(declaration, hasModifier: "class") {
                    isStatic = true
                }
                if function == nil { function = declaration }
                continue
            }
            guard declaration.isType else { continue }
            let host = windowHost(ofType: declaration, memo: memo)
            if host == .viewController || host == .view {
                if isStatic { return .other }
                if let function {
                    if memo.handsOverSelf[function.keyword] == nil { memo.handsOverSelf[function.keyword] = handsOverSelf(function) }
                    if memo.handsOverSelf[function.keyword]! { return .other }
                }
            }
            return host
        }
        return .other
    }

    /// True when the function body passes `self` as the first argument of `addSubview`,
    /// `insertSubview`, `present`, `addChild` or `pushViewController`.
    func handsOverSelf(_ function: Declaration) -> Bool {
        guard let open = function.bodyOpen, let close = function.bodyClose else { return false }
        ScalingCounter.add(close - open)
        var index = open + 1
        while index + 3 < close {
            defer { index += 1 }
            guard code[index + 1].kind == .leftParen, isName(index + 2, "self"),
                  code[index + 3].kind == .comma || code[index + 3].kind == .rightParen else { continue }
            if isName(index, "addSubview") || isName(index, "insertSubview") || isName(index, "present")
                || isName(index, "addChild") || isName(index, "pushViewController") {
                return true
            }
        }
        return false
    }

    /// The role of a type declaration, from its inheritance clause (classes: the superclass, by name
    /// when it is defined elsewhere) or, for an extension, from the extended type's name or its
    /// declaration in this file.
    func windowHost(ofType declaration: Declaration, memo: WindowHostMemo? = nil) -> WindowHost {
        switch declaration.kind {
        case .class:
            if declaration.inheritance.contains(where: { isSceneDelegateProtocol($0) }) { return .sceneDelegate }
            guard let superclass = declaration.inheritance.first else { return .other }
            if isName(superclass, "UIApplication") { return .applicationHelper }
            if isViewControllerClassName(superclass) { return .viewController }
            if isViewClassName(superclass) { return .view }
            return .other
        case .struct, .enum:
            if declaration.inheritance.contains(where: { isName($0, "View") || isName($0, "ViewModifier") }) {
                return .swiftUIView
            }
            if declaration.inheritance.contains(where: { isSceneDelegateProtocol($0) }) { return .sceneDelegate }
            return .other
        case .extension:
            guard let name = declaration.name else { return .other }
            if isName(name, "UIApplication") { return .applicationHelper }
            if isName(name, "View") || isName(name, "ViewModifier") { return .swiftUIView }
            if declaration.inheritance.contains(where: { isSceneDelegateProtocol($0) }) { return .sceneDelegate }
            // The extended type declared in this file decides.
            if let memo {
                if memo.typesByName == nil {
                    var types: [NameKey: Int] = [:]
                    for position in declarations.indices where declarations[position].kind != .extension && declarations[position].isType {
                        if let otherName = declarations[position].name, types[nameKey(at: otherName)] == nil {
                            types[nameKey(at: otherName)] = position
                        }
                    }
                    memo.typesByName = types
                    ScalingCounter.add(declarations.count)
                }
                if let position = memo.typesByName![nameKey(at: name)] { return windowHost(ofType: declarations[position]) }
            } else {
                ScalingCounter.add(declarations.count)
                for other in declarations where other.kind != .extension && other.isType {
                    if let otherName = other.name, bytes(at: otherName).elementsEqual(bytes(at: name)) {
                        return windowHost(ofType: other)
                    }
                }
            }
            // `extension UIViewController` / `extension UIView` serve every instance, including ones
            // not on screen (a controller about to be presented): no window to suggest.
            if isName(name, "UIViewController") || isName(name, "UIView") { return .other }
            if isViewControllerClassName(name) { return .viewController }
            if tokenHasSuffix(name, "Cell") { return .view }
            return .other
        default:
            return .other
        }
    }

    /// `UIViewController`, `…ViewController` (and the common `…VC` abbreviation), and the UIKit/SwiftUI
    /// container controllers and their conventionally named subclasses (`…NavigationController`,
    /// `…TabBarController`, `…HostingController`).
    func isViewControllerClassName(_ index: Int) -> Bool {
        guard code[index].kind == .identifier else { return false }
        return tokenHasSuffix(index, "ViewController") || tokenHasSuffix(index, "VC") || tokenHasSuffix(index, "NavigationController")
            || tokenHasSuffix(index, "TabBarController") || tokenHasSuffix(index, "HostingController")
            || isName(index, "UIAlertController") || isName(index, "UISearchController")
            || isName(index, "UIImagePickerController") || isName(index, "UIVideoEditorController")
    }

    /// `UIView` and its UIKit subclasses by name, `…View` / `…Cell` class names (`WKWebView`,
    /// `MKMapView`, a project's `BaseCell`). Not `UIWindow`: a window is its own window.
    func isViewClassName(_ index: Int) -> Bool {
        guard code[index].kind == .identifier else { return false }
        if tokenHasSuffix(index, "View") || tokenHasSuffix(index, "Cell") { return true }
        return isName(index, "UIControl") || isName(index, "UIButton") || isName(index, "UILabel")
            || isName(index, "UITextField") || isName(index, "UISwitch") || isName(index, "UISlider")
            || isName(index, "UISegmentedControl") || isName(index, "UIStepper") || isName(index, "UIPageControl")
            || isName(index, "UIDatePicker") || isName(index, "UINavigationBar") || isName(index, "UIToolbar")
            || isName(index, "UITabBar") || isName(index, "UISearchBar") || isName(index, "UIRefreshControl")
    }

    private func isSceneDelegateProtocol(_ index: Int) -> Bool {
        isName(index, "UIWindowSceneDelegate") || isName(index, "UISceneDelegate")
    }
}
