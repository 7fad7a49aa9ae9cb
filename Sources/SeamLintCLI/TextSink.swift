import Foundation

/// Where text goes: a standard stream, or a buffer in tests. A write error (a full disk, a closed
/// stream, a reader gone) never traps: the first one is kept in `writeFailure`, later text is
/// dropped, and `CommandLineTool` ends the run with exit 2 and one line saying so.
public final class TextSink: @unchecked Sendable {
    private let descriptor: Int32?
    /// "standard output": for the failure line.
    private let name: String
    private let lock = NSLock()
    public private(set) var buffer = ""
    private var failure: String?

    init(descriptor: Int32?, name: String) {
        self.descriptor = descriptor
        self.name = name
        if let descriptor, StandardStreams.closedAtStart.contains(descriptor) { failure = "\(name): the stream is closed" }
    }

    public static let standardOutput = TextSink(descriptor: STDOUT_FILENO, name: "standard output")
    public static let standardError = TextSink(descriptor: STDERR_FILENO, name: "standard error")
    /// Collects text in `buffer`.
    public static func memory() -> TextSink { TextSink(descriptor: nil, name: "memory") }

    public var isTerminal: Bool { descriptor.map { isatty($0) != 0 } ?? false }

    /// "standard output: no space left on device" after a failed write, else nil.
    public var writeFailure: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let descriptor else { buffer += text; return }
        guard failure == nil else { return }
        var text = text
        if let code = text.withUTF8({ StandardStreams.writeAll($0, to: descriptor) }) {
            failure = "\(name): \(SystemErrorText.text(code))"
        }
    }
}

/// The process's standard streams, made safe before anything else opens a file.
public enum StandardStreams {
    /// Standard streams that were closed when the process started (`lint >&-`). Each is reopened
    /// on /dev/null at once, so that the next file opened cannot take its number and receive the
    /// report; writes to it still fail, with "the stream is closed".
    nonisolated(unsafe) private(set) static var closedAtStart: Set<Int32> = []

    /// Call first thing in `main`. Also ignores SIGPIPE: a reader that went away (`lint | head`)
    /// becomes a write error (exit 2, one line) instead of killing the process silently.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for stream in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(stream, F_GETFD) == -1 && errno == EBADF {
            let reopened = open("/dev/null", stream == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if reopened >= 0 && reopened != stream { dup2(reopened, stream); close(reopened) }
            closedAtStart.insert(stream)
        }
    }

    /// Writes every byte, retrying interrupted and would-block writes; the `errno` of a failure, or nil.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A stream left non-blocking by the parent: wait until it takes more.
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            return written < 0 ? errno : EIO
        }
        return nil
    }
}

/// `strerror` with a lowercase first letter, to follow a colon.
enum SystemErrorText {
    static func text(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
