import Foundation
import SeamLintCore

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
            // Enumerate the folder a symlink points to, but report paths under the name given.
            let root = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                      options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in enumerator {
                if url.lastPathComponent == ".build" {
                    enumerator.skipDescendants()
                    continue
                }
                if url.pathExtension == "swift",
                   (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
                    let resolved = url.resolvingSymlinksInPath().path
                    let relative = resolved.hasPrefix(root.path + "/") ? String(resolved.dropFirst(root.path.count)) : "/" + url.lastPathComponent
                    files.append(prefix + relative)
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

/// Structural checks on a token stream, shared by the dev tools and the tests.
public enum TokenInvariants {
    /// The first violation of "tokens cover every byte exactly once, in order, none empty".
    public static func losslessViolation(_ tokens: [Token], byteCount: Int) -> String? {
        var expectedStart = 0
        for (index, token) in tokens.enumerated() {
            if Int(token.start) != expectedStart {
                return "token \(index) (\(token.kind)) starts at \(token.start), expected \(expectedStart)"
            }
            if token.length == 0 { return "token \(index) (\(token.kind)) at \(token.start) is empty" }
            expectedStart = token.end
        }
        return expectedStart == byteCount ? nil : "tokens end at \(expectedStart) of \(byteCount) bytes"
    }

    /// The first `interpolationEnd` that closes no open `interpolationStart`. Starts may stay
    /// open at the end of the file or at a line break.
    public static func interpolationViolation(_ tokens: [Token]) -> String? {
        var open = 0
        for (index, token) in tokens.enumerated() {
            if token.kind == .interpolationStart { open += 1 }
            if token.kind == .interpolationEnd {
                open -= 1
                if open < 0 { return "token \(index): interpolationEnd without a start" }
            }
        }
        return nil
    }
}
