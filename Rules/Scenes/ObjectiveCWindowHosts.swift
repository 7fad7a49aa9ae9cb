import SeamLintCore

extension SourceFile {
    /// The UIKit role of the class whose method holds code index `index` (`WindowHost`, as for
    /// Swift). The superclass comes from an `@interface` in this file; a class declared in a header
    /// is judged by its name (`…ViewController`, `…View`, `…Cell`, `…SceneDelegate`). Class
    /// methods and C functions have no view: `.other`.
    func objectiveCWindowHost(at index: Int, in containers: [ObjectiveCContainer]) -> WindowHost {
        guard let (container, method) = objectiveCMethod(containing: index, in: containers), let name = container.name
        else { return .other }
        if isName(name, "UIApplication") { return .applicationHelper }
        let host = objectiveCWindowHost(ofClass: name, in: containers)
        if method.isClassMethod && (host == .viewController || host == .view) { return .other }
        return host
    }

    /// The role of class `name` (a name token) from its `@interface` here, or from its name.
    func objectiveCWindowHost(ofClass name: Int, in containers: [ObjectiveCContainer]) -> WindowHost {
        let declarations = containers.filter { $0.kind == .interface && $0.name.map { sameText($0, name) } == true }
        if declarations.contains(where: { $0.protocols.contains { isName($0, "UIWindowSceneDelegate") || isName($0, "UISceneDelegate") } }) {
            return .sceneDelegate
        }
        let classToken = declarations.compactMap(\.superclass).first ?? name
        if isName(classToken, "UIApplication") { return .applicationHelper }
        if isViewControllerClassName(classToken) { return .viewController }
        if isViewClassName(classToken) { return .view }
        if tokenHasSuffix(name, "SceneDelegate") { return .sceneDelegate }
        return .other
    }
}
