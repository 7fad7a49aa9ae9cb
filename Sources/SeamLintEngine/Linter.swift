import Dispatch
import Foundation
import SeamLintCore

/// Which rules run, how severe they are, and the settings that shape a run.
public struct LintOptions: Sendable {
    /// The enabled rules.
    public var rules: [any Rule.Type]
    /// Severity per rule id, where configuration overrides the default.
    public var severities: [String: Severity] = [:]
    /// Option values per rule id.
    public var ruleOptions: [String: RuleOptions] = [:]
    /// Overrides every discovered deployment target.
    public var iosDeploymentTarget: DeploymentTarget?
    /// Worker threads; 0 means one per core.
    public var workers = 0
    public var maximumFileSize = SourceReader.defaultMaximumSize
    /// Reads deployment targets from manifests on disk (off for in-memory linting).
    public var discoverDeploymentTargets = true
    /// Settings per file (absolute path) from nested configuration files; when set, it decides
    /// which of `rules` run on a file, and `severities` and `ruleOptions` are not consulted.
    public var fileSettings: (@Sendable (String) -> FileSettings)?
    /// True when `fileSettings` answers the same for every file directly in one folder (it reads
    /// only the path up to its last "/"): the first pass then asks once per folder and worker.
    public var fileSettingsFollowFolders = false
    /// Folder resolutions (deployment targets, projects) shared across runs; the command line
    /// warms it during discovery. Nil: each run resolves afresh.
    public var manifests: ProjectManifests?
    /// Whether and with which libclang Objective-C files are linted.
    public var objectiveC = ObjectiveCOptions()
    /// How long one file may take; a file past it is reported and skipped (see `FileBudget`).
    public var fileBudget = FileBudget.standard
    /// True: a Swift file that mentions none of the words of the enabled rules, fact collectors
    /// and suppression comments (a byte search, comments and strings included) is neither
    /// tokenized nor given structure, since none of them could see anything in it. False (tests
    /// that compare both paths): every Swift file is tokenized.
    public var skipsSwiftFilesWithoutTriggerWords = true
    /// True: project-rule findings get their `contentFingerprint` (their files read again after
    /// the run). Only the fingerprinting reporters and baselines need it.
    public var stampsContentFingerprints = true

    public init(rules: [any Rule.Type]) { self.rules = rules }

    func severity(of rule: any Rule.Type) -> Severity {
        severities[rule.description.id] ?? rule.description.severity
    }
}

/// The outcome of a run.
public struct LintResult: Sendable {
    /// Sorted, deterministic.
    public var diagnostics: [Diagnostic]
    /// Files that could not be linted, in path order.
    public var problems: [InputProblem]
    public var filesLinted: Int
    public var bytesLinted: Int
    public var timings: StageTimings
    /// Deployment targets used, per governing manifest (for `--verbose`).
    public var deploymentTargets: [String: DeploymentTarget]
    /// How many scenes each app can have, by what decided it (for `--verbose`).
    public var appScenes: [String: AppScenes] = [:]
    /// Objective-C files not linted because no libclang could be loaded (not counted in `filesLinted`).
    public var objectiveCFilesSkipped = 0
    /// The libclang search, when an Objective-C file needed it.
    public var libclang: LibclangStatus?
    /// Swift files read again by the deferred-facts pass (`ProjectRule.defersFacts`); 0 when it did not run.
    public var deferredFactFiles = 0
    /// The same per deferring rule (by id; a file read for two rules counts for both), rules that read none left out.
    public var deferredFactFilesByRule: [String: Int] = [:]
    /// Files that spell none of the enabled rules' words, so were never tokenized (the pre-scan):
    /// Swift and Objective-C (the latter never reached libclang). Counted in `filesLinted`.
    public var prescanSkippedSwift = 0
    public var prescanSkippedObjectiveC = 0
    /// Diagnostics that suppression comments silenced.
    public var suppressedCount = 0
}

/// Lints files in parallel: each worker reads, tokenizes and checks one file at a time and keeps
/// only diagnostics and facts, so memory follows the largest file, not the tree. Project rules
/// then decide from the facts of all files.
public final class Linter: Sendable {
    public let options: LintOptions
    private let fileRules: [any Rule.Type]
    let projectRules: [any ProjectRule.Type]
    /// The enabled project rules and those whose facts they read: no other rule's facts are used.
    let factCollectors: [any ProjectRule.Type]
    /// Each file rule's trigger words (ids in `wordTable`).
    private let triggerWords: [[Int]]
    // Ids and default severities by position: `description` copies a whole RuleDescription.
    private let fileRuleIDs: [String]
    private let fileRuleSeverities: [Severity]
    let factCollectorIDs: [String]
    let factCollectorSeverities: [Severity]
    private let factTriggerWords: [[Int]]
    private let objectiveCFactTriggerWords: [[Int]]
    private let wordTable: TriggerWordTable
    /// What an Objective-C file must mention for a rule, fact collector or suppression comment to
    /// see anything in it (nil when one of them reads every file): others never reach libclang.
    let objectiveCWords: [[UInt8]]?
    /// The same for Swift files: one that mentions none of them is not tokenized.
    let swiftWords: [[UInt8]]?
    /// Per enabled project rule, the positions in `factCollectors` of its own and its `readsFactsOf`
    /// collectors: the facts its `finish` may read.
    let factReads: [[Int]]
    /// Every registered rule id: suppression comments may name any of them.
    let knownRuleIDs: Set<String>
    /// The settings of every file when `options.fileSettings` is nil.
    let runWideSettings: FileSettings
    let objectiveC: ObjectiveCSupport
    /// Some collector defers facts: the first pass keeps what each Swift file spells.
    let defersFacts: Bool

    public init(options: LintOptions, allRules: [any Rule.Type]) {
        self.options = options
        objectiveC = ObjectiveCSupport(options: options.objectiveC)
        fileRules = options.rules.filter { !($0 is any ProjectRule.Type) }
        projectRules = options.rules.compactMap { $0 as? any ProjectRule.Type }
        factCollectors = Self.factCollectors(for: projectRules, allRules: allRules)
        defersFacts = factCollectors.contains { $0.defersFacts }
        var wordTable = TriggerWordTable()
        triggerWords = fileRules.map { wordTable.ids($0.triggerWords) }
        fileRuleIDs = fileRules.map { $0.description.id }
        fileRuleSeverities = fileRules.map { $0.description.severity }
        factCollectorIDs = factCollectors.map { $0.description.id }
        factCollectorSeverities = factCollectors.map { $0.description.severity }
        factTriggerWords = factCollectors.map { wordTable.ids($0.factTriggerWords) }
        objectiveCFactTriggerWords = factCollectors.map { wordTable.ids($0.objectiveCFactTriggerWords) }
        self.wordTable = wordTable
        objectiveCWords = Self.prescanWords(for: .objectiveC, fileRules: fileRules, factCollectors: factCollectors)
        swiftWords = Self.prescanWords(for: .swift, fileRules: fileRules, factCollectors: factCollectors)
        let collectorPositions = Dictionary(uniqueKeysWithValues: factCollectors.enumerated().map { (ObjectIdentifier($1), $0) })
        factReads = projectRules.map { rule in ([rule] + rule.readsFactsOf).compactMap { collectorPositions[ObjectIdentifier($0)] } }
        knownRuleIDs = Set(allRules.map { $0.description.id })
        runWideSettings = FileSettings(enabledRuleIDs: Set(options.rules.map { $0.description.id }),
                                       severities: options.severities, ruleOptions: options.ruleOptions)
    }

    /// Lints files on disk. `overrides` replaces the content of files (by absolute path):
    /// standard input linted as if at a path, or fixes not yet written.
    public func lint(_ files: [SourceFileRef], overrides: [String: [UInt8]] = [:]) -> LintResult {
        let targets = DeploymentTargetResolver(override: options.iosDeploymentTarget,
                                               enabled: options.discoverDeploymentTargets,
                                               manifests: options.manifests ?? ProjectManifests())
        return run(count: files.count, targets: targets) { index in
            let file = files[index]
            if let bytes = overrides[file.absolutePath] {
                return .source(Loaded(path: file.path, absolutePath: file.absolutePath, language: file.language, bytes: bytes))
            }
            switch SourceReader.read(file, maximumSize: options.maximumFileSize) {
            case .success(let bytes): return .source(Loaded(path: file.path, absolutePath: file.absolutePath,
                                                            language: file.language, bytes: bytes))
            case .failure(let problem): return .problem(problem)
            }
        }
    }

    /// Lints in-memory sources (tests, `--stdin`). Paths are used for messages and test-file detection.
    public func lint(sources: [(path: String, code: String)], language: SourceLanguage = .swift) -> LintResult {
        let targets = DeploymentTargetResolver(override: options.iosDeploymentTarget,
                                               enabled: options.discoverDeploymentTargets,
                                               manifests: options.manifests ?? ProjectManifests())
        return run(count: sources.count, targets: targets) { index in
            let source = sources[index]
            let absolute = source.path.hasPrefix("/") ? source.path
                : FileManager.default.currentDirectoryPath + "/" + source.path
            return .source(Loaded(path: source.path, absolutePath: absolute, language: language,
                                  bytes: Array(source.code.utf8)))
        }
    }

    struct Loaded: Sendable {
        var path: String
        var absolutePath: String
        var language: SourceLanguage
        var bytes: [UInt8]
    }

    enum LoadOutcome: Sendable {
        case source(Loaded)
        case problem(InputProblem)
    }

    private func run(count: Int, targets: DeploymentTargetResolver,
                     load: @Sendable (Int) -> LoadOutcome) -> LintResult {
        let wallStart = monotonicNanoseconds()
        var (fileResults, timings, workers) = firstPass(count: count, targets: targets, load: load)
        let deferred = collectDeferredFacts(into: &fileResults, targets: targets, workers: workers, load: load)
        timings.merge(deferred.timings)
        var result = finish(fileResults, targets: targets, timings: timings, merged: deferred.unchanged)
        result.deferredFactFiles = deferred.files.count
        result.deferredFactFilesByRule = deferred.files.byRule
        if options.stampsContentFingerprints {
            Self.stampContentFingerprints(&result.diagnostics, files: fileResults, workers: workers, load: load)
        }
        result.timings.wallNanoseconds = monotonicNanoseconds() &- wallStart
        // Freeing every file's facts and spelled words takes a few milliseconds per thousand
        // files: another core does it while the caller reports.
        let disposal = Disposal(fileResults)
        fileResults = []
        DispatchQueue.global(qos: .utility).async { disposal.release() }
        return result
    }

    /// Every file's diagnostics, first-pass facts and suppressions, in file order, linted in
    /// parallel; and the number of workers used.
    func firstPass(count: Int, targets: DeploymentTargetResolver,
                   load: @Sendable (Int) -> LoadOutcome) -> (results: [FileResult], timings: StageTimings, workers: Int) {
        let results = ResultSlots<FileResult>(count: count)
        let workers = max(1, min(options.workers > 0 ? options.workers : ProcessInfo.processInfo.activeProcessorCount, count))
        let queue = WorkQueue(count: count)
        let watchdog = FileWatchdog(budget: options.fileBudget)
        defer { watchdog.stop() }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var timings = WorkerTimings(rules: fileRules.count, factCollectors: factCollectors.count)
            let objectiveCWorker = ObjectiveCWorker(support: objectiveC)
            let memo = FolderPlaceMemo()
            // Objective-C files that need libclang wait here to be lexed together (`ObjectiveCBatch`).
            var held: [(index: Int, loaded: Loaded, dialect: ObjectiveCDialect)] = []
            var heldBytes = 0
            func lexHeld() {
                let start = monotonicNanoseconds()
                let outcomes = objectiveCWorker.lex(held.map { ($0.loaded.bytes, $0.dialect) })
                timings.add(.objectiveCTokenizing, since: start)
                for (file, outcome) in zip(held, outcomes) {
                    results[file.index] = process(file.loaded, targets: targets, timings: &timings,
                                                  objectiveC: objectiveCWorker, lexed: outcome, memo: memo)
                }
                held = []
                heldBytes = 0
            }
            while let index = queue.next() {
                var result = FileResult()
                var start = monotonicNanoseconds()
                let outcome = load(index)
                start = timings.add(.reading, since: start)
                switch outcome {
                case .problem(let problem): result.problem = problem
                case .source(let loaded) where loaded.language == .objectiveC:
                    let plan = objectiveCWorker.plan(loaded.bytes, path: loaded.absolutePath) { needsObjectiveCTokens(loaded.bytes) }
                    timings.add(.objectiveCTokenizing, since: start)
                    switch plan {
                    case .done(let lexed):
                        result = process(loaded, targets: targets, timings: &timings, objectiveC: objectiveCWorker, lexed: lexed,
                                         memo: memo)
                    case .lex(let dialect):
                        held.append((index, loaded, dialect))
                        heldBytes += loaded.bytes.count
                        if heldBytes >= ObjectiveCBatch.maximumBytes { lexHeld() }
                        continue
                    }
                case .source(let loaded):
                    // The Swift path only: libclang's time is bounded where it runs (Objective-C options).
                    let ticket = watchdog.begin(path: loaded.path, bytes: loaded.bytes.count)
                    result = process(loaded, targets: targets, timings: &timings, objectiveC: objectiveCWorker, memo: memo)
                    watchdog.end(ticket)
                }
                results[index] = result
            }
            if !held.isEmpty { lexHeld() }
            results.mergeTimings(timings.summary(ruleIDs: fileRuleIDs, factCollectorIDs: factCollectorIDs))
        }
        return (results.takeValues(), results.timings, workers)
    }

    /// Whether some rule, fact collector or suppression comment could see anything in an Objective-C file.
    private func needsObjectiveCTokens(_ bytes: [UInt8]) -> Bool {
        objectiveCWords.map { words in TextSearch.containsAny(bytes, words) } ?? true
    }

    /// Lints one file: its diagnostics (suppressions not yet applied), first-pass facts and suppressions.
    /// `lexed`: an Objective-C file's outcome when already known (lexed with others).
    func process(_ loaded: Loaded, targets: DeploymentTargetResolver, timings: inout WorkerTimings,
                 objectiveC: ObjectiveCWorker, lexed: ObjectiveCWorker.Outcome? = nil, memo: FolderPlaceMemo? = nil) -> FileResult {
        var result = FileResult()
        result.bytes = loaded.bytes.count
        var start = monotonicNanoseconds()
        let fileStart = start
        let budget = options.fileBudget
        func overBudget(_ now: UInt64) -> FileResult? {
            guard loaded.language == .swift, budget.exceeded(since: fileStart, now: now, bytes: loaded.bytes.count) else { return nil }
            var skipped = FileResult()
            skipped.bytes = loaded.bytes.count
            skipped.problem = InputProblem(path: loaded.path, reason: FileBudget.reason(limit: budget.limit(forBytes: loaded.bytes.count)))
            return skipped
        }
        let tokens: [Token]
        if loaded.language == .swift {
            if options.skipsSwiftFilesWithoutTriggerWords, let words = swiftWords,
               !TextSearch.containsAny(loaded.bytes, words) {
                // What the full path gives such a file: no rule ran, so its settings, project and
                // spelled names only (the byte search is charged to tokenizing, which it replaces).
                start = timings.add(.tokenizing, since: start)
                if defersFacts {
                    result.spelled = loaded.bytes.withUnsafeBufferPointer { SpelledWords($0) }
                    start = timings.add(.spelledWords, since: start)
                }
                placeWithoutRules(&result, loaded, targets: targets, memo: memo)
                timings.add(.manifests, since: start)
                result.skippedByPrescan = true
                return result
            }
            tokens = Tokenizer.tokenize(loaded.bytes)
            start = timings.add(.tokenizing, since: start)
        } else {
            let outcome = lexed ?? objectiveC.tokens(of: loaded.bytes, path: loaded.absolutePath) {
                needsObjectiveCTokens(loaded.bytes)
            }
            start = timings.add(.objectiveCTokenizing, since: start)
            switch outcome {
            case .tokens(let objectiveCTokens): tokens = objectiveCTokens
            case .libclangMissing: result.skippedObjectiveC = true; return result
            case .notLinted: return result
            case .nothingToCheck:
                // What a run through libclang gives such a file: its settings and project, no findings.
                placeWithoutRules(&result, loaded, targets: targets, memo: memo)
                timings.add(.manifests, since: start)
                result.skippedByPrescan = true
                return result
            case .failed(let reason): result.problem = InputProblem(path: loaded.path, reason: reason); return result
            }
        }
        if loaded.language == .swift, defersFacts {
            result.spelled = loaded.bytes.withUnsafeBufferPointer { SpelledWords($0, tokens: tokens) }
            start = timings.add(.spelledWords, since: start)
        }
        let file = SourceFile(path: loaded.path, bytes: loaded.bytes, tokens: tokens, language: loaded.language)
        start = timings.add(.structure, since: start)
        // Nearly every file needs the declarations (fact collectors read them); building them
        // here gives them their own line in `--timings` instead of charging the first rule.
        if file.language == .swift {
            _ = file.declarations
            start = timings.add(.declarations, since: start)
        }
        let place = self.place(loaded.absolutePath, targets: targets, memo: memo)
        let settings = place.settings
        result.path = loaded.path
        result.language = loaded.language
        result.settings = settings
        let target = settings.iosDeploymentTarget ?? place.target!
        let isTest = TestFileDetector.isTestFile(loaded.path)
        result.project = place.projectRoot
        let scenes = place.scenes
        start = timings.add(.manifests, since: start)
        // Run-wide settings enable every rule and usually override nothing: no lookups by id then.
        let perFile = options.fileSettings != nil
        var mentioned = TriggerWordTable.Memo(wordTable)
        for (ruleIndex, rule) in fileRules.enumerated() {
            let id = fileRuleIDs[ruleIndex]
            guard !perFile || settings.isEnabled(id), rule.reads(file.language) else { continue }
            guard mentioned.mentionsAny(triggerWords[ruleIndex], of: wordTable, in: file) else {
                start = timings.addRule(ruleIndex, since: start)  // the pre-scan is the rule's cost
                continue
            }
            var context = Self.context(file, id, default: fileRuleSeverities[ruleIndex], settings, target, isTest, scenes)
            rule.checkFile(&context)
            result.diagnostics += context.diagnostics
            start = timings.addRule(ruleIndex, since: start)
            if let skipped = overBudget(start) { return skipped }
        }
        let collectorWords = file.language == .swift ? factTriggerWords : objectiveCFactTriggerWords
        for (collectorIndex, rule) in factCollectors.enumerated() where rule.reads(file.language) {
            guard mentioned.mentionsAny(collectorWords[collectorIndex], of: wordTable, in: file) else {
                start = timings.addFacts(collectorIndex, since: start)
                continue
            }
            if file.language == .swift, rule.deferredFactsComplementFirstPass { result.firstPassCollected.append(collectorIndex) }
            let context = Self.context(file, factCollectorIDs[collectorIndex], default: factCollectorSeverities[collectorIndex],
                                       settings, target, isTest, scenes)
            if let facts = rule.collectFileFacts(context) {
                result.facts.append(CollectedFacts(collector: collectorIndex, facts: facts))
            }
            start = timings.addFacts(collectorIndex, since: start)
            if let skipped = overBudget(start) { return skipped }
        }
        let (suppressions, invalid) = FileSuppressions.scan(file, settings: settings, rules: options.rules, knownRuleIDs: knownRuleIDs)
        result.suppressions = suppressions
        result.diagnostics += invalid
        if !result.diagnostics.isEmpty {  // while the bytes are here: reporters never read the file again
            var content = ContentFingerprint(bytes: loaded.bytes)
            content.stamp(&result.diagnostics, path: loaded.path)
        }
        timings.add(.suppressions, since: start)
        return result
    }

    /// The path, settings and project of a file no rule could see anything in, which the full path
    /// would give it (its folder is asked about as there, for `--verbose`).
    private func placeWithoutRules(_ result: inout FileResult, _ loaded: Loaded, targets: DeploymentTargetResolver,
                                   memo: FolderPlaceMemo?) {
        result.path = loaded.path
        result.language = loaded.language
        let place = self.place(loaded.absolutePath, targets: targets, memo: memo)
        result.settings = place.settings
        result.project = place.projectRoot
    }

    /// A file's settings and what its folder's manifests decide (`target` nil when the settings
    /// give one), from `memo` when it remembers the file's folder and the answers follow folders.
    func place(_ absolutePath: String, targets: DeploymentTargetResolver, memo: FolderPlaceMemo?) -> FilePlace {
        let memo = options.fileSettings == nil || options.fileSettingsFollowFolders ? memo : nil
        if let known = memo?.recall(absolutePath) { return known }
        let settings = options.fileSettings?(absolutePath) ?? runWideSettings
        let found = targets.place(ofFile: absolutePath, needsTarget: settings.iosDeploymentTarget == nil)
        let place = FilePlace(settings: settings, target: found.target, projectRoot: found.projectRoot, scenes: found.scenes)
        memo?.remember(absolutePath, place)
        return place
    }

    /// What rule `id` sees of a file: its configured severity (else `fallback`) and options.
    static func context(_ file: SourceFile, _ id: String, default fallback: Severity, _ settings: FileSettings,
                                _ target: DeploymentTarget, _ isTest: Bool, _ scenes: AppScenes = .unknown,
                                projectInput: [String] = []) -> RuleContext {
        RuleContext(file: file, ruleID: id, severity: settings.severity(of: id, default: fallback),
                    options: settings.options(of: id), deploymentTarget: target, isTestFile: isTest, appScenes: scenes,
                    projectInput: projectInput)
    }

    /// The words a file must mention to contribute facts to the project rules among `rules` (and
    /// the rules whose facts they read); nil when some collector reads every file, or defers facts
    /// (its second pass reads files by words its first-pass facts name, which any file may spell).
    public static func factTriggerWords(for rules: [any Rule.Type], allRules: [any Rule.Type]) -> Set<String>? {
        var words = Set<String>()
        for collector in factCollectors(for: rules.compactMap { $0 as? any ProjectRule.Type }, allRules: allRules) {
            if collector.factTriggerWords.isEmpty || collector.objectiveCFactTriggerWords.isEmpty || collector.defersFacts {
                return nil
            }
            words.formUnion(collector.factTriggerWords)
            words.formUnion(collector.objectiveCFactTriggerWords)
        }
        return words
    }

    /// What a file in `language` must mention for one of `fileRules`, `factCollectors` or a
    /// suppression comment to see anything in it; nil when one of them reads every such file.
    static func prescanWords(for language: SourceLanguage, fileRules: [any Rule.Type],
                             factCollectors: [any ProjectRule.Type]) -> [[UInt8]]? {
        var words = Set<String>()
        for rule in fileRules where rule.reads(language) {
            guard !rule.triggerWords.isEmpty else { return nil }
            words.formUnion(rule.triggerWords)
        }
        for collector in factCollectors where collector.reads(language) {
            let collectorWords = language == .swift ? collector.factTriggerWords : collector.objectiveCFactTriggerWords
            guard !collectorWords.isEmpty else { return nil }
            words.formUnion(collectorWords)
        }
        // A word that contains another is found whenever that one is.
        let needed = words.filter { word in !words.contains { $0 != word && word.contains($0) } }
        return needed.sorted().map { Array($0.utf8) } + [FileSuppressions.marker]
    }

    /// `enabled` and every project rule whose facts they read, in registry order.
    static func factCollectors(for enabled: [any ProjectRule.Type], allRules: [any Rule.Type]) -> [any ProjectRule.Type] {
        var needed = Set<String>()
        var pending = enabled
        while let rule = pending.popLast() {
            guard needed.insert(rule.description.id).inserted else { continue }
            pending += rule.readsFactsOf
        }
        return allRules.compactMap { $0 as? any ProjectRule.Type }.filter { needed.contains($0.description.id) }
    }

    /// True when the file mentions one of `words`, or `words` is empty (the rule always runs).
    /// `merged`: the facts of some collectors already merged per project (by the deferred pass), not merged again.
    private func finish(_ results: [FileResult], targets: DeploymentTargetResolver, timings: StageTimings,
                        merged: [String: MergedFacts] = [:]) -> LintResult {
        var timings = timings
        let start = monotonicNanoseconds()
        var diagnostics: [Diagnostic] = []
        let filesByProject = Self.filesByProject(results, withoutPath: true)
        var problems: [InputProblem] = []
        var linted = 0
        var skippedObjectiveC = 0
        var prescanSkipped = (swift: 0, objectiveC: 0)
        var bytes = 0
        var suppressions: [String: FileSuppressions] = [:]
        var settings: [String: FileSettings] = [:]
        // Every file has settings when they may differ per file: no rehashing as it grows.
        if options.fileSettings != nil { settings.reserveCapacity(results.count) }
        // By index: no copy of each `FileResult` (every field retained, then released).
        for index in results.indices {
            diagnostics += results[index].diagnostics
            if let fileSuppressions = results[index].suppressions { suppressions[results[index].path] = fileSuppressions }
            if options.fileSettings != nil, let fileSettings = results[index].settings { settings[results[index].path] = fileSettings }
            if let problem = results[index].problem {
                problems.append(problem)
            } else if results[index].skippedObjectiveC {
                skippedObjectiveC += 1
            } else {
                linted += 1
            }
            if results[index].skippedByPrescan {
                if results[index].language == .swift { prescanSkipped.swift += 1 } else { prescanSkipped.objectiveC += 1 }
            }
            bytes += results[index].bytes
        }
        // Each project merges its facts and decides on them on its own, so projects run in
        // parallel; their findings join in a stable order (projects sorted, rules in order).
        let projects = filesByProject.keys.sorted()
        let (projectFiles, fileSettings) = (filesByProject, settings)
        let walked = monotonicNanoseconds()
        let decided = ResultSlots<[Diagnostic]>(count: projects.count)
        let queue = WorkQueue(count: projects.count)
        // The largest projects first: one started last kept a core busy while the other waited.
        let largestFirst = projects.indices.sorted { filesByProject[projects[$0]]!.count > filesByProject[projects[$1]]!.count }
        let workers = max(1, min(options.workers > 0 ? options.workers : ProcessInfo.processInfo.activeProcessorCount, projects.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var ruleTimings = StageTimings()
            while let next = queue.next() {
                let position = largestFirst[next]
                let project = projects[position]
                let mergeStart = monotonicNanoseconds()
                let facts = mergedFacts(of: projectFiles[project]!, in: results, premerged: merged[project])
                ruleTimings.add(.projectRules, since: mergeStart)
                let projectTarget = projectTarget(of: project, targets: targets)
                let scenes = projectScenes(of: project, targets: targets)
                var found: [Diagnostic] = []
                for ruleIndex in projectRules.indices {
                    let ruleStart = monotonicNanoseconds()
                    found += projectDiagnostics(rule: ruleIndex, facts: facts, target: projectTarget, settings: fileSettings, scenes: scenes)
                    ruleTimings.add(.rule(projectRules[ruleIndex].description.id), since: ruleStart)
                }
                decided[position] = found
            }
            decided.mergeTimings(ruleTimings)
        }
        timings.merge(decided.timings)
        for found in decided.takeValues() { diagnostics += found }
        let suppressionStart = monotonicNanoseconds()
        // After project rules, so their findings can be suppressed too.
        var silenced = 0
        diagnostics = SuppressionPass(files: suppressions, allRuleIDs: knownRuleIDs).apply(to: diagnostics, silenced: &silenced)
        diagnostics.sort()
        // The files' walk above, each project's merge (added by its worker), the suppressions and sorting here.
        timings.add(.projectRules, nanoseconds: (walked &- start) &+ (monotonicNanoseconds() &- suppressionStart))
        return LintResult(diagnostics: diagnostics, problems: problems, filesLinted: linted, bytesLinted: bytes,
                          timings: timings, deploymentTargets: targets.resolved(), appScenes: targets.resolvedScenes(),
                          objectiveCFilesSkipped: skippedObjectiveC, libclang: objectiveC.status,
                          prescanSkippedSwift: prescanSkipped.swift, prescanSkippedObjectiveC: prescanSkipped.objectiveC,
                          suppressedCount: silenced)
    }
}

extension Linter {
    /// One project's facts per collector: its files' facts (`files`: positions in `results`, in
    /// file order) merged, except the collectors of `premerged`, whose merged value is taken as is.
    func mergedFacts(of files: [Int], in results: [FileResult], premerged: MergedFacts?) -> [(any ProjectFacts)?] {
        var facts = ProjectFactsByCollector(collectors: factCollectors.count)
        for index in files {
            if let premerged {
                facts.add(results[index].facts, of: { !premerged.collectors.contains($0) })
            } else {
                facts.add(results[index].facts)
            }
        }
        for collector in premerged?.collectors ?? [] { facts.set(collector, premerged!.facts.values[collector]) }
        return facts.values
    }

    /// The positions of `results` by project, in file order (`withoutPath`: with the results that
    /// have none, problems and the like). Files come sorted by path, so a project's files mostly
    /// follow each other: its name is hashed once per run of them, not once per file.
    static func filesByProject(_ results: [FileResult], withoutPath: Bool) -> [String: [Int]] {
        var grouped: [String: [Int]] = [:]
        var runProject: String?
        var runFiles: [Int] = []
        for index in results.indices where withoutPath || !results[index].path.isEmpty {
            if runProject == results[index].project {
                runFiles.append(index)
                continue
            }
            if let runProject { grouped[runProject, default: []] += runFiles }
            runProject = results[index].project
            runFiles = [index]
        }
        if let runProject { grouped[runProject, default: []] += runFiles }
        return grouped
    }

    /// Timings sized for this linter's rules, for `process` outside a run.
    func workerTimings() -> WorkerTimings { WorkerTimings(rules: fileRules.count, factCollectors: factCollectors.count) }

    /// The app's scenes project rules see for `project` (unknown for files in no project).
    func projectScenes(of project: String, targets: DeploymentTargetResolver) -> AppScenes {
        project.isEmpty ? .unknown : targets.appScenes(forFile: project + "/.")
    }

    /// The deployment target project rules see for `project` (a project root, or "" for files in none).
    func projectTarget(of project: String, targets: DeploymentTargetResolver) -> DeploymentTarget {
        project.isEmpty ? targets.lowestTarget() : targets.target(forFile: project + "/.")
    }

    /// What project rule `ruleIndex` (a position in `projectRules`) reports for one project, from
    /// its merged `facts` (one value per position in `factCollectors`, nil when none recorded),
    /// scoped by the per-file `settings` (by display path; empty for run-wide settings).
    func projectDiagnostics(rule ruleIndex: Int, facts: [(any ProjectFacts)?], target: DeploymentTarget,
                            settings: [String: FileSettings], scenes: AppScenes = .unknown) -> [Diagnostic] {
        let rule = projectRules[ruleIndex]
        let id = rule.description.id
        // Only what the rule declares it reads: an undeclared read fails in every run.
        var table = FactTable()
        for collector in factReads[ruleIndex] {
            table.set(facts[collector] ?? factCollectors[collector].noFacts, of: factCollectors[collector])
        }
        var context = ProjectContext(ruleID: id, severity: options.severity(of: rule),
                                     options: options.ruleOptions[id] ?? RuleOptions(), facts: table,
                                     deploymentTarget: target, appScenes: scenes)
        rule.init().finish(&context)
        return FileSettings.scope(context.diagnostics, of: rule, bySettings: settings, reportedAt: options.severity(of: rule))
    }
}

/// Per-file output of the parallel phase.
struct FileResult: Sendable {
    var diagnostics: [Diagnostic] = []
    /// One entry per collector that recorded something here.
    var facts: [CollectedFacts] = []
    var problem: InputProblem?
    var bytes = 0
    var skippedObjectiveC = false
    var language = SourceLanguage.swift
    /// The project the file belongs to (see `DeploymentTargetResolver.projectRoot`).
    var project = ""
    /// The display path, as in diagnostics.
    var path = ""
    var settings: FileSettings?
    /// Nil for files without suppression comments.
    var suppressions: FileSuppressions?
    /// What a Swift file spells, for the deferred pass's rounds (nil when no collector defers facts).
    var spelled: SpelledWords?
    /// Not tokenized: it spells none of the enabled rules' words.
    var skippedByPrescan = false
    /// The collectors whose deferred facts complement the first pass (`ProjectRule.deferredFactsComplementFirstPass`)
    /// and whose first pass ran here: the deferred rounds do not read this file for them.
    var firstPassCollected: [Int] = []
}

/// Test sources run with a single scene; some rules skip them.
public enum TestFileDetector {
    /// Endings of test file names, Swift and Objective-C (XCTest's `FooTests.m`).
    private static let testNameSuffixes = ["Tests.swift", "Test.swift", "Tests.m", "Test.m", "Tests.mm", "Test.mm"]

    public static func isTestFile(_ path: String) -> Bool {
        // Asked for every file: a byte check first, since splitting every path cost 2% of a run.
        guard mayBeTestFile(path) else { return false }
        let components = path.split(separator: "/")
        if let name = components.last, testNameSuffixes.contains(where: { name.hasSuffix($0) }) { return true }
        return components.dropLast().contains(where: isTestFolder)
    }

    /// Folders of test targets and UI-testing harness apps: `…Tests` (`UITests` too), `…Testing`
    /// (`UITesting`), and `…_Test`/`…-Test` or `Test` itself (`PVRetroArch_Test`). A word that merely
    /// ends in "Test" (`SpeedTest`) is a feature, not a test target.
    private static func isTestFolder(_ name: Substring) -> Bool {
        name.hasSuffix("Tests") || name.hasSuffix("Testing") || name == "Test"
            || name.hasSuffix("_Test") || name.hasSuffix("-Test")
    }

    /// False when no folder can end in "Tests", "Testing" or "Test" and the name cannot end as `testNameSuffixes` do.
    private static func mayBeTestFile(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { pathBytes -> Bool in
            var end = pathBytes.count
            while end > 0 && pathBytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            let text = UnsafeBufferPointer(rebasing: pathBytes[..<end])
            let endsLikeTest = testNameSuffixes.contains { suffix in
                text.count >= suffix.utf8.count && text.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
            }
            let folders: [StaticString] = ["Tests/", "Testing/", "Test/"]
            return endsLikeTest || folders.contains { folder in
                TextSearch.contains(text, UnsafeBufferPointer(start: folder.utf8Start, count: folder.utf8CodeUnitCount))
            }
        } ?? true
    }
}
