import Foundation
import SeamLintCore

/// A child process that lexes Objective-C with libclang for one lint thread, so that a crash, a
/// stack overflow, a hang or a memory blow-up inside libclang costs the file being lexed, never the
/// run. The child is the `lint` executable in its hidden worker mode (`LibclangWorkerServer`),
/// talking over a socket; it is started on the first file, killed when a file exceeds its time
/// limit, and started again for the next file after any death.
///
/// Protocol (64-bit little-endian words): request `[byte count, dialect, CPU seconds]` then the
/// bytes; response `[status, count]` then, for status 0, `count` tokens of three 32-bit words
/// (kind, start, end), else a `count`-byte UTF-8 reason (status 2: and the worker exits).
final class LibclangWorkerProcess {
    private let executable: String
    private let libraryPath: String
    private let limits: ObjectiveCLimits
    private var child: pid_t = 0
    private var channel = WorkerChannel(descriptor: -1)
    /// The worker could not be started (no process may be spawned here, the executable is gone).
    private(set) var couldNotStart = false

    init(executable: String, libraryPath: String, limits: ObjectiveCLimits) {
        self.executable = executable
        self.libraryPath = libraryPath
        self.limits = limits
    }

    deinit { stop() }

    func clangTokens(of bytes: [UInt8], dialect: ObjectiveCDialect) -> Result<[ClangToken], ObjectiveCParseFailure> {
        guard !bytes.isEmpty else { return .success([]) }
        if child == 0, let failure = start() {
            couldNotStart = true
            return .failure(failure)
        }
        let seconds = limits.seconds(forBytes: bytes.count)
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        do {
            try channel.write(words: [UInt64(bytes.count), dialect == .objectiveC ? 0 : 1, UInt64(seconds.rounded(.up))],
                              deadline: deadline)
            try bytes.withUnsafeBytes { buffer in try channel.write(buffer, deadline: deadline) }
            let header = try channel.readWords(2, deadline: deadline)
            let status = header[0]
            guard status <= 2, header[1] <= UInt64(status == 0 ? bytes.count : 4_096) else {
                return .failure(stop(after: .failed(errno: 0), seconds: seconds))   // not a worker's answer
            }
            let count = Int(header[1])
            if status != 0 {
                var reason = [UInt8](repeating: 0, count: count)
                try reason.withUnsafeMutableBytes { buffer in
                    try channel.read(into: buffer, deadline: deadline)
                }
                if status == 2 { stop() }   // the worker exits: libclang may be in a bad state
                return .failure(ObjectiveCParseFailure(String(decoding: reason, as: UTF8.self)))
            }
            var words = [UInt32](repeating: 0, count: count * 3)
            try words.withUnsafeMutableBytes { buffer in
                try channel.read(into: buffer, deadline: deadline)
            }
            var tokens: [ClangToken] = []
            tokens.reserveCapacity(count)
            for index in 0..<count {
                let kind = ClangTokenKind(rawValue: UInt32(littleEndian: words[3 * index])) ?? .punctuation
                tokens.append(ClangToken(kind: kind, start: Int(UInt32(littleEndian: words[3 * index + 1])),
                                         end: Int(UInt32(littleEndian: words[3 * index + 2]))))
            }
            return .success(tokens)
        } catch let failure as WorkerChannel.Failure {
            return .failure(stop(after: failure, seconds: seconds))
        } catch {
            return .failure(stop(after: .failed(errno: 0), seconds: seconds))
        }
    }

    /// Starts the child, or says why it could not be started.
    private func start() -> ObjectiveCParseFailure? {
        var sockets: [Int32] = [-1, -1]
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &sockets) == 0 else { return startFailure(errno) }
        for socket in sockets {
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #else
        // Close-on-exec from the start: another thread's worker must not inherit this one's socket.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            return startFailure(errno)
        }
        #endif
        let (parentEnd, childEnd) = (sockets[0], sockets[1])
        defer { close(childEnd) }
        let arguments = [executable, LibclangWorkerServer.argument, libraryPath, String(limits.memoryMegabytes)]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // a crash is expected and reported in one line
        let pairs = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStringArray(arguments) { argv in
            withCStringArray(pairs) { envp in
                spawn(&pid, argv: argv, envp: envp, childEnd: childEnd)
            }
        }
        guard status == 0 else {
            close(parentEnd)
            return startFailure(status)
        }
        child = pid
        channel = WorkerChannel(descriptor: parentEnd)
        return nil
    }

    /// posix_spawn with the socket as the child's standard input and output, standard error discarded
    /// (libclang and the runtime may print there when they fail).
    private func spawn(_ pid: inout pid_t, argv: UnsafePointer<UnsafeMutablePointer<CChar>?>,
                       envp: UnsafePointer<UnsafeMutablePointer<CChar>?>, childEnd: Int32) -> Int32 {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childEnd, 0)
        posix_spawn_file_actions_adddup2(&actions, childEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        return posix_spawn(&pid, executable, &actions, nil, UnsafeMutablePointer(mutating: argv),
                           UnsafeMutablePointer(mutating: envp))
    }

    private func startFailure(_ code: Int32) -> ObjectiveCParseFailure {
        ObjectiveCParseFailure("cannot start a libclang worker process (\(String(cString: strerror(code))))")
    }

    /// Ends the child (if any) and says what became of the file it was lexing.
    @discardableResult
    private func stop(after failure: WorkerChannel.Failure? = nil, seconds: Double = 0) -> ObjectiveCParseFailure {
        guard child != 0 else { return ObjectiveCParseFailure("the libclang worker process is not running") }
        kill(child, SIGKILL)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        close(channel.descriptor)
        child = 0
        channel = WorkerChannel(descriptor: -1)
        return ObjectiveCParseFailure(Self.reason(status: status, failure: failure, seconds: seconds,
                                                  memoryMegabytes: limits.memoryMegabytes, libraryPath: libraryPath))
    }

    /// The one-line reason for a file whose worker died or was stopped; `status` is waitpid's.
    static func reason(status: Int32, failure: WorkerChannel.Failure?, seconds: Double, memoryMegabytes: Int,
                       libraryPath: String) -> String {
        let limit = String(Int(seconds.rounded()))
        if failure == .timedOut { return "libclang did not finish lexing the file within \(limit) s" }
        let signal = status & 0x7F
        if signal == 0 {
            let code = (status >> 8) & 0xFF
            if code == LibclangWorkerServer.libraryFailure { return "the libclang worker could not load \(libraryPath)" }
            return "the libclang worker process exited (status \(code)) while lexing the file"
        }
        switch signal {
        case SIGXCPU: return "libclang used more than \(limit) s of processor time lexing the file"
        case SIGSEGV, SIGBUS: return "libclang crashed while lexing the file (\(signalName(signal)), e.g. a stack overflow)"
        case SIGABRT: return "libclang aborted while lexing the file (SIGABRT; out of memory past \(memoryMegabytes) MB, or a failed check)"
        default: return "libclang stopped while lexing the file (\(signalName(signal)))"
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        default: return "signal \(signal)"
        }
    }
}

/// The limits on libclang per Objective-C file, when it runs in worker processes.
public struct ObjectiveCLimits: Sendable, Equatable {
    /// Wall-clock and processor time for a file: `baseSeconds`, plus `secondsPerMegabyte` for its size.
    public var baseSeconds: Double = 20
    public var secondsPerMegabyte: Double = 10
    /// The worker's address space (RLIMIT_AS). libclang itself maps about 100 MB.
    public var memoryMegabytes = 4_096

    public init() {}

    func seconds(forBytes count: Int) -> Double { baseSeconds + secondsPerMegabyte * Double(count) / 1_048_576 }
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
