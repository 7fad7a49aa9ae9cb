import Foundation

extension LanguageServer {
    /// Runs the server over standard input and output until `exit` or the end of input; returns
    /// the exit code (0 after `shutdown`, else 1). A thread reads frames as they come, so the
    /// client never blocks on a full pipe while a lint runs, and the frames that arrived during
    /// one lint are handled together before the next (one lint per burst of keystrokes).
    public static func serve(options: ServerOptions, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        let inbox = Inbox()
        let reader = Thread {
            var framer = MessageFramer(fileDescriptor: input)
            while true {
                let frame = framer.next()
                inbox.put(frame)
                if frame == .end { return }
            }
        }
        reader.start()
        var writeFailed = false
        let server = LanguageServer(options: options) { body in
            guard !writeFailed else { return }
            let framed = MessageFramer.frame(body)
            // The client is gone (a closed pipe): nothing more can be said, so the server ends.
            writeFailed = !framed.withUnsafeBufferPointer { writeAll($0, to: output) }
        }
        while server.exitCode == nil && !writeFailed {
            for frame in inbox.takeAll() {
                server.receive(frame)
                if server.exitCode != nil || writeFailed { break }
            }
            server.settle()
        }
        return writeFailed ? 1 : server.exitCode ?? 1
    }

    /// Writes every byte, retrying interrupted and would-block writes; false on failure.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            return false
        }
        return true
    }
}

/// Frames read but not yet handled, handed from the reading thread to the server's.
private final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [MessageFramer.Frame] = []

    func put(_ frame: MessageFramer.Frame) {
        condition.lock()
        frames.append(frame)
        condition.signal()
        condition.unlock()
    }

    /// Every frame waiting, once at least one is.
    func takeAll() -> [MessageFramer.Frame] {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty { condition.wait() }
        let taken = frames
        frames = []
        return taken
    }
}
