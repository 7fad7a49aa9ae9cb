import Foundation
import SeamLintDevSupport

/// `seamlint-dev new-rule NAME --family FAMILY`: writes a rule skeleton to
/// Rules/FAMILY/NAME.swift (a new family is a new folder) and regenerates everything derived.
enum NewRuleCommand: DevCommand {
    static let name = "new-rule"
    static let summary = "Write a rule skeleton into Rules/<Family>/<Name>.swift and regenerate"
    static let usage = "usage: seamlint-dev new-rule NAME --family FAMILY   (both UpperCamelCase, e.g. ConnectedScenesFirst --family Scenes)"

    static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 3, arguments[1] == "--family" else { printError(usage); return 2 }
        let (name, family) = (arguments[0], arguments[2])
        guard RuleSkeleton.isTypeName(name), RuleSkeleton.isTypeName(family) else {
            printError("seamlint-dev: '\(name)' and '\(family)' must be UpperCamelCase names\n" + usage)
            return 2
        }
        guard let root = PackageRootFinder.find() else {
            printError("seamlint-dev: no Package.swift here or above; run from the SeamLint checkout")
            return 2
        }
        let folder = root + "/Rules/" + family
        let path = folder + "/" + name + ".swift"
        let manager = FileManager.default
        guard !manager.fileExists(atPath: path) else { printError("seamlint-dev: \(path) already exists"); return 2 }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(RuleSkeleton.source(name: name, family: family).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            printError("seamlint-dev: cannot write \(path): \(error)")
            return 2
        }
        print("wrote Rules/\(family)/\(name).swift")
        return RegenerateCommand.run(arguments: [])
    }
}
