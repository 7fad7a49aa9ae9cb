/// What `FileDiscovery.discover` walks into and what it skips.
public struct DiscoveryOptions: Sendable {
    /// Symbolic links that resolve inside the linted roots are followed either way (their files are
    /// deduplicated); links that resolve outside the roots are followed only when this is true.
    /// Loops are never followed twice.
    public var followSymlinks = false
    /// Skip folders named in `FileDiscovery.defaultExcludedFolderNames` (build products, VCS, vendored code)
    /// or ending in `defaultExcludedFolderEndings` (resource catalogs).
    public var useDefaultExcludes = true
    /// Find `.m`, `.mm` and `.h` files too.
    public var includeObjectiveC = true
    /// Absolute path of a file or folder → skip it (and, for a folder, everything under it).
    public var isExcluded: (@Sendable (String) -> Bool)? = nil
    /// Whether `isExcluded` also applies to paths named explicitly on the command line. Off by
    /// default, like SwiftLint and ruff: naming a file lints it. Turn it on (`--force-exclude`)
    /// for pre-commit hooks and editors that pass every changed file.
    public var excludeExplicitPaths = false
    /// Called, on the walking thread, with the absolute path of each folder holding a project
    /// manifest (`Package.swift`, an `.xcodeproj`, `project.yml`, an `.xcconfig`…), so that parsing
    /// it can start while the walk goes on.
    public var onManifestFolder: (@Sendable (String) -> Void)? = nil
    /// Called, on the walking thread, with the absolute path of each folder read that holds no
    /// project manifest, and whether it holds `.git`: what `ProjectManifests` would otherwise
    /// list the folder again to learn.
    public var onPlainFolder: (@Sendable (_ folder: String, _ holdsGit: Bool) -> Void)? = nil

    public init() {}
}
