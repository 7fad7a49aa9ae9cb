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
    private let lock = NSLock()
    private var cache: [String: DeploymentTarget] = [:]
    private var roots: [String: String] = [:]

    init(override: DeploymentTarget?, enabled: Bool) {
        self.override = override
        self.enabled = enabled
    }

    func target(forFile absolutePath: String) -> DeploymentTarget {
        if let override { return override }
        guard enabled else { return .unknown }
        return target(forDirectory: PathNames.directory(of: absolutePath))
    }

    /// The folder of the nearest project manifest above the file, or "" when there is none
    /// (then the whole run is one project).
    func projectRoot(forFile absolutePath: String) -> String {
        guard enabled else { return "" }
        return projectRoot(forDirectory: PathNames.directory(of: absolutePath))
    }

    private func projectRoot(forDirectory directory: String) -> String {
        lock.lock()
        if let cached = roots[directory] { lock.unlock(); return cached }
        lock.unlock()
        var root = ""
        if Self.holdsProjectManifest(directory) {
            root = directory
        } else if !FileManager.default.fileExists(atPath: directory + "/.git"), directory != "/", !directory.isEmpty {
            root = projectRoot(forDirectory: PathNames.directory(of: directory))
        }
        lock.lock()
        roots[directory] = root
        lock.unlock()
        return root
    }

    static func holdsProjectManifest(_ directory: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        return entries.contains { entry in
            entry == "Package.swift" || entry == "Project.swift" || entry == "project.yml" || entry == "project.yaml"
                || entry.hasSuffix(".xcodeproj")
        }
    }

    /// The lowest target among all folders resolved so far (project-level messages).
    func lowestTarget() -> DeploymentTarget {
        if let override { return override }
        lock.lock()
        defer { lock.unlock() }
        return cache.values.filter { $0.version != nil }.min { $0.version! < $1.version! } ?? .unknown
    }

    /// Every manifest-derived target used, keyed by its source (for `--verbose`).
    func resolved() -> [String: DeploymentTarget] {
        if let override { return [override.source ?? "override": override] }
        lock.lock()
        defer { lock.unlock() }
        var result: [String: DeploymentTarget] = [:]
        for target in cache.values { if let source = target.source { result[source] = target } }
        return result
    }

    private func target(forDirectory directory: String) -> DeploymentTarget {
        lock.lock()
        if let cached = cache[directory] { lock.unlock(); return cached }
        lock.unlock()
        var result = DeploymentTarget.unknown
        if let found = Self.targetDeclared(in: directory) {
            result = found
        } else if !FileManager.default.fileExists(atPath: directory + "/.git"), directory != "/", !directory.isEmpty {
            result = target(forDirectory: PathNames.directory(of: directory))
        }
        lock.lock()
        cache[directory] = result
        lock.unlock()
        return result
    }

    /// The lowest iOS target declared by the manifests directly in `directory`, if any.
    static func targetDeclared(in directory: String) -> DeploymentTarget? {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return nil }
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
