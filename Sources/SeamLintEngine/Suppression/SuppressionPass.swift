import SeamLintCore

/// What the end of a run needs to know about one file's suppressions.
struct FileSuppressions: Sendable {
    var map: SuppressionMap
    /// Rules that ran on the file: only their suppressions can be judged superfluous.
    var ranRuleIDs: Set<String>
    /// The severity of `superfluous_suppression` in this file, nil when it is not enabled there.
    var superfluousSeverity: Severity?
}

/// Applied once every diagnostic is known, project rules' included: drops silenced diagnostics
/// and reports suppressions that silenced nothing.
struct SuppressionPass {
    static let superfluousID = SuperfluousSuppression.description.id

    /// By diagnostic path.
    let files: [String: FileSuppressions]
    /// Every registered rule: an `all` suppression is judged only where all of them ran.
    let allRuleIDs: Set<String>

    func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        var silenced = 0
        return apply(to: diagnostics, silenced: &silenced)
    }

    /// `silenced`: how many diagnostics a suppression comment dropped.
    func apply(to diagnostics: [Diagnostic], silenced: inout Int) -> [Diagnostic] {
        guard !files.isEmpty else { return diagnostics }
        var used: [String: Set<SuppressionMap.Entry>] = [:]
        var kept = diagnostics.filter { diagnostic in
            let path = diagnostic.location.file
            guard let file = files[path], let entry = file.map.silencer(
                of: diagnostic.ruleID, line: diagnostic.location.line, offset: diagnostic.location.offset) else { return true }
            used[path, default: []].insert(entry)
            return false
        }
        silenced = diagnostics.count - kept.count
        for (path, file) in files {
            guard let severity = file.superfluousSeverity else { continue }
            kept += superfluousReports(path: path, file: file, severity: severity, used: used[path] ?? [])
        }
        return kept
    }

    /// Unused entries become reports in two rounds. First those for ordinary rules; a
    /// `superfluous_suppression` or `all` entry that silences one of their reports is thereby
    /// used. Then the remaining `superfluous_suppression` and `all` entries, judged together:
    /// an entry is reported unless it silenced another's report, and its report is dropped when
    /// another entry silences it. No entry silences a report about its own comment.
    private func superfluousReports(path: String, file: FileSuppressions, severity: Severity,
                                    used initiallyUsed: Set<SuppressionMap.Entry>) -> [Diagnostic] {
        var used = initiallyUsed
        let unused = file.map.unusedEntries(used: used, ranRuleIDs: file.ranRuleIDs, everyRuleRan: file.ranRuleIDs.isSuperset(of: allRuleIDs))
        let isSilencer = { (entry: SuppressionMap.Entry) -> Bool in
            let id = file.map.rule(entry).id
            return id == Self.superfluousID || id == SuppressionDirective.allRules
        }
        var reports: [Diagnostic] = []
        for entry in unused where !isSilencer(entry) {
            if let silencer = silencer(of: entry, in: file.map) { used.insert(silencer) } else {
                reports.append(report(entry, in: file.map, severity: severity))
            }
        }
        let remaining = unused.filter { isSilencer($0) && !used.contains($0) }
        var silenced: Set<SuppressionMap.Entry> = []
        for entry in remaining {
            if let silencer = silencer(of: entry, in: file.map) {
                used.insert(silencer)
                silenced.insert(entry)
            }
        }
        for entry in remaining where !used.contains(entry) && !silenced.contains(entry) {
            reports.append(report(entry, in: file.map, severity: severity))
        }
        return reports
    }

    private func silencer(of entry: SuppressionMap.Entry, in map: SuppressionMap) -> SuppressionMap.Entry? {
        let location = map.rule(entry).location
        return map.silencer(of: Self.superfluousID, line: location.line, offset: location.offset, except: entry.directive)
    }

    private func report(_ entry: SuppressionMap.Entry, in map: SuppressionMap, severity: Severity) -> Diagnostic {
        let rule = map.rule(entry)
        let directive = map.directives[entry.directive]
        let what = rule.id == SuppressionDirective.allRules ? "'all'" : "'\(rule.id)'"
        let scope = directive.scope == .region ? "" : ":\(directive.scope.rawValue)"
        return Diagnostic(ruleID: Self.superfluousID, severity: severity,
                          message: "Superfluous suppression: seamlint:disable\(scope) \(what) silenced nothing",
                          help: "Delete the comment, or this rule id from it.",
                          location: rule.location, length: rule.length, end: rule.end)
    }
}
