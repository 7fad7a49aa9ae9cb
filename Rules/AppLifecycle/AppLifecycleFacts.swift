import SeamLintCore

/// The project facts `scene_lifecycle_not_forwarded` records (its collector runs whenever a rule
/// that reads them is enabled; `menu_touch_through` reads `mainApps` and `sceneDelegates`).
extension SceneLifecycleNotForwarded {
    public struct Facts: ProjectFacts {
        /// `@main` types conforming to `App`, in file order.
        var mainApps: [MainApp] = []
        /// `UIWindowSceneDelegate`s that create their window.
        var sceneDelegates: [SceneDelegate] = []
        /// The first `…HostingController` of each file that mentions one.
        var hostingControllers: [FactLocation] = []
        /// `@Environment(\.scenePhase)`, and `.environment(\.scenePhase, …)`.
        var scenePhaseReads: [FactLocation] = []
        var scenePhaseInjections: [FactLocation] = []
        /// `.onOpenURL` / `.onContinueUserActivity` on a SwiftUI view.
        var onOpenURLs: [FactLocation] = []
        var onContinueUserActivities: [FactLocation] = []
        /// `func scene(_:openURLContexts:)` / `func scene(_:continue:)` implemented somewhere.
        var openURLContextsCallbacks: [FactLocation] = []
        var continueUserActivityCallbacks: [FactLocation] = []

        public init() {}

        /// The iOS app's entry point: what "SwiftUI creates this app's windows" points at.
        var iosMainApp: MainApp? { mainApps.first(where: \.runsOnIOS) }

        public mutating func append(_ later: Self) {
            mainApps += later.mainApps
            sceneDelegates += later.sceneDelegates
            hostingControllers += later.hostingControllers
            scenePhaseReads += later.scenePhaseReads
            scenePhaseInjections += later.scenePhaseInjections
            onOpenURLs += later.onOpenURLs
            onContinueUserActivities += later.onContinueUserActivities
            openURLContextsCallbacks += later.openURLContextsCallbacks
            continueUserActivityCallbacks += later.continueUserActivityCallbacks
        }
    }

    struct MainApp: Sendable, Equatable {
        var site: FactLocation
        var type: String
        /// False for a watchOS or macOS target's App (`mainAppIsForOtherPlatform`).
        var runsOnIOS: Bool
    }

    struct SceneDelegate: Sendable, Equatable {
        var site: FactLocation
        var type: String
        /// Its window's root is a `UIHostingController`.
        var hostsSwiftUI: Bool
    }
}
