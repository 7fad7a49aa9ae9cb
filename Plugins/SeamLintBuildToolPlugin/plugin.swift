import Foundation
import PackagePlugin

/// Lints a target's Swift sources whenever one changes. Diagnostics print in the compiler's
/// `/absolute/path:line:col: warning: …` format, which Xcode turns into issues and SwiftPM shows
/// in its build log; error-severity findings fail the build, as compiler errors do.
@main
struct SeamLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let sources = sourceTarget.sourceFiles(withSuffix: "swift").map(\.url)
        return try Self.commands(targetName: target.name, sources: sources, settings: ConfigurationInputs.files(governing: sources),
                                 lint: context.tool(named: "lint").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// `settings`: the configuration files and baselines the run reads, so that editing one reruns it.
    static func commands(targetName: String, sources: [URL], settings: [URL], lint: URL, workDirectory: URL) -> [Command] {
        guard !sources.isEmpty else { return [] }
        // A build command needs an output to be rerun only when its inputs change. The stamp is an
        // empty Swift file because SwiftPM compiles generated `.swift` outputs (harmless when
        // empty), while any other extension would become a resource and give the target a bundle.
        let stamp = workDirectory.appending(path: "SeamLint-\(targetName)-stamp.swift")
        return [
            .buildCommand(
                displayName: "SeamLint \(targetName)",
                executable: lint,
                arguments: ["--quiet", "--absolute-paths", "--stamp", stamp.path, "--"] + sources.map(\.path),
                inputFiles: sources + settings,
                outputFiles: [stamp]
            ),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Xcode app targets (not packages). Not compiled on Linux, where XcodeProjectPlugin is absent.
extension SeamLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try Self.commands(targetName: target.displayName, sources: sources,
                                 settings: ConfigurationInputs.files(governing: sources),
                                 lint: context.tool(named: "lint").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
