import Foundation
import SeamLintDevSupport

// Dispatches on the first argument. To add a subcommand, define a `DevCommand` in its own file
// and list it here.
let commands: [any DevCommand.Type] = [
    SourceKitDiffCommand.self,
    TokenizeCommand.self,
    RegenerateCommand.self,
    NewRuleCommand.self,
    FuzzSeedsCommand.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())
var help = "usage: seamlint-dev <command> [arguments]\n\ncommands:\n"
for command in commands { help += "  \(command.name)  \(command.summary)\n" }

guard let name = arguments.first, name != "help", name != "-h", name != "--help" else {
    print(help, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
guard let command = commands.first(where: { $0.name == name }) else {
    printError("seamlint-dev: unknown command '\(name)'\n" + help)
    exit(2)
}
exit(command.run(arguments: Array(arguments.dropFirst())))
