import Foundation
import SeamLintCore

/// A linted set of files kept in memory, for a language server: every file's diagnostics, facts
/// and suppressions stay cached, so a change to one file costs that file's lint and the `finish`
/// of the project rules whose facts it changed, never a re-read of the project.
///
/// Gives the same diagnostics per file as a whole `Linter.lint` of the same files with the same
/// contents (`LintWorkspaceTests` checks this after random edits). Used from one thread.
public final class LintWorkspace {
    public let linter: Linter
    /// Display paths are relative to this folder (as `lint` run there would print them).
    public let workingDirectory: String
    private let targets: DeploymentTargetResolver
    private let objectiveCWorker: ObjectiveCWorker
    /// A rule that never returns ends the process (with the file's name) rather than hang the editor.
    private let watchdog: FileWatchdog
    /// Positions in `linter.factCollectors` of the collectors with a deferred second pass.
    private let deferring: [Int]

    /// Contents that win over the disk (unsaved editor buffers), by absolute path.
    private var overlays: [String: [UInt8]] = [:]
    private var files: [String: FileState] = [:]
    private var absoluteByDisplay: [String: String] = [:]
    private var projects: [String: ProjectState] = [:]
    /// Per-file settings by display path, for scoping project findings (empty for run-wide settings).
    private var settingsByPath: [String: FileSettings] = [:]
    /// Project findings by the display path they are in, per project rule run.
    private var projectFindings: [String: [RunKey: [Diagnostic]]] = [:]

    private struct FileState {
        var ref: SourceFileRef
        /// Facts: the first pass only.
        var result: FileResult
        /// The deferred collectors' facts, once collected (only where a project needs them).
        var deferred: [CollectedFacts]?
        var isLinted: Bool { !result.path.isEmpty }
    }

    private struct ProjectState {
        /// In file order, as `Linter` merges facts.
        var files: [SourceFileRef] = []
        /// Per collector: the project's merged facts (deferred ones included where needed).
        var merged: [(any ProjectFacts)?]
        /// The deferring collectors whose second pass this project needs.
        var needsDeferred: Set<Int> = []
        /// Per deferring collector: its `deferredInput` of the first-pass facts, which its files' deferred facts were collected with.
        var deferredInputs: [Int: [String]] = [:]
        /// Per project rule: what it reported.
        var findings: [[Diagnostic]]
        var target: DeploymentTarget = .unknown

        init(collectors: Int, rules: Int) {
            merged = [(any ProjectFacts)?](repeating: nil, count: collectors)
            findings = [[Diagnostic]](repeating: [], count: rules)
        }
    }

    private struct RunKey: Hashable {
        var project: String
        var rule: Int
    }

    /// What an update touched.
    public struct Changes: Sendable {
        /// Files (absolute paths) whose diagnostics may differ now.
        public var files: Set<String> = []
        /// Project rules (ids) that were evaluated again.
        public var projectRulesRun: Set<String> = []
    }

    public init(linter: Linter, workingDirectory: String) {
        self.linter = linter
        self.workingDirectory = PathNames.standardize(workingDirectory, relativeTo: "/")
        let options = linter.options
        targets = DeploymentTargetResolver(override: options.iosDeploymentTarget, enabled: options.discoverDeploymentTargets,
                                           manifests: options.manifests ?? ProjectManifests())
        objectiveCWorker = ObjectiveCWorker(support: linter.objectiveC)
        watchdog = FileWatchdog(budget: options.fileBudget)
        deferring = linter.factCollectors.indices.filter { linter.factCollectors[$0].defersFacts }
    }

    deinit { watchdog.stop() }

    // MARK: Questions

    /// The source files under `paths` (relative to `workingDirectory`), as `lint` run there finds them.
    public static func discover(_ paths: [String], options: DiscoveryOptions,
                                workingDirectory: String) -> (files: [SourceFileRef], problems: [InputProblem]) {
        FileDiscovery.discover(paths, options: options, workingDirectory: workingDirectory)
    }

    /// The reference discovery would give an absolute path (which need not exist).
    public func reference(forAbsolutePath path: String) -> SourceFileRef {
        Self.reference(forPath: path, workingDirectory: workingDirectory)
    }

    /// The reference discovery run in `workingDirectory` would give `path`; nil for a file name that
    /// is not Swift or Objective-C (`includeObjectiveC` false: not Swift).
    public static func reference(forPath path: String, workingDirectory: String, includeObjectiveC: Bool = true) -> SourceFileRef? {
        let absolute = PathNames.standardize(path, relativeTo: workingDirectory)
        guard let language = PathNames.language(ofFileName: PathNames.lastComponent(absolute), includeObjectiveC: includeObjectiveC)
        else { return nil }
        return SourceFileRef(path: PathNames.displayPath(absolute, workingDirectory: workingDirectory),
                             absolutePath: absolute, language: language)
    }

    private static func reference(forPath path: String, workingDirectory: String) -> SourceFileRef {
        let absolute = PathNames.standardize(path, relativeTo: workingDirectory)
        let language = PathNames.language(ofFileName: PathNames.lastComponent(absolute), includeObjectiveC: true)
        return SourceFileRef(path: PathNames.displayPath(absolute, workingDirectory: workingDirectory),
                             absolutePath: absolute, language: language ?? .swift)
    }

    /// Whether `lint` run in `workingDirectory` would skip this file when walking: under a folder
    /// below `workingDirectory` that it skips by default (`.build`, `Pods`…, with
    /// `useDefaultExcludes`, and resource catalogs such as `.xcassets`), or excluded by `options.isExcluded` (the configuration), the file or
    /// any folder above it.
    public static func isExcluded(_ absolutePath: String, options: DiscoveryOptions, workingDirectory: String) -> Bool {
        var path = PathNames.standardize(absolutePath, relativeTo: workingDirectory)
        var first = true
        while path.count > 1 {
            if let isExcluded = options.isExcluded, isExcluded(path) { return true }
            if !first, options.useDefaultExcludes, path != workingDirectory, PathNames.isInside(path, root: workingDirectory),
               FileDiscovery.isDefaultExcluded(folderNamed: PathNames.lastComponent(path)) {
                return true
            }
            first = false
            path = PathNames.directory(of: path)
        }
        return false
    }

    public func contains(_ absolutePath: String) -> Bool { files[absolutePath] != nil }
    public var fileCount: Int { files.count }
    /// Absolute path of a file by its display path (as in `Diagnostic.location.file`).
    public func absolutePath(ofDisplayPath path: String) -> String? { absoluteByDisplay[path] }

    /// Why a file could not be linted (unreadable, too large, libclang failed), if it could not.
    public func problem(ofFile absolutePath: String) -> InputProblem? { files[absolutePath]?.result.problem }

    /// The file's diagnostics, its own and the project rules' that land in it, suppressions
    /// applied, sorted: what `Linter.lint` of the whole workspace reports for it.
    public func diagnostics(ofFile absolutePath: String) -> [Diagnostic] {
        guard let state = files[absolutePath], state.isLinted else { return [] }
        var diagnostics = state.result.diagnostics
        for (_, found) in projectFindings[state.ref.path] ?? [:] { diagnostics += found }
        if let suppressions = state.result.suppressions {
            diagnostics = SuppressionPass(files: [state.ref.path: suppressions], allRuleIDs: linter.knownRuleIDs).apply(to: diagnostics)
        }
        return diagnostics.sorted()
    }

    // MARK: Changes

    /// Lints `references` afresh (the parallel first pass), `overlays` winning over the disk.
    @discardableResult
    public func load(_ references: [SourceFileRef], overlays: [String: [UInt8]] = [:]) -> Changes {
        var changes = Changes(files: Set(files.keys))
        self.overlays = overlays
        files = [:]
        absoluteByDisplay = [:]
        projects = [:]
        settingsByPath = [:]
        projectFindings = [:]
        let sorted = Array(Set(references)).sorted()
        let maximumSize = linter.options.maximumFileSize
        let (results, _, _) = linter.firstPass(count: sorted.count, targets: targets) { index in
            Self.loadOutcome(sorted[index], overlays: overlays, maximumSize: maximumSize)
        }
        for (ref, result) in zip(sorted, results) {
            store(FileState(ref: ref, result: result))
            changes.files.insert(ref.absolutePath)
            if !result.path.isEmpty { projects[result.project, default: newProject()].files.append(ref) }
        }
        for project in projects.keys.sorted() {
            let all = Set(linter.factCollectors.indices)
            reevaluate(project, changedCollectors: all, forceRules: true, changes: &changes)
        }
        return changes
    }

    /// Lints one file again: with `contents` (an unsaved buffer), or as on disk when nil (a buffer
    /// closed, a file changed on disk). A file not in the workspace is added; one gone from the disk
    /// with no contents given is removed.
    @discardableResult
    public func update(_ absolutePath: String, contents: [UInt8]?) -> Changes {
        let ref = files[absolutePath]?.ref ?? reference(forAbsolutePath: absolutePath)
        overlays[ref.absolutePath] = contents
        if contents == nil, !FileManager.default.fileExists(atPath: ref.absolutePath) { return remove(ref.absolutePath) }
        let outcome = Self.loadOutcome(ref, overlays: overlays, maximumSize: linter.options.maximumFileSize)
        var result = FileResult()
        switch outcome {
        case .problem(let problem): result.problem = problem
        case .source(let loaded):
            var timings = linter.workerTimings()
            let ticket = loaded.language == .swift ? watchdog.begin(path: loaded.path, bytes: loaded.bytes.count) : nil
            result = linter.process(loaded, targets: targets, timings: &timings, objectiveC: objectiveCWorker)
            if let ticket { watchdog.end(ticket) }
        }
        return replace(ref.absolutePath, with: FileState(ref: ref, result: result))
    }

    /// Drops a file (deleted, or now excluded).
    @discardableResult
    public func remove(_ absolutePath: String) -> Changes {
        overlays[absolutePath] = nil
        return replace(absolutePath, with: nil)
    }

    // MARK: Bookkeeping

    private func newProject() -> ProjectState {
        ProjectState(collectors: linter.factCollectors.count, rules: linter.projectRules.count)
    }

    private func store(_ state: FileState) {
        files[state.ref.absolutePath] = state
        absoluteByDisplay[state.ref.path] = state.ref.absolutePath
        if linter.options.fileSettings != nil, let settings = state.result.settings { settingsByPath[state.ref.path] = settings }
    }

    private static func loadOutcome(_ ref: SourceFileRef, overlays: [String: [UInt8]], maximumSize: Int) -> Linter.LoadOutcome {
        if let bytes = overlays[ref.absolutePath] {
            return .source(Linter.Loaded(path: ref.path, absolutePath: ref.absolutePath, language: ref.language, bytes: bytes))
        }
        switch SourceReader.read(ref, maximumSize: maximumSize) {
        case .success(let bytes):
            return .source(Linter.Loaded(path: ref.path, absolutePath: ref.absolutePath, language: ref.language, bytes: bytes))
        case .failure(let problem): return .problem(problem)
        }
    }

    /// Puts `new` in place of the file's state (nil: removes it) and re-evaluates what its facts feed.
    private func replace(_ absolutePath: String, with new: FileState?) -> Changes {
        var changes = Changes(files: [absolutePath])
        let old = files[absolutePath]
        if let old {
            files[absolutePath] = nil
            absoluteByDisplay[old.ref.path] = nil
            settingsByPath[old.ref.path] = nil
            if old.isLinted { projects[old.result.project]?.files.removeAll { $0 == old.ref } }
        }
        if let new {
            store(new)
            if new.isLinted {
                var project = projects[new.result.project] ?? newProject()
                let position = project.files.partitioningIndex { !($0 < new.ref) }
                project.files.insert(new.ref, at: position)
                projects[new.result.project] = project
            }
        }
        let oldProject = old.flatMap { $0.isLinted ? $0.result.project : nil }
        let newProject = new.flatMap { $0.isLinted ? $0.result.project : nil }
        if let oldProject, oldProject == newProject {
            // The file's deferred facts are collected again where its project needs them: those
            // collectors count as changed (`reevaluate`).
            reevaluate(oldProject, changedCollectors: Self.collectors(differingIn: old!.result.facts, new!.result.facts),
                       changes: &changes)
        } else {
            if let oldProject {
                reevaluate(oldProject, changedCollectors: Set(old!.result.facts.map(\.collector)).union(deferring), changes: &changes)
            }
            if let newProject {
                reevaluate(newProject, changedCollectors: Set(new!.result.facts.map(\.collector)).union(deferring), changes: &changes)
            }
        }
        return changes
    }

    /// Collectors whose facts differ between two versions of one file.
    private static func collectors(differingIn old: [CollectedFacts], _ new: [CollectedFacts]) -> Set<Int> {
        var changed: Set<Int> = []
        var oldByCollector: [Int: any ProjectFacts] = [:]
        for entry in old { oldByCollector[entry.collector] = entry.facts }
        for entry in new {
            if let before = oldByCollector.removeValue(forKey: entry.collector), before.isEqual(erased: entry.facts) { continue }
            changed.insert(entry.collector)
        }
        changed.formUnion(oldByCollector.keys)
        return changed
    }

    /// After the facts of `changedCollectors` changed in `project` (or its files did): merges them
    /// again, collects deferred facts the project now needs, and runs the project rules that read
    /// any of them (every rule with `forceRules`), noting the files whose findings moved.
    private func reevaluate(_ name: String, changedCollectors: Set<Int>, forceRules: Bool = false, changes: inout Changes) {
        guard var project = projects[name] else { return }
        var changed = changedCollectors
        if !deferring.isEmpty {
            let previous = project.needsDeferred
            // Whether a project needs a second pass depends on that collector's first pass alone.
            var inputChanged = false
            for collector in deferring where forceRules || changedCollectors.contains(collector) {
                let firstPass = merge(project.files, collector: collector, withDeferred: false)
                if linter.factCollectors[collector].needsDeferredFacts(erased: firstPass) {
                    project.needsDeferred.insert(collector)
                } else {
                    project.needsDeferred.remove(collector)
                }
                // So is what the deferred collection knows of the project: when it changes, every file's is collected again.
                let input = linter.factCollectors[collector].deferredInput(erased: firstPass)
                if project.deferredInputs[collector] != input {
                    project.deferredInputs[collector] = input
                    inputChanged = true
                }
            }
            if inputChanged {
                for ref in project.files { files[ref.absolutePath]?.deferred = nil }
            }
            // A flip changes what is merged; files without deferred facts yet (the one just
            // linted again, or all of them on a flip) may change the merged value too.
            changed.formUnion(previous.symmetricDifference(project.needsDeferred))
            if !project.needsDeferred.isEmpty {
                collectMissingDeferredFacts(project.files, inputs: project.deferredInputs)
                changed.formUnion(project.needsDeferred)
            }
        }
        for collector in changed {
            project.merged[collector] = merge(project.files, collector: collector,
                                              withDeferred: project.needsDeferred.contains(collector))
        }
        let target = linter.projectTarget(of: name, targets: targets)
        let targetChanged = target != project.target
        project.target = target
        for (ruleIndex, reads) in linter.factReads.enumerated() {
            guard forceRules || targetChanged || reads.contains(where: changed.contains) else { continue }
            let found = linter.projectDiagnostics(rule: ruleIndex, facts: project.merged, target: target, settings: settingsByPath,
                                                  scenes: linter.projectScenes(of: name, targets: targets))
            changes.projectRulesRun.insert(linter.projectRules[ruleIndex].description.id)
            record(found, for: RunKey(project: name, rule: ruleIndex), replacing: project.findings[ruleIndex], changes: &changes)
            project.findings[ruleIndex] = found
        }
        if project.files.isEmpty {
            projects[name] = nil
        } else {
            projects[name] = project
        }
    }

    /// One collector's facts over `files`, in order; nil when none recorded any.
    private func merge(_ files: [SourceFileRef], collector: Int, withDeferred: Bool) -> (any ProjectFacts)? {
        var merged: (any ProjectFacts)?
        func add(_ facts: any ProjectFacts) {
            if merged == nil { merged = facts } else { merged!.append(erased: facts) }
        }
        for ref in files {
            guard let state = self.files[ref.absolutePath] else { continue }
            if let facts = state.result.facts.first(where: { $0.collector == collector }) { add(facts.facts) }
            if withDeferred, let facts = state.deferred?.first(where: { $0.collector == collector }) { add(facts.facts) }
        }
        return merged
    }

    /// The deferred facts of the Swift files among `files` that have none yet (read once each).
    private func collectMissingDeferredFacts(_ files: [SourceFileRef], inputs: [Int: [String]]) {
        let maximumSize = linter.options.maximumFileSize
        for ref in files where ref.language == .swift && self.files[ref.absolutePath]?.deferred == nil {
            // A file that vanished since its first pass contributes nothing.
            guard case .source(let loaded) = Self.loadOutcome(ref, overlays: overlays, maximumSize: maximumSize) else {
                self.files[ref.absolutePath]?.deferred = []
                continue
            }
            self.files[ref.absolutePath]?.deferred = linter.deferredFacts(of: loaded, collectors: deferring, targets: targets, inputs: inputs)
        }
    }

    /// Files whose findings of one project rule run differ between `old` and `new` go into `changes`.
    private func record(_ new: [Diagnostic], for key: RunKey, replacing old: [Diagnostic], changes: inout Changes) {
        let oldByFile = Dictionary(grouping: old, by: \.location.file)
        let newByFile = Dictionary(grouping: new, by: \.location.file)
        for path in Set(oldByFile.keys).union(newByFile.keys) {
            let before = oldByFile[path] ?? [], after = newByFile[path] ?? []
            guard before != after else { continue }
            projectFindings[path, default: [:]][key] = after.isEmpty ? nil : after
            if projectFindings[path]?.isEmpty == true { projectFindings[path] = nil }
            changes.files.insert(absoluteByDisplay[path] ?? PathNames.standardize(path, relativeTo: workingDirectory))
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for a predicate false then true along the array.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
