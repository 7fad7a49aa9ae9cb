import Foundation

/// The `.seamlint.json` files that can govern a target's sources, and the baselines they name:
/// inputs of the build command, so a settings change reruns SeamLint.
///
/// SeamLint reads the nearest `.seamlint.json` above the sources (up to the repository root) and
/// every nested one below it. A configuration file created later is only seen by the next clean
/// build: SwiftPM cannot watch for files that do not exist yet.
enum ConfigurationInputs {
    static let fileName = ".seamlint.json"

    static func files(governing sources: [URL]) -> [URL] {
        guard let directory = commonFolder(of: sources) else { return [] }
        var found: [URL] = []
        var folder = directory
        // Upwards: the folder itself and its ancestors, up to the repository root.
        while true {
            let candidate = folder.appending(path: fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { found.append(candidate) }
            if FileManager.default.fileExists(atPath: folder.appending(path: ".git").path) { break }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        // Downwards: nested configuration files among the sources.
        if let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.lastPathComponent == fileName {
                found.append(url)
            }
        }
        return found + found.compactMap(baseline(namedIn:))
    }

    /// The deepest folder holding every source (the target's folder, as far as SeamLint cares).
    static func commonFolder(of sources: [URL]) -> URL? {
        guard let first = sources.first else { return nil }
        var common = first.standardizedFileURL.deletingLastPathComponent().pathComponents
        for source in sources.dropFirst() {
            let components = source.standardizedFileURL.deletingLastPathComponent().pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : URL(fileURLWithPath: common.joined(separator: "/").replacingOccurrences(of: "//", with: "/"),
                                          isDirectory: true)
    }

    /// The `baseline` a configuration names, relative to its folder, when it exists. A plain scan
    /// (the plugin cannot link SeamLint's JSON5 reader); a miss only costs a rerun on change.
    static func baseline(namedIn configuration: URL) -> URL? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8),
              let key = text.range(of: "baseline") else { return nil }
        // `baseline` [`"`] `:` `"path"`, without Regex (plugins may build for older macOS).
        var rest = text[key.upperBound...].drop { $0 == "\"" || $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(where: { $0 == "\"" || $0 == "\n" }),
              rest[close] == "\"" else { return nil }
        let path = String(rest[rest.index(after: rest.startIndex)..<close])
        let url = configuration.deletingLastPathComponent().appending(path: path).standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
