import Foundation
import SeamLintCore
import SeamLintDevSupport
import SeamLintFuzzSupport

/// `seamlint-dev fuzz-seeds FOLDER [swift|objc]`: writes every rule example of the language (Swift by
/// default) as a seed file for the fuzzers.
enum FuzzSeedsCommand: DevCommand {
    static let name = "fuzz-seeds"
    static let summary = "Write the rule examples into a folder as fuzzing seeds"
    static let usage = "usage: seamlint-dev fuzz-seeds FOLDER [swift|objc]"

    static func run(arguments: [String]) -> Int32 {
        guard let folder = arguments.first, arguments.count <= 2 else { printError(usage); return 2 }
        let language: SourceLanguage
        switch arguments.dropFirst().first ?? "swift" {
        case "swift": language = .swift
        case "objc": language = .objectiveC
        default: printError(usage); return 2
        }
        let fileExtension = language == .swift ? "swift" : "m"
        for (index, seed) in FuzzChecks.ruleExampleSeeds(language: language).enumerated() {
            let path = folder + "/example-\(index).\(fileExtension)"
            guard FileManager.default.createFile(atPath: path, contents: Data(seed.utf8)) else {
                printError("seamlint-dev: cannot write \(path)")
                return 2
            }
        }
        return 0
    }
}
