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
    /// Guards `folders` and `inProgress`; signalled when a folder's resolution is stored.
    private let condition = NSCondition()
    private var folders: [String: Folder] = [:]
    /// Folders a worker is resolving: another worker waits instead of parsing the same manifests.
    private var inProgress: Set<String> = []

    /// What a folder resolves to: its deployment target and its project.
    private struct Folder {
        var target: DeploymentTarget
        var projectRoot: String
    }

    init(override: DeploymentTarget?, enabled: Bool) {
        self.override = override
        self.enabled = enabled
    }

    func target(forFile absolutePath: String) -> DeploymentTarget {
        if let override { return override }
        guard enabled else { return .unknown }
        return folder(PathNames.directory(of: absolutePath)).target
    }

    /// The folder of the nearest project manifest above the file, or "" when there is none
    /// (then the whole run is one project).
    func projectRoot(forFile absolutePath: String) -> String {
        guard enabled else { return "" }
        return folder(PathNames.directory(of: absolutePath)).projectRoot
    }

    /// Resolves each folder once, whatever the number of workers asking. Waiting cannot deadlock:
    /// a resolving worker only ever waits for the folders above the one it resolves.
    private func folder(_ directory: String) -> Folder {
        condition.lock()
        while true {
            if let known = folders[directory] { condition.unlock(); return known }
            guard inProgress.contains(directory) else { break }
            condition.wait()
        }
        inProgress.insert(directory)
        condition.unlock()
        let resolved = resolve(directory)
        condition.lock()
        folders[directory] = resolved
        inProgress.remove(directory)
        condition.broadcast()
        condition.unlock()
        return resolved
    }

    /// One listing of the folder answers both questions; the parent is asked only when needed.
    private func resolve(_ directory: String) -> Folder {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let holdsManifest = Self.holdsProjectManifest(entries)
        let declared = Self.targetDeclared(in: directory, entries: entries)
        let isTop = entries.contains(".git") || directory == "/" || directory.isEmpty
        var parent: Folder?
        if !isTop && (declared == nil || !holdsManifest) { parent = folder(PathNames.directory(of: directory)) }
        return Folder(target: declared ?? parent?.target ?? .unknown,
                      projectRoot: holdsManifest ? directory : parent?.projectRoot ?? "")
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
        condition.lock()
        defer { condition.unlock() }
        return folders.values.map(\.target).filter { $0.version != nil }.min { $0.version! < $1.version! } ?? .unknown
    }

    /// Every manifest-derived target used, keyed by its source (for `--verbose`).
    func resolved() -> [String: DeploymentTarget] {
        if let override { return [override.source ?? "override": override] }
        condition.lock()
        defer { condition.unlock() }
        var result: [String: DeploymentTarget] = [:]
        for folder in folders.values { if let source = folder.target.source { result[source] = folder.target } }
        return result
    }

    static func targetDeclared(in directory: String) -> DeploymentTarget? {
        targetDeclared(in: directory, entries: (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
    }

    /// The lowest iOS target declared by the manifests among `entries`, the folder's listing.
    static func targetDeclared(in directory: String, entries: [String]) -> DeploymentTarget? {
        var best: DeploymentTarget?
        // A manifest that builds for other platforms only (a macOS app), when no iOS target is found.
        var otherPlatformsOnly: String?
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
                let finding = ManifestParser.xcodeGenFinding(read(path))
                consider(finding.version, entry)
                if finding == .otherPlatformsOnly { otherPlatformsOnly = otherPlatformsOnly ?? entry }
            default:
                if entry.hasSuffix(".xcodeproj") {
                    let (finding, source) = ManifestParser.xcodeProjectTarget(projectPath: path, read: read)
                    consider(finding.version, source)
                    if finding == .otherPlatformsOnly { otherPlatformsOnly = otherPlatformsOnly ?? source }
                } else if entry.hasSuffix(".xcconfig") {
                    consider(ManifestParser.buildSettingTarget(read(path)), entry)
                }
            }
        }
        if best == nil, let source = otherPlatformsOnly {
            return DeploymentTarget(version: nil, source: directory + "/" + source, buildsForIOS: false)
        }
        return best
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 16 * 1024 * 1024 else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
