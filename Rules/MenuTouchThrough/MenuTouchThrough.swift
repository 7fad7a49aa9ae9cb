import SeamLintCore

/// Flags SwiftUI menus that let the dismissing tap through to the views behind them before iOS 18,
/// when the project has no workaround window.
///
/// Facts: records `menu.site`; reads `menu.workaroundWindow` (recorded by
/// `ContextMenuWorkaroundScope`) and `app.main` / `app.sceneDelegate` (recorded by
/// `SceneLifecycleNotForwarded`) for the related location.
public struct MenuTouchThrough: ProjectRule {
    public init() {}

    public static let description = RuleDescription(
        id: "menu_touch_through",
        summary: "Before iOS 18, the tap that dismisses a SwiftUI menu also triggers the view behind it",
        rationale: """
        ### What it does
        Flags each SwiftUI `Menu`, and each `Picker` given `.pickerStyle(.menu)` / `MenuPickerStyle()`, \
        when the iOS deployment target is below 18, the site is not already limited to iOS 18 \
        (`if #available(iOS 18, *)`, `@available(iOS 18, *)`), and the project has no workaround window \
        (a `UIWindow` subclass that notices `_UIContextMenuContainerView` being added and switches off \
        the interaction of its other subviews while it is there). Menus under `#if os(macOS)`, \
        `#if targetEnvironment(macCatalyst)`, in AppKit files, macOS-only projects or folders named \
        for another platform (`… tvOS/`), in a `Commands` type (the menu bar), inside another menu or \
        a context menu, and in previews are not flagged. The deployment target is the one that governs \
        the file (the nearest `Package.swift` or Xcode project).

        ### Why is this bad?
        On iOS 16 and 17, while a SwiftUI menu is open, the tap a user makes "outside" it to close it \
        is also delivered to the SwiftUI view underneath: closing the sort menu opens the list row \
        below it, toggles a favourite button in the toolbar, or starts a navigation. UIKit shows the \
        menu in a private `_UIContextMenuContainerView` added to the window, but SwiftUI's gesture \
        handling behind it still sees the touch. Apple fixed it in iOS 18 ("SwiftUI gestures no longer \
        errantly trigger when dismissing a menu"); every earlier system keeps the bug.

        ### Use instead
        Give the scene a window subclass that, in `didAddSubview(_:)`, recognises the menu container and \
        sets `isUserInteractionEnabled = false` on the window's other subviews, and restores them in \
        `willRemoveSubview(_:)` — only below iOS 18 (`if #unavailable(iOS 18) { … }`). SwiftUI's \
        `WindowGroup` creates its own `UIWindow`, so the app needs a `UIWindowSceneDelegate` that creates \
        this window and hosts the SwiftUI root view in a `UIHostingController`. Alternatively, offer \
        the menu only on iOS 18 (`if #available(iOS 18, *)`) and a sheet or buttons before that.
        """,
        documentation: [
            "https://developer.apple.com/documentation/ios-ipados-release-notes/ios-ipados-18-release-notes",
            "https://developer.apple.com/documentation/swiftui/menu",
            "https://developer.apple.com/documentation/uikit/uiview/didaddsubview(_:)",
        ],
        severity: .warning,
        triggering: [
            Example("""
            import SwiftUI

            struct SortButton: View {
                @Binding var order: SortOrder

                var body: some View {
                    ↓Menu {
                        Button("Name") { order = .name }
                        Button("Date") { order = .date }
                    } label: {
                        Label("Sort", systemImage: "arrow.up.arrow.down")
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            Example("""
            import SwiftUI

            struct DifficultyField: View {
                @Binding var difficulty: Difficulty

                var body: some View {
                    ↓Picker("Difficulty", selection: $difficulty) {
                        ForEach(Difficulty.allCases) { Text($0.title).tag($0) }
                    }
                    .pickerStyle(.menu)
                }
            }
            """, companions: ["""
            import SwiftUI

            @main
            struct TrailsApp: App {
                var body: some Scene {
                    WindowGroup { ContentView() }
                }
            }
            """], iosDeploymentTarget: Version(17)),
            Example("""
            import SwiftUI

            struct Filters: View {
                @State private var size = 1

                var body: some View {
                    Form {
                        Picker("Size", selection: $size) {
                            Text("Small").tag(0)
                            Text("Large").tag(1)
                        }
                    }
                    .↓pickerStyle(MenuPickerStyle())
                    .toolbar {
                        ↓Menu("More", systemImage: "ellipsis.circle") {
                            Button("Export", action: {})
                        }
                    }
                }
            }
            """),
            // The availability check guards something else; the menu still runs on iOS 17.
            Example("""
            import SwiftUI

            struct Header: View {
                var body: some View {
                    HStack {
                        if #available(iOS 17, *) {
                            ↓Menu("Share") {
                                Button("Copy Link") {}
                            }
                        }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A menu as a `case` body, and one in iOS-only code that excludes Mac Catalyst.
            Example("""
            import SwiftUI

            struct ComposerToolbar: View {
                let tools: [Tool]

                var body: some View {
                    HStack {
                        ForEach(tools) { tool in
                            switch tool {
                            case .attach:
                                ↓Menu {
                                    Button("Photo") {}
                                    Button("File") {}
                                } label: {
                                    Image(systemName: "paperclip")
                                }
                            default:
                                Button(tool.title) {}
                            }
                        }
                        #if !targetEnvironment(macCatalyst)
                        ↓Menu("Camera") { Button("Scan") {} }
                        #endif
                    }
                }
            }
            """, iosDeploymentTarget: Version(16, 4)),
        ],
        nonTriggering: [
            // A workaround window elsewhere in the project.
            Example("""
            import SwiftUI

            struct SortButton: View {
                var body: some View {
                    Menu("Sort") {
                        Button("Name") {}
                    }
                }
            }
            """, companions: ["""
            import UIKit

            final class MenuWorkaroundWindow: UIWindow {
                override func didAddSubview(_ subview: UIView) {
                    super.didAddSubview(subview)
                    guard #unavailable(iOS 18),
                          String(describing: type(of: subview)) == "_UIContextMenuContainerView" else { return }
                    for view in subviews where view !== subview { view.isUserInteractionEnabled = false }
                }

                override func willRemoveSubview(_ subview: UIView) {
                    super.willRemoveSubview(subview)
                    for view in subviews { view.isUserInteractionEnabled = true }
                }
            }
            """], iosDeploymentTarget: Version(16)),
            // iOS 18 and later only.
            Example("""
            import SwiftUI

            struct SortButton: View {
                var body: some View {
                    Menu("Sort") {
                        Button("Name") {}
                    }
                }
            }
            """, iosDeploymentTarget: Version(18)),
            Example("""
            import SwiftUI

            struct ShareControl: View {
                var body: some View {
                    if #available(iOS 18, *) {
                        Menu("Share") { Button("Copy Link") {} }
                    } else {
                        ShareLink(item: URL(string: "https://example.com")!)
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            Example("""
            import SwiftUI

            struct OpenIn: View {
                var body: some View {
                    #if os(macOS)
                    Menu("Open In") { Button("Browser") {} }
                    #elseif targetEnvironment(macCatalyst)
                    Menu("Open In") { Button("Maps") {} }
                    #else
                    Button("Open in Maps") {}
                    #endif
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // The menu bar of a Mac or iPad app.
            Example("""
            import SwiftUI

            struct EditorCommands: Commands {
                var body: some Commands {
                    CommandMenu("Format") {
                        Menu("Font") { Button("Bold") {} }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A nested submenu, a context menu, other picker styles, and UIKit's UIMenu.
            Example("""
            import SwiftUI

            struct Row: View {
                @State private var kind = 0
                var body: some View {
                    Text("Row")
                        .contextMenu {
                            Menu("Move To") { Button("Inbox") {} }
                        }
                    Picker("Kind", selection: $kind) { Text("A").tag(0) }
                        .pickerStyle(.segmented)
                    let menu = UIMenu(title: "Menu", children: [])
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A project type named `Menu`, a menu style re-creating the menu, and previews.
            Example("""
            import SwiftUI

            struct CompactMenuStyle: MenuStyle {
                func makeBody(configuration: Configuration) -> some View {
                    Menu(configuration).font(.caption)
                }
            }

            #Preview {
                Menu("Preview") { Button("A") {} }
            }

            struct Toolbar_Previews: PreviewProvider {
                static var previews: some View {
                    Menu("Preview") { Button("A") {} }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A view that only exists on iOS 18 and later.
            Example("""
            import SwiftUI

            @available(iOS 18.0, *)
            struct VocabularyList: View {
                var body: some View {
                    List { Text("Word") }
                        .toolbar {
                            ToolbarItem(placement: .topBarTrailing) {
                                Menu { Button("Export") {} } label: { Image(systemName: "ellipsis") }
                            }
                        }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // An AppKit file.
            Example("""
            import AppKit
            import SwiftUI

            struct SidebarFooter: View {
                var body: some View {
                    Menu("Add") { Button("Folder") {} }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // The sources of a tvOS target (by its folder), where there is no touch to leak.
            Example("""
            import SwiftUI

            struct SubtitleButton: View {
                var body: some View {
                    Menu("Subtitles") { Button("Off") {} }
                }
            }
            """, iosDeploymentTarget: Version(16), fileName: "Player tvOS/Controls/SubtitleButton.swift"),
            // A restaurant `Menu` model type, not SwiftUI's view.
            Example("""
            struct Menu {
                var dishes: [String]
            }

            func load() -> Menu {
                let menu = Menu(dishes: ["Soup"])
                return menu
            }
            """, iosDeploymentTarget: Version(16)),
        ]
    )

    /// `collectFacts` records nothing in a file without these.
    public static var factTriggerWords: [String] { ["Menu", "pickerStyle"] }

    /// The workaround windows, the `@main` app and scene delegates.
    public static var readsFactsOf: [any ProjectRule.Type] { [ContextMenuWorkaroundScope.self, SceneLifecycleNotForwarded.self] }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        let file = context.file
        guard !context.isTestFile, context.deploymentTarget.buildsForIOS,
              file.mentionsText("Menu") || file.mentionsText("pickerStyle"), !file.importsAppKitOnly,
              !file.pathNamesOtherPlatform else { return }
        for site in Self.menuSites(in: file) {
            facts.sites.append(MenuSite(site: context.factLocation(at: site.report), isPicker: site.kind == "Picker",
                                        iosDeploymentTarget: context.deploymentTarget.version,
                                        targetSource: context.deploymentTarget.source))
        }
    }

    public func finish(_ context: inout ProjectContext) {
        guard context.facts(of: ContextMenuWorkaroundScope.self).windows.isEmpty else { return }
        let lifecycle = context.facts(of: SceneLifecycleNotForwarded.self)
        let related = Self.relatedLocation(lifecycle)
        for site in context.facts(of: Self.self).sites {
            if let target = site.iosDeploymentTarget, target >= Version(18) { continue }
            let text = Self.message(for: site, hasApp: lifecycle.iosMainApp != nil)
            context.report(at: site.site, text.headline, help: text.help, related: related)
        }
    }

    // MARK: Message

    private static func message(for site: MenuSite, hasApp: Bool) -> (headline: String, help: String) {
        let what = site.isPicker ? "This menu-style `Picker`" : "This SwiftUI `Menu`"
        let target: String
        if let version = site.iosDeploymentTarget {
            let source = site.targetSource.flatMap { $0.isEmpty ? nil : ", from \(lastComponent($0))" } ?? ""
            target = "The deployment target is iOS \(version)\(source)."
        } else {
            target = "Assumed below iOS 18: \(DeploymentTarget.unknownHint)."
        }
        let window = hasApp
            ? "Create the scene's window yourself in a `UIWindowSceneDelegate`, as a `UIWindow` subclass"
            : "Make the scene delegate's window a `UIWindow` subclass"
        return ("\(what) lets the dismissing tap reach the view behind it on iOS 17 and earlier",
                "\(window) that disables its other subviews while `_UIContextMenuContainerView` is shown (below iOS 18 "
                    + "only), or offer the menu only under `#available(iOS 18, *)`. \(target)")
    }

    private static func lastComponent(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return path }
        let last = parts[parts.count - 1]
        return last == "project.pbxproj" ? String(parts[parts.count - 2]) : String(last)
    }

    private static func relatedLocation(_ lifecycle: SceneLifecycleNotForwarded.Facts) -> [RelatedLocation] {
        // The iOS app's entry point, not a watchOS or macOS target's `@main` App.
        if let app = lifecycle.iosMainApp {
            return [RelatedLocation(location: app.site.location,
                                    message: "SwiftUI creates this app's windows: no workaround window can be installed")]
        }
        if let delegate = lifecycle.sceneDelegates.first {
            return [RelatedLocation(location: delegate.site.location,
                                    message: "this scene delegate creates the window that needs the workaround")]
        }
        return []
    }

    // MARK: Recognising menus

    struct Site {
        /// Where to report: `Menu`, `Picker`, or `pickerStyle` when the style is set on a container.
        var report: Int
        var kind: String
    }

    static func menuSites(in file: SourceFile) -> [Site] {
        var sites: [Site] = []
        let code = file.code
        for index in code.indices where code[index].kind == .identifier {
            if file.isName(index, "Menu"), isSwiftUIMenu(file, index) {
                if isAffected(file, index) { sites.append(Site(report: index, kind: "Menu")) }
            } else if file.isName(index, "pickerStyle"), file.tokenIs(index - 1, "."), file.tokenIs(index + 1, "("),
                      isMenuStyle(file, argument: index + 2) {
                let chain = file.chain(containing: index)
                let start = chain.links.first.map(\.token) ?? index
                let report = file.isName(start, "Picker") ? start : index
                if isAffected(file, report) { sites.append(Site(report: report, kind: "Picker")) }
            }
        }
        return sites
    }

    /// `Menu {`, `Menu("Title") {`, `Menu(content:label:)`: SwiftUI's view with its content.
    private static func isSwiftUIMenu(_ file: SourceFile, _ index: Int) -> Bool {
        let code = file.code
        if index > 0 {
            let previous = code[index - 1]
            if previous.kind == .period && !file.isName(index - 2, "SwiftUI") { return false }
            switch previous.keyword {
            case .struct, .class, .enum, .extension, .typealias, .protocol, .func, .actor: return false
            default: break
            }
            // `-> Menu<…>`; a `:` before it is a `case` label or a dictionary value, both fine.
            if file.tokenIs(index - 1, "->") { return false }
        }
        guard index + 1 < code.count else { return false }
        let next = code[index + 1]
        if next.kind == .leftBrace { return file.isClosure(index + 1) }
        guard next.kind == .leftParen, !next.flags.contains(.lineStart), file.matching[index + 1] > index + 1 else {
            return false
        }
        let close = Int(file.matching[index + 1])
        if close + 1 < code.count, code[close + 1].kind == .leftBrace, file.isClosure(close + 1) { return true }
        return file.argument("content", inCall: index + 1) != nil
    }

    /// `.menu`, `MenuPickerStyle()`, `.menu` spelled `PickerStyle.menu`.
    private static func isMenuStyle(_ file: SourceFile, argument: Int) -> Bool {
        if file.tokenIs(argument, "."), file.isName(argument + 1, "menu"), file.tokenIs(argument + 2, ")") { return true }
        if file.isName(argument, "MenuPickerStyle") { return true }
        return false
    }

    /// Not macOS-only, not in previews or the menu bar, not nested in another menu, not iOS 18+ only.
    private static func isAffected(_ file: SourceFile, _ index: Int) -> Bool {
        if file.isOutsideIOS(at: index) || file.isPreviewCode(at: index) { return false }
        if file.requiresIOS(Version(18), at: index) { return false }
        for owner in file.enclosingDeclarations(of: index) {
            let declaration = file.declarations[owner]
            if declaration.isType, file.declaration(declaration, inheritsFrom: "Commands")
                || file.declaration(declaration, inheritsFrom: "MenuStyle") { return false }
        }
        var open = Int(file.parent[index])
        while open >= 0 {
            if file.closureOwner(open, isOneOf: ["Menu", "contextMenu", "commands", "CommandMenu", "CommandGroup",
                                                 "contextMenuPreview"]) {
                return false
            }
            open = Int(file.parent[open])
        }
        return true
    }
}
