import Foundation
import SeamLintCore

/// What each folder resolves to: the deployment target its nearest manifests declare and the
/// project it belongs to. Each folder is resolved once, whatever the number of threads asking:
/// another asker waits instead of parsing the same manifests again.
///
/// Shared by the lint passes of a run. The command line warms it while discovery walks the tree
/// (`prepare(folder:)` from a background thread), so parsing a large `project.pbxproj` overlaps
/// the walk instead of holding up the workers.
public final class ProjectManifests: @unchecked Sendable {
    struct Folder {
        var target: DeploymentTarget
        var projectRoot: String
        /// From the nearest manifest that names an Info.plist, else the nearest app Info.plist.
        var scenes: AppScenes = .unknown
        /// What the nearest manifest decided (`.unknown` when none did), inherited by subfolders.
        var manifestScenes: AppScenes = .unknown
    }

    /// Guards `folders` and `inProgress`; signalled when a folder's resolution is stored.
    private let condition = NSCondition()
    private var folders: [String: Folder] = [:]
    private var inProgress: Set<String> = []
    /// Folders discovery read that hold no manifest, and whether they hold `.git` (`notePlainFolder`).
    private var plainFolders: [String: Bool] = [:]
    /// Folders handed to `prepare`, resolved in order on a background queue.
    private let warmQueue = DispatchQueue(label: "seamlint.manifests", qos: .userInitiated)

    public init() {}

    /// The files and folders a folder's deployment target is read from (`DeploymentTargetResolver.
    /// targetDeclared`): these names, and names with these endings.
    /// As literals, so that a name from `readdir` is compared by `memcmp` (`NameBytes`).
    private static let manifestNameLiterals: [StaticString] = ["Package.swift", "Project.swift", "project.yml", "project.yaml"]
    private static let manifestEndingLiterals: [StaticString] = [".xcodeproj", ".xcconfig"]
    static let manifestNames = manifestNameLiterals.map(\.description)
    static let manifestEndings = manifestEndingLiterals.map(\.description)

    static func isManifestName(_ name: String) -> Bool {
        manifestNames.contains(name) || manifestEndings.contains { name.hasSuffix($0) }
    }

    /// `isManifestName` for a name from `readdir`, without making a String of it (every folder entry).
    static func isManifestName(_ name: UnsafePointer<CChar>) -> Bool {
        let bytes = NameBytes(name)
        return manifestNameLiterals.contains(where: bytes.equals) || manifestEndingLiterals.contains(where: bytes.hasSuffix)
    }

    /// Resolves `folder` (an absolute path) in the background, if it is not known yet.
    public func prepare(folder: String) {
        warmQueue.async { _ = self.folder(folder) }
    }

    /// Records what discovery saw of `folder`: no manifest, and `.git` or not. Such a folder
    /// resolves as its parent does (or, at the top, to no target and no project) without another
    /// listing: reading each source folder again cost more than the manifests themselves.
    public func notePlainFolder(_ folder: String, holdsGit: Bool) {
        condition.lock()
        plainFolders[folder] = holdsGit
        condition.unlock()
    }

    /// Waiting cannot deadlock: a resolving thread only ever waits for the folders above the one it
    /// resolves.
    func folder(_ directory: String) -> Folder {
        condition.lock()
        while true {
            if let known = folders[directory] { condition.unlock(); return known }
            guard inProgress.contains(directory) else { break }
            condition.wait()
        }
        inProgress.insert(directory)
        let plainHoldingGit = plainFolders[directory]
        condition.unlock()
        let resolved = plainHoldingGit.map { resolvePlain(directory, holdsGit: $0) } ?? resolve(directory)
        condition.lock()
        folders[directory] = resolved
        inProgress.remove(directory)
        condition.broadcast()
        condition.unlock()
        return resolved
    }

    /// `resolve` for a folder known to hold no manifest, without listing it.
    private func resolvePlain(_ directory: String, holdsGit: Bool) -> Folder {
        let isTop = holdsGit || directory == "/" || directory.isEmpty
        let parent = isTop ? nil : folder(PathNames.directory(of: directory))
        // The scenes of the project above, else an app's Info.plist here, else the folder above's.
        let manifestScenes = parent?.manifestScenes ?? .unknown
        var scenes = manifestScenes
        if scenes.verdict == .unknown {
            scenes = besideSourcesScenes(directory, holdsPlist: FileManager.default.fileExists(atPath: directory + "/Info.plist"))
                ?? parent?.scenes ?? .unknown
        }
        return Folder(target: parent?.target ?? .unknown, projectRoot: parent?.projectRoot ?? "",
                      scenes: scenes, manifestScenes: manifestScenes)
    }

    /// The verdict of an app's `Info.plist` in `directory`, unless the folder is a build product or
    /// a dependency's (`CMakeFiles`, `*.dir`, `.build`, `DerivedData`, `Pods`, `Carthage`): those
    /// never decide how many scenes the app has.
    private func besideSourcesScenes(_ directory: String, holdsPlist: Bool) -> AppScenes? {
        guard holdsPlist, !Self.isBuildOrDependencyFolder(directory) else { return nil }
        return AppScenesResolver.plistScenes(directory + "/Info.plist", shownAs: (directory as NSString).lastPathComponent + "/Info.plist",
                                             requireApp: true, read: DeploymentTargetResolver.read)
    }

    static func isBuildOrDependencyFolder(_ directory: String) -> Bool {
        directory.split(separator: "/").contains { component in
            component == "CMakeFiles" || component.hasSuffix(".dir") || component == ".build" || component == "DerivedData"
                || component == "Pods" || component == "Carthage" || component == "node_modules" || component == "xcuserdata"
        }
    }

    /// One listing of the folder answers both questions; the parent is asked only when needed.
    private func resolve(_ directory: String) -> Folder {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let holdsManifest = DeploymentTargetResolver.holdsProjectManifest(entries)
        // Most folders hold sources only: no manifest to sort the listing for.
        let mayDeclare = entries.contains(where: Self.isManifestName)
        let declared = mayDeclare ? DeploymentTargetResolver.declarations(in: directory, entries: entries)
            : (target: nil, scenes: AppScenes.unknown)
        let isTop = entries.contains(".git") || directory == "/" || directory.isEmpty
        var parent: Folder?
        if !isTop && (declared.target == nil || !holdsManifest || declared.scenes.verdict == .unknown) {
            parent = folder(PathNames.directory(of: directory))
        }
        // The governing manifest's verdict, else an app's Info.plist here, else the folder above's.
        let manifestScenes = declared.scenes.verdict != .unknown ? declared.scenes : parent?.manifestScenes ?? .unknown
        var scenes = manifestScenes
        if scenes.verdict == .unknown {
            scenes = besideSourcesScenes(directory, holdsPlist: entries.contains("Info.plist")) ?? parent?.scenes ?? .unknown
        }
        return Folder(target: declared.target ?? parent?.target ?? .unknown,
                      projectRoot: holdsManifest ? directory : parent?.projectRoot ?? "",
                      scenes: scenes, manifestScenes: manifestScenes)
    }

    /// The scene verdicts of `directories` (see `targets(of:)`).
    func scenes(of directories: Set<String>) -> [AppScenes] {
        condition.lock()
        defer { condition.unlock() }
        return directories.compactMap { folders[$0]?.scenes }
    }

    /// The targets of `directories` and of every folder above them that was resolved (the
    /// manifests a run's files saw, directly or through a parent).
    func targets(of directories: Set<String>) -> [DeploymentTarget] {
        condition.lock()
        defer { condition.unlock() }
        var seen = Set<String>()
        var targets: [DeploymentTarget] = []
        for start in directories {
            var directory = start
            while seen.insert(directory).inserted, let folder = folders[directory] {
                targets.append(folder.target)
                guard !directory.isEmpty, directory != "/" else { break }
                directory = PathNames.directory(of: directory)
            }
        }
        return targets
    }
}
