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
        Flags each SwiftUI `Menu`, and each `Picker` that shows a menu, when the iOS deployment target \
        is below 18, the site is not already limited to iOS 18 (`if #available(iOS 18, *)`, \
        `@available(iOS 18, *)`), and the project has no workaround window (a `UIWindow` subclass that \
        notices `_UIContextMenuContainerView` being added and switches off the interaction of its other \
        subviews while it is there).

        A `Picker` shows a menu when it is given `.pickerStyle(.menu)` / `MenuPickerStyle()`, and also \
        when it is left to the automatic style: `PickerStyle.automatic` picks "based on the picker's \
        context", and on iOS 16 and 17 that is a menu in a `Form` or `List` row (Apple's \
        `NavigationLinkPickerStyle` page, iOS 16+: "in navigation stacks, prefer the default menu style"; \
        on iOS 15 and earlier a form row pushed a list instead), in a toolbar and in a plain stack. The \
        style flows down the environment and the modifier nearest the picker wins, so a picker is not \
        flagged when its own `.pickerStyle(…)` or one on an enclosing view is not a menu: `.navigationLink`, \
        `.inline`, `.segmented`, `.wheel`, `.palette`, or a style read from a variable. A picker made a \
        menu by a `.pickerStyle(.menu)` on an enclosing view is reported at the `Picker`.

        Not flagged: menus under `#if os(macOS)`, `#if targetEnvironment(macCatalyst)`, in AppKit files, \
        macOS-only projects or folders named for another platform (`… tvOS/`), in a `Commands` type \
        (the menu bar), inside another menu or a context menu (a submenu), and in previews. A property, \
        function or view type that builds a menu and that the project only ever uses inside other menus \
        or context menus builds a submenu too, wherever it is declared. The deployment target is the one \
        that governs the file (the nearest `Package.swift` or Xcode project).

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
            "https://developer.apple.com/documentation/swiftui/pickerstyle/automatic",
            "https://developer.apple.com/documentation/swiftui/navigationlinkpickerstyle",
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
            // A menu style in the iOS clause of a postfix `#if`; the non-menu one is for tvOS only.
            Example("""
            import SwiftUI

            struct SyncSetting: View {
                @State private var mode = 0

                var body: some View {
                    Form {
                        ↓Picker("Sync", selection: $mode) { Text("Wi-Fi").tag(0) }
                        #if os(tvOS)
                        .pickerStyle(.segmented)
                        #else
                        .pickerStyle(.menu)
                        #endif
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            Example("""
            import SwiftUI

            struct Filters: View {
                @State private var size = 1

                var body: some View {
                    Form {
                        ↓Picker("Size", selection: $size) {
                            Text("Small").tag(0)
                            Text("Large").tag(1)
                        }
                    }
                    .pickerStyle(MenuPickerStyle())
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
            // Pickers left to the automatic style: menus in a form row, a toolbar and a stack on iOS 16 and 17.
            // The inner picker's own `.segmented` does not cover its neighbour.
            Example("""
            import SwiftUI

            struct TripSettings: View {
                @State private var units = Units.metric
                @State private var map = MapKind.standard
                @State private var sort = Sort.date

                var body: some View {
                    NavigationStack {
                        Form {
                            ↓Picker("Units", selection: $units) {
                                ForEach(Units.allCases) { Text($0.title).tag($0) }
                            }
                            VStack {
                                Picker("Map", selection: $map) {
                                    Text("Standard").tag(MapKind.standard)
                                    Text("Satellite").tag(MapKind.satellite)
                                }
                                .pickerStyle(.segmented)
                                ↓Picker(selection: $sort, label: Text("Sort")) {
                                    Text("Date").tag(Sort.date)
                                }
                            }
                        }
                        .toolbar {
                            ToolbarItem {
                                ↓Picker("Sort", selection: $sort) { Text("Date").tag(Sort.date) }
                                    .pickerStyle(.automatic)
                            }
                        }
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // A helper menu used inside another menu and also on screen is an on-screen menu.
            Example("""
            import SwiftUI

            struct Inbox: View {
                var body: some View {
                    List { Text("Message") }
                        .contextMenu { moveMenu }
                        .toolbar { moveMenu }
                }

                private var moveMenu: some View {
                    ↓Menu("Move To") {
                        Button("Archive") {}
                    }
                }
            }
            """, iosDeploymentTarget: Version(17)),
            // Views that use each other (a row and the sheet it presents) are not submenus for that.
            Example("""
            import SwiftUI

            struct FeedRow: View {
                @State private var showsPreview = false

                var body: some View {
                    HStack {
                        Text("Post")
                        moreMenu
                    }
                    .sheet(isPresented: $showsPreview) { FeedRowPreview() }
                }

                private var moreMenu: some View {
                    ↓Menu("More") { Button("Report") {} }
                }
            }

            struct FeedRowPreview: View {
                var body: some View {
                    FeedRow().contextMenu { Button("Copy") {} }
                }
            }
            """, iosDeploymentTarget: Version(17)),
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
            // A non-menu style in the iOS clause of a postfix `#if`; the other clause is for tvOS only
            // (seen in an emulator's settings).
            Example("""
            import SwiftUI

            struct SpeedSetting: View {
                @State private var speed = 1

                var body: some View {
                    Form {
                        Picker("Speed", selection: $speed) {
                            Text("Normal").tag(1)
                            Text("Fast").tag(2)
                        }
                        #if !os(tvOS)
                        .pickerStyle(.wheel)
                        #else
                        .pickerStyle(.menu)
                        #endif
                        Picker("Region", selection: $speed) { Text("Any").tag(0) }
                            .padding()
                            #if os(iOS)
                            .pickerStyle(.segmented)
                            #endif
                    }
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // Non-menu styles: on the picker, on an enclosing view, and a style read from a variable.
            Example("""
            import SwiftUI

            struct Preferences: View {
                @State private var theme = 0
                @State private var size = 0
                let compactStyle: SegmentedPickerStyle

                var body: some View {
                    NavigationStack {
                        Form {
                            Picker("Theme", selection: $theme) { Text("Light").tag(0) }
                            Section {
                                Picker("Size", selection: $size) { Text("Small").tag(0) }
                                    .pickerStyle(.inline)
                            }
                            Picker("Size", selection: $size) { Text("Small").tag(0) }
                                .pickerStyle(compactStyle)
                        }
                        .pickerStyle(.navigationLink)
                    }
                    VStack {
                        Picker("Theme", selection: $theme) { Text("Light").tag(0) }
                    }
                    .padding()
                    .pickerStyle(WheelPickerStyle())
                }
            }
            """, iosDeploymentTarget: Version(16)),
            // Helpers used only inside menus build submenus: a property, a function, and a view type
            // declared in another file and used only through another such helper.
            Example("""
            import SwiftUI

            struct Message: View {
                @State private var sort = 0
                let isPinned: Bool

                var body: some View {
                    Text("Message")
                        .if(isPinned) { $0.bold() }
                        .contextMenu {
                            moveMenu
                            labelMenu(for: "Work")
                            sortActions
                        }
                }

                // Used only by the context menu above: so is what it builds.
                private var sortActions: some View {
                    SortSubmenu(sort: $sort)
                }

                private var moveMenu: some View {
                    Menu("Move To") { Button("Archive") {} }
                }

                func labelMenu(for name: String) -> some View {
                    Menu(name) { Button("Add") {} }
                }
            }

            #Preview {
                Message().toolbar { SortSubmenu(sort: .constant(0)) }
            }
            """, companions: ["""
            import SwiftUI

            struct SortSubmenu: View {
                @Binding var sort: Int

                var body: some View {
                    Menu("Sort By") {
                        Picker("Sort", selection: $sort) { Text("Date").tag(0) }
                    }
                }
            }
            """], iosDeploymentTarget: Version(16)),
            // A picker helper only ever shown under the segmented style, and a picker inside a menu.
            Example("""
            import SwiftUI

            struct Header: View {
                @State private var tab = 0

                var body: some View {
                    VStack {
                        tabPicker
                            .pickerStyle(.segmented)
                        Text("Content")
                    }
                    .contextMenu {
                        Picker("Tab", selection: $tab) { Text("One").tag(0) }
                    }
                }

                private var tabPicker: some View {
                    Picker("Tab", selection: $tab) { Text("One").tag(0) }
                }
            }
            """, iosDeploymentTarget: Version(16)),
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
    public static var factTriggerWords: [String] { ["Menu", "Picker", "pickerStyle"] }

    /// The workaround windows, the `@main` app and scene delegates.
    public static var readsFactsOf: [any ProjectRule.Type] { [ContextMenuWorkaroundScope.self, SceneLifecycleNotForwarded.self] }

    /// Where the helpers that build menus are used outside menus is read in a second pass, only
    /// for projects with something used inside a menu (or under a non-menu picker style) and a menu
    /// below iOS 18 built by a helper, which such uses may make a submenu (directly or through
    /// other helpers).
    public static var defersFacts: Bool { true }

    public static func needsDeferredFacts(_ firstPass: Facts) -> Bool {
        guard !firstPass.menuUses.isEmpty || !firstPass.styledUses.isEmpty else { return false }
        return firstPass.sites.contains { site in
            site.helper != nil && site.iosDeploymentTarget.map { $0 < Version(18) } ?? true
        }
    }

    public func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        guard let file = Self.linted(context) else { return }
        let scan = Self.scan(file, sites: true, otherUses: false)
        for site in scan.sites {
            facts.sites.append(MenuSite(site: context.factLocation(at: site.report), isPicker: site.isPicker,
                                        isAutomaticPicker: site.isAutomatic,
                                        styleModifier: site.styleModifier.map { context.factLocation(at: $0) },
                                        helper: site.helper, iosDeploymentTarget: context.deploymentTarget.version,
                                        targetSource: context.deploymentTarget.source))
        }
        facts.menuUses += scan.menuUses.sorted()
        facts.styledUses += scan.styledUses.sorted()
    }

    /// The deferred uses decide only whether a site's helper is used nowhere but in menus: that
    /// takes every use of the helper, of the helpers it is used in, and so on up (`helpers(usedOnlyIn:_:)`
    /// reaches a helper only through those), unless one of them is already known to be out of the
    /// fixed point: used outside every helper, or in such a one, or a name `searched` for (every use
    /// of it is known) used in no helper and in no menu or picker style (then so is the site's helper:
    /// more uses cannot change that). A file holds a use of a name only if it spells it.
    public static func deferredTriggerWords(_ facts: Facts, searched: Set<String>) -> [String]? {
        let graph = HelperGraph(facts.otherUses)
        var notSubmenus = [Bool](repeating: false, count: graph.count)
        var out = graph.outside
        if !searched.isEmpty {
            // Used in no helper: no candidate of `helpers(usedOnlyIn:_:)` unless a menu or style uses it.
            let places = Set(facts.menuUses).union(facts.styledUses)
            var usedInHelper = [Bool](repeating: false, count: graph.count)
            for use in graph.uses.uses where use.container >= 0 && use.container != use.name { usedInHelper[Int(use.name)] = true }
            for position in usedInHelper.indices where !usedInHelper[position] {
                let name = graph.uses.names[position]
                if searched.contains(name), !places.contains(name) { out.append(Int32(position)) }
            }
        }
        for name in out { notSubmenus[Int(name)] = true }
        graph.spread(&notSubmenus, from: out, along: graph.names(usedIn:))
        var words = Set<String>()
        var followed = [Bool](repeating: false, count: graph.count)
        var start: [Int32] = []
        for helper in facts.sites.compactMap(\.helper) {
            guard let position = graph.uses.existingPosition(of: helper) else { words.insert(helper); continue }
            if !notSubmenus[Int(position)], !followed[Int(position)] {
                followed[Int(position)] = true
                start.append(position)
            }
        }
        graph.spread(&followed, from: start, along: graph.containers(of:))
        for position in followed.indices where followed[position] { words.insert(graph.uses.names[position]) }
        return typeNamesFirst(words, searched: searched)
    }

    /// `words`, less the member names not yet looked for while a type name is new. One use in a
    /// helper that is not a submenu settles a site (`viewDidLoad` used nowhere, a view type only
    /// the storyboard creates), and a type name is declared once and spelled in a few files, where
    /// a member name (`view`, `update`, `configure`, `viewDidLoad`) is shared by many members and
    /// spelled in tens of files: the type names are looked for first, and the member names still
    /// needed once their answer is in (the engine asks again after each round).
    static func typeNamesFirst(_ words: Set<String>, searched: Set<String>) -> [String] {
        func isTypeName(_ word: String) -> Bool { word.utf8.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? false }
        let hasNewTypeName = words.contains { isTypeName($0) && !searched.contains($0) }
        return words.filter { !hasNewTypeName || isTypeName($0) || searched.contains($0) }.sorted()
    }

    public func collectDeferredFacts(_ context: RuleContext, into facts: inout Facts) {
        guard let file = Self.linted(context) else { return }
        facts.otherUses.append(Self.scan(file, sites: false, otherUses: true).otherUses)
    }

    /// The file, when it is iOS SwiftUI code that is not a test.
    private static func linted(_ context: RuleContext) -> SourceFile? {
        let file = context.file
        guard !context.isTestFile, context.deploymentTarget.buildsForIOS, !file.importsAppKitOnly,
              !file.pathNamesOtherPlatform else { return nil }
        return file
    }

    public func finish(_ context: inout ProjectContext) {
        guard context.facts(of: ContextMenuWorkaroundScope.self).windows.isEmpty else { return }
        let lifecycle = context.facts(of: SceneLifecycleNotForwarded.self)
        let related = Self.relatedLocation(lifecycle)
        let facts = context.facts(of: Self.self)
        let graph = HelperGraph(facts.otherUses)
        let submenus = Self.helpers(usedOnlyIn: Set(facts.menuUses).subtracting(facts.styledUses), graph)
        let notMenus = Self.helpers(usedOnlyIn: Set(facts.menuUses).union(facts.styledUses), graph)
        for site in facts.sites {
            if let target = site.iosDeploymentTarget, target >= Version(18) { continue }
            // A helper used only inside other menus builds a submenu (and, for a picker left to the
            // automatic style, only inside menus or under non-menu styles: no menu of its own).
            if let helper = site.helper, (site.isAutomaticPicker ? notMenus : submenus).contains(helper) { continue }
            let text = Self.message(for: site, hasApp: lifecycle.iosMainApp != nil)
            context.report(at: site.site, text.headline, help: text.help, related: related,
                           decidedBy: site.styleModifier.map { [$0] } ?? [])
        }
    }

    /// The helpers used in `places` (inside menus, say) or only in helpers of the result, and never
    /// elsewhere: a greatest fixed point, so a helper used only by a submenu helper is a submenu too,
    /// then kept to what `places` reach.
    static func helpers(usedOnlyIn places: Set<String>, _ graph: HelperGraph) -> Set<String> {
        // Every name used in some other helper is a candidate; a helper used nowhere else (the
        // `@main` app, a root view, a type that only names itself) is not, nor is what it uses.
        var result = [Bool](repeating: false, count: graph.count)
        var reached = Set<String>()
        var placed: [Int32] = []
        for place in places {
            if let position = graph.uses.existingPosition(of: place) {
                result[Int(position)] = true
                placed.append(position)
            } else {
                reached.insert(place)  // used nowhere else
            }
        }
        for use in graph.uses.uses where use.container >= 0 && use.container != use.name { result[Int(use.name)] = true }
        // Out: a name used outside every helper, or in a helper that is out (the fixed point does
        // not depend on the order of the uses).
        var removed: [Int32] = []
        for use in graph.uses.uses where use.container != use.name && result[Int(use.name)]
            && (use.container < 0 || !result[Int(use.container)]) {
            result[Int(use.name)] = false
            removed.append(use.name)
        }
        while let container = removed.popLast() {
            for name in graph.names(usedIn: container) where result[Int(name)] {
                result[Int(name)] = false
                removed.append(name)
            }
        }
        // Only what `places` reach: helpers that use each other in a cycle nothing in `places`
        // enters (a row view and the sheet it presents) are used elsewhere, beyond this project.
        // `result` becomes the unreached part of the fixed point.
        var queue = placed.filter { result[Int($0)] }
        var found = queue
        for position in queue { result[Int(position)] = false }
        while let container = queue.popLast() {
            for name in graph.names(usedIn: container) where result[Int(name)] {
                result[Int(name)] = false
                queue.append(name)
                found.append(name)
            }
        }
        for position in found { reached.insert(graph.uses.names[Int(position)]) }
        return reached
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
        if site.isAutomaticPicker {
            return ("This `Picker` is a menu by default: the dismissing tap reaches the view behind it before iOS 18",
                    "Give it a style that is not a menu (`.pickerStyle(.navigationLink)` in a navigation stack, `.inline`, "
                        + "`.segmented`, `.wheel`), or: \(window.prefix(1).lowercased() + window.dropFirst()) that disables "
                        + "its other subviews while `_UIContextMenuContainerView` is shown (below iOS 18 only). \(target)")
        }
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
}
