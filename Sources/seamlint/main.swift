import Foundation
import SeamLintCLI

// The same command as `lint`, under a name that cannot clash with the Android SDK's `lint`.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first != "server" { AllocatorTuning.prepare() }
exit(CommandLineTool().run(arguments))
