// libFuzzer target for Objective-C tokens (libclang's, through SeamLint's conversion) and the
// structure queries on them: scripts/fuzz.sh objc-tokenizer SECONDS. A normal build replays the
// files given as arguments.
import SeamLintFuzzSupport

@main
enum ObjectiveCTokenizerFuzzer {
    static func main() {
        FuzzDriver.run(name: "objc-tokenizer") { bytes in FuzzChecks.objectiveCTokenizer(bytes) }
    }
}
