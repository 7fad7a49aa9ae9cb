import Foundation
import SeamLintCore

/// The deferred-facts pass (`ProjectRule.defersFacts`): after the first pass, the projects whose
/// facts call for it read chosen Swift files again, in rounds, for their deferring collectors.
extension Linter {
    /// The second pass: each deferring collector's deferred facts, in the Swift files of the
    /// projects whose first-pass facts call for them (see `ProjectRule.defersFacts`), in rounds
    /// while the collector names new words (`ProjectRule.deferredTriggerWords`). Projects go
    /// through their rounds independently (`RoundQueue`): nothing of one project's rounds depends
    /// on another's, so the facts do not depend on the schedule.
    func collectDeferredFacts(into fileResults: inout [FileResult], targets: DeploymentTargetResolver,
                                      workers: Int, load: @Sendable (Int) -> LoadOutcome)
        -> (timings: StageTimings, files: (count: Int, byRule: [String: Int]), unchanged: [String: MergedFacts]) {
        let deferring = factCollectors.indices.filter { factCollectors[$0].defersFacts }
        guard !deferring.isEmpty else { return (StageTimings(), (0, [:]), [:]) }
        // Only the deferring collectors' first-pass facts are merged: they alone decide.
        var merged = mergedByProject(fileResults, workers: workers, of: factCollectors.map { $0.defersFacts })
        var projects: [ProjectRounds] = []
        for project in merged.keys.sorted() {
            let facts = merged[project]!
            let needed = deferring.filter { factCollectors[$0].needsDeferredFacts(erased: facts.values[$0]) }
            guard !needed.isEmpty else { continue }
            var inputs: [Int: [String]] = [:]  // per collector: `deferredInput` of the first-pass facts, fixed for every round
            for collector in needed { inputs[collector] = factCollectors[collector].deferredInput(erased: facts.values[collector]) }
            projects.append(ProjectRounds(project: project, facts: facts, open: needed, inputs: inputs, collectors: factCollectors.count))
        }
        guard !projects.isEmpty else { return (StageTimings(), (0, [:]), merged.mapValues { MergedFacts(facts: $0, collectors: deferring) }) }
        let filesByProject = Self.filesByProject(fileResults, withoutPath: false)
        for state in projects {
            for index in filesByProject[state.project] ?? [] {
                if fileResults[index].language == .swift { state.files.append(index) }
                // Files the rounds need not read for a collector: read for it already, or (for a collector
                // whose deferred facts complement the first pass) collected by its first pass.
                for collector in fileResults[index].firstPassCollected { state.read[collector].insert(index) }
            }
        }
        let firstPass = fileResults, states = projects
        let queue = RoundQueue(projects: states.count)
        let timings = ResultSlots<Never>(count: 0)  // only its timings, merged from every worker
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            var own = StageTimings()
            while let task = queue.next() {
                switch task {
                case .plan(let position):
                    let state = states[position]
                    applyRound(state)
                    queue.planned(project: position, jobs: planRound(state, firstPass: firstPass))
                case .read(let position, let job):
                    let start = monotonicNanoseconds()
                    readDeferred(job, of: states[position], targets: targets, load: load)
                    own.add(.deferredFacts, since: start)
                    queue.read(project: position)
                }
            }
            timings.mergeTimings(own)
        }
        var filesRead = 0
        var readFor: [String: Int] = [:]
        var unchanged: [String: MergedFacts] = [:]
        for state in projects {
            filesRead += state.filesRead.count
            readFor.merge(state.readFor, uniquingKeysWith: +)
            for (file, facts) in state.added { fileResults[file].facts.append(sameFile: facts) }
            merged[state.project] = state.facts
        }
        // What `finish` would merge again: the facts of the collectors no deferred fact was added to.
        let grown = Dictionary(uniqueKeysWithValues: projects.map { ($0.project, $0.grown) })
        for (project, facts) in merged {
            let collectors = deferring.filter { !(grown[project]?.contains($0) ?? false) }
            if !collectors.isEmpty { unchanged[project] = MergedFacts(facts: facts, collectors: collectors) }
        }
        return (timings.timings, (filesRead, readFor), unchanged)
    }

    /// One project's rounds: touched by one task at a time (`RoundQueue` hands out a project's
    /// plan only when its reads are done), except `slots`, which its reads fill.
    final class ProjectRounds: @unchecked Sendable {
        let project: String
        /// Its Swift files, in file order.
        var files: [Int] = []
        /// Its merged facts: the first pass's, then each round's in file order.
        var facts: ProjectFactsByCollector
        /// The collectors still naming new words.
        var open: [Int]
        let inputs: [Int: [String]]
        var usedWords: [Int: Set<String>] = [:]
        /// Per collector, the files read for it (or collected by its complementing first pass).
        var read: [Set<Int>]
        var rounds = 0
        /// The round being read, and what each of its files gave.
        var jobs: [(file: Int, checks: [WordCheck], commentsLeftOut: Bool)] = []
        var slots = ResultSlots<(collectors: [Int], facts: [CollectedFacts])>(count: 0)
        /// What the rounds added, in order: the files' facts, and the counts for `--timings`.
        var added: [(file: Int, facts: [CollectedFacts])] = []
        var grown: Set<Int> = []
        var filesRead: Set<Int> = []
        var readFor: [String: Int] = [:]

        init(project: String, facts: ProjectFactsByCollector, open: [Int], inputs: [Int: [String]], collectors: Int) {
            self.project = project
            self.facts = facts
            self.open = open
            self.inputs = inputs
            read = [Set<Int>](repeating: [], count: collectors)
        }
    }

    /// Plans `state`'s next round and returns how many files it reads (0: the project is done).
    /// A round whose every file the first pass's filter rules out reads none: the next is planned.
    func planRound(_ state: ProjectRounds, firstPass: [FileResult]) -> Int {
        while true {
            state.rounds += 1
            // Each round finds at most one more link of a helper chain, and looks at every file of
            // the project: a chain spread over many files would cost files × links. Past a few
            // rounds every file not yet read for the collector is read, which is what the rounds
            // only narrow (a file's deferred facts do not depend on the words that chose it).
            let readsEveryFile = state.rounds > Self.selectiveRounds
            var checks: [WordCheck] = []
            var stillOpen: [Int] = []
            // Every collector that looked for new words last round is asked again, grown or not:
            // one may leave words for a later round (`ProjectRule.deferredTriggerWords`).
            for collector in state.open {
                let searched = state.usedWords[collector] ?? []
                guard let words = factCollectors[collector].deferredTriggerWords(erased: state.facts.values[collector],
                                                                                 searched: searched) else {
                    checks.append(WordCheck(collector: collector, words: nil))  // every file, once
                    continue
                }
                let fresh = Set(words.filter { !$0.isEmpty }).subtracting(searched)
                guard !fresh.isEmpty else { continue }
                state.usedWords[collector, default: []].formUnion(fresh)
                // Many words (every helper of a large project) would be looked for in every
                // file, files × words: reading the unread files costs less.
                let readsAll = readsEveryFile || fresh.count > Self.maximumSearchWords
                checks.append(WordCheck(collector: collector, words: readsAll ? nil : Self.searchWords(fresh)))
                stillOpen.append(collector)
            }
            state.open = stillOpen
            guard !checks.isEmpty else { return 0 }
            var steps = state.files.count
            var unreadFiles = 0
            var jobs: [(file: Int, checks: [WordCheck], commentsLeftOut: Bool)] = []
            let checkSteps = checks.map { $0.words?.count ?? 1 }
            // Out of the loop: reading the sets through the class per file and check retained them.
            let readSets = checks.map { state.read[$0.collector] }
            for file in state.files {
                // The checks whose collector has not read the file, as positions: an array per
                // file (thousands per round) only for the few files the filter lets through.
                var unread: [Int] = []
                for position in readSets.indices where !readSets[position].contains(file) {
                    if unread.isEmpty { unread.reserveCapacity(checks.count - position) }
                    unread.append(position)
                    steps += checkSteps[position]
                }
                guard !unread.isEmpty else { continue }
                unreadFiles += 1
                // A file whose first pass rules out every new word is not read.
                // `commentsLeftOut`: the filter that let it through knew its comments.
                if let spelled = firstPass[file].spelled {
                    guard unread.contains(where: { checks[$0].mayBeSpelled(in: spelled) }) else { continue }
                    jobs.append((file, unread.map { checks[$0] }, spelled.leavesOutComments))
                } else {
                    jobs.append((file, unread.map { checks[$0] }, false))
                }
            }
            state.jobs = jobs
            ScalingCounter.add(steps)
            guard unreadFiles > 0 else { return 0 }  // every file read
            if !state.jobs.isEmpty {
                state.slots = ResultSlots(count: state.jobs.count)
                return state.jobs.count
            }
        }
    }

    /// Reads file `job` of `state`'s round: its deferred facts for the checks it passes.
    func readDeferred(_ job: Int, of state: ProjectRounds, targets: DeploymentTargetResolver,
                      load: @Sendable (Int) -> LoadOutcome) {
        let (file, jobChecks, commentsLeftOut) = state.jobs[job]
        // A file that vanished or changed since the first pass contributes what it now holds.
        guard case .source(let loaded) = load(file) else { state.slots[job] = ([], []); return }
        var checks = loaded.bytes.withUnsafeBufferPointer { bytes in
            jobChecks.filter { check in
                check.words.map { words in
                    words.contains { word in word.allSatisfy { part in part.withUnsafeBufferPointer { TextSearch.contains(bytes, $0) } } }
                } ?? true
            }
        }
        // A word found only in comments (a license header naming the app) holds no use of it: such
        // a file is tokenized, not read. The first pass's filter left comments in where it did not
        // tokenize the file; where it left them out, the rare file it let through in error is read.
        var tokens: [Token]?
        if !commentsLeftOut, checks.contains(where: { $0.probes != nil }) {
            let fileTokens = Tokenizer.tokenize(loaded.bytes)
            let spelled = loaded.bytes.withUnsafeBufferPointer { SpelledWords($0, tokens: fileTokens) }
            checks = checks.filter { $0.mayBeSpelled(in: spelled) }
            tokens = fileTokens
        }
        let collectors = checks.map(\.collector)
        state.slots[job] = (collectors, deferredFacts(of: loaded, tokens: tokens, collectors: collectors, targets: targets,
                                                      inputs: state.inputs))
    }

    /// Adds `state`'s last round (if any) to its facts, in file order.
    func applyRound(_ state: ProjectRounds) {
        for (position, job) in state.jobs.enumerated() {
            guard let (collectors, facts) = state.slots[position], !collectors.isEmpty else { continue }
            state.filesRead.insert(job.file)
            for collector in collectors where state.read[collector].insert(job.file).inserted {
                state.readFor[factCollectorIDs[collector], default: 0] += 1
            }
            state.added.append((job.file, facts))
            state.facts.add(facts)
            for entry in facts { state.grown.insert(entry.collector) }
        }
        state.jobs = []
    }

    /// What a round looks for in a file for one collector: its new `words` (`searchWords`), each
    /// hashed once for the first pass's `SpelledWords`; nil words: every file.
    struct WordCheck {
        var collector: Int
        var words: [[[UInt8]]]?
        var probes: [[SpelledWords.Probe?]]?

        init(collector: Int, words: [[[UInt8]]]?) {
            self.collector = collector
            self.words = words
            probes = words?.map { parts in parts.map(SpelledWords.probe) }
        }

        /// False when `spelled` rules out every word (a word of several names needs them all).
        func mayBeSpelled(in spelled: SpelledWords) -> Bool {
            probes.map { words in
                words.contains { parts in parts.allSatisfy { part in part.map(spelled.mayContain) ?? true } }
            } ?? true
        }
    }

    /// A project's merged facts of `collectors`, in file order as `finish` merges them.
    struct MergedFacts {
        var facts: ProjectFactsByCollector
        var collectors: [Int]
    }

    /// Rounds that read only the files spelling a new word; later rounds read every unread file.
    /// A constant, so a chain of helpers costs files × 8 filter checks at most; real chains of
    /// menu helpers reach five links (UTM: its fifth round reads 24 files, not the 166 unread).
    static let selectiveRounds = 8
    /// The most new words a round looks for in each file; with more it reads every unread file.
    static let maximumSearchWords = 64

    /// `words` as bytes, sorted, each split at its spaces (a file must spell every part).
    static func searchWords(_ words: Set<String>) -> [[[UInt8]]] {
        words.sorted().map { word in word.split(separator: " ").map { Array($0.utf8) } }
    }

    /// The deferred facts of one Swift file for the deferring `collectors` (positions in `factCollectors`).
    /// `tokens`: the file's, when already made. `inputs`: each collector's `deferredInput` in the file's project.
    func deferredFacts(of loaded: Loaded, tokens: [Token]? = nil, collectors: [Int], targets: DeploymentTargetResolver,
                       inputs: [Int: [String]]) -> [CollectedFacts] {
        guard !collectors.isEmpty else { return [] }
        let file = SourceFile(path: loaded.path, bytes: loaded.bytes, tokens: tokens, language: loaded.language)
        let settings = options.fileSettings?(loaded.absolutePath) ?? runWideSettings
        let target = settings.iosDeploymentTarget ?? targets.target(forFile: loaded.absolutePath)
        let isTest = TestFileDetector.isTestFile(loaded.path)
        var facts: [CollectedFacts] = []
        for collectorIndex in collectors {  // no trigger words: they gate the first pass
            let context = Self.context(file, factCollectorIDs[collectorIndex], default: factCollectorSeverities[collectorIndex],
                                       settings, target, isTest, projectInput: inputs[collectorIndex] ?? [])
            if let deferred = factCollectors[collectorIndex].collectDeferredFileFacts(context) {
                facts.append(CollectedFacts(collector: collectorIndex, facts: deferred))
            }
        }
        return facts
    }

    /// Each project's first-pass facts of the collectors `included` marks, merged in file order.
    /// Projects merge in parallel, the largest first: merging a large app's facts (every file's
    /// declared names) took a core for a tenth of the rounds' time while the other waited.
    func mergedByProject(_ results: [FileResult], workers: Int, of included: [Bool]) -> [String: ProjectFactsByCollector] {
        let filesByProject = Self.filesByProject(results, withoutPath: false)
        let projects = filesByProject.keys.sorted { filesByProject[$0]!.count > filesByProject[$1]!.count }
        let slots = ResultSlots<ProjectFactsByCollector>(count: projects.count)
        let queue = WorkQueue(count: projects.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, projects.count))) { _ in
            while let position = queue.next() {
                var facts = ProjectFactsByCollector(collectors: factCollectors.count)
                for index in filesByProject[projects[position]]! { facts.add(results[index].facts, of: { included[$0] }) }
                slots[position] = facts
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(projects, slots.takeValues()))
    }
}
