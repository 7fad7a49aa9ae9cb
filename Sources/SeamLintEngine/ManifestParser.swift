import Foundation
import SeamLintCore

/// Reads iOS deployment targets out of project manifests without building anything:
/// SwiftPM and Tuist manifests, Xcode projects, `.xcconfig` files and XcodeGen specs.
///
/// Every reader returns the *lowest* iOS target it finds (code must run on the oldest system any
/// of its targets supports), ignoring comments, test targets and targets built for other platforms.
enum ManifestParser {
    /// What a manifest says about iOS.
    enum Finding: Equatable {
        /// The lowest iOS deployment target of its iOS targets.
        case iOS(Version)
        /// It builds for other platforms only (a macOS app): iOS findings do not apply.
        case otherPlatformsOnly
        /// Nothing usable.
        case nothing

        var version: Version? {
            if case .iOS(let version) = self { return version }
            return nil
        }
    }

    // MARK: Swift manifests (Package.swift, Tuist Project.swift)

    /// `.iOS(.v16)`, `.iOS(.v16_4)`, `.iOS("16.4")`, `.iOS(SupportedPlatform.IOSVersion.v16)`;
    /// Tuist `.iOS("16.0")`, `.iOS(targetVersion: "16.0", devices: …)`, `deploymentTargets: .iOS("17.0")`,
    /// `.multiplatform(iOS: "17.0", macOS: "14.0")`. Comments are ignored.
    static func swiftManifestTarget(_ text: String) -> Version? {
        let code = Array(strippingSwiftComments(text).utf8)
        var lowest: Version?
        func consider(_ version: Version?) {
            if let version, lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        let call = Array(".iOS(".utf8)
        let label = Array("iOS:".utf8)
        var index = 0
        while index < code.count {
            if code.starts(with: call, at: index) {
                let open = index + call.count - 1
                let close = matchingParenthesis(code, open)
                consider(versionArgument(Array(code[(open + 1)..<close])))
                index = close
            } else if code.starts(with: label, at: index), index == 0 || !isIdentifierByte(code[index - 1]) {
                // `.multiplatform(iOS: "17.0", …)`
                var cursor = index + label.count
                while cursor < code.count && (code[cursor] == 0x20 || code[cursor] == 0x09) { cursor += 1 }
                if cursor < code.count, code[cursor] == UInt8(ascii: "\"") {
                    consider(quotedVersion(code, from: cursor))
                }
                index = cursor
            }
            index += 1
        }
        return lowest
    }

    /// The version in `.v16_4`, `"16.4"` or `targetVersion: "16.0"`.
    private static func versionArgument(_ argument: [UInt8]) -> Version? {
        var index = 0
        while index < argument.count {
            let byte = argument[index]
            if byte == UInt8(ascii: "\"") { return quotedVersion(argument, from: index) }
            // `.v16`, `.v16_4` (and `IOSVersion.v16`)
            if byte == UInt8(ascii: "."), index + 2 < argument.count, argument[index + 1] == UInt8(ascii: "v"),
               isDigit(argument[index + 2]) {
                var end = index + 2
                while end < argument.count && (isDigit(argument[end]) || argument[end] == UInt8(ascii: "_")) { end += 1 }
                let digits = String(decoding: argument[(index + 2)..<end], as: UTF8.self)
                return Version(digits.replacingOccurrences(of: "_", with: "."))
            }
            index += 1
        }
        return nil
    }

    private static func quotedVersion(_ bytes: [UInt8], from quote: Int) -> Version? {
        var end = quote + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return versionPrefix(String(decoding: bytes[(quote + 1)..<min(end, bytes.count)], as: UTF8.self))
    }

    private static func matchingParenthesis(_ bytes: [UInt8], _ open: Int) -> Int {
        var depth = 0
        var index = open
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return bytes.count
    }

    /// The text with `//` and (nested) `/* */` comments blanked out, string literals kept.
    static func strippingSwiftComments(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    output.append(next)
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == 0x0A { inString = false }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                output.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                var depth = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                output.append(0x20)
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Build settings (xcconfig, pbxproj lines)

    /// `IPHONEOS_DEPLOYMENT_TARGET = 16.0;` (pbxproj) or `IPHONEOS_DEPLOYMENT_TARGET = 16.0 // note`
    /// (xcconfig), also conditional `IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]`. `$(…)` values are skipped.
    static func buildSettingTarget(_ text: String) -> Version? {
        var lowest: Version?
        for line in lines(of: text, containing: "IPHONEOS_DEPLOYMENT_TARGET") {
            var content = Substring(line)
            if let comment = content.range(of: "//") { content = content[..<comment.lowerBound] }
            let trimmed = trim(content)
            guard trimmed.hasPrefix("IPHONEOS_DEPLOYMENT_TARGET"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let value = trim(trimmed[trimmed.index(after: equals)...], also: ";\"'")
            if let version = versionPrefix(value), lowest.map({ version < $0 }) ?? true { lowest = version }
        }
        return lowest
    }

    // MARK: Xcode projects

    /// The iOS target of an Xcode project: that of its iOS application targets (the lowest, when
    /// there are several), which govern the app's sources; without one, the lowest of its other
    /// iOS targets. Test targets never count, nor targets whose SDK is not iOS. A target without
    /// its own setting inherits the project level, and each level its `.xcconfig` (see
    /// `XcodeProjectSettings`). Without any such setting, the `.xcconfig` files beside the project
    /// (up to two folders down) are read instead.
    static func xcodeProjectTarget(projectPath: String, read: (String) -> String) -> (Finding, String) {
        xcodeProject(projectPath: projectPath, read: read).target
    }

    /// As `xcodeProjectTarget`, with the project's resolved settings (nil when it could not be read).
    static func xcodeProject(projectPath: String, read: (String) -> String)
        -> (target: (Finding, String), settings: XcodeProjectSettings?) {
        let pbxproj = projectPath + "/project.pbxproj"
        let projectName = (projectPath as NSString).lastPathComponent
        let folder = (projectPath as NSString).deletingLastPathComponent
        let text = read(pbxproj)
        let settings = XcodeProjectSettings(pbxproj: text, folder: folder, read: read)
        let finding = settings.map(governingTarget) ?? buildSettingTarget(text).map(Finding.iOS) ?? .nothing
        if finding != .nothing { return ((finding, projectName + "/project.pbxproj"), settings) }
        return (xcconfigTarget(besideProject: folder, projectName: projectName, read: read), settings)
    }

    /// The lowest target of the `.xcconfig` files beside a project that says nothing itself.
    private static func xcconfigTarget(besideProject folder: String, projectName: String, read: (String) -> String) -> (Finding, String) {
        var best: (Finding, String) = (.nothing, projectName + "/project.pbxproj")
        for relative in xcconfigFiles(in: folder, depth: 2) {
            if let version = buildSettingTarget(read(folder + "/" + relative)),
               best.0.version.map({ version < $0 }) ?? true {
                best = (.iOS(version), relative)
            }
        }
        return best
    }

    private static func xcconfigFiles(in folder: String, depth: Int) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            if entry.hasSuffix(".xcconfig") {
                result.append(entry)
            } else if depth > 0, !entry.contains("."), entry != "Pods", entry != "Carthage", entry != "node_modules" {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + entry, isDirectory: &isDirectory), isDirectory.boolValue {
                    result += xcconfigFiles(in: folder + "/" + entry, depth: depth - 1).map { entry + "/" + $0 }
                }
            }
        }
        return result
    }

    /// The governing iOS target of a `project.pbxproj`, as described in `xcodeProjectTarget`.
    static func pbxprojTarget(_ text: String) -> Version? { pbxprojFinding(text).version }

    /// Reads a `project.pbxproj` (an OpenStep property list) as described in `xcodeProjectTarget`;
    /// `folder` and `read` resolve the `.xcconfig` files its configurations are based on.
    static func pbxprojFinding(_ text: String, folder: String? = nil, read: (String) -> String = { _ in "" }) -> Finding {
        guard let project = XcodeProjectSettings(pbxproj: text, folder: folder, read: read) else {
            return buildSettingTarget(text).map(Finding.iOS) ?? .nothing
        }
        return governingTarget(project)
    }

    /// As `pbxprojFinding`, from the resolved settings.
    static func governingTarget(_ project: XcodeProjectSettings) -> Finding {
        var applications: Version?
        var others: Version?
        var targets = 0
        var iosTargets = 0
        for target in project.targets where !target.isTest {
            targets += 1
            var counted = false
            for (_, settings) in target.configurations where XcodeProjectSettings.Target.buildsForIOS(settings) {
                if !counted { iosTargets += 1; counted = true }
                guard let text = settings["IPHONEOS_DEPLOYMENT_TARGET"], let version = versionPrefix(text) else { continue }
                if target.isApplication {
                    if applications.map({ version < $0 }) ?? true { applications = version }
                } else if others.map({ version < $0 }) ?? true {
                    others = version
                }
            }
        }
        if targets > 0 && iosTargets == 0 { return .otherPlatformsOnly }
        var lowest = applications ?? others
        if lowest == nil {
            // No native targets read (an unusual project): the project-level settings.
            for (_, values) in project.projectConfigurations {
                if let text = values["IPHONEOS_DEPLOYMENT_TARGET"], let version = versionPrefix(text),
                   lowest.map({ version < $0 }) ?? true { lowest = version }
            }
        }
        return lowest.map(Finding.iOS) ?? .nothing
    }

    // MARK: XcodeGen

    /// XcodeGen: `options: deploymentTarget: iOS: "16.0"`, a target's `deploymentTarget: "16.0"`
    /// (unless its `platform` is another OS), `deploymentTarget: {iOS: 16.0}`,
    /// `IPHONEOS_DEPLOYMENT_TARGET: 16.0` in settings, and the same setting in the `.xcconfig` files
    /// that `configFiles` names (resolved against `folder` with `read`). An `application` target's
    /// value governs; project-level values stand for targets without their own; test targets never
    /// count. `#` comments are ignored.
    static func xcodeGenTarget(_ text: String) -> Version? { xcodeGenFinding(text).version }

    /// As `xcodeGenTarget`; `.otherPlatformsOnly` when every `platform` / `supportedDestinations`
    /// names other systems only.
    static func xcodeGenFinding(_ text: String, folder: String? = nil, read: (String) -> String = { _ in "" }) -> Finding {
        let spec = XcodeGenSpec(text)
        let lines = spec.lines
        /// The lowest value per kind of place: an application target, the project level, any other target.
        var lowest: [XcodeGenSpec.Place: Version] = [:]
        var platforms: [String] = []
        func consider(_ text: String, at index: Int) {
            let cleaned = trim(text, also: "\"',{}")
            guard let version = versionPrefix(cleaned) else { return }
            let place = spec.place(of: index)
            guard place != .testTarget else { return }
            if lowest[place].map({ version < $0 }) ?? true { lowest[place] = version }
        }
        for (index, line) in lines.enumerated() {
            switch line.key {
            case "deploymentTarget":
                if line.value.isEmpty {
                    // A nested map: `iOS: 16.0` one level down.
                    var cursor = index + 1
                    while cursor < lines.count && lines[cursor].indent > line.indent {
                        if lines[cursor].key == "iOS" { consider(lines[cursor].value, at: index) }
                        cursor += 1
                    }
                } else if line.value.hasPrefix("{") {
                    if let range = line.value.range(of: "iOS:") {
                        consider(String(line.value[range.upperBound...].prefix { $0 != "," && $0 != "}" }), at: index)
                    }
                } else {
                    let platform = spec.sibling("platform", of: index).map { trim($0, also: "\"'[]") }
                    if platform == nil || platform!.contains("iOS") { consider(line.value, at: index) }
                }
            case "IPHONEOS_DEPLOYMENT_TARGET":
                consider(line.value, at: index)
            case "configFiles":
                guard let folder else { continue }
                var cursor = index + 1
                while cursor < lines.count && lines[cursor].indent > line.indent {
                    let path = trim(lines[cursor].value, also: "\"'")
                    if path.hasSuffix(".xcconfig") {
                        var visited = Set<String>()
                        let settings = XcconfigReader.settings(at: folder + "/" + path, read: read, visited: &visited)
                        if let value = settings["IPHONEOS_DEPLOYMENT_TARGET"] { consider(value, at: index) }
                    }
                    cursor += 1
                }
            case "platform", "supportedDestinations":
                platforms.append(line.value)
            default:
                break
            }
        }
        if let version = lowest[.applicationTarget] ?? lowest[.project] ?? lowest[.otherTarget] { return .iOS(version) }
        if !platforms.isEmpty && !platforms.contains(where: { $0.contains("iOS") || $0.contains("auto") }) {
            return .otherPlatformsOnly
        }
        return .nothing
    }

    // MARK: Helpers

    /// `text` without leading and trailing spaces and tabs (and the characters in `also`).
    /// Foundation's `trimmingCharacters(in:)` with a fresh `CharacterSet` per line made reading a
    /// small `project.yml` take a tenth of a millisecond.
    static func trim(_ text: some StringProtocol, also extra: String = "") -> String {
        // Most values need no trimming: an ASCII first and last byte that is no space, tab or
        // `extra` character ends a `Character` that is not trimmed either (what follows an ASCII
        // byte in its `Character` is never ASCII, and no such `Character` is whitespace).
        let utf8 = Substring(text).utf8
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
           !Self.isTrimmedByte(first, extra), !Self.isTrimmedByte(last, extra) {
            return String(text)
        }
        func trimmed(_ character: Character) -> Bool {
            (character.isWhitespace && !character.isNewline) || extra.contains(character)
        }
        guard let first = text.firstIndex(where: { !trimmed($0) }),
              let last = text.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(text[first...last])
    }

    /// An ASCII byte `trim` may remove: a space, a tab, one of `extra`'s characters, or one of the
    /// control characters a `Character` can start with and still be whitespace.
    private static func isTrimmedByte(_ byte: UInt8, _ extra: String) -> Bool {
        byte == 0x20 || byte <= 0x0D || extra.utf8.contains(byte)
    }

    /// `16`, `16.4`, `16.4.1` at the start of `text` (after quotes), or nil.
    static func versionPrefix(_ text: String) -> Version? {
        let trimmed = trim(text, also: "\"'")
        var digits = Substring(trimmed.prefix { $0.isNumber || $0 == "." })
        while digits.hasSuffix(".") { digits = digits.dropLast() }
        guard !digits.isEmpty else { return nil }
        return Version(String(digits))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }
}

extension Array where Element == UInt8 {
    fileprivate func starts(with prefix: [UInt8], at index: Int) -> Bool {
        guard index + prefix.count <= count else { return false }
        for offset in 0..<prefix.count where self[index + offset] != prefix[offset] { return false }
        return true
    }
}
