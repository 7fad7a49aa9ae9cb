import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintCLI

/// Each registered project rule's `Facts.append` keeps every field: a list field forgotten there
/// would silently drop the facts of every file but the first.
@Suite("Project facts")
struct ProjectFactsTests {
    @Test func appendKeepsEveryField() {
        for rule in allRules.compactMap({ $0 as? any ProjectRule.Type }) {
            // Every list field must be filled by some example, or this check would not cover it.
            let unfilled = Self.checkAppend(rule)
            #expect(unfilled.isEmpty, "\(rule.description.id): no example records \(unfilled.sorted())")
        }
    }

    /// Appends each example file's facts to themselves and expects every list field to double;
    /// returns the list fields no example filled.
    private static func checkAppend<R: ProjectRule>(_ rule: R.Type) -> Set<String> {
        var unfilled = Set(listCounts(R.Facts(), R.Facts()).map(\.label))
        let examples = R.description.triggering + R.description.nonTriggering + (extraExamples[R.description.id] ?? [])
        for example in examples where example.language == .swift || ObjectiveCAvailability.isAvailable {
            for code in [example.code] + example.companions {
                guard let facts = facts(of: rule, in: code, example: example) else { continue }
                var twice = facts
                twice.append(facts)
                for (label, once, doubled) in listCounts(facts, twice) {
                    if once > 0 { unfilled.remove(label) }
                    #expect(doubled == 2 * once, "\(R.description.id): append drops `\(label)`")
                }
            }
        }
        return unfilled
    }

    /// Sources for the fields no example of the rule fills.
    private static let extraExamples: [String: [Example]] = [
        "scroll_edge_overlay": [Example("""
            final class PlayerController: UIHostingController<PlayerView> {}

            func showPlayer(in navigation: UINavigationController) {
                navigation.pushViewController(PlayerController(), animated: true)
            }
            """)],
    ]

    private static func facts<R: ProjectRule>(of rule: R.Type, in code: String, example: Example) -> R.Facts? {
        let file: SourceFile
        if example.language == .swift {
            file = SourceFile(path: "Example.swift", bytes: Array(MarkedSource(code).code.utf8))
        } else {
            guard let objectiveC = try? ObjectiveCFixture.file(code) else { return nil }
            file = objectiveC
        }
        let target = DeploymentTarget(version: example.iosDeploymentTarget ?? Version(16), source: "example")
        let context = RuleContext(file: file, ruleID: R.description.id, severity: .warning, deploymentTarget: target)
        var facts = R.Facts()
        if file.language == .swift {
            R().collectFacts(context, into: &facts)
            R().collectDeferredFacts(context, into: &facts)
        } else {
            R().collectObjectiveCFacts(context, into: &facts)
        }
        return facts
    }

    /// The element counts of each list field, once and after appending.
    private static func listCounts<F: ProjectFacts>(_ once: F, _ twice: F) -> [(label: String, once: Int, twice: Int)] {
        zip(Mirror(reflecting: once).children, Mirror(reflecting: twice).children).compactMap { first, second in
            guard let label = first.label, let list = first.value as? any Collection,
                  let doubled = second.value as? any Collection else { return nil }
            return (label, list.count, doubled.count)
        }
    }
}
