// libFuzzer target running the whole command line in-process on a scratch folder of the input's
// files: scripts/fuzz.sh cli SECONDS. A normal build replays the files given as arguments.
import SeamLintFuzzSupport

@main
enum CommandLineFuzzer {
    static func main() {
        FuzzDriver.run(name: "cli") { bytes in FuzzChecks.commandLine(bytes) }
    }
}
