import Foundation
import SeamLintCLI

// The same command as `lint`, under a name that cannot clash with the Android SDK's `lint`.
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
