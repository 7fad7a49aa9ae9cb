import Foundation
import SeamLintCore
import SeamLintEngine

/// `--diff`/`--staged`: the project rules' findings in files the change leaves alone that the
/// change brought about — a deleted workaround window lights up every `Menu`, a lowered deployment
/// target or a new scene delegate does the same elsewhere. Found by linting the projects whose
/// facts a changed file can touch as they were at the base commit, and keeping what is new there;
/// each kept finding names the changed files of its project in related notes.
struct FactChanges {
    /// A finding, without its message (which may name the deployment target that changed).
    struct Key: Hashable {
        var rule: String
        /// Relative to the repository root.
        var path: String
        var offset: Int
        var length: Int
    }

    let changed: ChangedFiles
    /// Project folders a changed file can touch the facts of → those files (absolute), sorted.
    let touched: [String: [String]]
    /// The base run's findings in the touched projects; nil when it could not be made (then no
    /// finding in an unchanged file is reported).
    let before: Set<Key>?
    /// Files (relative to the root) whose bytes are the same at the base and now: only their
    /// findings can be compared (an untracked file, or an unstaged edit under `--staged`, is
    /// neither the change nor the base).
    let sameAsBase: Set<String>
    let projectRuleIDs: Set<String>

    /// The files that can change a fact: manifests and configuration, and sources that mention a
    /// fact collector's word now or at the base.
    /// `found`: this run's findings; only project-rule findings in unchanged files need the base.
    static func find(_ changed: ChangedFiles, found: [Diagnostic], options: LintOptions, configuration: ProjectConfiguration,
                     errors: TextSink, verbose: Bool) -> FactChanges {
        let projectRuleIDs = Set(options.rules.filter { $0 is any ProjectRule.Type }.map { $0.description.id })
        let none = FactChanges(changed: changed, touched: [:], before: [], sameAsBase: [], projectRuleIDs: projectRuleIDs)
        let candidates = Set(found.compactMap { diagnostic -> String? in
            guard projectRuleIDs.contains(diagnostic.ruleID) else { return nil }
            let absolute = changed.canonical(configuration.absolutePath(diagnostic.location.file))
            return changed.contains(absolute) ? nil : changed.relativePath(absolute)
        })
        guard !candidates.isEmpty else { return none }
        let words = Linter.factTriggerWords(for: options.rules, allRules: allRules)
        let causes = (changed.paths + changed.deleted).filter { isManifest($0) || isSource($0) }
        let mentionedAtBase = words.map { changed.baseFilesMentioning($0, among: causes.filter(isSource)) } ?? []
        let relevant = causes.filter { path in
            if isManifest(path) || words == nil || mentionedAtBase.contains(path) { return true }
            guard let bytes = FileManager.default.contents(atPath: path) else { return false }
            return words!.contains { bytes.range(of: Data($0.utf8)) != nil }
        }
        guard !relevant.isEmpty else { return none }
        var touched: [String: [String]] = [:]
        for path in relevant {
            for folder in FileDiscovery.projectFolders(ofFiles: [path]) { touched[folder, default: []].append(path) }
        }
        touched = touched.mapValues { $0.sorted() }
        let (before, sameAsBase) = baseFindings(of: touched.keys.sorted(), comparing: candidates, changed: changed,
                                                options: options, configuration: configuration)
        if verbose {
            let names = relevant.map { configuration.displayPath($0) }.sorted().joined(separator: ", ")
            errors.write("fact changes: \(names.escapingControlCharacters) can change project facts; "
                         + (before == nil ? "the base could not be read, so unchanged files report nothing\n"
                                          : "compared with \(before!.count) finding(s) at the base\n"))
        }
        return FactChanges(changed: changed, touched: touched, before: before, sameAsBase: sameAsBase,
                           projectRuleIDs: projectRuleIDs)
    }

    /// Keeps every finding in a changed file, and in an unchanged one only a project rule's finding
    /// that the base did not have, in a project the change touches.
    func filter(_ configuration: ProjectConfiguration) -> DiagnosticFilter {
        DiagnosticFilter(name: "fact changes") { diagnostics in
            var projects: [String: String?] = [:]
            return diagnostics.compactMap { diagnostic in
                let absolute = changed.canonical(configuration.absolutePath(diagnostic.location.file))
                if changed.contains(absolute) { return diagnostic }
                guard let before, projectRuleIDs.contains(diagnostic.ruleID) else { return nil }
                guard let relative = changed.relativePath(absolute), sameAsBase.contains(relative),
                      !before.contains(Key(rule: diagnostic.ruleID, path: relative, offset: diagnostic.location.offset,
                                           length: diagnostic.length)) else { return nil }
                let project = projects[absolute] ?? FileDiscovery.projectFolders(ofFiles: [absolute]).first
                projects[absolute] = .some(project)
                guard let project, let causes = touched[project] else { return nil }
                var kept = diagnostic
                kept.related += notes(for: causes, configuration)
                return kept
            }
        }
    }

    /// At most three related notes naming the changed files, at their first changed line.
    private func notes(for causes: [String], _ configuration: ProjectConfiguration) -> [RelatedLocation] {
        var notes = causes.prefix(3).map { path -> RelatedLocation in
            let display = configuration.displayPath(path)
            guard let lines = changed.lines(ofFile: path) else {
                return RelatedLocation(location: Location(file: display, line: 1, column: 1, offset: 0),
                                       message: "deleted by this change, which this finding's project facts depended on")
            }
            var line = 1
            if case .some(let set) = lines, let first = set.min() { line = first }
            return RelatedLocation(location: Location(file: display, line: line, column: 1, offset: 0),
                                   message: "changed here: this finding is new because it changes the project's facts")
        }
        if causes.count > 3, var last = notes.popLast() {
            last.message += " (and \(causes.count - 3) more changed file\(causes.count == 4 ? "" : "s"))"
            notes.append(last)
        }
        return notes
    }

    /// The project rules' findings in `folders` as they were at the base commit, and which of the
    /// files that report them now are byte for byte as they were then.
    private static func baseFindings(of folders: [String], comparing candidates: Set<String>, changed: ChangedFiles,
                                     options: LintOptions, configuration: ProjectConfiguration) -> (Set<Key>?, Set<String>) {
        guard changed.base != nil else { return ([], []) }  // no commit yet: every file is new
        guard let snapshot = BaseSnapshot.extract(folders, of: changed) else { return (nil, []) }
        defer { snapshot.remove() }
        let roots = folders.compactMap { snapshot.path(for: $0, root: changed.root) }
            .filter { FileManager.default.fileExists(atPath: $0) }
        guard !roots.isEmpty else { return ([], []) }
        var discovery = DiscoveryOptions()
        discovery.includeObjectiveC = options.objectiveC.isEnabled
        let (files, _) = FileDiscovery.discover(roots, options: discovery)
        var baseOptions = options
        baseOptions.rules = options.rules.filter { $0 is any ProjectRule.Type }
        baseOptions.manifests = nil
        let root = changed.root
        let prefix = snapshot.folder + "/"
        // Each base file follows the configuration of its counterpart in the work tree.
        baseOptions.fileSettings = { path in
            let counterpart = path.hasPrefix(prefix) ? root + "/" + path.dropFirst(prefix.count) : path
            return configuration.settings(forFile: counterpart)
        }
        let result = Linter(options: baseOptions, allRules: allRules).lint(files)
        let same = candidates.filter { relative in
            guard let then = FileManager.default.contents(atPath: prefix + relative) else { return false }
            return FileManager.default.contents(atPath: root + "/" + relative) == then
        }
        let keys = Set(result.diagnostics.compactMap { diagnostic -> Key? in
            guard diagnostic.location.file.hasPrefix(prefix) else { return nil }
            return Key(rule: diagnostic.ruleID, path: String(diagnostic.location.file.dropFirst(prefix.count)),
                       offset: diagnostic.location.offset, length: diagnostic.length)
        })
        return (keys, same)
    }

    private static let manifestNames: Set<String> = ["Package.swift", "Project.swift", "project.yml", "project.yaml",
                                                     ".seamlint.json", "Info.plist"]
    private static let manifestExtensions = [".pbxproj", ".xcconfig", ".plist"]

    static func isManifest(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return manifestNames.contains(name) || manifestExtensions.contains { name.hasSuffix($0) }
    }

    static func isSource(_ path: String) -> Bool {
        [".swift", ".m", ".mm", ".h"].contains { path.hasSuffix($0) }
    }
}
