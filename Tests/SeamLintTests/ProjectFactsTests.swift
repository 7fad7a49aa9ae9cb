import Testing
import SeamLintCore
import SeamLintEngine
import SeamLintRules
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

    /// The engine skips a collector in a file that spells none of its `factTriggerWords`
    /// (`objectiveCFactTriggerWords`): each rule's examples, the sources below, and each of them with
    /// every trigger word spelled differently, must then record nothing, so the skip never changes
    /// a result — nothing but what the rule's deferred pass records in such a file, which gives it
    /// back where the project needs it (`ProjectRule.defersFacts`).
    /// Checked for the rules whose collectors record nothing else in such a file (others record
    /// names that their `finish` reads only when some other file spells a word).
    @Test func factTriggerWordsCoverEveryFact() {
        for rule in [ScrollEdgeOverlay.self, NestedNavigationContainer.self] as [any ProjectRule.Type] {
            let missed = Self.factsWithoutTriggerWords(rule)
            #expect(missed.isEmpty, "\(rule.description.id) records facts without its trigger words in: \(missed)")
        }
    }

    /// Sources that record facts with few words, for `factTriggerWordsCoverEveryFact`.
    private static let triggerProbes: [Example] = [
        Example("func present() { show(Player(), sender: nil) }"),
        Example("func present(_ n: UINavigationController) { n.setViewControllers([UIHostingController(rootView: Player())], animated: false) }"),
        Example("func present(_ n: UINavigationController) { n.pushViewController(UIHostingController(rootView: Player()), animated: false) }"),
        Example("let root = UINavigationController(rootViewController: UIHostingController(rootView: Player()))"),
        Example("final class Host: UIHostingController<Player> {}"),
        Example("extension Player { var dimmed: some Shape { Rectangle() } }"),
        Example("""
            struct Sheet: View {
                var body: some View { Text("").overlay(Color.black.opacity(0.4).ignoresSafeArea()) }
            }
            """),
    ]

    /// The sources (among examples, probes and their variants) spelling no trigger word in which
    /// the rule records facts.
    private static func factsWithoutTriggerWords<R: ProjectRule>(_ rule: R.Type) -> [String] {
        let examples = R.description.triggering + R.description.nonTriggering + (extraExamples[R.description.id] ?? [])
            + triggerProbes
        var missed: [String] = []
        for example in examples where example.language == .swift || ObjectiveCAvailability.isAvailable {
            let words = example.language == .swift ? R.factTriggerWords : R.objectiveCFactTriggerWords
            guard !words.isEmpty else { continue }
            for code in [example.code] + example.companions {
                // The source itself, and with each trigger word spelled with `_` after its first
                // letter (`V_iew`): a near miss that keeps the rest of the code.
                let respelled = words.reduce(code) { text, word in
                    text.replacingOccurrences(of: word, with: String(word.first!) + "_" + word.dropFirst())
                }
                for variant in [code, respelled] where !words.contains(where: { variant.contains($0) }) {
                    let variantExample = Example(variant, language: example.language,
                                                 iosDeploymentTarget: example.iosDeploymentTarget)
                    guard let facts = Self.facts(of: rule, in: variant, example: variantExample, deferredPass: false),
                          let deferred = Self.facts(of: rule, in: variant, example: variantExample, firstPass: false) else { continue }
                    if String(reflecting: facts) != String(reflecting: deferred) {
                        missed.append(String(variant.prefix(80)))
                    }
                }
            }
        }
        return missed
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

    /// The facts of both passes (a deferred pass only for a rule that `defersFacts`), or of one.
    private static func facts<R: ProjectRule>(of rule: R.Type, in code: String, example: Example,
                                              firstPass: Bool = true, deferredPass: Bool = true) -> R.Facts? {
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
            if firstPass { R().collectFacts(context, into: &facts) }
            if deferredPass && R.defersFacts { R().collectDeferredFacts(context, into: &facts) }
        } else if firstPass {
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
