import Foundation
import SeamLintCLI

StandardStreams.prepare()
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
