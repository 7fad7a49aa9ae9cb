import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build; diagnostics print in the compiler's
/// `file:line:col: warning: …` format, so SwiftPM and Xcode show them as build warnings.
@main
struct SeamLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let sources = sourceTarget.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let tool = try context.tool(named: "lint")
        // The stamp is written only after a run, so the command reruns when a source changes.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "seamlint-\(target.name).stamp")
        return [
            .buildCommand(
                displayName: "SeamLint \(target.name)",
                executable: tool.url,
                arguments: ["--quiet", "--stamp", stamp.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [stamp]
            ),
        ]
    }
}
