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

    var values: [Value] { storage.compactMap { $0 } }
}

/// Nanoseconds from a monotonic clock.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Time spent per stage and per rule, summed over workers (CPU-ish time, not wall time).
public struct StageTimings: Sendable {
    public enum Stage: Hashable, Sendable {
        case reading, tokenizing, structure, facts, projectRules, reporting
        case rule(String)
    }

    public private(set) var nanoseconds: [Stage: UInt64] = [:]

    public init() {}

    mutating func add(_ stage: Stage, since start: UInt64) {
        nanoseconds[stage, default: 0] += monotonicNanoseconds() &- start
    }

    public mutating func merge(_ other: StageTimings) {
        for (stage, value) in other.nanoseconds { nanoseconds[stage, default: 0] += value }
    }
}

/// Substring search over bytes, for the trigger-word pre-scan.
enum ByteSearch {
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count, let base = haystack.baseAddress else {
            return needle.isEmpty
        }
        return needle.withUnsafeBufferPointer { needleBuffer in
            var index = 0
            let last = haystack.count - needle.count
            while index <= last {
                guard let found = memchr(base + index, Int32(first), last - index + 1) else { return false }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needleBuffer.baseAddress!, needle.count) == 0 { return true }
                index = position + 1
            }
            return false
        }
    }
}
