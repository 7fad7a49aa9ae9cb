import Foundation
import SeamLintDevSupport
import SeamLintEngine
import SeamLintCLI

/// `seamlint-dev rules-doc [FILE]`: writes the rule reference generated from rule metadata
/// (default `Rules/README.md`). A test fails when the committed file is stale.
enum RulesDocCommand: DevCommand {
    static let name = "rules-doc"
    static let summary = "Regenerate Rules/README.md from the rules' metadata"
    static let usage = "usage: seamlint-dev rules-doc [FILE]"

    static func run(arguments: [String]) -> Int32 {
        let path = arguments.first ?? "Rules/README.md"
        let text = RuleDocumentation.reference(for: allRules.map { $0.description })
        do {
            try AtomicFile.write(Data(text.utf8), to: path)
        } catch {
            printError("seamlint-dev: cannot write \(path): \(error)")
            return 2
        }
        print("wrote \(path)")
        return 0
    }
}
