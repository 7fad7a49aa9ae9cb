import Foundation
import SeamLintCLI

StandardStreams.prepare()
AllocatorTuning.prepare()
let arguments = Array(CommandLine.arguments.dropFirst())
CommandLineTool.serveLibclangWorkerIfAsked(arguments)
var tool = CommandLineTool()
// libclang runs in child processes of this same executable (see `LibclangWorkerProcess`).
tool.libclangWorker = Bundle.main.executablePath
exit(tool.run(arguments))
