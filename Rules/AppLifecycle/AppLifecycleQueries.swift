import SeamLintCore

/// A `UIWindowSceneDelegate` that creates its window itself.
struct WindowSceneDelegate: Sendable {
    var name: Int
    /// The delegate mentions a hosting controller (`UIHostingController`, `…HostingController`).
    var hostsSwiftUI: Bool
}

extension SourceFile {
    /// Name tokens of `@main` types conforming to SwiftUI's `App` (not under `#if os(macOS)`).
    func mainAppTypes() -> [Int] {
        guard mentionsText("@main") else { return [] }
        return declarations.compactMap { declaration in
            guard declaration.isType, declaration.kind != .extension, let name = declaration.name,
                  self.declaration(declaration, hasAttribute: "main"),
                  self.declaration(declaration, inheritsFrom: "App"),
                  !isExcludedFromIOS(at: declaration.keyword) else { return nil }
            return name
        }
    }

    /// True when the `@main` App named at `name` belongs to another platform's target: its type
    /// is marked unavailable on iOS, its file sits in a watch or Mac target's folder (`… Watch App/`,
    /// `watchOS/`, `macOS/`), or its body installs a watchOS or AppKit delegate adaptor
    /// (outside `#if os(macOS)`-style branches, which a multiplatform App uses).
    func mainAppIsForOtherPlatform(_ name: Int) -> Bool {
        if importsAppKitOnly || pathNamesOtherPlatform || isOutsideIOS(at: name) { return true }
        let folders = path.lowercased().split(separator: "/").dropLast()
        if folders.contains(where: { $0.hasSuffix("watch app") || $0.hasSuffix("watchapp") || $0.hasSuffix("watch extension") }) {
            return true
        }
        guard let owner = declarations.firstIndex(where: { $0.name == name }),
              let open = declarations[owner].bodyOpen, let close = declarations[owner].bodyClose else { return false }
        return (open..<close).contains { index in
            (attributeIs(index, "WKApplicationDelegateAdaptor") || attributeIs(index, "WKExtensionDelegateAdaptor")
                || attributeIs(index, "NSApplicationDelegateAdaptor")) && !isExcludedFromIOS(at: index)
        }
    }

    /// Scene delegates that create their windows (`UIWindow(windowScene:)`, `window = …`).
    func windowSceneDelegates() -> [WindowSceneDelegate] {
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
    func scenePhaseReads() -> [Int] {
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
    func scenePhaseInjections() -> [Int] {
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
    func modifierUses(_ name: StaticString) -> [Int] {
        guard mentionsText(name) else { return [] }
        return code.indices.filter { index in
            isName(index, name) && code[index - 1].kind == .period && index + 1 < code.count
                && (code[index + 1].kind == .leftParen || code[index + 1].kind == .leftBrace)
        }
    }

    /// Name tokens of `func scene(…)` whose parameter labels include `label` (`openURLContexts`, `continue`).
    func sceneCallbacks(withLabel label: StaticString) -> [Int] {
        guard mentionsText(label) else { return [] }
        return declarations.compactMap { declaration in
            guard declaration.kind == .function, let name = declaration.name, isName(name, "scene"),
                  declaration.parameters.contains(where: { isName($0.label ?? $0.name, label) }) else { return nil }
            return name
        }
    }
}
