import Foundation

/// Hands out the deferred rounds' work as it appears (`Linter.collectDeferredFacts`): each project
/// goes through its rounds on its own. The thread that reads a project's last file of a round
/// plans its next round while other threads read other projects' files. With one round for all
/// projects at a time, a core sat idle while each round was planned and while its last files
/// were read (a third of the pass's wall time on the 16 apps of docs/benchmarks.md).
final class RoundQueue: @unchecked Sendable {
    enum Task {
        /// Apply the project's last round and plan its next one.
        case plan(project: Int)
        /// Read one file of the project's current round.
        case read(project: Int, job: Int)
    }

    private let condition = NSCondition()
    private var plans: [Int]
    private var reads: [(project: Int, job: Int)] = []
    private var nextRead = 0
    /// Tasks handed out and not finished: they may still add tasks.
    private var running = 0
    /// Per project: reads of its current round not finished.
    private var unread: [Int]

    /// Every project starts by planning its first round (the first project first).
    init(projects: Int) {
        plans = Array((0..<projects).reversed())
        unread = [Int](repeating: 0, count: projects)
    }

    /// The next task, waiting while running tasks may add some; nil when every project is done.
    func next() -> Task? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            // Plans first: each one feeds the readers.
            if let project = plans.popLast() {
                running += 1
                return .plan(project: project)
            }
            if nextRead < reads.count {
                let task = reads[nextRead]
                nextRead += 1
                running += 1
                return .read(project: task.project, job: task.job)
            }
            if running == 0 {
                condition.broadcast()
                return nil
            }
            condition.wait()
        }
    }

    /// A plan finished with `jobs` files to read (none: the project is done).
    func planned(project: Int, jobs: Int) {
        condition.lock()
        running -= 1
        unread[project] = jobs
        for job in 0..<jobs { reads.append((project, job)) }
        condition.broadcast()
        condition.unlock()
    }

    /// A read finished: the project's last one of its round queues the project's next plan.
    func read(project: Int) {
        condition.lock()
        running -= 1
        unread[project] -= 1
        if unread[project] == 0 { plans.append(project) }
        condition.broadcast()
        condition.unlock()
    }
}
