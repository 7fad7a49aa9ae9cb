/// Counts the steps of loops whose cost must grow linearly with their input, so tests can check
/// the growth without a clock: `ScalingCounter.counting { … }` returns the steps taken inside.
/// Outside such a block, `add` costs one task-local read per call (never per step): call it once
/// per query or pass with the steps it took, not inside a loop.
///
/// In the core so that structure queries and rules can report their steps too. Only the thread
/// that runs `counting` sees its tally (a task-local bound outside any task is that thread's),
/// and nothing counted starts a task, so the tally needs no lock.
public enum ScalingCounter {
    final class Tally: @unchecked Sendable {
        var steps = 0
    }

    @TaskLocal static var tally: Tally?

    public static func add(_ steps: Int) { tally?.steps += steps }

    /// Runs `body` on this thread and returns how many steps the counted loops took in it.
    public static func counting(_ body: () throws -> Void) rethrows -> Int {
        let tally = Tally()
        try $tally.withValue(tally) { try body() }
        return tally.steps
    }
}
