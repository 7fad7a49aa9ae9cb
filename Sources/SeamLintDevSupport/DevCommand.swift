import Foundation

/// A `seamlint-dev` subcommand. `main.swift` lists the available ones and dispatches on the
/// first argument; a new subcommand is a type conforming to this plus one entry in that list.
public protocol DevCommand {
    /// The word after `seamlint-dev`.
    static var name: String { get }
    /// One line for `seamlint-dev help`.
    static var summary: String { get }
    /// Usage lines printed on `--help` or a usage error.
    static var usage: String { get }
    /// Runs with the arguments after the subcommand name; returns the process exit status.
    static func run(arguments: [String]) -> Int32
}

/// Standard error output for the dev tools.
public func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Collects `.swift` files from files and folders, sorted for deterministic output.
public enum SwiftFileCollector {
    /// Every `.swift` file named in `paths` or under a folder in `paths`, skipping hidden
    /// folders and SwiftPM build folders.
    public static func collect(_ paths: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                      options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in enumerator {
                if url.lastPathComponent == ".build" {
                    enumerator.skipDescendants()
                    continue
                }
                if url.pathExtension == "swift",
                   (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
                    files.append(url.path)
                }
            }
        }
        return files.sorted()
    }

    /// The file's bytes, or nil if it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }
}
