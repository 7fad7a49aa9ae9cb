import Foundation
import PackagePlugin

/// `swift package lint [--target NAME…] [lint arguments…]`: runs SeamLint from the package's
/// folder, so the package's `.seamlint.json` applies and paths print relative to it. Every
/// argument but `--target` goes to `lint` unchanged; without paths `lint` lints `.`.
@main
struct SeamLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var lintArguments = extractor.remainingArguments
        if !targetNames.isEmpty {
            // After `--` (one only: `lint` reads a second as a path), so a folder named like an
            // option is still a path.
            let folders = try context.package.targets(named: targetNames).map(Self.sourceFolder)
            lintArguments += (lintArguments.contains("--") ? [] : ["--"]) + folders.map(\.path)
        }
        let process = Process()
        process.executableURL = try context.tool(named: "lint").url
        process.arguments = lintArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // `lint` has printed the diagnostics or the error; only the exit status is left to pass on.
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw SeamLintFailure(status: process.terminationStatus, signalled: process.terminationReason != .exit)
        }
    }

    /// `Target.directoryURL` needs tools version 6.1; the concrete source target types have it in 6.0.
    static func sourceFolder(of target: Target) throws -> URL {
        switch target {
        case let swift as SwiftSourceModuleTarget: return swift.directoryURL
        case let clang as ClangSourceModuleTarget: return clang.directoryURL
        default: throw SeamLintUsageError(description: "--target \(target.name): not a target with source files")
        }
    }
}

struct SeamLintFailure: Error, CustomStringConvertible {
    let status: Int32
    let signalled: Bool

    var description: String {
        if signalled { return "SeamLint was killed by signal \(status)" }
        return status == 1 ? "SeamLint found errors (exit status 1)" : "SeamLint failed (exit status \(status))"
    }
}

struct SeamLintUsageError: Error, CustomStringConvertible {
    let description: String
}
