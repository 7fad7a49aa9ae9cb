import Foundation
import SeamLintDevSupport
import SeamLintFuzzSupport

/// `seamlint-dev fuzz-seeds FOLDER`: writes every rule example as a seed file for the fuzzers.
enum FuzzSeedsCommand: DevCommand {
    static let name = "fuzz-seeds"
    static let summary = "Write the rule examples into a folder as fuzzing seeds"
    static let usage = "usage: seamlint-dev fuzz-seeds FOLDER"

    static func run(arguments: [String]) -> Int32 {
        guard let folder = arguments.first else { printError(usage); return 2 }
        for (index, seed) in FuzzChecks.ruleExampleSeeds().enumerated() {
            let path = folder + "/example-\(index).swift"
            guard FileManager.default.createFile(atPath: path, contents: Data(seed.utf8)) else {
                printError("seamlint-dev: cannot write \(path)")
                return 2
            }
        }
        return 0
    }
}
