import Foundation
import SeamLintCore

/// Finds how many scenes an app can have, the way Xcode finds its Info.plist: the `INFOPLIST_FILE`
/// and generated `INFOPLIST_KEY_…` settings of the project's iOS application targets (through
/// their `.xcconfig` files), an XcodeGen application target's `info` (`path`, `properties`) and
/// settings, or else an app's `Info.plist` beside the sources.
///
/// One scene: `UIApplicationSupportsMultipleScenes` false or absent (or no
/// `UIApplicationSceneManifest` at all) and no external-display or CarPlay scene configuration.
/// Several application targets must all have one scene for the project to have one.
enum AppScenesResolver {
    /// Scene roles that connect a second scene whatever `UIApplicationSupportsMultipleScenes` says.
    static let extraSceneRoles = ["UIWindowSceneSessionRoleExternalDisplay", "CPTemplateApplicationSceneSessionRole",
                                  "CPTemplateApplicationDashboardSceneSessionRole",
                                  "CPTemplateApplicationInstrumentClusterSceneSessionRole", "CPTemplateApplication"]

    // MARK: Xcode projects

    static func scenes(of project: XcodeProjectSettings, projectName: String, folder: String, read: (String) -> String) -> AppScenes {
        let applications = project.targets.filter {
            $0.isApplication && XcodeProjectSettings.Target.buildsForIOS($0.shippingSettings) && !isTestHarness($0.name)
        }
        return combine(applications.map { target in
            let settings = target.shippingSettings
            let generated = generatedKey(settings["INFOPLIST_KEY_UIApplicationSupportsMultipleScenes"])
            var fromFile: AppScenes?
            if let setting = settings["INFOPLIST_FILE"], let path = projectRelative(setting) {
                let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
                let absolute = relative.hasPrefix("/") ? relative : folder + "/" + relative
                fromFile = plistScenes(absolute, shownAs: relative, requireApp: false, read: read)
            }
            let source = "\(projectName) (\(target.name)): INFOPLIST_KEY_UIApplicationSupportsMultipleScenes"
            if let generated {
                // An explicit generated key wins for the flag; extra scene roles still come from the file.
                if fromFile?.verdict == .multipleScenes, fromFile?.evidence?.contains("scene configuration") == true { return fromFile! }
                return AppScenes(verdict: generated ? .multipleScenes : .singleScene, source: source,
                                 evidence: "UIApplicationSupportsMultipleScenes = \(generated ? "YES" : "NO")")
            }
            // A file without a scene manifest gets Xcode's generated one (SwiftUI templates), which
            // enables multiple windows.
            let fileHasManifest = fromFile.map { $0.verdict != .unknown && $0.evidence != "no UIApplicationSceneManifest" } ?? false
            if let fromFile, fileHasManifest { return fromFile }
            if settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"]?.uppercased() == "YES" {
                // Xcode's generated scene manifest (SwiftUI templates) enables multiple windows.
                return AppScenes(verdict: .multipleScenes, source: "\(projectName) (\(target.name))",
                                 evidence: "a generated UIApplicationSceneManifest")
            }
            return fromFile ?? .unknown
        })
    }

    /// An application target that only hosts tests or tries out a library (`PVRetroArch_Test`,
    /// `AppUITests`): not the app its sources ship in.
    static func isTestHarness(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix("test") || lowered.hasSuffix("tests") || lowered.contains("uitest")
            || lowered.contains("testhost") || lowered.contains("test-host") || lowered.contains("testing")
    }

    /// `$(SRCROOT)/App/Info.plist` → `App/Info.plist` (relative to the project's folder); nil when
    /// another setting remains in it.
    static func projectRelative(_ path: String) -> String? {
        var path = ManifestParser.trim(path, also: "\"'")
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "./"] where path.hasPrefix(prefix) {
            path = String(path.dropFirst(prefix.count))
        }
        return path.isEmpty || path.contains("$(") || path.contains("${") ? nil : path
    }

    // MARK: XcodeGen

    /// The verdict of an XcodeGen spec in `folder`: its application targets and those of the specs
    /// it `include`s (paths relative to the including spec), each target's plist found through its
    /// `info`, settings and `configFiles` (`.xcconfig` files relative to the spec that names them,
    /// whose `INFOPLIST_FILE` is relative to the project's folder).
    static func scenes(ofXcodeGen text: String, folder: String, read: (String) -> String) -> AppScenes {
        var verdicts: [AppScenes] = []
        var visited: Set<String> = []
        collectXcodeGen(text, specFolder: folder, projectFolder: folder, read: read, visited: &visited, into: &verdicts)
        return combine(verdicts)
    }

    /// The spec files `include`d by `spec`: `include: [a.yml]`, `- a.yml`, `- path: a.yml`.
    static func includes(of spec: XcodeGenSpec) -> [String] {
        var paths: [String] = []
        for (index, line) in spec.lines.enumerated() where line.key == "include" && spec.parent(of: index) == nil {
            if line.value.hasPrefix("[") {
                paths += line.value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                    .map { ManifestParser.trim($0, also: "\"'") }
            } else if !line.value.isEmpty {
                paths.append(ManifestParser.trim(line.value, also: "\"'"))
            }
            var cursor = index + 1
            while cursor < spec.lines.count, spec.lines[cursor].indent > line.indent {
                let child = spec.lines[cursor]
                if spec.parent(of: cursor) == index {
                    if child.key.isEmpty { paths.append(ManifestParser.trim(child.value, also: "\"'")) }
                    else if child.key == "path" { paths.append(ManifestParser.trim(child.value, also: "\"'")) }
                }
                cursor += 1
            }
        }
        return paths.filter { !$0.isEmpty }
    }

    private static func collectXcodeGen(_ text: String, specFolder: String, projectFolder: String, read: (String) -> String,
                                        visited: inout Set<String>, into verdicts: inout [AppScenes]) {
        let spec = XcodeGenSpec(text)
        verdicts += spec.applicationTargets().filter { !isTestHarness($0.name) }.map { target in
            targetScenes(spec, target, specFolder: specFolder, projectFolder: projectFolder, read: read)
        }
        guard visited.count < 32 else { return }
        for include in includes(of: spec) {
            let path = include.hasPrefix("/") ? include : specFolder + "/" + include
            guard visited.insert(path).inserted else { continue }
            let included = read(path)
            guard !included.isEmpty else { continue }
            collectXcodeGen(included, specFolder: (path as NSString).deletingLastPathComponent, projectFolder: projectFolder,
                            read: read, visited: &visited, into: &verdicts)
        }
    }

    private static func targetScenes(_ spec: XcodeGenSpec, _ target: (name: String, lines: Range<Int>), specFolder: String,
                                     projectFolder: String, read: (String) -> String) -> AppScenes {
        let lines = spec.lines
        // `info: properties:` holds the plist's keys.
        let properties = target.lines.filter { index in
            var cursor = index
            var steps = 0
            while steps < 64, let parent = spec.parent(of: cursor), target.lines.contains(parent) {
                if lines[parent].key == "properties" { return true }
                cursor = parent
                steps += 1
            }
            return false
        }
        let source = "project.yml (\(target.name))"
        if !properties.isEmpty {
            let keys = properties.map { lines[$0].key }
            if let role = keys.first(where: { key in extraSceneRoles.contains { key.hasPrefix($0) } }) {
                return AppScenes(verdict: .multipleScenes, source: source, evidence: "a \(role) scene configuration")
            }
            if keys.contains("UIApplicationSceneManifest") {
                let flag = properties.first { lines[$0].key == "UIApplicationSupportsMultipleScenes" }.flatMap { generatedKey(lines[$0].value) }
                return AppScenes(verdict: flag == true ? .multipleScenes : .singleScene, source: source,
                                 evidence: "UIApplicationSupportsMultipleScenes = \(flag == true ? "true" : "false")")
            }
        }
        // The target's xcconfig files (the shipping configuration's first), below its own settings.
        var configured: [String: String] = [:]
        if let configFiles = target.lines.first(where: { lines[$0].key == "configFiles" && spec.parent(of: $0) == target.lines.lowerBound - 1 }) {
            var entries: [(name: String, path: String)] = []
            var cursor = configFiles + 1
            while cursor < lines.count, lines[cursor].indent > lines[configFiles].indent {
                if spec.parent(of: cursor) == configFiles { entries.append((lines[cursor].key, ManifestParser.trim(lines[cursor].value, also: "\"'"))) }
                cursor += 1
            }
            if let chosen = entries.first(where: { $0.name == "Release" }) ?? entries.first, chosen.path.hasSuffix(".xcconfig") {
                var visited = Set<String>()
                configured = XcconfigReader.settings(at: specFolder + "/" + chosen.path, read: read, visited: &visited)
            }
        }
        let generated = spec.value(of: "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes", in: target.lines)
            ?? configured["INFOPLIST_KEY_UIApplicationSupportsMultipleScenes"]
        if let flag = generatedKey(generated) {
            return AppScenes(verdict: flag ? .multipleScenes : .singleScene, source: source + ": INFOPLIST_KEY_UIApplicationSupportsMultipleScenes",
                             evidence: "UIApplicationSupportsMultipleScenes = \(flag ? "YES" : "NO")")
        }
        if let path = spec.value(of: "path", in: target.lines, under: "info"), !path.contains("$(") {
            return plistScenes(specFolder + "/" + path, shownAs: path, requireApp: false, read: read) ?? .unknown
        }
        if let setting = spec.value(of: "INFOPLIST_FILE", in: target.lines) ?? configured["INFOPLIST_FILE"],
           let path = projectRelative(setting) {
            let absolute = path.hasPrefix("/") ? path : projectFolder + "/" + path
            return plistScenes(absolute, shownAs: path, requireApp: false, read: read) ?? .unknown
        }
        return .unknown
    }

    // MARK: Property lists

    /// The verdict of the Info.plist at `path`; nil when it is not an app's (`requireApp`: it must
    /// look like one: launch screen, orientations, scene manifest or `LSRequiresIPhoneOS`).
    static func plistScenes(_ path: String, shownAs shown: String, requireApp: Bool, read: (String) -> String) -> AppScenes? {
        // A plist in a build product or a dependency (a CMake-generated project's `Play.dir/Info.plist`).
        if ProjectManifests.isBuildOrDependencyFolder((path as NSString).deletingLastPathComponent) { return requireApp ? nil : .unknown }
        let text = read(path)
        guard !text.isEmpty, let info = Self.propertyList(text) else { return requireApp ? nil : .unknown }
        if info["NSExtension"] != nil { return requireApp ? nil : .unknown }
        if requireApp {
            let markers = ["UIApplicationSceneManifest", "LSRequiresIPhoneOS", "UILaunchStoryboardName", "UILaunchScreen",
                           "UISupportedInterfaceOrientations", "UIMainStoryboardFile"]
            guard markers.contains(where: { info[$0] != nil }) else { return nil }
        }
        guard let manifest = info["UIApplicationSceneManifest"] as? [String: Any] else {
            return AppScenes(verdict: .singleScene, source: shown, evidence: "no UIApplicationSceneManifest")
        }
        let roles = (manifest["UISceneConfigurations"] as? [String: Any])?.keys.sorted() ?? []
        if let role = roles.first(where: { role in extraSceneRoles.contains { role.hasPrefix($0) } }) {
            return AppScenes(verdict: .multipleScenes, source: shown, evidence: "a \(role) scene configuration")
        }
        let flag: Bool?
        switch manifest["UIApplicationSupportsMultipleScenes"] {
        case let value as Bool: flag = value
        case let value as NSNumber: flag = value.boolValue
        case let value as String: flag = generatedKey(value)
        default: flag = nil
        }
        if flag == true {
            return AppScenes(verdict: .multipleScenes, source: shown, evidence: "UIApplicationSupportsMultipleScenes = true")
        }
        return AppScenes(verdict: .singleScene, source: shown,
                         evidence: flag == false ? "UIApplicationSupportsMultipleScenes = false" : "no UIApplicationSupportsMultipleScenes")
    }

    /// The dictionary of a property list; one preprocessed by Xcode (`INFOPLIST_PREPROCESS`, with
    /// `#ifdef` lines) is read with its directive lines dropped, every branch kept. One in the usual
    /// XML shape is read by `XMLPlistReader`, as Foundation would read it, in a fraction of the time.
    static func propertyList(_ text: String) -> [String: Any]? {
        if let usual = XMLPlistReader.dictionary(Array(text.utf8)) { return usual }
        if let object = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil) {
            return object as? [String: Any]
        }
        guard text.contains("\n#") else { return nil }
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }.joined(separator: "\n")
        return (try? PropertyListSerialization.propertyList(from: Data(kept.utf8), options: [], format: nil)) as? [String: Any]
    }

    /// `YES`/`NO`/`true`/`false` as a setting or YAML value; nil for anything else.
    static func generatedKey(_ value: String?) -> Bool? {
        guard let value = value.map({ ManifestParser.trim($0, also: "\"'").lowercased() }) else { return nil }
        if value == "yes" || value == "true" || value == "1" { return true }
        if value == "no" || value == "false" || value == "0" { return false }
        return nil
    }

    /// One scene only when every application target has one; several as soon as one has several.
    static func combine(_ verdicts: [AppScenes]) -> AppScenes {
        if let multiple = verdicts.first(where: { $0.verdict == .multipleScenes }) { return multiple }
        guard let first = verdicts.first, verdicts.allSatisfy({ $0.verdict == .singleScene }) else { return .unknown }
        return first
    }
}
