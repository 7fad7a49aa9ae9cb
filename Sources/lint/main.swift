import Foundation
import SeamLintCLI

StandardStreams.prepare()
let arguments = Array(CommandLine.arguments.dropFirst())
// A run, not the language server: a long-lived process should hand freed memory back.
if arguments.first != "server" { AllocatorTuning.prepare() }
CommandLineTool.serveLibclangWorkerIfAsked(arguments)
var tool = CommandLineTool()
// libclang runs in child processes of this same executable (see `LibclangWorkerProcess`).
tool.libclangWorker = Bundle.main.executablePath
exit(tool.run(arguments))
