// libFuzzer target for the tokenizer and structure layer: scripts/fuzz.sh tokenizer SECONDS.
// A normal build replays the files given as arguments through the same checks instead.
import SeamLintFuzzSupport

@main
enum TokenizerFuzzer {
    static func main() {
        FuzzDriver.run(name: "tokenizer", check: FuzzChecks.tokenizerWithinBudget)
    }
}
