import SeamLintCore

extension FileSuppressions {
    static let marker = Array("seamlint:".utf8)
    static let invalidID = InvalidSuppression.description.id

    /// The suppressions of one file, read in the parallel phase, and its `invalid_suppression`
    /// findings. Nil (and nothing to report) for the many files with no `seamlint:` text at all,
    /// found by a byte search before any comment is looked at. `rules`: the run's rules, of which
    /// those enabled by `settings` that read the file's language ran on it.
    static func scan(_ file: SourceFile, settings: FileSettings, rules: [any Rule.Type],
                     knownRuleIDs: Set<String>) -> (FileSuppressions?, [Diagnostic]) {
        // Through the file's gram set, which the rules' word checks built: most files are ruled out without a search.
        guard file.mentionsText("seamlint:") else { return (nil, []) }
        let map = SuppressionMap(file: file, knownRuleIDs: knownRuleIDs)
        guard !map.isEmpty else { return (nil, []) }
        var ran: Set<String> = []
        for rule in rules where settings.isEnabled(rule.description.id) {
            let id = rule.description.id
            // The two suppression rules are the engine's own: they read every language.
            if rule.reads(file.language) || id == invalidID || id == SuppressionPass.superfluousID { ran.insert(id) }
        }
        var problems: [Diagnostic] = []
        if ran.contains(invalidID) {
            let severity = settings.severity(of: InvalidSuppression.self)
            problems = map.problems.map {
                Diagnostic(ruleID: invalidID, severity: severity, message: $0.message, help: $0.help, location: $0.location,
                           length: $0.length, end: $0.end)
            }
        }
        let severity = ran.contains(SuppressionPass.superfluousID) ? settings.severity(of: SuperfluousSuppression.self) : nil
        return (FileSuppressions(map: map, ranRuleIDs: ran, superfluousSeverity: severity), problems)
    }
}
