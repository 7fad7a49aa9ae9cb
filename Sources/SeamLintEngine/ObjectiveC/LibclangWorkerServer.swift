import SeamLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of `LibclangWorkerProcess`: `lint --libclang-worker LIBCLANG MEGABYTES` lexes
/// the files it is sent on standard input and answers on standard output, until end of input.
/// Its address space is limited to MEGABYTES, and each file to the processor time the request
/// names (RLIMIT_CPU, raised per file), so a runaway libclang dies instead of taking the machine.
public enum LibclangWorkerServer {
    public static let argument = "--libclang-worker"
    /// Exit status when the library cannot be loaded.
    static let libraryFailure: Int32 = 3

    public static func serve(_ arguments: [String]) -> Never {
        guard arguments.count == 2, let megabytes = Int(arguments[1]), megabytes > 0 else { exit(2) }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(resourceLimit(RLIMIT_CORE), &noCore)   // a crash is expected: no core files
        var memory = rlimit(rlim_cur: rlim_t(megabytes) << 20, rlim_max: rlim_t(megabytes) << 20)
        setrlimit(resourceLimit(RLIMIT_AS), &memory)
        // libclang parses on a thread of its own (with a large stack) unless told otherwise; the
        // parse is cut off before the file (`ObjectiveCParser`), and this process's main thread
        // has the usual 8 MB stack: one thread less to start per file.
        setenv("LIBCLANG_NOTHREADS", "1", 1)
        // The lint process loaded this library with every symbol bound (`ObjectiveCSupport`) before it
        // started the worker: binding lazily here is safe.
        guard case .success(let library) = Libclang.load(path: arguments[0], bindsLazily: true) else { exit(libraryFailure) }
        let parser = ObjectiveCParser(library: library)
        let input = WorkerChannel(descriptor: 0)
        let output = WorkerChannel(descriptor: 1)
        while true {
            // End of input (the lint process is done or gone) ends the worker.
            guard let request = try? input.readWords(3, deadline: nil) else { exit(0) }
            guard request[0] < UInt64(UInt32.max), request[1] <= 1 else { exit(2) }
            var bytes = [UInt8](repeating: 0, count: Int(request[0]))
            do {
                try bytes.withUnsafeMutableBytes { buffer in
                    try input.read(into: buffer, deadline: nil)
                }
            } catch {
                exit(0)
            }
            limitProcessorTime(seconds: request[2])
            let dialect: ObjectiveCDialect = request[1] == 0 ? .objectiveC : .objectiveCPlusPlus
            let answered: Bool
            switch parser.clangTokens(of: bytes, dialect: dialect) {
            case .success(let tokens):
                var words: [UInt32] = []
                words.reserveCapacity(tokens.count * 3)
                for token in tokens {  // appended one by one: an array literal per token costs an allocation
                    words.append(token.kind.rawValue.littleEndian)
                    words.append(UInt32(token.start).littleEndian)
                    words.append(UInt32(token.end).littleEndian)
                }
                answered = (try? output.write(words: [0, UInt64(tokens.count)], deadline: nil)) != nil
                    && (try? words.withUnsafeBytes { buffer in
                        try output.write(buffer, deadline: nil)
                    }) != nil
            case .failure(let failure):
                // libclang recovered from a crash of its own: answer, then let a fresh worker take over.
                let exits = failure.crashed
                let reason = Array(failure.reason.utf8.prefix(4_096))
                answered = (try? output.write(words: [exits ? 2 : 1, UInt64(reason.count)], deadline: nil)) != nil
                    && (try? reason.withUnsafeBytes { buffer in
                        try output.write(buffer, deadline: nil)
                    }) != nil
                if exits { exit(0) }
            }
            if !answered { exit(0) }
        }
    }

    /// Lets this file use `seconds` of processor time beyond what the worker has used so far.
    private static func limitProcessorTime(seconds: UInt64) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let used = UInt64(usage.ru_utime.tv_sec) + UInt64(usage.ru_stime.tv_sec) + 1
        var limit = rlimit()
        getrlimit(resourceLimit(RLIMIT_CPU), &limit)
        limit.rlim_cur = min(rlim_t(used + max(seconds, 1)), limit.rlim_max)
        setrlimit(resourceLimit(RLIMIT_CPU), &limit)
    }
}

#if canImport(Glibc)
private func resourceLimit(_ resource: __rlimit_resource) -> __rlimit_resource_t { __rlimit_resource_t(resource.rawValue) }
#else
private func resourceLimit(_ resource: Int32) -> Int32 { resource }
#endif
