/// How many scenes the app that builds a file can have, from its Info.plist (found the way Xcode
/// finds it; see the engine's `AppScenesResolver`), for rules whose findings only bite with several.
public struct AppScenes: Sendable, Hashable {
    public enum Verdict: String, Sendable, Hashable {
        /// `UIApplicationSupportsMultipleScenes` is false (or the app has no scene manifest) and no
        /// external-display or CarPlay scene is configured: one scene today.
        case singleScene
        /// Multiple windows are enabled, or an external-display or CarPlay scene is configured.
        case multipleScenes
        /// No Info.plist was found, or it could not be read.
        case unknown
    }

    public var verdict: Verdict
    /// The plist or setting that decided, for messages and `--verbose` (`App/Info.plist`,
    /// `App.xcodeproj: INFOPLIST_KEY_UIApplicationSupportsMultipleScenes`).
    public var source: String?
    /// What was read there: `UIApplicationSupportsMultipleScenes = false`, `no UIApplicationSceneManifest` …
    public var evidence: String?

    public init(verdict: Verdict, source: String? = nil, evidence: String? = nil) {
        self.verdict = verdict
        self.source = source
        self.evidence = evidence
    }

    public static let unknown = AppScenes(verdict: .unknown)

    public var isSingleScene: Bool { verdict == .singleScene }

    /// For help texts: "today this app has one scene (…)".
    public var singleSceneNote: String {
        var what = "Today this app has one scene"
        if let evidence, let source { what += " (\(evidence) in \(source))" }
        return what + ": an external display, CarPlay or enabling multiple windows breaks it."
    }
}
