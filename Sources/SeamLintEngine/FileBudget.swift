import Foundation

/// How long one Swift file may take to lint, proportional to its size. Every cost is meant to be
/// linear, so a real file finishes far inside it (release builds lint about a megabyte per second
/// per core; the budget allows ten kilobytes per second plus a fixed allowance). A file that runs
/// past it is a bug in a rule: it costs that file (reported by name and skipped), not the run.
public struct FileBudget: Sendable {
    public var baseNanoseconds: UInt64
    public var nanosecondsPerByte: UInt64

    public init(baseNanoseconds: UInt64, nanosecondsPerByte: UInt64) {
        self.baseNanoseconds = baseNanoseconds
        self.nanosecondsPerByte = nanosecondsPerByte
    }

    /// 10 s plus 100 µs per byte: a 100 KB file gets 20 s.
    public static let standard = FileBudget(baseNanoseconds: 10_000_000_000, nanosecondsPerByte: 100_000)

    /// The time a file of `bytes` bytes may take.
    public func limit(forBytes bytes: Int) -> UInt64 {
        let (scaled, overflow) = nanosecondsPerByte.multipliedReportingOverflow(by: UInt64(max(0, bytes)))
        let (total, overflowAgain) = baseNanoseconds.addingReportingOverflow(scaled)
        return overflow || overflowAgain ? .max : total
    }

    /// Checked between rules: the file is dropped once it has used its limit.
    func exceeded(since start: UInt64, now: UInt64, bytes: Int) -> Bool {
        now &- start > limit(forBytes: bytes)
    }

    /// The one-line reason printed for a file that ran past its budget.
    static func reason(limit: UInt64) -> String {
        "linting took longer than its budget (\(limit / 1_000_000_000) s for this size); skipped (a SeamLint bug: please report it)"
    }

    /// A rule that never returns cannot be stopped between rules. A thread checks the files being
    /// linted; one still running at four times its budget ends the run with its name (exit 2)
    /// rather than hang an editor or CI job forever. With linear costs this never fires.
    static let watchdogFactor: UInt64 = 4
    /// The watchdog never ends a run sooner than this: it is for hangs, not for slow files (a small
    /// budget, as in tests, must cost the file, never the whole process).
    static let watchdogFloorNanoseconds: UInt64 = 120_000_000_000
}

/// The files workers are linting now, watched by one thread per run (see `FileBudget`).
final class FileWatchdog: @unchecked Sendable {
    private struct Watched { var path: String; var start: UInt64; var limit: UInt64 }
    private let lock = NSLock()
    private var watched: [Int: Watched] = [:]
    private var nextTicket = 0
    private var stopped = false
    private let budget: FileBudget

    init(budget: FileBudget) {
        self.budget = budget
        let thread = Thread { [weak self] in
            while let self, self.check() { Thread.sleep(forTimeInterval: 0.25) }
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Starts watching a file; pass the ticket to `end`.
    func begin(path: String, bytes: Int) -> Int {
        let limit = budget.limit(forBytes: bytes)
        let (hard, overflow) = limit.multipliedReportingOverflow(by: FileBudget.watchdogFactor)
        lock.lock()
        defer { lock.unlock() }
        nextTicket += 1
        watched[nextTicket] = Watched(path: path, start: monotonicNanoseconds(),
                                      limit: overflow ? .max : max(hard, FileBudget.watchdogFloorNanoseconds))
        return nextTicket
    }

    func end(_ ticket: Int) {
        lock.lock()
        watched[ticket] = nil
        lock.unlock()
    }

    /// Ends the watching thread (at the end of the run).
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// False once stopped; exits the process when a watched file ran past its hard limit.
    private func check() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return false }
        let now = monotonicNanoseconds()
        if let late = watched.values.first(where: { now &- $0.start > $0.limit }) {
            let line = "\(late.path.escapingControlCharacters): error: linting did not finish within "
                + "\(late.limit / 1_000_000_000) s; the run stops here (a SeamLint bug: please report it)\n"
            FileHandle.standardError.write(Data(line.utf8))
            // Not `exit`: running its handlers while workers are mid-file can crash on the way out.
            _exit(2)
        }
        return true
    }
}
