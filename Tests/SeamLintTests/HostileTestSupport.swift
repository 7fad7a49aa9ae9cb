import Foundation

/// A temporary folder for one test, removed with everything in it when the test is done.
final class ScratchFolder: Sendable {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Tests make folders read-only or unreadable; give them back before removing.
        if let walker = FileManager.default.enumerator(atPath: path) {
            while let name = walker.nextObject() as? String { chmod(url.appendingPathComponent(name).path, 0o700) }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` at `name` (may contain folders), returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url.appendingPathComponent(name))) }

    /// Every entry under the folder, sorted, as paths relative to it.
    func listing() -> [String] {
        let walker = FileManager.default.enumerator(atPath: path)
        var names: [String] = []
        while let name = walker?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    /// Runs `lint` with `arguments` in this folder (no configuration files are read).
    func lint(_ arguments: [String], environment: [String: String]? = nil) throws -> LintProcess.Run {
        try LintProcess.run(["--no-config"] + arguments, environment: environment, directory: url)
    }
}

/// Swift that trips a default rule (connected_scenes_first) on line 4.
enum BuggySource {
    static let text = """
    import UIKit

    func presentShareSheet(_ controller: UIViewController) {
        let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
        scene?.keyWindow?.rootViewController?.present(controller, animated: true)
    }

    """

    /// `text` with `\n` replaced by `separator`.
    static func text(lineBreak separator: String) -> String {
        text.replacingOccurrences(of: "\n", with: separator)
    }
}

extension LintProcess.Run {
    /// Standard error without the closing summary line.
    var problemLines: [String] {
        errors.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.hasPrefix("SeamLint: ") }
    }

    /// Diagnostic lines of the default (xcode) reporter: `path:line:column: severity: message (rule)`.
    var diagnosticLines: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// Runs `executable` to completion, output collected in files (a pipe nobody reads could block it);
/// `input`, when given, is its standard input, else it reads nothing.
func runProgram(_ executable: URL, _ arguments: [String], directory: URL,
                environment: [String: String]? = nil, input: Data? = nil) throws -> LintProcess.Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-program-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("out")
    let errorURL = scratch.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let outputHandle = try FileHandle(forWritingTo: outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    let standardInput = input.map { _ in Pipe() }
    process.standardInput = standardInput ?? FileHandle.nullDevice
    try process.run()
    if let input, let standardInput {
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    try outputHandle.close()
    try errorHandle.close()
    return LintProcess.Run(status: process.terminationStatus,
                           output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                           errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// The environment of this process plus `extra`.
func environment(adding extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
}
