#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads source files into memory and rejects what the tokenizer should never see.
public enum SourceReader {
    public static let defaultMaximumSize = 64 * 1024 * 1024

    /// The whole file in one allocation (`open`/`fstat`/`read`, no Foundation `Data` copy).
    ///
    /// Fails, with one line of reason, when the file cannot be opened or read ("permission denied",
    /// "no such file or directory", "is a directory"), is not a regular file (a FIFO would block),
    /// is larger than `maximumSize` ("file is 70.2 MB, over the 64 MB limit"), contains a NUL byte
    /// ("binary file (NUL byte at offset N)"), starts with a UTF-16 or UTF-32 byte order mark
    /// ("UTF-16LE text (SeamLint reads UTF-8 only)") or is not UTF-8 ("not valid UTF-8 (byte 0xC3
    /// at line L, column C)"). A UTF-8 byte order mark is kept: offsets stay file offsets, the tokenizer
    /// skips it.
    public static func read(_ file: SourceFileRef, maximumSize: Int = defaultMaximumSize) -> Result<[UInt8], InputProblem> {
        func failure(_ reason: String) -> Result<[UInt8], InputProblem> {
            .failure(InputProblem(path: file.path, reason: reason))
        }
        // O_NONBLOCK so that opening a FIFO named like a source file does not hang.
        // `withCString` passes a native string's own bytes; passing the `String` copied them.
        let descriptor = file.absolutePath.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return failure(FileSystem.currentError().description) }
        defer { close(descriptor) }

        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { return failure(FileSystem.currentError().description) }
        let status = FileStatus(raw)
        switch status.kind {
        case .regular: break
        case .directory: return failure(SystemError(code: EISDIR).description)
        case .symbolicLink, .other: return failure("not a regular file")
        }
        guard status.size <= maximumSize else {
            return failure("file is \(ByteCount.text(status.size)), over the \(ByteCount.text(maximumSize, exact: true)) limit")
        }

        var readError: SystemError? = nil
        let bytes = [UInt8](unsafeUninitializedCapacity: status.size) { buffer, count in
            count = 0
            while count < status.size {
                let result = readBytes(descriptor, buffer.baseAddress! + count, status.size - count)
                if result > 0 {
                    count += result
                } else if result == 0 {
                    break  // the file shrank since fstat: take what is there
                } else if errno != EINTR {
                    readError = FileSystem.currentError()
                    break
                }
            }
        }
        if let readError { return failure(readError.description) }
        if let problem = contentProblem(bytes) { return failure(problem) }
        return .success(bytes)
    }

    /// Why `bytes` is not lintable source text, or nil.
    static func contentProblem(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            if let encoding = wideEncoding(buffer) { return "\(encoding) text (SeamLint reads UTF-8 only)" }
            if let nul = memchr(base, 0, buffer.count) {
                return "binary file (NUL byte at offset \(UnsafeRawPointer(nul) - UnsafeRawPointer(base)))"
            }
            guard let offset = validateUTF8(buffer) else { return nil }
            let (line, column) = TextPosition.lineAndColumn(of: offset, in: buffer)
            let hex = String(buffer[offset], radix: 16, uppercase: true)
            return "not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(line), column \(column))"
        }
    }
}

extension SourceReader {
    /// The encoding a UTF-16 or UTF-32 byte order mark announces, or nil: such files would
    /// otherwise be reported as binary (their ASCII characters carry NUL bytes).
    static func wideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix) }
        if starts([0xFF, 0xFE, 0, 0]) { return "UTF-32LE" }
        if starts([0, 0, 0xFE, 0xFF]) { return "UTF-32BE" }
        if starts([0xFF, 0xFE]) { return "UTF-16LE" }
        if starts([0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }
}

/// POSIX `read`; at file scope because inside `SourceReader` the name means `SourceReader.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
