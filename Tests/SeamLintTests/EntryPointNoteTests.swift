import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintRules

/// The "SwiftUI creates this app's windows" note points at the iOS app's `@main` App, never at a
/// watchOS or macOS target's one; an App of another platform does not count as the iOS app's.
@Suite struct EntryPointNoteTests {
    static let menu = ("Trails/SortButton.swift", """
        import SwiftUI
        struct SortButton: View {
            var body: some View {
                Menu("Sort") { Button("Name") {} }
            }
        }
        """)
    static let iosApp = ("Trails/TrailsApp.swift", """
        import SwiftUI
        @main
        struct TrailsApp: App {
            var body: some Scene { WindowGroup { SortButton() } }
        }
        """)
    static let watchApp = ("Trails Watch App/TrailsWatchApp.swift", """
        import SwiftUI
        @main
        struct TrailsWatchApp: App {
            var body: some Scene { WindowGroup { Text("Trails") } }
        }
        """)
    static let macApp = ("Desk/DeskApp.swift", """
        import SwiftUI
        @main
        struct DeskApp: App {
            @NSApplicationDelegateAdaptor(DeskDelegate.self) var delegate
            var body: some Scene { WindowGroup { Text("Desk") } }
        }
        """)
    static let sceneDelegate = ("Trails/SceneDelegate.swift", """
        import UIKit
        import SwiftUI
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                window = UIWindow(windowScene: scene as! UIWindowScene)
                window?.rootViewController = UIHostingController(rootView: SortButton())
            }
        }
        """)

    func lint(_ files: [(String, String)], rules: [any Rule.Type] = [MenuTouchThrough.self]) -> [Diagnostic] {
        InMemoryLint.diagnostics(files.map { (path: $0.0, code: $0.1) }, rules: rules, target: Version(16), workers: 2)
    }

    @Test func pointsAtTheIOSAppNotAWatchOrMacOne() throws {
        // The watch and Mac apps come first in file order.
        for other in [Self.watchApp, Self.macApp] {
            let diagnostics = lint([other, Self.iosApp, Self.menu])
            let finding = try #require(diagnostics.first { $0.ruleID == "menu_touch_through" })
            #expect(finding.related.map(\.location.file) == ["Trails/TrailsApp.swift"], "\(other.0)")
        }
    }

    @Test func withOnlyAnotherPlatformsAppTheSceneDelegateIsTheEntryPoint() throws {
        let diagnostics = lint([Self.watchApp, Self.sceneDelegate, Self.menu])
        let finding = try #require(diagnostics.first { $0.ruleID == "menu_touch_through" })
        #expect(finding.related.map(\.location.file) == ["Trails/SceneDelegate.swift"])
        #expect(finding.help?.hasPrefix("Make the scene delegate's window") == true, "\(finding.help ?? "")")
    }

    @Test func aMultiplatformAppWithAnAppKitAdaptorUnderOSMacOSIsTheIOSApp() throws {
        let multiplatform = ("Shared/TrailsApp.swift", """
            import SwiftUI
            @main
            struct TrailsApp: App {
                #if os(macOS)
                @NSApplicationDelegateAdaptor(MacDelegate.self) var delegate
                #else
                @UIApplicationDelegateAdaptor(PhoneDelegate.self) var delegate
                #endif
                var body: some Scene { WindowGroup { SortButton() } }
            }
            """)
        let finding = try #require(lint([multiplatform, Self.menu]).first)
        #expect(finding.related.map(\.location.file) == ["Shared/TrailsApp.swift"])
    }

    @Test func aWatchAppDoesNotSilenceTheIOSSceneDelegatesLifecycleFindings() {
        let timer = ("Trails/TimerView.swift", """
            import SwiftUI
            struct TimerView: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View { Text("") }
            }
            """)
        let rules: [any Rule.Type] = [SceneLifecycleNotForwarded.self]
        #expect(lint([Self.watchApp, Self.sceneDelegate, timer], rules: rules).count == 1)
        #expect(lint([Self.iosApp, Self.sceneDelegate, timer], rules: rules).isEmpty)
    }
}
