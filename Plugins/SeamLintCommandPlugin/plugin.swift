import Foundation
import PackagePlugin

/// `swift package lint [arguments…]`: runs SeamLint on the package (or on the given paths).
@main
struct SeamLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "lint")
        var arguments = arguments
        // Without paths, lint the package's own folder.
        if !arguments.contains(where: { !$0.hasPrefix("-") }) {
            arguments.append(context.package.directoryURL.path)
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("SeamLint exited with status \(process.terminationStatus)")
            throw SeamLintFailure(status: process.terminationStatus)
        }
    }
}

struct SeamLintFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "SeamLint exited with status \(status)" }
}
