import SeamLintCore

/// Scene and window lookups in an app that has one scene today (its Info.plist disables multiple
/// windows and configures no external-display or CarPlay scene): they pick the only scene, so
/// `connected_scenes_first` and `key_window_lookup` report them as notes, which do not fail
/// `--strict`, with help that says what would break them.
enum SingleSceneApps {
    static let noteOption = RuleOption.bool(
        "note_in_single_scene_apps", default: true,
        summary: "Report lookups as notes (not failing --strict) in an app whose Info.plist gives it one scene today; false keeps the rule's severity.")

    /// The help text and whether to lower the finding to a note, for an app with `scenes`.
    static func adjust(help: String, scenes: AppScenes, options: RuleOptions) -> (help: String, lower: Bool) {
        guard scenes.isSingleScene, options.bool(noteOption) else { return (help, false) }
        return (help + " " + scenes.singleSceneNote, true)
    }

    /// The rationale paragraph both rules share.
    static let rationale = """
        In an app that has one scene today (its Info.plist sets `UIApplicationSupportsMultipleScenes` to \
        false, or has no `UIApplicationSceneManifest`, and configures no external-display or CarPlay scene, as \
        found through the app target's `INFOPLIST_FILE` (in its settings or `.xcconfig` files), generated \
        `INFOPLIST_KEY_…` settings, an XcodeGen `info:` or `configFiles` (following the specs it `include`s), or \
        an `Info.plist` beside the sources; `--verbose` prints which), findings are notes, which do \
        not fail `--strict`: an external display, CarPlay or enabling multiple windows breaks them. Set the \
        rule option `note_in_single_scene_apps` to `false` to keep the rule's severity. A folder without a \
        project of its own takes the verdict of the project above it; Info.plists in build or dependency \
        folders (`CMakeFiles`, `*.dir`, `.build`, `DerivedData`, `Pods`, `Carthage`) and application targets \
        that only host tests (`…Test`, `…Tests`, `…UITests`) never decide it.
        """
}

extension SourceFile {
    /// The global scene and window lookups of code compiled for iOS (not `#if os(tvOS)` …).
    func iosSceneLookups() -> [SceneLookup] {
        sceneLookups().filter { !isExcludedFromIOS(at: $0.pick) }
    }
}
