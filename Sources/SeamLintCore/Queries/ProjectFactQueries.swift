/// Recognisers for the project facts that the project rules share: "a `UIWindow` subclass watches
/// `_UIContextMenuContainerView`", "`@main … App`", "a scene delegate builds its own windows",
/// "SwiftUI is hosted in a `UINavigationController`", "an opaque scroll-edge appearance is set".
///
/// Every project rule's `collectFacts` runs on every file, enabled or not, so each fact kind is
/// recorded by exactly one rule (its owner, listed in `FactKind`) and read by any rule.
public enum FactKind {
    // Owner: ContextMenuWorkaroundScope (read by MenuTouchThrough too).
    /// A `UIWindow` subclass that recognises `_UIContextMenuContainerView`; at the class name.
    /// Details: `type`, `gated` ("true" when its interaction toggling runs only below iOS 18).
    public static let workaroundWindow = "menu.workaroundWindow"
    /// A hook (`didAddSubview` …) of a workaround window; details `type`, `gated`.
    public static let workaroundHook = "menu.workaroundHook"
    /// `SomeWindow(windowScene:)` / `SomeWindow(frame:)`; details `type`, `gated`.
    public static let windowCreation = "menu.windowCreation"

    // Owner: MenuTouchThrough.
    /// A SwiftUI `Menu`, or a `Picker` given the menu style; details `kind`, `targetSource`.
    public static let menuSite = "menu.site"

    // Owner: SceneLifecycleNotForwarded (read by MenuTouchThrough too).
    /// `@main` type conforming to `App`; details `type`.
    public static let mainApp = "app.main"
    /// A `UIWindowSceneDelegate` that creates its window; details `type`, `hostsSwiftUI`.
    public static let sceneDelegate = "app.sceneDelegate"
    /// A file that mentions `UIHostingController` (recorded once per file).
    public static let hostingController = "swiftui.hosting"
    /// `@Environment(\.scenePhase)`.
    public static let scenePhaseRead = "scene.phaseRead"
    /// `.environment(\.scenePhase, …)`.
    public static let scenePhaseInjected = "scene.phaseInjected"
    /// `.onOpenURL` / `.onContinueUserActivity` on a SwiftUI view.
    public static let onOpenURL = "scene.onOpenURL"
    public static let onContinueUserActivity = "scene.onContinueUserActivity"
    /// `func scene(_:openURLContexts:)` / `func scene(_:continue:)` implemented somewhere.
    public static let opensURLContexts = "scene.opensURLContexts"
    public static let continuesUserActivity = "scene.continuesUserActivity"

    // Owner: ScrollEdgeOverlay.
    /// `….scrollEdgeAppearance = x` on a navigation bar or item; details `opacity`
    /// (`opaque`, `transparent`, `unknown`), `source` (the helper the appearance comes from).
    public static let scrollEdgeAssignment = "navbar.scrollEdgeAssignment"
    /// A function or property that builds a `UINavigationBarAppearance`; details `name`, `opacity`.
    public static let appearanceFactory = "navbar.appearanceFactory"
    /// A hosting controller put into a navigation controller (root, push, `setViewControllers`);
    /// details `roots` (comma-separated root view types, when they can be read).
    public static let hostedInNavigation = "navigation.hostsSwiftUI"
    /// `Name(…)` put into a navigation controller, when `Name` is declared elsewhere; details `type`.
    public static let pushedType = "navigation.pushedType"
    /// `class Name: UIHostingController<…>`; details `type`, `roots` (the root view types it hosts).
    public static let hostingSubclass = "swiftui.hostingSubclass"
    /// A SwiftUI composition node (a view type, or a function of `extension View`); details `name`,
    /// `references` (comma-separated type names and member calls it uses).
    public static let viewNode = "swiftui.viewNode"
    /// An `.overlay` or `ZStack` dialog with a full-screen dimming layer, at `overlay`/`ZStack`;
    /// details `node` (the view type or `View` extension function it is in).
    public static let dimmingDialog = "overlay.dialog"
    /// A view type whose body is a full-screen dimming layer under a dialog; details `type`.
    public static let dimmingViewType = "overlay.dimmingViewType"
    /// `.overlay { … }` that builds views by type name; details `types` (comma-separated), `node`.
    public static let overlayCalls = "overlay.calls"
}

// MARK: - Byte-level helpers

extension SourceFile {
    /// True when two code tokens spell the same text.
    public func sameText(_ first: Int, _ second: Int) -> Bool {
        let a = code[first], b = code[second]
        guard a.length == b.length else { return false }
        return bytes[a.range].elementsEqual(bytes[b.range])
    }

    /// The code index of the token after the `:` of argument label `label` among the top-level
    /// arguments of the call whose `(` is at `open`, or nil.
    public func argument(_ label: StaticString, inCall open: Int) -> Int? {
        guard open >= 0, open < code.count, matching[open] > open else { return nil }
        let close = Int(matching[open])
        var index = open + 1
        while index + 1 < close {
            if parent[index] == Int32(open), isName(index, label), code[index + 1].kind == .colon,
               index == open + 1 || code[index - 1].kind == .comma {
                return index + 2
            }
            index += 1
        }
        return nil
    }

    /// The first token of the first top-level argument of the call whose `(` is at `open`.
    public func firstArgument(ofCall open: Int) -> Int? {
        guard open >= 0, open < code.count, matching[open] > open + 1 else { return nil }
        var start = open + 1
        // Skip a label: `label: value`.
        if start + 1 < Int(matching[open]), code[start + 1].kind == .colon,
           code[start].kind == .identifier || code[start].kind == .keyword {
            start += 2
        }
        return start
    }
}

// MARK: - Where code runs

extension SourceFile {
    /// True when the file imports AppKit (or Cocoa) unconditionally and never UIKit: macOS code.
    func computeImportsAppKitOnly() -> Bool {
        // Asked by several collectors for every file; a file naming neither module needs no token walk.
        guard mentionsText("AppKit") || mentionsText("Cocoa") else { return false }
        var appKit = false
        var uiKit = false
        for index in code.indices where code[index].keyword == .import
            && (code[index].flags.contains(.lineStart) || (index > 0 && code[index - 1].kind == .attribute)) {
            var name = index + 1
            // `import struct Foo.Bar`, `@_exported import UIKit`
            if name < code.count, code[name].kind == .keyword { name += 1 }
            if isName(name, "UIKit") { uiKit = true }
            if (isName(name, "AppKit") || isName(name, "Cocoa")) && activeClauses(at: index).isEmpty { appKit = true }
        }
        return appKit && !uiKit
    }

    /// True when a folder on the file's path names another platform (`Player tvOS/`, `watchOS/`,
    /// `App WatchKit Extension/`, `macOS/`): the conventional home of a non-iOS target's sources.
    func computePathNamesOtherPlatform() -> Bool {
        // Asked by several collectors for every file; `lowercased()` and `String.contains` made this
        // a fifth of a run, so ASCII paths (nearly all) are answered from their bytes.
        var path = self.path
        if let answer = path.withUTF8(SourceFile.asciiPathNamesOtherPlatform) { return answer }
        for component in path.split(separator: "/").dropLast() {
            let name = component.lowercased()
            if name.contains("tvos") || name.contains("watchos") || name.contains("watchkit") { return true }
            if name == "macos" || name.hasSuffix(" macos") || name.hasSuffix("-macos") || name.hasSuffix("_macos") { return true }
        }
        return false
    }

    /// `pathNamesOtherPlatform` from the bytes of an ASCII path; nil for other paths, where Unicode
    /// lowercasing can turn letters such as the Kelvin sign into the ASCII ones sought.
    private static func asciiPathNamesOtherPlatform(_ path: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !path.contains(where: { $0 >= 0x80 }) else { return nil }
        // Folder names only: up to the last slash, then trailing slashes (an empty last component).
        var end = path.count
        while end > 0 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        while end > 0 && path[end - 1] != UInt8(ascii: "/") { end -= 1 }
        var start = 0
        for index in 0..<end where path[index] == UInt8(ascii: "/") {
            if folderNamesOtherPlatform(UnsafeBufferPointer(rebasing: path[start..<index])) { return true }
            start = index + 1
        }
        return false
    }

    /// The checks of `pathNamesOtherPlatform` on one ASCII folder name, ignoring case.
    private static func folderNamesOtherPlatform(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        func matches(_ word: StaticString, at offset: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard offset >= 0, offset + count <= name.count else { return false }
            for position in 0..<count where lower(name[offset + position]) != word.utf8Start[position] { return false }
            return true
        }
        func contains(_ word: StaticString) -> Bool {
            name.count >= word.utf8CodeUnitCount && (0...(name.count - word.utf8CodeUnitCount)).contains { matches(word, at: $0) }
        }
        if contains("tvos") || contains("watchos") || contains("watchkit") { return true }
        guard matches("macos", at: name.count - 5) else { return false }
        if name.count == 5 { return true }
        let before = name[name.count - 6]
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "-") || before == UInt8(ascii: "_")
    }

    /// True when code at `index` cannot run on iOS: `#if os(macOS)`, Mac Catalyst, or a declaration
    /// marked `@available(iOS, unavailable)`. (Check `importsAppKitOnly` once per file as well.)
    public func isOutsideIOS(at index: Int) -> Bool {
        if isExcludedFromIOS(at: index) { return true }
        for owner in enclosingDeclarations(of: index) where isUnavailableOnIOS(declarations[owner]) { return true }
        return false
    }

    private func isUnavailableOnIOS(_ declaration: Declaration) -> Bool {
        for attribute in declaration.attributes where attributeIs(attribute, "available") {
            let open = attribute + 1
            guard open < code.count, code[open].kind == .leftParen, matching[open] > open else { continue }
            let close = Int(matching[open])
            guard isName(open + 1, "iOS") || tokenIs(open + 1, "*") else { continue }
            for index in open + 1..<close where isName(index, "unavailable") { return true }
        }
        return false
    }

    /// True inside SwiftUI previews (`PreviewProvider` types, `#Preview { … }`): that code never ships.
    public func isPreviewCode(at index: Int) -> Bool {
        for owner in enclosingDeclarations(of: index) {
            let declaration = declarations[owner]
            if declaration.isType && self.declaration(declaration, inheritsFrom: "PreviewProvider") { return true }
        }
        var open = Int(parent[index])
        while open >= 0 {
            if code[open].kind == .leftBrace {
                var before = open - 1
                if before >= 0, code[before].kind == .rightParen, matching[before] >= 0 { before = Int(matching[before]) - 1 }
                if before >= 0, tokenIs(before, "#Preview") { return true }
            }
            open = Int(parent[open])
        }
        return false
    }

    /// True when code at `index` runs only on iOS `version` or later (`#available`, `@available`).
    public func requiresIOS(_ version: Version, at index: Int) -> Bool {
        if let minimum = iosAvailability(at: index).minimum, minimum >= version { return true }
        return false
    }

    /// True when code at `index` runs only below iOS `version`: inside `#unavailable(iOS …)`, the
    /// `else` of `#available`, after `guard #unavailable … else { return }`, or after an early
    /// `if #available(iOS version, *) { … return }` in the same function.
    public func runsOnlyBelowIOS(_ version: Version, at index: Int) -> Bool {
        if let below = iosAvailability(at: index).below, below <= version { return true }
        if followsUnavailableCondition(index, version) { return true }
        let function = enclosingFunction(of: index)
        var block = Int(parent[index])
        while block >= 0 {
            if code[block].kind == .leftBrace, hasEarlyExit(in: block, before: index, onIOS: version) { return true }
            if let body = function?.bodyOpen, block <= body { break }
            block = Int(parent[block])
        }
        return false
    }

    /// True when `index` sits in an `if`/`guard` condition list after `#unavailable(iOS N)`, N ≤ `version`
    /// (later conditions are evaluated only when the earlier ones hold).
    private func followsUnavailableCondition(_ index: Int, _ version: Version) -> Bool {
        var start = index
        while parent[start] >= 0, code[Int(parent[start])].kind != .leftBrace { start = Int(parent[start]) }
        var cursor = start - 1
        while cursor >= 0 {
            let token = code[cursor]
            if token.kind.isClosingBracket, matching[cursor] >= 0 {
                cursor = Int(matching[cursor]) - 1
                continue
            }
            if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon { return false }
            if token.kind == .poundKeyword, tokenIs(cursor, "#unavailable"),
               let checked = iosVersion(inAvailabilityCall: cursor + 1), checked <= version {
                return true
            }
            if token.keyword == .if || token.keyword == .guard || token.keyword == .while { return false }
            cursor -= 1
        }
        return false
    }

    /// The iOS version in `(iOS 18, *)` at `open`.
    private func iosVersion(inAvailabilityCall open: Int) -> Version? {
        guard open < code.count, code[open].kind == .leftParen, isName(open + 1, "iOS"), open + 2 < code.count else {
            return nil
        }
        let kind = code[open + 2].kind
        guard kind == .integerLiteral || kind == .floatLiteral else { return nil }
        return Version(text(at: open + 2))
    }

    /// `if #available(iOS N, *) { …; return }` (N ≤ `version`: it returns on every system from N
    /// on) among the statements of block `open` before `index`.
    private func hasEarlyExit(in open: Int, before index: Int, onIOS version: Version) -> Bool {
        var cursor = open + 1
        while cursor < index {
            if parent[cursor] == Int32(open), code[cursor].keyword == .if, tokenIs(cursor + 1, "#available") {
                var brace = cursor + 1
                while brace < index && !(code[brace].kind == .leftBrace && parent[brace] == Int32(open)) {
                    if code[brace].kind.isOpeningBracket, matching[brace] > brace { brace = Int(matching[brace]) }
                    brace += 1
                }
                guard brace < index, matching[brace] > brace, Int(matching[brace]) < index else { return false }
                if let minimum = iosAvailability(at: brace + 1).minimum, minimum <= version {
                    for statement in brace + 1..<Int(matching[brace])
                    where parent[statement] == Int32(brace) && code[statement].keyword == .return {
                        return true
                    }
                }
                cursor = Int(matching[brace])
            } else if code[cursor].kind.isOpeningBracket, matching[cursor] > cursor {
                cursor = Int(matching[cursor])
            }
            cursor += 1
        }
        return false
    }
}

// MARK: - Closures and their owners

extension SourceFile {
    /// The name token that owns bracket `open`: `ZStack` for `ZStack { … }`, `overlay` for
    /// `.overlay { … }` or `.overlay(…)`, the callee for a closure passed in parentheses.
    /// Nil for declaration bodies and control-flow blocks.
    public func ownerName(ofBracket open: Int) -> Int? {
        guard open > 0, open < code.count else { return nil }
        if code[open].kind == .leftParen || code[open].kind == .leftSquare {
            let before = open - 1
            if !code[open].flags.contains(.lineStart), code[before].kind == .identifier || code[before].kind == .keyword {
                return before
            }
            return nil
        }
        guard code[open].kind == .leftBrace, isClosure(open) else { return nil }
        // A closure argument inside parentheses: `overlay(content: { … })`.
        let enclosing = Int(parent[open])
        if enclosing >= 0, code[enclosing].kind == .leftParen,
           code[open - 1].kind == .colon || code[open - 1].kind == .comma || open - 1 == enclosing {
            return ownerName(ofBracket: enclosing)
        }
        let chain = self.chain(containing: open)
        guard let position = chain.links.firstIndex(where: { $0.token == open }) else { return nil }
        var link = position - 1
        while link >= 0 {
            switch chain.links[link].kind {
            case .name, .member: return chain.links[link].token
            case .call, .trailingClosure, .optional: link -= 1
            default: return nil
            }
        }
        return nil
    }

    /// True when the `{` at `open` is a closure owned by a name in `names`.
    public func closureOwner(_ open: Int, isOneOf names: [StaticString]) -> Bool {
        guard let owner = ownerName(ofBracket: open) else { return false }
        return names.contains { tokenIs(owner, $0) }
    }
}

// MARK: - Context-menu workaround windows

/// A `UIWindow` subclass that watches for `_UIContextMenuContainerView` and switches off the
/// interaction of its other subviews while a menu is open.
public struct ContextMenuWorkaroundWindow: Sendable {
    public struct Hook: Sendable {
        /// The hook's name token (`didAddSubview`, `willRemoveSubview`, `hitTest`, `sendEvent`).
        public var name: Int
        /// True when the hook's work runs only below iOS 18.
        public var isGated: Bool
    }

    /// The class name token.
    public var name: Int
    public var hooks: [Hook]
    /// True when the interaction toggling runs only below iOS 18.
    public var isGated: Bool
}

extension SourceFile {
    /// The context-menu workaround windows declared in this file.
    public func contextMenuWorkaroundWindows() -> [ContextMenuWorkaroundWindow] {
        guard mentionsText("ContextMenuContainer") else { return [] }
        let below18 = Version(18)
        var result: [ContextMenuWorkaroundWindow] = []
        for (classIndex, declaration) in declarations.enumerated() where declaration.kind == .class {
            guard let name = declaration.name, declaration.bodyOpen != nil,
                  declaration.inheritance.contains(where: { tokenHasSuffix($0, "Window") }) else { continue }
            // The class body and same-file extensions of it.
            var owners = [classIndex]
            let nameBytes = Array(bytes(at: name))
            for (index, other) in declarations.enumerated()
            where other.kind == .extension && other.bodyOpen != nil && other.name.map({ tokenIs($0, nameBytes) }) == true {
                owners.append(index)
            }
            let ranges = owners.compactMap { owner -> ClosedRange<Int>? in
                guard let open = declarations[owner].bodyOpen, let close = declarations[owner].bodyClose else { return nil }
                return open...close
            }
            var mentionsContainer = false
            var toggles: [Int] = []
            for range in ranges {
                for index in range {
                    let token = code[index]
                    if token.kind == .stringSegment, tokenContains(index, "ContextMenuContainer") { mentionsContainer = true }
                    if token.kind == .identifier, isName(index, "isUserInteractionEnabled"), tokenIs(index + 1, "=") {
                        toggles.append(index)
                    }
                }
            }
            guard mentionsContainer else { continue }
            let members = declarations.indices.filter { index in
                declarations[index].kind == .function && declarations[index].parent.map(owners.contains) == true
            }
            let hookMembers = members.filter { index in
                guard let hookName = declarations[index].name else { return false }
                return isName(hookName, "didAddSubview") || isName(hookName, "willRemoveSubview")
                    || isName(hookName, "hitTest") || isName(hookName, "sendEvent")
            }
            guard !hookMembers.isEmpty else { continue }
            let helperNames = members.filter { !hookMembers.contains($0) }.compactMap { declarations[$0].name }
            var hooks: [ContextMenuWorkaroundWindow.Hook] = []
            for member in hookMembers {
                let hook = declarations[member]
                guard let hookName = hook.name, let open = hook.bodyOpen, let close = hook.bodyClose else { continue }
                // The hook's work: toggling, the private class check, helper calls, subview walks.
                var gated = true
                var index = open + 1
                while index < close && gated {
                    let token = code[index]
                    var isWork = false
                    if token.kind == .stringSegment, tokenContains(index, "ContextMenuContainer") { isWork = true }
                    if token.kind == .identifier {
                        if isName(index, "isUserInteractionEnabled") || isName(index, "subviews") { isWork = true }
                        if code[index + 1].kind == .leftParen, !tokenIs(index - 1, "."),
                           helperNames.contains(where: { sameText($0, index) }) { isWork = true }
                        if tokenIs(index - 1, "."), isName(index - 2, "self") || isName(index - 2, "Self"),
                           helperNames.contains(where: { sameText($0, index) }) { isWork = true }
                    }
                    if isWork && !runsOnlyBelowIOS(below18, at: index) { gated = false }
                    index += 1
                }
                hooks.append(.init(name: hookName, isGated: gated))
            }
            let togglesGated = !toggles.isEmpty && toggles.allSatisfy { runsOnlyBelowIOS(below18, at: $0) }
            let isGated = togglesGated || hooks.allSatisfy(\.isGated)
            result.append(ContextMenuWorkaroundWindow(name: name, hooks: hooks, isGated: isGated))
        }
        return result
    }

    /// `SomeWindow(windowScene:)` and `SomeWindow(frame:)` for window classes other than `UIWindow`:
    /// the name token and whether the creation runs only below iOS 18.
    public func customWindowCreations() -> [(name: Int, isGated: Bool)] {
        guard mentionsText("Window(") else { return [] }
        var result: [(name: Int, isGated: Bool)] = []
        for index in code.indices where code[index].kind == .identifier && tokenHasSuffix(index, "Window") {
            let open = index + 1
            guard open < code.count, code[open].kind == .leftParen, !code[open].flags.contains(.lineStart),
                  !isName(index, "UIWindow"), index == 0 || code[index - 1].kind != .period,
                  isName(open + 1, "windowScene") || isName(open + 1, "frame"), tokenIs(open + 2, ":") else { continue }
            result.append((index, runsOnlyBelowIOS(Version(18), at: index)))
        }
        return result
    }
}

// MARK: - App lifecycle

/// A `UIWindowSceneDelegate` that creates its window itself.
public struct WindowSceneDelegate: Sendable {
    public var name: Int
    /// The delegate mentions a hosting controller (`UIHostingController`, `…HostingController`).
    public var hostsSwiftUI: Bool
}

extension SourceFile {
    /// Name tokens of `@main` types conforming to SwiftUI's `App` (not under `#if os(macOS)`).
    public func mainAppTypes() -> [Int] {
        guard mentionsText("@main") else { return [] }
        return declarations.compactMap { declaration in
            guard declaration.isType, declaration.kind != .extension, let name = declaration.name,
                  self.declaration(declaration, hasAttribute: "main"),
                  self.declaration(declaration, inheritsFrom: "App"),
                  !isExcludedFromIOS(at: declaration.keyword) else { return nil }
            return name
        }
    }

    /// Scene delegates that create their windows (`UIWindow(windowScene:)`, `window = …`).
    public func windowSceneDelegates() -> [WindowSceneDelegate] {
        guard mentionsText("UIWindowSceneDelegate") else { return [] }
        var result: [WindowSceneDelegate] = []
        for declaration in declarations where declaration.kind == .class || declaration.kind == .extension {
            guard let name = declaration.name, let open = declaration.bodyOpen, let close = declaration.bodyClose,
                  self.declaration(declaration, inheritsFrom: "UIWindowSceneDelegate"),
                  !isOutsideIOS(at: declaration.keyword) else { continue }
            var createsWindow = false
            var hosts = false
            for index in open..<close where code[index].kind == .identifier {
                if tokenHasSuffix(index, "HostingController") { hosts = true }
                if tokenHasSuffix(index, "Window"), tokenIs(index + 1, "("), isName(index + 2, "windowScene") {
                    createsWindow = true
                }
                if isName(index, "window") || isName(index, "rootViewController"), tokenIs(index + 1, "="),
                   code[index + 2].keyword != .nil {
                    createsWindow = true
                }
            }
            if createsWindow { result.append(WindowSceneDelegate(name: name, hostsSwiftUI: hosts)) }
        }
        return result
    }

    /// `@Environment(\.scenePhase)` attribute tokens.
    public func scenePhaseReads() -> [Int] {
        guard mentionsText("scenePhase") else { return [] }
        var result: [Int] = []
        for index in code.indices where code[index].kind == .attribute && attributeIs(index, "Environment") {
            let open = index + 1
            guard open < code.count, code[open].kind == .leftParen, matching[open] > open else { continue }
            if keyPath(in: open, endsWith: "scenePhase") { result.append(index) }
        }
        return result
    }

    /// `.environment(\.scenePhase, …)`: the `environment` tokens.
    public func scenePhaseInjections() -> [Int] {
        guard mentionsText("scenePhase") else { return [] }
        return code.indices.filter { index in
            isName(index, "environment") && tokenIs(index - 1, ".") && tokenIs(index + 1, "(")
                && keyPath(in: index + 1, endsWith: "scenePhase")
        }
    }

    /// True when the first argument of the call `(` at `open` is a key path `\.name` / `\Root.name`.
    private func keyPath(in open: Int, endsWith name: StaticString) -> Bool {
        guard code[open + 1].kind == .backslash else { return false }
        var index = open + 2
        let close = Int(matching[open])
        while index < close, code[index].kind != .comma {
            if isName(index, name), code[index - 1].kind == .period,
               index + 1 == close || code[index + 1].kind == .comma { return true }
            index += 1
        }
        return false
    }

    /// Member tokens of view modifiers `.name(` / `.name {` (e.g. `onOpenURL`).
    public func modifierUses(_ name: StaticString) -> [Int] {
        guard mentionsText(name) else { return [] }
        return code.indices.filter { index in
            isName(index, name) && code[index - 1].kind == .period && index + 1 < code.count
                && (code[index + 1].kind == .leftParen || code[index + 1].kind == .leftBrace)
        }
    }

    /// Name tokens of `func scene(…)` whose parameter labels include `label` (`openURLContexts`, `continue`).
    public func sceneCallbacks(withLabel label: StaticString) -> [Int] {
        guard mentionsText(label) else { return [] }
        return declarations.compactMap { declaration in
            guard declaration.kind == .function, let name = declaration.name, isName(name, "scene"),
                  declaration.parameters.contains(where: { isName($0.label ?? $0.name, label) }) else { return nil }
            return name
        }
    }
}

// MARK: - Navigation bars and hosting

/// How a `UINavigationBarAppearance` draws its background, as far as the file shows.
public enum AppearanceOpacity: String, Sendable {
    case opaque, transparent, unknown
}

/// `….scrollEdgeAppearance = value` on a navigation bar or navigation item.
public struct ScrollEdgeAssignment: Sendable {
    /// The `scrollEdgeAppearance` token.
    public var member: Int
    public var opacity: AppearanceOpacity
    /// When the appearance comes from a helper (`Theme.navigationBarAppearance()`), its name.
    public var source: String?
    /// The configuration that made a local appearance opaque (`configureWithOpaqueBackground`,
    /// `backgroundColor`), for messages.
    public var evidence: Int?
}

extension SourceFile {
    /// Assignments of a scroll-edge appearance to a navigation bar (`UINavigationBar.appearance()`,
    /// `navigationController?.navigationBar`, a bar variable) or a navigation item.
    public func navigationScrollEdgeAssignments() -> [ScrollEdgeAssignment] {
        guard mentionsText("scrollEdgeAppearance") else { return [] }
        var result: [ScrollEdgeAssignment] = []
        for index in code.indices where isName(index, "scrollEdgeAppearance") && tokenIs(index + 1, "=") {
            guard isNavigationBarReceiver(ofMember: index), index + 2 < code.count else { continue }
            let (opacity, source) = appearanceOpacity(ofExpressionAt: index + 2, before: index, depth: 0)
            let evidence = opacity == .opaque ? opaqueConfiguration(ofExpressionAt: index + 2, before: index) : nil
            result.append(ScrollEdgeAssignment(member: index, opacity: opacity, source: source, evidence: evidence))
        }
        return result
    }

    /// The last `name.configureWithOpaqueBackground()` / `name.backgroundColor = …` before `limit` in
    /// the function, where `name` is the variable the expression at `start` reads.
    private func opaqueConfiguration(ofExpressionAt start: Int, before limit: Int) -> Int? {
        guard start < code.count, code[start].kind == .identifier else { return nil }
        let scope = enclosingFunction(of: limit)?.bodyOpen ?? max(0, Int(parent[limit]))
        var configured: Int?
        var colored: Int?
        var index = scope
        while index < limit {
            if sameText(index, start), tokenIs(index + 1, "."), index == 0 || code[index - 1].kind != .period {
                let member = index + 2
                if isName(member, "configureWithOpaqueBackground") {
                    configured = member
                } else if (isName(member, "backgroundColor") || isName(member, "backgroundImage")) && tokenIs(member + 1, "=") {
                    colored = member
                }
            }
            index += 1
        }
        return configured ?? colored
    }

    private func isNavigationBarReceiver(ofMember member: Int) -> Bool {
        if code[member - 1].kind != .period {
            // Implicit self: inside a navigation bar subclass or extension.
            return enclosingTypeIsNavigationBar(member)
        }
        let chain = self.chain(containing: member)
        var sawName = false
        for link in chain.links where link.token < member && (link.kind == .name || link.kind == .member) {
            let token = link.token
            if isName(token, "navigationBar") || isName(token, "UINavigationBar") || isName(token, "navigationItem")
                || isName(token, "UINavigationItem") { return true }
            if isName(token, "toolbar") || isName(token, "UIToolbar") || isName(token, "tabBar") || isName(token, "UITabBar") {
                return false
            }
            sawName = true
        }
        guard sawName, let first = chain.links.first, first.kind == .name else { return false }
        if isName(first.token, "self") { return enclosingTypeIsNavigationBar(member) }
        // A local or parameter: `let bar = navigationController.navigationBar`, `bar: UINavigationBar`.
        return variableIsNavigationBar(first.token, before: member)
    }

    private func enclosingTypeIsNavigationBar(_ index: Int) -> Bool {
        guard let type = enclosingType(of: index) else { return false }
        if type.kind == .extension, let name = type.name {
            return isName(name, "UINavigationBar") || isName(name, "UINavigationItem")
        }
        return declaration(type, inheritsFrom: "UINavigationBar") || declaration(type, inheritsFrom: "UINavigationItem")
    }

    private func variableIsNavigationBar(_ name: Int, before limit: Int) -> Bool {
        guard let function = enclosingFunction(of: limit) else { return false }
        for parameter in function.parameters where sameText(parameter.name, name) {
            if let type = parameter.typeStart { return isName(type, "UINavigationBar") || isName(type, "UINavigationItem") }
        }
        guard let open = function.bodyOpen else { return false }
        for declaration in declarations where (declaration.kind == .constant || declaration.kind == .variable)
            && declaration.keyword > open && declaration.keyword < limit {
            guard let declared = declaration.name, sameText(declared, name) else { continue }
            let start = declaration.typeStart ?? declaration.initializer ?? declaration.keyword
            for index in start...max(start, declaration.end) {
                if isName(index, "navigationBar") || isName(index, "UINavigationBar") || isName(index, "navigationItem") {
                    return true
                }
            }
        }
        return false
    }

    /// Works out whether the appearance expression at `start` is opaque, following a local variable
    /// through its configuration calls, or `standardAppearance` to what was assigned to it.
    private func appearanceOpacity(ofExpressionAt start: Int, before limit: Int, depth: Int) -> (AppearanceOpacity, String?) {
        let chain = self.chain(from: start)
        guard let first = chain.links.first, depth < 3 else { return (.unknown, nil) }
        var named = chain.namedLinks.map { chain.links[$0].token }
        // `….copy()` draws like what it copies.
        if named.count > 1, let last = named.last, isName(last, "copy") { named.removeLast() }
        // `navigationBar.standardAppearance`, `standardAppearance`: follow the earlier assignment.
        if let last = named.last, isName(last, "standardAppearance") || isName(last, "compactAppearance") {
            let scope = enclosingFunction(of: limit)?.bodyOpen ?? 0
            var index = limit - 1
            while index > scope {
                if sameText(index, last), tokenIs(index + 1, "=") {
                    return appearanceOpacity(ofExpressionAt: index + 2, before: index, depth: depth + 1)
                }
                index -= 1
            }
            return (.unknown, nil)
        }
        if first.kind == .name, isName(first.token, "UINavigationBarAppearance") {
            var opacity = AppearanceState.defaultBackground
            for index in chain.start...chain.end { opacity.apply(self, at: index) }
            return (opacity.result, nil)
        }
        // A local variable (possibly `.copy()`-ed).
        if first.kind == .name, code[first.token].kind == .identifier, named.count == 1 {
            if let result = localAppearanceOpacity(first.token, before: limit) { return result }
        }
        // A parameter: whoever calls this decides, which the file does not show.
        if first.kind == .name, named.count == 1, !chain.links.contains(where: { $0.kind == .call }),
           let function = enclosingFunction(of: limit),
           function.parameters.contains(where: { sameText($0.name, first.token) }) {
            return (.unknown, nil)
        }
        // Built elsewhere: name the helper so the project can look it up.
        if let last = named.last, code[last].kind == .identifier {
            return (.unknown, text(at: last))
        }
        return (.unknown, nil)
    }

    private func localAppearanceOpacity(_ name: Int, before limit: Int) -> (AppearanceOpacity, String?)? {
        let scopeOpen = enclosingFunction(of: limit)?.bodyOpen ?? Int(parent[limit])
        var declared: Declaration?
        for declaration in declarations where (declaration.kind == .constant || declaration.kind == .variable)
            && declaration.keyword > scopeOpen && declaration.keyword < limit {
            if let declaredName = declaration.name, sameText(declaredName, name) { declared = declaration }
        }
        guard let declared else { return nil }
        var state = AppearanceState.unknown
        if let initializer = declared.initializer {
            if isName(initializer, "UINavigationBarAppearance") { state = .defaultBackground }
            for index in initializer...max(initializer, declared.end) { state.apply(self, at: index) }
            if state == .unknown {
                let (opacity, source) = appearanceOpacity(ofExpressionAt: initializer, before: declared.keyword, depth: 1)
                if opacity != .unknown || source != nil {
                    state = opacity == .opaque ? .opaque : (opacity == .transparent ? .transparent : .unknown)
                    if state == .unknown {
                        // Configured further below? Otherwise report where it comes from.
                        var local = AppearanceState.unknown
                        applyConfiguration(of: name, from: declared.end + 1, to: limit, &local)
                        return local == .unknown ? (.unknown, source) : (local.result, nil)
                    }
                }
            }
        }
        applyConfiguration(of: name, from: declared.end + 1, to: limit, &state)
        return state == .unknown ? nil : (state.result, nil)
    }

    private func applyConfiguration(of name: Int, from start: Int, to limit: Int, _ state: inout AppearanceState) {
        var index = start
        while index < limit {
            if sameText(index, name), code[index].kind == .identifier, tokenIs(index + 1, "."),
               index == 0 || code[index - 1].kind != .period {
                state.apply(self, at: index + 2)
            }
            index += 1
        }
    }

    /// Functions and properties that build a `UINavigationBarAppearance`: name token and opacity.
    public func navigationAppearanceFactories() -> [(name: Int, opacity: AppearanceOpacity)] {
        guard mentionsText("UINavigationBarAppearance") else { return [] }
        var result: [(name: Int, opacity: AppearanceOpacity)] = []
        for declaration in declarations where declaration.kind == .function || declaration.kind == .variable
            || declaration.kind == .constant {
            guard let name = declaration.name, declaration.parent.map({ declarations[$0].isType }) ?? true,
                  declaration.kind != .function || declaration.typeStart != nil else { continue }
            let start = declaration.bodyOpen ?? declaration.initializer ?? declaration.end
            guard start < declaration.end else { continue }
            var mentions = false
            var state = AppearanceState.unknown
            for index in start...declaration.end {
                if isName(index, "UINavigationBarAppearance") {
                    mentions = true
                    if state == .unknown { state = .defaultBackground }
                }
                state.apply(self, at: index)
            }
            if mentions { result.append((name, state.result)) }
        }
        return result
    }

    /// Hosting controllers put into a navigation controller: `UINavigationController(rootViewController:
    /// UIHostingController(…))`, `pushViewController(hosting, …)`, `setViewControllers([hosting], …)`,
    /// `show(hosting, sender:)`. `hosting` lists each site with the root view types it hosts (name
    /// tokens; empty when the root cannot be read); `pushedTypes` lists sites pushing `Name(…)` where
    /// `Name` may be a hosting controller subclass declared elsewhere.
    public func navigationHostingSites() -> (hosting: [(site: Int, roots: [Int])], pushedTypes: [(site: Int, type: Int)]) {
        guard mentionsText("NavigationController") || mentionsText("pushViewController")
            || mentionsText("setViewControllers") || mentionsText("show(") else { return ([], []) }
        var hosting: [(site: Int, roots: [Int])] = []
        var pushed: [(site: Int, type: Int)] = []
        func consider(_ value: Int, site: Int) {
            switch hostingKind(ofExpressionAt: value, site: site) {
            case .hosting(let roots): hosting.append((site, roots))
            case .type(let name): pushed.append((site, name))
            case .other: break
            }
        }
        for index in code.indices where (code[index].kind == .identifier || code[index].keyword == .`init`)
            && tokenIs(index + 1, "(") && !code[index + 1].flags.contains(.lineStart) {
            let open = index + 1
            // `UINavigationController(rootViewController:)`, `super.init(rootViewController:)` in a subclass.
            if tokenHasSuffix(index, "NavigationController") || code[index].keyword == .`init`,
               let value = argument("rootViewController", inCall: open) {
                consider(value, site: index)
            } else if isName(index, "pushViewController") || isName(index, "show"), let value = firstArgument(ofCall: open) {
                if isName(index, "show"), argument("sender", inCall: open) == nil { continue }
                consider(value, site: index)
            } else if isName(index, "setViewControllers"), let value = firstArgument(ofCall: open),
                      code[value].kind == .leftSquare, matching[value] > value {
                var element = value + 1
                while element < Int(matching[value]) {
                    if parent[element] == Int32(value), element == value + 1 || code[element - 1].kind == .comma {
                        consider(element, site: index)
                    }
                    element += 1
                }
            }
        }
        return (hosting, pushed)
    }

    private enum HostingKind { case hosting([Int]), type(Int), other }

    private func hostingKind(ofExpressionAt start: Int, site: Int) -> HostingKind {
        guard start < code.count, code[start].kind == .identifier else { return .other }
        if tokenHasSuffix(start, "HostingController") { return .hosting(rootViews(ofHostingAt: start)) }
        let next = start + 1
        let isCall = next < code.count && (code[next].kind == .leftParen || tokenIs(next, "<"))
        if isCall {
            return isUppercase(start) ? .type(start) : .other
        }
        // A local: `let controller = UIHostingController(…)`, or assigned in branches (all of them count).
        guard let function = enclosingFunction(of: site), let open = function.bodyOpen else { return .other }
        var isHosting = false
        var roots: [Int] = []
        var index = open + 1
        while index < site {
            if sameText(index, start), code[index - 1].kind != .period {
                // `let name = X(`, `let name: T = X(`, `name = X(`
                var value = index + 1
                if code[value].kind == .colon {
                    while value < site && !tokenIs(value, "=") && !code[value].flags.contains(.lineStart) {
                        if tokenHasSuffix(value, "HostingController") {
                            isHosting = true
                            roots += genericRootView(after: value)
                        }
                        value += 1
                    }
                }
                if tokenIs(value, "="), value + 1 < site, code[value + 1].kind == .identifier {
                    if tokenHasSuffix(value + 1, "HostingController") {
                        isHosting = true
                        roots += rootViews(ofHostingAt: value + 1)
                    } else if isUppercase(value + 1), tokenIs(value + 2, "("), !isHosting {
                        return .type(value + 1)
                    }
                }
            }
            index += 1
        }
        return isHosting ? .hosting(roots) : .other
    }

    /// The root view types of `XHostingController(rootView: Root(…))` or `XHostingController<Root>`.
    public func rootViews(ofHostingAt name: Int) -> [Int] {
        var roots = genericRootView(after: name)
        var open = name + 1
        if tokenIs(open, "<") {
            while open < code.count && !(code[open].kind == .leftParen) && !code[open].flags.contains(.lineStart) { open += 1 }
        }
        if open < code.count, code[open].kind == .leftParen, let value = argument("rootView", inCall: open),
           let root = viewTypeName(at: value, depth: 0) {
            roots.append(root)
        }
        return roots
    }

    /// `UIHostingController<Root>`: `Root`, unless it is a generic parameter or `AnyView`.
    private func genericRootView(after name: Int) -> [Int] {
        guard tokenIs(name + 1, "<"), name + 2 < code.count, code[name + 2].kind == .identifier,
              !isName(name + 2, "AnyView"), !isName(name + 2, "Content"), tokenHasPrefix(name + 3, ">") else { return [] }
        return [name + 2]
    }

    /// The view type an expression builds: `Root(…)`, through `AnyView(…)`, `NavigationStack { … }`
    /// and a local `let root = Root(…).modifier(…)`.
    private func viewTypeName(at start: Int, depth: Int) -> Int? {
        guard start < code.count, depth < 4, code[start].kind == .identifier else { return nil }
        if isUppercase(start) {
            let wrappers: [StaticString] = ["AnyView", "NavigationView", "NavigationStack", "Group", "ZStack", "VStack"]
            guard wrappers.contains(where: { isName(start, $0) }) else { return start }
            let next = start + 1
            if code[next].kind == .leftParen, matching[next] > next + 1 {
                if let inner = viewTypeName(at: firstArgument(ofCall: next) ?? next + 1, depth: depth + 1) { return inner }
                let close = Int(matching[next])
                if close + 1 < code.count, code[close + 1].kind == .leftBrace {
                    return viewTypeName(at: close + 2, depth: depth + 1)
                }
            } else if code[next].kind == .leftBrace {
                return viewTypeName(at: next + 1, depth: depth + 1)
            }
            return nil
        }
        // A local whose initializer builds the view.
        for declaration in declarations where (declaration.kind == .constant || declaration.kind == .variable)
            && declaration.keyword < start {
            guard let declared = declaration.name, sameText(declared, start), let value = declaration.initializer,
                  enclosingFunction(of: declaration.keyword)?.bodyOpen == enclosingFunction(of: start)?.bodyOpen else { continue }
            return viewTypeName(at: value, depth: depth + 1)
        }
        return nil
    }

    private func isUppercase(_ index: Int) -> Bool {
        let byte = bytes[Int(code[index].start)]
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Class names declared as `UIHostingController` subclasses, with the root view types they host
    /// (`UIHostingController<Root>`, `super.init(rootView: Root(…))`).
    public func hostingControllerSubclasses() -> [(name: Int, roots: [Int])] {
        guard mentionsText("UIHostingController") else { return [] }
        return declarations.compactMap { declaration in
            guard declaration.kind == .class, let name = declaration.name,
                  self.declaration(declaration, inheritsFrom: "UIHostingController") else { return nil }
            var roots: [Int] = []
            for index in declaration.keyword..<(declaration.bodyOpen ?? declaration.end) where isName(index, "UIHostingController") {
                roots += genericRootView(after: index)
            }
            if let open = declaration.bodyOpen, let close = declaration.bodyClose {
                for index in open..<close where isName(index, "rootView") && tokenIs(index + 1, ":") {
                    if let root = viewTypeName(at: index + 2, depth: 0) { roots.append(root) }
                }
            }
            return (name, roots)
        }
    }

    /// SwiftUI composition nodes: each `View`/`ViewModifier` type (and extension of a type) with the
    /// type names and member calls its body uses, and each function or property of `extension View`
    /// (a modifier such as `.activityIndicator(…)`). Preview code is left out.
    public func viewCompositionNodes() -> [(name: Int, references: [Int])] {
        guard mentionsText("View") else { return [] }
        var result: [(name: Int, references: [Int])] = []
        for declaration in declarations {
            guard let name = declaration.name, let open = declaration.bodyOpen, let close = declaration.bodyClose else { continue }
            if declaration.isType, declaration.kind != .protocol {
                if self.declaration(declaration, inheritsFrom: "PreviewProvider") { continue }
                if declaration.kind == .extension && isName(name, "View") { continue }
                let isView = self.declaration(declaration, inheritsFrom: "View")
                    || self.declaration(declaration, inheritsFrom: "ViewModifier") || declaration.kind == .extension
                guard isView else { continue }
                result.append((name, references(in: open..<close)))
            } else if declaration.kind == .function || declaration.kind == .variable,
                      let owner = declaration.parent, declarations[owner].kind == .extension,
                      let extended = declarations[owner].name, isName(extended, "View") {
                result.append((name, references(in: open..<close)))
            }
        }
        return result
    }

    /// Capitalised calls (`Card(`, `Card {`, `Card<`) and member calls (`.activityIndicator(`) in a range.
    private func references(in range: Range<Int>) -> [Int] {
        var found: [Int] = []
        // By a hash of the name's bytes: comparing each name with every one found so far was
        // quadratic in long extension bodies.
        var seen: [UInt64: [Int]] = [:]
        for index in range where code[index].kind == .identifier && index + 1 < code.count {
            let next = code[index + 1]
            guard next.kind == .leftParen || next.kind == .leftBrace || tokenIs(index + 1, "<") else { continue }
            let member = code[index - 1].kind == .period
            guard member || isUppercase(index) else { continue }
            let key = textHash(index)
            if seen[key]?.contains(where: { sameText($0, index) }) == true { continue }
            seen[key, default: []].append(index)
            found.append(index)
        }
        return found
    }

    /// FNV-1a over a code token's bytes.
    private func textHash(_ index: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes[code[index].range] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The composition node that code at `index` belongs to: the enclosing type's name, or for code in
    /// `extension View { func … }`, the function's name.
    public func compositionNode(of index: Int) -> Int? {
        var node: Int?
        for owner in enclosingDeclarations(of: index) {
            let declaration = declarations[owner]
            if declaration.isType, let name = declaration.name {
                if declaration.kind == .extension && isName(name, "View") { return node }
                return name
            }
            if declaration.kind == .function || declaration.kind == .variable { node = declaration.name }
        }
        return nil
    }
}

/// The background state of a navigation bar appearance while its configuration is replayed.
private enum AppearanceState: Equatable {
    case unknown, defaultBackground, transparent, opaque

    var result: AppearanceOpacity {
        switch self {
        case .opaque: return .opaque
        case .transparent, .defaultBackground: return .transparent
        case .unknown: return .unknown
        }
    }

    /// Applies the configuration member at `index` (`configureWithOpaqueBackground`,
    /// `backgroundColor = …`, `backgroundImage = …`), if it is one.
    mutating func apply(_ file: SourceFile, at index: Int) {
        guard index < file.code.count, file.code[index].kind == .identifier else { return }
        if file.isName(index, "configureWithOpaqueBackground") {
            self = .opaque
        } else if file.isName(index, "configureWithTransparentBackground") {
            self = .transparent
        } else if file.isName(index, "configureWithDefaultBackground") {
            self = .defaultBackground
        } else if file.isName(index, "backgroundColor") || file.isName(index, "backgroundImage"),
                  file.tokenIs(index - 1, "."), file.tokenIs(index + 1, "=") {
            let value = index + 2
            guard value < file.code.count else { return }
            let isClear = file.code[value].keyword == .nil
                || (file.tokenIs(value, ".") && file.isName(value + 1, "clear"))
                || (file.isName(value, "UIColor") && file.tokenIs(value + 1, ".") && file.isName(value + 2, "clear"))
            if isClear {
                if self == .opaque || self == .unknown { self = .transparent }
            } else {
                self = .opaque
            }
        }
    }
}

// MARK: - Overlay dialogs

/// Full-screen dimming dialogs: `.overlay` / `ZStack` sites that dim everything behind a dialog.
public struct DimmingDialogs: Sendable {
    /// `overlay` or `ZStack` tokens of dialogs found here, with their composition node (see
    /// `compositionNode(of:)`).
    public var dialogs: [(site: Int, node: Int?)] = []
    /// Name tokens of view types whose body is a dimming layer plus a dialog (used by name elsewhere).
    public var dimmingViewTypes: [Int] = []
    /// `.overlay` tokens with the type names of the views they build (for cross-file matching).
    public var overlayCalls: [(overlay: Int, types: [Int], node: Int?)] = []
}

extension SourceFile {
    /// Finds overlay dialogs with a full-screen dimming layer (`Color.black.opacity(…)` that ignores
    /// the safe area), and view types that are such a dialog.
    public func dimmingDialogs() -> DimmingDialogs {
        var result = DimmingDialogs()
        guard mentionsText("overlay") || mentionsText("ZStack") else { return result }
        let mayDim = mentionsText("opacity") && mentionsText("afeArea")
        var dialogSet = Set<Int>()
        var typeSet = Set<Int>()
        for index in code.indices where mayDim && isDimmingLayer(at: index) {
            guard !isPreviewCode(at: index), !isOutsideIOS(at: index) else { continue }
            var conditional = false
            var open = Int(parent[index])
            var zStackCandidate: Int?
            var stop = false
            while open >= 0 && !stop {
                if bodyOwner[Int32(open)] != nil { break }
                if code[open].kind == .leftBrace && !isClosure(open) {
                    conditional = true   // an `if`/`switch` block: the layer appears on demand
                } else if let owner = ownerName(ofBracket: open) {
                    if isName(owner, "overlay") {
                        if regionIgnoresSafeArea(open) || zStackCandidate.map(regionIgnoresSafeArea) == true {
                            dialogSet.insert(owner)
                        }
                        stop = true
                        zStackCandidate = nil
                        continue
                    } else if isName(owner, "fullScreenCover") || isName(owner, "sheet") || isName(owner, "popover") {
                        stop = true
                        zStackCandidate = nil
                        continue
                    } else if isName(owner, "ZStack"), zStackCandidate == nil, code[open].kind == .leftBrace {
                        guard regionIgnoresSafeArea(open) else { stop = true; continue }
                        let first = chainStart(containing: index) == open + 1
                        if conditional || !first {
                            dialogSet.insert(owner)
                            stop = true
                            continue
                        }
                        zStackCandidate = open
                    }
                }
                open = Int(parent[open])
            }
            if !stop, let zStack = zStackCandidate, let type = enclosingType(of: zStack), let name = type.name,
               declaration(type, inheritsFrom: "View") {
                typeSet.insert(name)
            }
        }
        result.dialogs = dialogSet.sorted().map { ($0, compositionNode(of: $0)) }
        result.dimmingViewTypes = typeSet.sorted()
        // Overlays that build views by name, for types declared elsewhere.
        for index in code.indices where isName(index, "overlay") && tokenIs(index - 1, ".") && !dialogSet.contains(index) {
            let open = index + 1
            guard open < code.count, code[open].kind == .leftParen || code[open].kind == .leftBrace,
                  matching[open] > open else { continue }
            var end = Int(matching[open])
            if code[open].kind == .leftParen, end + 1 < code.count, code[end + 1].kind == .leftBrace, matching[end + 1] > end {
                end = Int(matching[end + 1])
            }
            var types: [Int] = []
            for inner in open + 1..<end where code[inner].kind == .identifier && isUppercase(inner)
                && code[inner - 1].kind != .period && (tokenIs(inner + 1, "(") || tokenIs(inner + 1, "{")) {
                if !types.contains(where: { sameText($0, inner) }) { types.append(inner) }
                if types.count == 8 { break }
            }
            if !types.isEmpty, !isPreviewCode(at: index) { result.overlayCalls.append((index, types, compositionNode(of: index))) }
        }
        return result
    }

    /// `Color.black.opacity(…)`, `.black.opacity(…)`, `Color(white: 0, opacity: …)`, `Color.gray.opacity(…)`.
    private func isDimmingLayer(at index: Int) -> Bool {
        let token = code[index]
        let startsChain: Bool
        if isName(index, "Color"), index == 0 || code[index - 1].kind != .period {
            startsChain = true
        } else if token.kind == .period, isName(index + 1, "black") || isName(index + 1, "gray"),
                  index > 0, !(code[index - 1].kind == .identifier || code[index - 1].kind.isClosingBracket
                               || code[index - 1].kind == .keyword) {
            startsChain = true
        } else {
            startsChain = false
        }
        guard startsChain, isViewLayer(index) else { return false }
        let chain = self.chain(from: index)
        var dark = false
        var translucent = false
        for (position, link) in chain.links.enumerated() {
            switch link.kind {
            case .name, .member:
                if isName(link.token, "black") || isName(link.token, "gray") { dark = true }
                if isName(link.token, "opacity"), position + 1 < chain.links.count, chain.links[position + 1].kind == .call,
                   !(code[chain.links[position + 1].token + 1].kind == .integerLiteral && tokenIs(chain.links[position + 1].token + 1, "0")) {
                    translucent = true
                }
            case .call:
                guard position == 1, let close = link.close else { break }
                // `Color(.black)`, `Color(white: 0, opacity: 0.4)`, `Color(uiColor: .black)`
                for inner in link.token + 1..<close {
                    if isName(inner, "black") || isName(inner, "white") && tokenIs(inner + 1, ":") { dark = true }
                    if isName(inner, "opacity") && tokenIs(inner + 1, ":") { translucent = true }
                }
            default:
                break
            }
        }
        return dark && translucent
    }

    /// True when the colour at `index` is drawn as a layer of its own: a statement in a view builder,
    /// or the argument of `.background`, `.overlay`, `.fill`, `.foregroundColor`, `.foregroundStyle`
    /// — not a shadow, gradient stop, border or tint.
    private func isViewLayer(_ index: Int) -> Bool {
        var open = Int(parent[index])
        while open >= 0 {
            switch code[open].kind {
            case .leftBrace:
                return true
            case .leftParen:
                guard let owner = ownerName(ofBracket: open) else { return false }
                let layers: [StaticString] = ["background", "overlay", "fill", "foregroundColor", "foregroundStyle", "Rectangle"]
                guard layers.contains(where: { isName(owner, $0) }) else { return false }
            default:
                return false
            }
            open = Int(parent[open])
        }
        return false
    }

    /// True when a bracket's region (and the chain it belongs to) ignores the safe area.
    private func regionIgnoresSafeArea(_ open: Int) -> Bool {
        let close = Int(matching[open])
        guard close > open else { return false }
        let chain = self.chain(containing: open)
        let end = max(close, chain.end)
        for index in open..<end where isName(index, "ignoresSafeArea") || isName(index, "edgesIgnoringSafeArea") {
            return true
        }
        return false
    }
}
