// libFuzzer target running the structure checks, then every rule and its fixes:
// scripts/fuzz.sh rules SECONDS. A normal build replays the files given as arguments.
import SeamLintFuzzSupport

@main
enum RulesFuzzer {
    static func main() {
        FuzzDriver.run(name: "rules") { bytes in FuzzChecks.tokenizer(bytes) ?? FuzzChecks.rules(bytes) }
    }
}
