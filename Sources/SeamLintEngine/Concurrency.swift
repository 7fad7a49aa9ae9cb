import Foundation
import SeamLintCore

/// Hands out file indices to workers, in order, so big trees stream through a few workers.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
}

/// One slot per file; each slot is written by exactly one worker, so results need no merging
/// order and the output does not depend on scheduling.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()
    private(set) var timings = StageTimings()

    init(count: Int) { storage = [Value?](repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[index] }
        set { lock.lock(); storage[index] = newValue; lock.unlock() }
    }

    func mergeTimings(_ other: StageTimings) {
        lock.lock()
        timings.merge(other)
        lock.unlock()
    }

    /// The filled slots' values, in order, moved out: every slot is left empty. A copy would
    /// retain every field of every value (a file's result holds dozens), and freeing the slots
    /// release them again, on the thread that waits for the next stage.
    func takeValues() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        let filled = storage.reduce(0) { $1 == nil ? $0 : $0 + 1 }
        return storage.withUnsafeMutableBufferPointer { slots in
            [Value](unsafeUninitializedCapacity: filled) { values, count in
                count = 0
                guard let base = slots.baseAddress, let target = values.baseAddress else { return }
                for position in slots.indices {
                    // Moved out and the slot set to nil again, so the array frees nothing twice.
                    guard let value = (base + position).move() else { (base + position).initialize(to: nil); continue }
                    (base + position).initialize(to: nil)
                    (target + count).initialize(to: value)
                    count += 1
                }
            }
        }
    }
}

/// Holds a value until `release`, so that the thread calling `release` is the one that frees it.
final class Disposal<Value>: @unchecked Sendable {
    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// Called once, on one thread.
    func release() { value = nil }
}

/// Nanoseconds from a monotonic clock.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Where the time of a run went: per stage and per rule, summed over workers (so CPU time, not
/// wall time, for the parallel stages), and the wall time of the whole lint phase.
public struct StageTimings: Sendable {
    public enum Stage: Hashable, Sendable {
        /// Finding the files (serial, before linting).
        case discovery
        /// Reading files, with the UTF-8 and binary checks.
        case reading
        case tokenizing
        /// Objective-C tokens from libclang (in worker processes: the wait for their answer).
        case objectiveCTokenizing
        /// Code tokens, line table, bracket pairs.
        case structure
        /// The declaration outline (built once per file, shared by every rule).
        case declarations
        /// Finding and parsing the project manifests that give deployment targets.
        case manifests
        /// A file rule's `check`.
        case rule(String)
        /// A project rule's fact collection (it runs whether or not the rule is enabled).
        case facts(String)
        /// Suppression comments.
        case suppressions
        /// The second pass for deferred facts (`ProjectRule.defersFacts`), reading included.
        case deferredFacts
        /// The first pass's index of the names each Swift file spells (`SpelledWords`), which the
        /// second pass reads to choose its files.
        case spelledWords
        /// Project rules deciding from all facts, and applying suppressions (serial).
        case projectRules
        /// Rendering and writing the report (serial).
        case reporting
    }

    public private(set) var nanoseconds: [Stage: UInt64] = [:]
    /// Wall time of the lint phase (reading to project rules), when measured.
    public var wallNanoseconds: UInt64 = 0

    public init() {}

    public mutating func add(_ stage: Stage, nanoseconds value: UInt64) {
        nanoseconds[stage, default: 0] += value
    }

    mutating func add(_ stage: Stage, since start: UInt64) {
        add(stage, nanoseconds: monotonicNanoseconds() &- start)
    }

    public mutating func merge(_ other: StageTimings) {
        for (stage, value) in other.nanoseconds { nanoseconds[stage, default: 0] += value }
    }
}

/// One worker's clock: plain arrays indexed by stage and rule position, so the per-file
/// bookkeeping hashes nothing (a dictionary keyed by rule id cost about 2% of a run).
struct WorkerTimings {
    enum Stage: Int, CaseIterable {
        case reading, tokenizing, objectiveCTokenizing, structure, declarations, manifests, suppressions, spelledWords

        var summaryStage: StageTimings.Stage {
            switch self {
            case .reading: return .reading
            case .tokenizing: return .tokenizing
            case .objectiveCTokenizing: return .objectiveCTokenizing
            case .structure: return .structure
            case .declarations: return .declarations
            case .manifests: return .manifests
            case .suppressions: return .suppressions
            case .spelledWords: return .spelledWords
            }
        }
    }

    private var stages = [UInt64](repeating: 0, count: Stage.allCases.count)
    private var rules: [UInt64]
    private var facts: [UInt64]

    init(rules: Int, factCollectors: Int) {
        self.rules = [UInt64](repeating: 0, count: rules)
        self.facts = [UInt64](repeating: 0, count: factCollectors)
    }

    /// Adds the time since `start` to `stage` and returns now, the start of what follows.
    @discardableResult
    mutating func add(_ stage: Stage, since start: UInt64) -> UInt64 {
        let now = monotonicNanoseconds()
        stages[stage.rawValue] &+= now &- start
        return now
    }

    @discardableResult
    mutating func addRule(_ index: Int, since start: UInt64) -> UInt64 {
        let now = monotonicNanoseconds()
        rules[index] &+= now &- start
        return now
    }

    @discardableResult
    mutating func addFacts(_ index: Int, since start: UInt64) -> UInt64 {
        let now = monotonicNanoseconds()
        facts[index] &+= now &- start
        return now
    }

    /// The totals under their stage names; rules that never ran are left out.
    func summary(ruleIDs: [String], factCollectorIDs: [String]) -> StageTimings {
        var summary = StageTimings()
        for stage in Stage.allCases where stages[stage.rawValue] > 0 {
            summary.add(stage.summaryStage, nanoseconds: stages[stage.rawValue])
        }
        for (index, value) in rules.enumerated() where value > 0 { summary.add(.rule(ruleIDs[index]), nanoseconds: value) }
        for (index, value) in facts.enumerated() where value > 0 {
            summary.add(.facts(factCollectorIDs[index]), nanoseconds: value)
        }
        return summary
    }
}

/// Substring search over bytes (suppression markers, Objective-C sniffing).
enum ByteSearch {
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { TextSearch.contains(haystack, $0) }
    }
}
