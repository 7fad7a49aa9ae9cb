/// The project facts `scene_lifecycle_not_forwarded` records (its collector runs whenever a rule
/// that reads them is enabled; `menu_touch_through` reads `mainApp` and `sceneDelegate`). Public: another
/// family reads them, and the organisation rules keep a family's internal helpers inside it.
public enum AppLifecycleFact {
    /// `@main` type conforming to `App`; details `type`.
    static let mainApp = "app.main"
    /// A `UIWindowSceneDelegate` that creates its window; details `type`, `hostsSwiftUI`.
    static let sceneDelegate = "app.sceneDelegate"
    /// A file that mentions `UIHostingController` (recorded once per file).
    static let hostingController = "swiftui.hosting"
    /// `@Environment(\.scenePhase)`.
    static let scenePhaseRead = "scene.phaseRead"
    /// `.environment(\.scenePhase, …)`.
    static let scenePhaseInjected = "scene.phaseInjected"
    /// `.onOpenURL` / `.onContinueUserActivity` on a SwiftUI view.
    static let onOpenURL = "scene.onOpenURL"
    static let onContinueUserActivity = "scene.onContinueUserActivity"
    /// `func scene(_:openURLContexts:)` / `func scene(_:continue:)` implemented somewhere.
    static let opensURLContexts = "scene.opensURLContexts"
    static let continuesUserActivity = "scene.continuesUserActivity"
}
