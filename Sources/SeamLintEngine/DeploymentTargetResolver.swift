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
        return target(forDirectory: (absolutePath as NSString).deletingLastPathComponent)
    }

    /// The folder of the nearest project manifest above the file, or "" when there is none
    /// (then the whole run is one project).
    func projectRoot(forFile absolutePath: String) -> String {
        guard enabled else { return "" }
        return projectRoot(forDirectory: (absolutePath as NSString).deletingLastPathComponent)
    }

    private func projectRoot(forDirectory directory: String) -> String {
        lock.lock()
        if let cached = roots[directory] { lock.unlock(); return cached }
        lock.unlock()
        var root = ""
        if Self.holdsProjectManifest(directory) {
            root = directory
        } else if !FileManager.default.fileExists(atPath: directory + "/.git"), directory != "/", !directory.isEmpty {
            root = projectRoot(forDirectory: (directory as NSString).deletingLastPathComponent)
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
            result = target(forDirectory: (directory as NSString).deletingLastPathComponent)
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
                consider(ManifestParser.xcodeGenTarget(read(path)), entry)
            default:
                if entry.hasSuffix(".xcodeproj") {
                    consider(ManifestParser.buildSettingTarget(read(path + "/project.pbxproj")), entry + "/project.pbxproj")
                } else if entry.hasSuffix(".xcconfig") {
                    consider(ManifestParser.buildSettingTarget(read(path)), entry)
                }
            }
        }
        return best
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 16 * 1024 * 1024 else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Reads iOS versions out of manifests without parsing them fully.
enum ManifestParser {
    /// `.iOS(.v16)`, `.iOS(.v16_4)`, `.iOS("16.4")`, Tuist `.iOS("16.0")` / `.iOS(targetVersion: "16.0", …)`.
    static func swiftManifestTarget(_ text: String) -> Version? {
        var lowest: Version?
        var rest = Substring(text)
        while let range = rest.range(of: ".iOS(") {
            rest = rest[range.upperBound...]
            let argument = rest.prefix { $0 != ")" }
            var version: Version?
            if argument.hasPrefix(".v") {
                let digits = argument.dropFirst(2).prefix { $0.isNumber || $0 == "_" }
                version = Version(digits.replacingOccurrences(of: "_", with: "."))
            } else if let open = argument.firstIndex(of: "\"") {
                let quoted = argument[argument.index(after: open)...].prefix { $0 != "\"" }
                version = Version(String(quoted))
            }
            if let version, lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        return lowest
    }

    /// `IPHONEOS_DEPLOYMENT_TARGET = 16.0;` (pbxproj) or `IPHONEOS_DEPLOYMENT_TARGET = 16.0` (xcconfig).
    static func buildSettingTarget(_ text: String) -> Version? {
        var lowest: Version?
        for line in text.split(whereSeparator: \.isNewline) where line.contains("IPHONEOS_DEPLOYMENT_TARGET") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = line[line.index(after: equals)...]
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"'"))
            if let version = Version(value), lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        return lowest
    }

    /// XcodeGen: `deploymentTarget: "16.0"` or a map with `iOS: 16.0`.
    static func xcodeGenTarget(_ text: String) -> Version? {
        var lowest: Version?
        var inDeploymentTarget = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            var value: String?
            if line.hasPrefix("deploymentTarget:") {
                let inline = line.dropFirst("deploymentTarget:".count).trimmingCharacters(in: .whitespaces)
                inDeploymentTarget = inline.isEmpty
                if !inline.isEmpty {
                    value = inline.hasPrefix("{") ? inline.components(separatedBy: "iOS:").dropFirst().first : inline
                }
            } else if inDeploymentTarget {
                if line.hasPrefix("iOS:") { value = String(line.dropFirst(4)) }
                if !rawLine.hasPrefix(" ") && !rawLine.hasPrefix("\t") { inDeploymentTarget = false }
            } else if line.hasPrefix("IPHONEOS_DEPLOYMENT_TARGET:") {
                value = String(line.dropFirst("IPHONEOS_DEPLOYMENT_TARGET:".count))
            }
            guard let value else { continue }
            let cleaned = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"',}"))
                .prefix { $0.isNumber || $0 == "." }
            if let version = Version(String(cleaned)), lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        return lowest
    }
}
