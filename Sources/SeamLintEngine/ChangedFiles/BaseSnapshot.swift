import Foundation

/// The sources and manifests of some folders as they were at a change's base commit, extracted to
/// a temporary folder, so the project facts before the change can be compared with those after it.
/// Removed (with everything in it) by `remove()`.
public struct BaseSnapshot: Sendable {
    /// Where the repository root's counterpart is: `folder + "/" + path relative to the root`.
    public let folder: String

    /// What the snapshot holds: sources, and the files that decide deployment targets, scene
    /// set-ups and configuration. Assets are left out, so extraction stays cheap.
    static let patterns = ["*.swift", "*.m", "*.mm", "*.h", "*.pbxproj", "*.xcconfig", "*.plist", "project.yml",
                           "project.yaml", ".seamlint.json"]

    /// Extracts `folders` (absolute paths under `changed.root`) at `changed.base`. Nil when there is
    /// no base commit (everything is new) or git or tar fail: the caller then has nothing to compare.
    public static func extract(_ folders: [String], of changed: ChangedFiles) -> BaseSnapshot? {
        guard let base = changed.base else { return nil }
        let root = changed.root
        let relativeFolders = folders.compactMap { PathNames.relative($0, to: root) }
        guard !relativeFolders.isEmpty else { return nil }
        // `git archive` fails when one pathspec matches nothing: ask only for patterns that match.
        guard let listing = try? GitCommand.run(["ls-tree", "-r", "--name-only", "-z", base, "--"]
                                                    + relativeFolders.map { $0.isEmpty ? "." : $0 }, in: root),
              listing.status == 0 else { return nil }
        var pathspecs = Set<String>()
        for name in ChangedFiles.split(listing.standardOutput) {
            guard let pattern = patterns.first(where: { matches(name, $0) }),
                  let folder = relativeFolders.first(where: { $0.isEmpty || name.hasPrefix($0 + "/") }) else { continue }
            pathspecs.insert(":(glob)" + (folder.isEmpty ? "" : folder + "/") + "**/" + pattern)
        }
        let template = NSTemporaryDirectory() + "seamlint-base-XXXXXX"
        var buffer = Array(template.utf8CString)
        guard let made = mkdtemp(&buffer) else { return nil }
        let folder = String(cString: made)
        let snapshot = BaseSnapshot(folder: folder)
        let archive = folder + "/.base.tar"
        guard !pathspecs.isEmpty,
              let output = try? GitCommand.run(["archive", "--format=tar", "-o", archive, base, "--"] + pathspecs.sorted(), in: root),
              output.status == 0 else { return snapshot }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", archive, "-C", folder]
        tar.standardInput = FileHandle.nullDevice
        tar.standardOutput = FileHandle.nullDevice
        tar.standardError = FileHandle.nullDevice
        guard (try? tar.run()) != nil else { snapshot.remove(); return nil }
        tar.waitUntilExit()
        try? FileManager.default.removeItem(atPath: archive)
        guard tar.terminationStatus == 0 else { snapshot.remove(); return nil }
        return snapshot
    }

    /// Whether the file `name` (a path) matches `pattern`: `*.ext` or an exact file name.
    private static func matches(_ name: String, _ pattern: String) -> Bool {
        pattern.hasPrefix("*") ? name.hasSuffix(pattern.dropFirst()) : (name == pattern || name.hasSuffix("/" + pattern))
    }

    /// The snapshot's counterpart of `path` (absolute, under `root`).
    public func path(for path: String, root: String) -> String? {
        PathNames.relative(path, to: root).map { $0.isEmpty ? folder : folder + "/" + $0 }
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
