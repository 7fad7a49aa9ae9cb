import Foundation
import SeamLintCLI

exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
