import Foundation
import SeamLintCore

/// Finds the iOS deployment target that governs a file: the nearest folder (walking up to the
/// git root) holding a `Package.swift`, an `.xcodeproj`, an `.xcconfig`, an XcodeGen `project.yml`
/// or a Tuist `Project.swift`; within it, the lowest target declared. Cached per folder.
///
/// The nearest folder with a project manifest is also the file's *project*: project rules weigh
/// facts per project, so two apps in one repository do not vouch for each other.
final class DeploymentTargetResolver: @unchecked Sendable {
    private let override: DeploymentTarget?
    private let enabled: Bool
    private let manifests: ProjectManifests
    /// The folders this run asked about (the shared `manifests` may know more), under `lock`.
    private let lock = NSLock()
    private var asked: Set<String> = []

    init(override: DeploymentTarget?, enabled: Bool, manifests: ProjectManifests = ProjectManifests()) {
        self.override = override
        self.enabled = enabled
        self.manifests = manifests
    }

    func target(forFile absolutePath: String) -> DeploymentTarget {
        if let override { return override }
        guard enabled else { return .unknown }
        return folder(ofFile: absolutePath).target
    }

    /// How many scenes the app that builds the file can have (see `AppScenesResolver`).
    func appScenes(forFile absolutePath: String) -> AppScenes {
        guard enabled else { return .unknown }
        return folder(ofFile: absolutePath).scenes
    }

    /// The verdicts used by this run, keyed by what decided them (for `--verbose`).
    func resolvedScenes() -> [String: AppScenes] {
        lock.lock()
        let folders = asked
        lock.unlock()
        var result: [String: AppScenes] = [:]
        for scenes in manifests.scenes(of: folders) { result[scenes.source ?? "no Info.plist found"] = scenes }
        return result
    }

    /// The folder of the nearest project manifest above the file, or "" when there is none
    /// (then the whole run is one project).
    func projectRoot(forFile absolutePath: String) -> String {
        guard enabled else { return "" }
        return folder(ofFile: absolutePath).projectRoot
    }

    /// What a file's folder decides, with one lookup: `target` (nil when the run's settings give
    /// one, then it is not asked), `projectRoot` and `appScenes` as the methods of those names answer.
    func place(ofFile absolutePath: String, needsTarget: Bool = true) -> (target: DeploymentTarget?, projectRoot: String, scenes: AppScenes) {
        guard enabled else { return (needsTarget ? override ?? .unknown : nil, "", .unknown) }
        let folder = folder(ofFile: absolutePath)
        return (needsTarget ? override ?? folder.target : nil, folder.projectRoot, folder.scenes)
    }

    private func folder(ofFile absolutePath: String) -> ProjectManifests.Folder {
        let directory = PathNames.directory(of: absolutePath)
        lock.lock()
        asked.insert(directory)
        lock.unlock()
        return manifests.folder(directory)
    }

    /// The targets of the folders this run asked about and of the folders above them.
    private func askedTargets() -> [DeploymentTarget] {
        lock.lock()
        let folders = asked
        lock.unlock()
        return manifests.targets(of: folders)
    }

    static func holdsProjectManifest(_ entries: [String]) -> Bool {
        entries.contains { entry in
            entry == "Package.swift" || entry == "Project.swift" || entry == "project.yml" || entry == "project.yaml"
                || entry.hasSuffix(".xcodeproj")
        }
    }

    /// The lowest target among all folders resolved so far (project-level messages).
    func lowestTarget() -> DeploymentTarget {
        if let override { return override }
        return askedTargets().filter { $0.version != nil }.min { $0.version! < $1.version! } ?? .unknown
    }

    /// Every manifest-derived target used, keyed by its source (for `--verbose`).
    func resolved() -> [String: DeploymentTarget] {
        if let override { return [override.source ?? "override": override] }
        var result: [String: DeploymentTarget] = [:]
        for target in askedTargets() { if let source = target.source { result[source] = target } }
        return result
    }

    static func targetDeclared(in directory: String) -> DeploymentTarget? {
        targetDeclared(in: directory, entries: (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
    }

    /// The lowest iOS target declared by the manifests among `entries`, the folder's listing.
    static func targetDeclared(in directory: String, entries: [String]) -> DeploymentTarget? {
        declarations(in: directory, entries: entries).target
    }

    /// What the manifests among `entries` declare: the iOS target, and the app's scenes (from the
    /// Info.plist their application targets name; `.unknown` when they name none).
    static func declarations(in directory: String, entries: [String]) -> (target: DeploymentTarget?, scenes: AppScenes) {
        var best: DeploymentTarget?
        var scenes: [AppScenes] = []
        // A manifest that builds for other platforms only (a macOS app), when no iOS target is found.
        var otherPlatformsOnly: String?
        var looseXcconfigs: [String] = []
        func consider(_ version: Version?, _ file: String) {
            guard let version else { return }
            if best?.version.map({ version < $0 }) ?? true {
                best = DeploymentTarget(version: version, source: directory + "/" + file)
            }
        }
        for entry in entries.sorted() {
            let path = directory + "/" + entry
            switch entry {
            case "Package.swift", "Project.swift":
                consider(ManifestParser.swiftManifestTarget(read(path)), entry)
            case "project.yml", "project.yaml":
                let text = read(path)
                let finding = ManifestParser.xcodeGenFinding(text, folder: directory, read: read)
                scenes.append(AppScenesResolver.scenes(ofXcodeGen: text, folder: directory, read: read))
                consider(finding.version, entry)
                if finding == .otherPlatformsOnly { otherPlatformsOnly = otherPlatformsOnly ?? entry }
            default:
                if entry.hasSuffix(".xcodeproj") {
                    let (target, settings) = ManifestParser.xcodeProject(projectPath: path, read: read)
                    let (finding, source) = target
                    if let settings {
                        scenes.append(AppScenesResolver.scenes(of: settings, projectName: entry, folder: directory, read: read))
                    }
                    consider(finding.version, source)
                    if finding == .otherPlatformsOnly { otherPlatformsOnly = otherPlatformsOnly ?? source }
                } else if entry.hasSuffix(".xcconfig") {
                    looseXcconfigs.append(entry)
                }
            }
        }
        // An `.xcconfig` beside a project is read through the configurations based on it; alone
        // (or beside a project that says nothing), it is the folder's manifest.
        if best == nil {
            for entry in looseXcconfigs { consider(ManifestParser.buildSettingTarget(read(directory + "/" + entry)), entry) }
        }
        let known = scenes.filter { $0.verdict != .unknown }
        let verdict = known.isEmpty ? AppScenes.unknown : AppScenesResolver.combine(known)
        if best == nil, let source = otherPlatformsOnly {
            return (DeploymentTarget(version: nil, source: directory + "/" + source, buildsForIOS: false), verdict)
        }
        return (best, verdict)
    }

    static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 16 * 1024 * 1024 else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
