// libFuzzer target running the Objective-C token and structure checks, then every rule, fact
// collector and fix on the input as a `.m` or `.mm` file: scripts/fuzz.sh objc-rules SECONDS.
// A normal build replays the files given as arguments.
import SeamLintFuzzSupport

@main
enum ObjectiveCRulesFuzzer {
    static func main() {
        FuzzDriver.run(name: "objc-rules") { bytes in FuzzChecks.objectiveCTokenizer(bytes) ?? FuzzChecks.objectiveCRules(bytes) }
    }
}
