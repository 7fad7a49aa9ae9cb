import Foundation
import SeamLintDevSupport

/// `seamlint-dev regenerate [--check]`: rewrites every derived file — the rule registry, the rule
/// reference, the JSON Schema, the README rule table, the Samples expectations and the reporter
/// goldens. A changed registry means this binary is stale, so it rebuilds and reruns itself.
enum RegenerateCommand: DevCommand {
    static let name = "regenerate"
    static let summary = "Regenerate the registry, rule reference, schema, README table, Samples expectations, goldens"
    static let usage = "usage: seamlint-dev regenerate [--check]   (--check: write nothing, exit 1 when a file is stale)"

    static func run(arguments: [String]) -> Int32 {
        let check = arguments == ["--check"]
        guard arguments.isEmpty || check else { printError(usage); return 2 }
        guard let root = PackageRootFinder.find() else {
            printError("seamlint-dev: no Package.swift here or above; run from the SeamLint checkout")
            return 2
        }
        do {
            let registry = DerivedFiles.registry(root: root)
            if check {
                let stale = DerivedFiles.stale([registry] + (try DerivedFiles.fromMetadata(root: root, samples: true)), root: root)
                for path in stale { print("stale: \(path)") }
                return stale.isEmpty ? 0 : 1
            }
            if try !DerivedFiles.write([registry], root: root).isEmpty {
                print("wrote \(registry.path); rebuilding to render the rest")
                return SubprocessRunner.run(["swift", "run", "seamlint-dev", "regenerate"], directory: root)
            }
            for path in try DerivedFiles.write(try DerivedFiles.fromMetadata(root: root, samples: true), root: root) {
                print("wrote \(path)")
            }
        } catch {
            printError("seamlint-dev: \(error)")
            return 2
        }
        // The reporter goldens are rendered from test fixtures: their own tests write them.
        print("rendering the reporter goldens (swift test)")
        return SubprocessRunner.run(["swift", "test", "--filter", "ReporterGoldenTests/matchesGoldenFile|ReporterSampleTests/golden"],
                                    directory: root, environment: ["SEAMLINT_REGENERATE": "1"])
    }
}

/// The SeamLint checkout: the nearest folder at or above the working directory with a Package.swift.
enum PackageRootFinder {
    static func find() -> String? {
        var url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
                && FileManager.default.fileExists(atPath: url.appendingPathComponent("Rules").path) {
                return url.path
            }
            if url.path == "/" { return nil }
            url.deleteLastPathComponent()
        }
    }
}

/// Runs a tool found on PATH with inherited output; returns its exit status.
enum SubprocessRunner {
    static func run(_ arguments: [String], directory: String, environment: [String: String] = [:]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        fflush(nil)  // our lines before the tool's
        do {
            try process.run()
        } catch {
            printError("seamlint-dev: cannot run \(arguments.joined(separator: " ")): \(error)")
            return 2
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
