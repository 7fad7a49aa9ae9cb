import Foundation
import SeamLintCore

/// The native targets of a `project.pbxproj` with their build settings resolved the way Xcode
/// layers them: the project's `.xcconfig` (`baseConfigurationReference`), the project's own
/// settings, the target's `.xcconfig`, the target's own settings, later levels winning. A value
/// of `$(inherited)` keeps the level below; `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(TARGET_NAME)` and
/// settings defined at a lower level are substituted.
struct XcodeProjectSettings {
    struct Target {
        var name: String
        var productType: String
        /// Settings per configuration name (`Debug`, `Release`), resolved through every level.
        var configurations: [String: [String: String]]

        var isApplication: Bool { productType == "com.apple.product-type.application" }
        var isTest: Bool { productType.contains("unit-test") || productType.contains("ui-testing") }

        /// Settings of the configuration that ships (`Release`, else the first by name).
        var shippingSettings: [String: String] {
            configurations["Release"] ?? configurations.keys.sorted().first.flatMap { configurations[$0] } ?? [:]
        }

        /// True for a configuration whose SDK is iOS (or `auto` with iOS among the platforms).
        static func buildsForIOS(_ settings: [String: String]) -> Bool {
            let sdk = settings["SDKROOT"] ?? "iphoneos"
            return sdk.hasPrefix("iphoneos") || (sdk == "auto" && (settings["SUPPORTED_PLATFORMS"]?.contains("iphoneos") ?? true))
        }
    }

    var targets: [Target] = []
    /// Settings of the project level alone, per configuration (for projects without native targets).
    var projectConfigurations: [String: [String: String]] = [:]
    /// The `.xcconfig` files read, relative to the project's folder (for `--verbose`).
    var xcconfigFiles: [String] = []

    /// Reads `text`; `folder` (the folder holding the `.xcodeproj`) and `read` resolve `.xcconfig`
    /// files, which are skipped when `folder` is nil. Nil when the text is not a property list.
    init?(pbxproj text: String, folder: String? = nil, read: (String) -> String = { _ in "" }) {
        var parser = OpenStepPlistParser(
            Array(text.utf8), skippingObjectsOf: Self.unreadObjectKinds, deferringObjectsOf: Self.askedForObjectKinds)
        guard case .dictionary(let root)? = parser.parse(), case .dictionary(let objects)? = root["objects"] else { return nil }
        let paths = FileReferencePaths(objects: objects)
        var xcconfigCache: [String: [String: String]] = [:]
        var readFiles: [String] = []
        func object(named key: String) -> [String: PlistValue]? {
            if case .dictionary(let value)? = objects[key] { return value }
            return parser.deferredObject(key)
        }
        func object(_ id: PlistValue?) -> [String: PlistValue]? {
            guard case .string(let key)? = id else { return nil }
            return object(named: key)
        }
        func xcconfig(_ reference: PlistValue?) -> [String: String] {
            guard let folder, case .string(let id)? = reference, let relative = paths.path(of: id, object: object(named:)) else {
                return [:]
            }
            if let cached = xcconfigCache[relative] { return cached }
            var visited = Set<String>()
            let settings = XcconfigReader.settings(at: folder + "/" + relative, read: read, visited: &visited)
            xcconfigCache[relative] = settings
            readFiles.append(relative)
            return settings
        }
        /// A configuration list's configurations with their names.
        func configurations(_ listID: PlistValue?) -> [(name: String, object: [String: PlistValue])]? {
            guard let list = object(listID), case .array(let ids)? = list["buildConfigurations"] else { return nil }
            return ids.compactMap { id in
                guard let configuration = object(id), case .string(let name)? = configuration["name"] else { return nil }
                return (name, configuration)
            }
        }
        var needed: Set<String> = []
        /// One level's settings per configuration name, layered over `below` (only the `needed` ones).
        func layered(_ listID: PlistValue?, over below: [String: [String: String]], context: [String: String])
            -> [String: [String: String]] {
            guard let list = configurations(listID) else { return below }
            // A target has its own configurations only, each over the project's of the same name.
            var result: [String: [String: String]] = [:]
            for (name, configuration) in list {
                var settings = below[name] ?? [:]
                Self.merge(xcconfig(configuration["baseConfigurationReference"]), into: &settings, context: context, only: needed)
                if case .dictionary(let own)? = configuration["buildSettings"] {
                    var strings: [String: String] = [:]
                    for (key, value) in own where Self.isNeeded(key, needed) {
                        if case .string(let text) = value { strings[key] = text }
                    }
                    Self.merge(strings, into: &settings, context: context)
                }
                result[name] = settings
            }
            return result
        }
        let base = ["SRCROOT": folder ?? "", "PROJECT_DIR": folder ?? ""]
        // One pass over the objects: the projects in dictionary order, the native targets' ids
        // (sorted alone: sorting every object's id cost more than reading the targets).
        var projects: [[String: PlistValue]] = []
        var nativeTargets: [String] = []
        for (key, value) in objects {
            guard case .dictionary(let candidate) = value, case .string(let isa)? = candidate["isa"] else { continue }
            if isa == "PBXProject" {
                projects.append(candidate)
            } else if isa == "PBXNativeTarget" {
                nativeTargets.append(key)
            }
        }
        nativeTargets.sort()
        // Every level's values, for the settings the read ones name (`neededSettings`).
        var levels: [[String: String]] = []
        for list in projects.map({ $0["buildConfigurationList"] }) + nativeTargets.map({ key -> PlistValue? in
            guard case .dictionary(let target)? = objects[key] else { return nil }
            return target["buildConfigurationList"]
        }) {
            for (_, configuration) in configurations(list) ?? [] {
                levels.append(xcconfig(configuration["baseConfigurationReference"]))
                if case .dictionary(let own)? = configuration["buildSettings"] {
                    var strings: [String: String] = [:]
                    for (key, value) in own {
                        if case .string(let text) = value, text.utf8.contains(UInt8(ascii: "$")) { strings[key] = text }
                    }
                    levels.append(strings)
                }
            }
        }
        needed = Self.neededSettings(levels)
        for project in projects {
            projectConfigurations = layered(project["buildConfigurationList"], over: [:], context: base)
        }
        for key in nativeTargets {
            guard case .dictionary(let target)? = objects[key] else { continue }
            var name = ""
            if case .string(let value)? = target["name"] { name = value }
            var productType = ""
            if case .string(let value)? = target["productType"] { productType = value }
            var context = base
            context["TARGET_NAME"] = name
            let configurations = layered(target["buildConfigurationList"], over: projectConfigurations, context: context)
            targets.append(Target(name: name, productType: productType, configurations: configurations))
        }
        xcconfigFiles = readFiles.sorted()
    }

    /// Objects this reads nothing of (it reads projects, native targets, configuration lists and
    /// configurations, and the file references and groups that place an `.xcconfig`): most of a
    /// project's objects are build files and build phases, left unbuilt by the parser.
    static let unreadObjectKinds: Set<String> = [
        "PBXBuildFile", "PBXSourcesBuildPhase", "PBXResourcesBuildPhase", "PBXFrameworksBuildPhase",
        "PBXHeadersBuildPhase", "PBXCopyFilesBuildPhase", "PBXShellScriptBuildPhase", "PBXRezBuildPhase",
        "PBXBuildRule", "PBXContainerItemProxy", "PBXTargetDependency", "PBXReferenceProxy",
        "XCSwiftPackageProductDependency", "XCRemoteSwiftPackageReference", "XCLocalSwiftPackageReference",
    ]

    /// Objects read only when a configuration names one as its `.xcconfig`: a project's file
    /// references are its most numerous objects after its build files, and few are asked for.
    static let askedForObjectKinds: Set<String> = ["PBXFileReference"]

    /// The settings anything reads of a project (`governingTarget`, `AppScenesResolver`,
    /// `Target.buildsForIOS`): only these, and the settings their values name, are layered (a
    /// project's other settings, hundreds per configuration, were most of its resolution).
    static let readSettings: Set<String> = [
        "IPHONEOS_DEPLOYMENT_TARGET", "SDKROOT", "SUPPORTED_PLATFORMS", "INFOPLIST_FILE",
        "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation",
    ]

    /// `readSettings` and every setting a value of one of them names at any level (`$(NAME)`,
    /// `${NAME}`), and so on: what substitution may look up while they are layered. A name
    /// is taken after every `$`, so this may hold more than `substitute` looks up, never less.
    static func neededSettings(_ levels: [[String: String]]) -> Set<String> {
        var valuesByKey: [String: [String]] = [:]
        for level in levels {
            for (rawKey, value) in level where value.utf8.contains(UInt8(ascii: "$")) {
                valuesByKey[settingName(rawKey), default: []].append(value)
            }
        }
        var needed = readSettings
        var pending = Array(readSettings)
        while let key = pending.popLast() {
            for value in valuesByKey[key] ?? [] {
                for name in namedSettings(value) where needed.insert(name).inserted { pending.append(name) }
            }
        }
        return needed
    }

    /// `KEY[sdk=iphoneos*]` → `KEY`.
    static func settingName(_ rawKey: String) -> String {
        guard rawKey.utf8.contains(UInt8(ascii: "[")), let bracket = rawKey.firstIndex(of: "[") else { return rawKey }
        return String(rawKey[..<bracket])
    }

    /// Whether `rawKey` is one of `needed` (all are, when `needed` is empty).
    @inline(__always)
    static func isNeeded(_ rawKey: String, _ needed: Set<String>) -> Bool {
        needed.isEmpty || needed.contains(settingName(rawKey))
    }

    /// The names after each `$(` or `${` of `value`, up to the first closing bracket.
    static func namedSettings(_ value: String) -> [String] {
        let bytes = Array(value.utf8)
        var names: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "$") else { continue }
            let opening = bytes[index + 1]
            guard opening == UInt8(ascii: "(") || opening == UInt8(ascii: "{") else { continue }
            let closing = opening == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            guard let close = bytes[(index + 2)...].firstIndex(of: closing) else { continue }
            names.append(String(decoding: bytes[(index + 2)..<close], as: UTF8.self))
        }
        return names
    }

    /// Layers `upper` over `settings`: `$(inherited)` keeps the value below, known variables are
    /// substituted. `only`: the settings to layer (empty: all).
    static func merge(_ upper: [String: String], into settings: inout [String: String], context: [String: String],
                      only needed: Set<String> = []) {
        for (rawKey, rawValue) in upper where isNeeded(rawKey, needed) {
            // `KEY[sdk=iphoneos*]` applies to iOS builds; other conditions are left out.
            var key = rawKey
            // Byte checks first: `Character` and Foundation searches on every key and value were
            // most of a large project's parse. A byte absent means the `Character` search fails too.
            if rawKey.utf8.contains(UInt8(ascii: "[")), let bracket = rawKey.firstIndex(of: "[") {
                guard rawKey[bracket...].contains("sdk=iphoneos") else { continue }
                key = String(rawKey[..<bracket])
            }
            let below = settings[key]
            var value = rawValue
            // Most values name no variable: no substitution, and no merged copy of the settings.
            // (A "$" byte that is no `Character` "$" leaves `substitute` with nothing to replace.)
            if value.utf8.contains(UInt8(ascii: "$")) {
                if Self.containsBytes(value, "inherited") {
                    value = value.replacingOccurrences(of: "$(inherited)", with: below ?? "")
                        .replacingOccurrences(of: "${inherited}", with: below ?? "")
                }
                // The context wins over the settings below (`$(SRCROOT)`, `$(TARGET_NAME)`).
                if value.utf8.contains(UInt8(ascii: "$")) { value = substitute(value) { context[$0] ?? settings[$0] } }
            }
            value = ManifestParser.trim(value, also: "\"")
            if value.isEmpty, below != nil { continue }
            settings[key] = value
        }
    }

    /// Whether the UTF-8 of `text` contains that of `word` (which Foundation's search needs to match).
    static func containsBytes(_ text: String, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let utf8 = text.utf8
        guard utf8.count >= count else { return false }
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: count)
        var start = utf8.startIndex
        while let first = utf8[start...].firstIndex(of: pattern[0]) {
            if utf8[first...].starts(with: pattern) { return true }
            start = utf8.index(after: first)
        }
        return false
    }

    /// `$(NAME)` / `${NAME}` replaced by the values `known` gives (one pass from left to right,
    /// replacements are not read again; unknown ones stay). Each reference is looked up by name:
    /// trying every known name on the value cost more than the rest of the project's parse.
    static func substitute(_ value: String, _ known: (String) -> String?) -> String {
        guard value.utf8.contains(UInt8(ascii: "$")) else { return value }
        var result = ""
        var rest = value[...]
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let opening = rest.index(after: dollar)
            guard opening < rest.endIndex else { rest = rest[dollar...]; break }
            let closing: Character? = rest[opening] == "(" ? ")" : rest[opening] == "{" ? "}" : nil
            if let closing, let close = rest[opening...].firstIndex(of: closing),
               let replacement = known(String(rest[rest.index(after: opening)..<close])) {
                result += replacement
                rest = rest[rest.index(after: close)...]
                continue
            }
            result += "$"
            rest = rest[opening...]
        }
        return result + rest
    }
}

/// Where a `PBXFileReference` is, relative to the project's folder: its `path` joined to the paths
/// of the groups above it (`<group>`), or alone (`SOURCE_ROOT`, `<absolute>`).
private struct FileReferencePaths {
    /// Child id → the group holding it.
    var parents: [String: String] = [:]

    /// `objects`: the groups among them (file references may be left out: they hold no children).
    init(objects: [String: PlistValue]) {
        for (id, value) in objects {
            guard case .dictionary(let group) = value, case .array(let children)? = group["children"] else { continue }
            for case .string(let child) in children { parents[child] = id }
        }
    }

    /// `object`: the object with an id (a file reference or a group).
    func path(of id: String, object: (String) -> [String: PlistValue]?) -> String? {
        var components: [String] = []
        var current: String? = id
        var steps = 0
        while let node = current, steps < 64 {
            steps += 1
            guard let object = object(node) else { break }
            var tree = "<group>"
            if case .string(let value)? = object["sourceTree"] { tree = value }
            if case .string(let path)? = object["path"] { components.insert(path, at: 0) }
            if tree == "<absolute>" { return components.joined(separator: "/") }
            if tree != "<group>" { break }
            current = parents[node]
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }
}

/// `KEY = value` lines of an `.xcconfig`, following `#include "other.xcconfig"` (and `#include?`)
/// relative to the including file; later lines win. At most 16 files deep, each read once.
///
/// An ASCII line (nearly all are) is read by bytes, any other by `Character`s, whose whitespace
/// and searches the byte path matches on ASCII text. (CocoaPods' files have lines of kilobytes:
/// read by `Character`s they cost more than the project file they belong to.)
enum XcconfigReader {
    static func settings(at path: String, read: (String) -> String, visited: inout Set<String>, depth: Int = 0) -> [String: String] {
        guard depth < 16, visited.insert(path).inserted else { return [:] }
        var settings: [String: String] = [:]
        let folder = (path as NSString).deletingLastPathComponent
        for line in lines(read(path)) {
            switch line {
            case .include(let included):
                let target = included.hasPrefix("/") ? included : folder + "/" + included
                settings.merge(Self.settings(at: target, read: read, visited: &visited, depth: depth + 1)) { _, new in new }
            case .setting(let key, let value):
                XcodeProjectSettings.merge([key: value], into: &settings, context: [:])
            }
        }
        return settings
    }

    enum Line: Equatable {
        case include(String)
        case setting(key: String, value: String)
    }

    /// The lines of `text` that mean something, as `characterLines` reads them.
    static func lines(_ text: String) -> [Line] {
        let bytes = Array(text.utf8)
        return ManifestParser.lineRanges(bytes).compactMap { line in
            line.isASCII ? asciiLine(bytes, line.range) : characterLine(Substring(String(decoding: bytes[line.range], as: UTF8.self)))
        }
    }

    /// The lines that mean something, read by `Character`s (the reference for `lines`).
    static func characterLines(_ text: String) -> [Line] {
        text.split(whereSeparator: \.isNewline).compactMap { characterLine(Substring($0)) }
    }

    private static func characterLine(_ raw: Substring) -> Line? {
        var line = raw
        if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
        let trimmed = ManifestParser.trim(line)
        if trimmed.hasPrefix("#include") {
            guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { return nil }
            return .include(String(trimmed[trimmed.index(after: open)..<close]))
        }
        // `KEY[sdk=iphoneos*] = value`: the `=` that ends the key follows its condition.
        var keyEnd = trimmed.startIndex
        if let bracket = trimmed.firstIndex(of: "["), let equals = trimmed.firstIndex(of: "="), bracket < equals,
           let close = trimmed[bracket...].firstIndex(of: "]") {
            keyEnd = close
        }
        guard let equals = trimmed[keyEnd...].firstIndex(of: "=") else { return nil }
        let key = ManifestParser.trim(trimmed[..<equals])
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return .setting(key: key, value: ManifestParser.trim(trimmed[trimmed.index(after: equals)...], also: ";"))
    }

    /// `characterLine` of the ASCII bytes `range`, by bytes.
    private static func asciiLine(_ bytes: [UInt8], _ range: Range<Int>) -> Line? {
        func trimmed(_ range: Range<Int>, also extra: StaticString = "") -> Range<Int> {
            ManifestParser.trimmed(bytes, range, also: extra)
        }
        func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? { range.first { bytes[$0] == byte } }
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var lineEnd = range.upperBound
        let slashes = (range.lowerBound..<max(range.lowerBound, range.upperBound - 1)).first { bytes[$0] == 0x2F && bytes[$0 + 1] == 0x2F }
        if let slashes { lineEnd = slashes }
        let line = trimmed(range.lowerBound..<lineEnd)
        if bytes[line].starts(with: "#include".utf8) {
            let close = line.last { bytes[$0] == 0x22 }
            guard let open = firstIndex(of: 0x22, in: line), let close, open < close else { return nil }
            return .include(string(open + 1..<close))
        }
        var keyEnd = line.lowerBound
        let bracket = firstIndex(of: UInt8(ascii: "["), in: line)
        if let bracket, let equals = firstIndex(of: UInt8(ascii: "="), in: line), bracket < equals,
           let close = firstIndex(of: UInt8(ascii: "]"), in: bracket..<line.upperBound) {
            keyEnd = close
        }
        guard let equals = firstIndex(of: UInt8(ascii: "="), in: keyEnd..<line.upperBound) else { return nil }
        let key = trimmed(line.lowerBound..<equals)
        guard !key.isEmpty, firstIndex(of: 0x20, in: key) == nil else { return nil }
        return .setting(key: string(key), value: string(trimmed(equals + 1..<line.upperBound, also: ";")))
    }
}
