import Foundation

/// Counts the steps of loops whose cost must grow linearly with their input, so tests can check
/// the growth without a clock: `ScalingCounter.counting { … }` returns the steps taken inside.
/// Outside such a block, `add` costs one task-local read per call (never per step).
public enum ScalingCounter {
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var steps = 0
        func add(_ count: Int) { lock.lock(); steps += count; lock.unlock() }
        var total: Int { lock.lock(); defer { lock.unlock() }; return steps }
    }

    @TaskLocal static var tally: Tally?

    static func add(_ steps: Int) { tally?.add(steps) }

    /// Runs `body` on this thread and returns how many steps the counted loops took in it.
    public static func counting(_ body: () throws -> Void) rethrows -> Int {
        let tally = Tally()
        try $tally.withValue(tally) { try body() }
        return tally.total
    }
}
