import Dispatch
import Foundation

/// Runs `git` (found on `PATH`) and collects its output. Standard input is closed, prompts are
/// off, messages are in English so they can be quoted in one-line errors.
enum GitCommand {
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String

        /// The first line git wrote to standard error, for messages.
        var firstErrorLine: String {
            standardError.split(whereSeparator: \.isNewline).first.map(String.init)?.escapingControlCharacters ?? "exit status \(status)"
        }
    }

    /// `env`'s status when the program is not found.
    static let notFoundStatus: Int32 = 127

    static func run(_ arguments: [String], in directory: String) throws(ChangedFilesError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ChangedFilesError("cannot run git: \(error.localizedDescription)")
        }
        // Both pipes are drained at once: git blocks when either fills up.
        let errorText = PipeReader(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorText.wait()
        process.waitUntilExit()
        let result = Output(status: process.terminationStatus, standardOutput: data,
                            standardError: String(decoding: errorData, as: UTF8.self))
        if result.status == notFoundStatus && result.standardError.contains("git") && result.standardError.contains("No such file") {
            throw ChangedFilesError("the `git` command was not found on PATH")
        }
        return result
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Why the changed files could not be found: one line, exit code 2.
public struct ChangedFilesError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
