#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One end of the stream socket between a lint process and its libclang worker: whole buffers in
/// and out, each before an optional deadline. A peer that has gone away is an error, never a
/// SIGPIPE (the lint process must outlive its workers).
struct WorkerChannel {
    let descriptor: Int32

    enum Failure: Error, Equatable {
        /// The peer closed its end (it exited or crashed).
        case closed
        case timedOut
        case failed(errno: Int32)
    }

    /// Writes every byte of `buffer`; `deadline` is in `monotonicNanoseconds()` (nil: none).
    func write(_ buffer: UnsafeRawBufferPointer, deadline: UInt64?) throws {
        var offset = 0
        while offset < buffer.count {
            try wait(for: Int16(POLLOUT), deadline: deadline)
            let written = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Self.sendFlags)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw errno == EPIPE || errno == ECONNRESET ? Failure.closed : Failure.failed(errno: errno)
            }
            offset += written
        }
    }

    /// Fills `buffer` completely; end of stream before that is `.closed`.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: UInt64?) throws {
        var offset = 0
        while offset < buffer.count {
            try wait(for: Int16(POLLIN), deadline: deadline)
            let count = recv(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw errno == ECONNRESET ? Failure.closed : Failure.failed(errno: errno)
            }
            if count == 0 { throw Failure.closed }
            offset += count
        }
    }

    func write(words: [UInt64], deadline: UInt64?) throws {
        let littleEndian = words.map(\.littleEndian)
        try littleEndian.withUnsafeBytes { buffer in try write(buffer, deadline: deadline) }
    }

    func readWords(_ count: Int, deadline: UInt64?) throws -> [UInt64] {
        var words = [UInt64](repeating: 0, count: count)
        try words.withUnsafeMutableBytes { buffer in try read(into: buffer, deadline: deadline) }
        return words.map { UInt64(littleEndian: $0) }
    }

    /// Blocks until the socket is ready for `events` or the deadline passes.
    private func wait(for events: Int16, deadline: UInt64?) throws {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let now = monotonicNanoseconds()
                guard now < deadline else { throw Failure.timedOut }
                timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, timeout)
            if ready > 0 { return }   // readable, writable, or hung up: the read or write says which
            if ready == 0 { continue }   // the deadline check above decides
            if errno != EINTR { throw Failure.failed(errno: errno) }
        }
    }

    #if canImport(Darwin)
    private static let sendFlags: Int32 = 0   // SO_NOSIGPIPE is set on the socket instead
    #else
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif
}
