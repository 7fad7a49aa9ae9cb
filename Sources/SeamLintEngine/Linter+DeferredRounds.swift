import Foundation
import SeamLintCore

/// The deferred-facts pass (`ProjectRule.defersFacts`): after the first pass, the projects whose
/// facts call for it read chosen Swift files again, in rounds, for their deferring collectors.
extension Linter {
    /// The second pass: each deferring collector's deferred facts, in the Swift files of the
    /// projects whose first-pass facts call for them (see `ProjectRule.defersFacts`), in rounds
    /// while the collector names new words (`ProjectRule.deferredTriggerWords`).
    func collectDeferredFacts(into fileResults: inout [FileResult], targets: DeploymentTargetResolver,
                                      workers: Int, load: @Sendable (Int) -> LoadOutcome)
        -> (timings: StageTimings, files: (count: Int, byRule: [String: Int]), unchanged: [String: MergedFacts]) {
        let deferring = factCollectors.indices.filter { factCollectors[$0].defersFacts }
        guard !deferring.isEmpty else { return (StageTimings(), (0, [:]), [:]) }
        // Only the deferring collectors' first-pass facts are merged: they alone decide.
        var merged = mergedByProject(fileResults, workers: workers, of: factCollectors.map { $0.defersFacts })
        var open: [String: [Int]] = [:]
        // Per project and collector: `deferredInput` of the first-pass facts, fixed for every round.
        var inputs: [String: [Int: [String]]] = [:]
        for (project, facts) in merged {
            let needed = deferring.filter { factCollectors[$0].needsDeferredFacts(erased: facts.values[$0]) }
            if !needed.isEmpty { open[project] = needed }
            for collector in needed {
                inputs[project, default: [:]][collector] = factCollectors[collector].deferredInput(erased: facts.values[collector])
            }
        }
        guard !open.isEmpty else { return (StageTimings(), (0, [:]), merged.mapValues { MergedFacts(facts: $0, collectors: deferring) }) }
        var swiftFiles: [String: [Int]] = [:]
        for index in fileResults.indices where fileResults[index].language == .swift && !fileResults[index].path.isEmpty
            && open[fileResults[index].project] != nil {
            swiftFiles[fileResults[index].project, default: []].append(index)
        }
        var usedWords: [String: [Int: Set<String>]] = [:]
        var grownEver: [String: Set<Int>] = [:]
        // Files the rounds need not read for a collector: read for it already, or (for a collector
        // whose deferred facts complement the first pass) collected by its first pass.
        var read = [Set<Int>](repeating: [], count: factCollectors.count)
        for index in fileResults.indices {
            for collector in fileResults[index].firstPassCollected { read[collector].insert(index) }
        }
        var filesRead = Set<Int>()
        var readFor: [String: Int] = [:]
        var timings = StageTimings()
        var rounds = 0
        while !open.isEmpty {
            rounds += 1
            // Each round finds at most one more link of a helper chain, and looks at every file of
            // the project: a chain spread over many files would cost files × links. Past a few
            // rounds every file not yet read for the collector is read, which is what the rounds
            // only narrow (a file's deferred facts do not depend on the words that chose it).
            let readsEveryFile = rounds > Self.selectiveRounds
            // This round: per file, the collectors to run there if it mentions one of their new words (nil: always).
            var jobs: [(file: Int, checks: [WordCheck])] = []
            var stillOpen: [String: [Int]] = [:]
            for project in open.keys.sorted() {
                var checks: [WordCheck] = []
                // Every collector that looked for new words last round is asked again, grown or not:
                // one may leave words for a later round (`ProjectRule.deferredTriggerWords`).
                for collector in open[project]! {
                    let searched = usedWords[project]?[collector] ?? []
                    guard let words = factCollectors[collector].deferredTriggerWords(erased: merged[project]?.values[collector],
                                                                                     searched: searched) else {
                        checks.append(WordCheck(collector: collector, words: nil))  // every file, once
                        continue
                    }
                    let fresh = Set(words.filter { !$0.isEmpty }).subtracting(searched)
                    guard !fresh.isEmpty else { continue }
                    usedWords[project, default: [:]][collector, default: []].formUnion(fresh)
                    // Many words (every helper of a large project) would be looked for in every
                    // file, files × words: reading the unread files costs less.
                    let readsAll = readsEveryFile || fresh.count > Self.maximumSearchWords
                    checks.append(WordCheck(collector: collector, words: readsAll ? nil : Self.searchWords(fresh)))
                    stillOpen[project, default: []].append(collector)
                }
                guard !checks.isEmpty else { continue }
                ScalingCounter.add(swiftFiles[project]?.count ?? 0)
                for file in swiftFiles[project] ?? [] {
                    let unread = checks.filter { !read[$0.collector].contains(file) }
                    if !unread.isEmpty { jobs.append((file, unread)) }
                }
            }
            open = stillOpen
            guard !jobs.isEmpty else { break }  // every file read
            // A file whose first pass rules out every new word is not read.
            // `commentsLeftOut`: the filter that let it through knew its comments.
            let round: [(file: Int, checks: [WordCheck], commentsLeftOut: Bool, inputs: [Int: [String]])] = jobs.compactMap { job in
                ScalingCounter.add(job.checks.reduce(0) { $0 + ($1.words?.count ?? 1) })
                let projectInputs = inputs[fileResults[job.file].project] ?? [:]
                guard let spelled = fileResults[job.file].spelled else { return (job.file, job.checks, false, projectInputs) }
                guard job.checks.contains(where: { $0.mayBeSpelled(in: spelled) }) else { return nil }
                return (job.file, job.checks, spelled.leavesOutComments, projectInputs)
            }
            let slots = ResultSlots<(collectors: [Int], facts: [CollectedFacts])>(count: round.count)
            let queue = WorkQueue(count: round.count)
            DispatchQueue.concurrentPerform(iterations: max(1, min(workers, round.count))) { _ in
                var timings = StageTimings()
                while let position = queue.next() {
                    let start = monotonicNanoseconds()
                    let job = round[position]
                    // A file that vanished or changed since the first pass contributes what it now holds.
                    guard case .source(let loaded) = load(job.file) else { slots[position] = ([], []); continue }
                    var checks = loaded.bytes.withUnsafeBufferPointer { bytes in
                        job.checks.filter { check in
                            check.words.map { words in
                                words.contains { word in word.allSatisfy { part in part.withUnsafeBufferPointer { TextSearch.contains(bytes, $0) } } }
                            } ?? true
                        }
                    }
                    // A word found only in comments (a license header naming the app) holds no
                    // use of it: such a file is tokenized, not read. The first pass's filter left
                    // comments in where it did not tokenize the file; where it left them out, the
                    // rare file it let through in error is read.
                    var tokens: [Token]?
                    if !job.commentsLeftOut, checks.contains(where: { $0.probes != nil }) {
                        let fileTokens = Tokenizer.tokenize(loaded.bytes)
                        let spelled = loaded.bytes.withUnsafeBufferPointer { SpelledWords($0, tokens: fileTokens) }
                        checks = checks.filter { $0.mayBeSpelled(in: spelled) }
                        tokens = fileTokens
                    }
                    let collectors = checks.map(\.collector)
                    slots[position] = (collectors, deferredFacts(of: loaded, tokens: tokens, collectors: collectors, targets: targets,
                                                                 inputs: job.inputs))
                    timings.add(.deferredFacts, since: start)
                }
                slots.mergeTimings(timings)
            }
            timings.merge(slots.timings)
            for (position, job) in round.enumerated() {
                guard let (collectors, facts) = slots[position], !collectors.isEmpty else { continue }
                filesRead.insert(job.file)
                for collector in collectors where read[collector].insert(job.file).inserted { readFor[factCollectorIDs[collector], default: 0] += 1 }
                fileResults[job.file].facts.append(sameFile: facts)
                merged[fileResults[job.file].project]?.add(facts)
                for entry in facts {
                    grownEver[fileResults[job.file].project, default: []].insert(entry.collector)
                }
            }
        }
        // What `finish` would merge again: the facts of the collectors no deferred fact was added to.
        var unchanged: [String: MergedFacts] = [:]
        for (project, facts) in merged {
            let collectors = deferring.filter { !(grownEver[project]?.contains($0) ?? false) }
            if !collectors.isEmpty { unchanged[project] = MergedFacts(facts: facts, collectors: collectors) }
        }
        return (timings, (filesRead.count, readFor), unchanged)
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
        var grouped: [String: [Int]] = [:]
        for index in results.indices where !results[index].path.isEmpty {
            grouped[results[index].project, default: []].append(index)
        }
        let filesByProject = grouped
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
        return Dictionary(uniqueKeysWithValues: zip(projects, slots.values))
    }
}
