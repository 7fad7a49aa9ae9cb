import Foundation
import SeamLintCore

/// Whether libclang could be loaded for a run, for the warning and `--verbose`.
public enum LibclangStatus: Sendable, Equatable {
    case loaded(path: String, version: String)
    /// One line: what was tried and why it failed.
    case unavailable(reason: String)
}

/// A run's Objective-C state shared by its workers: libclang is looked for when the first
/// Objective-C file arrives (a Swift-only run never loads it), once per process and search.
final class ObjectiveCSupport: @unchecked Sendable {
    let options: ObjectiveCOptions
    private let environment: [String: String]
    private let lock = NSLock()
    private var resolution: Result<Libclang, LibclangUnavailable>?

    init(options: ObjectiveCOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.environment = environment
    }

    /// The library, or nil when none could be loaded.
    func library() -> Libclang? {
        lock.lock()
        defer { lock.unlock() }
        if resolution == nil { resolution = LibclangCache.shared.resolve(explicitPath: options.libclangPath, environment: environment) }
        return try? resolution?.get()
    }

    /// The outcome of the search, or nil when no Objective-C file needed libclang.
    var status: LibclangStatus? {
        lock.lock()
        defer { lock.unlock() }
        switch resolution {
        case .success(let library): return .loaded(path: library.path, version: library.version)
        case .failure(let unavailable): return .unavailable(reason: unavailable.reason)
        case nil: return nil
        }
    }
}

/// Why no libclang could be used.
struct LibclangUnavailable: Error, Sendable {
    let reason: String
}

/// Libraries already looked for, by search: tests create many linters, and `dlopen` of a failing
/// path repeats its work every time.
final class LibclangCache: @unchecked Sendable {
    static let shared = LibclangCache()
    private let lock = NSLock()
    private var results: [String: Result<Libclang, LibclangUnavailable>] = [:]

    func resolve(explicitPath: String?, environment: [String: String]) -> Result<Libclang, LibclangUnavailable> {
        let system = LibclangLocator.System.current(environment: environment)
        let candidates = LibclangLocator.candidates(explicitPath: explicitPath, system: system)
        let key = candidates.map { $0.origin + ": " + $0.path }.joined(separator: "\n")
        lock.lock()
        defer { lock.unlock() }
        if let known = results[key] { return known }
        var failures: [String] = []
        var result: Result<Libclang, LibclangUnavailable>?
        for candidate in candidates {
            switch Libclang.load(path: candidate.path) {
            case .success(let library):
                result = .success(library)
            case .failure(let failure):
                // A bare name the loader does not know is not worth mentioning.
                if candidate.path.contains("/") {
                    failures.append("\(candidate.path) (\(candidate.origin)): \(failure.reason)")
                }
            }
            if result != nil { break }
        }
        if result == nil {
            let tried = failures.isEmpty ? "" : "; tried " + failures.joined(separator: "; ")
            let searched = explicitPath == nil && environment[LibclangLocator.environmentVariable].map({ !$0.isEmpty }) != true
                ? "libclang was not found in " + LibclangLocator.searchedPlaces(system) : "libclang could not be loaded"
            result = .failure(LibclangUnavailable(reason: searched + tried))
        }
        results[key] = result
        return result!
    }
}

/// One worker's Objective-C state: its parser (and `CXIndex`) is made on its first Objective-C
/// file and disposed with the worker.
final class ObjectiveCWorker {
    enum Outcome {
        case tokens([Token])
        /// No libclang: the file is skipped and counted for the warning.
        case libclangMissing
        /// Objective-C is turned off, or the file is a plainly C++ header: nothing to lint.
        case notLinted
        /// libclang is there, but no rule could see anything in the file (`needsTokens` said so).
        case nothingToCheck
        case failed(reason: String)
    }

    private let support: ObjectiveCSupport
    private var parser: ObjectiveCParser?
    private var process: LibclangWorkerProcess?
    private var workersCannotStart = false

    init(support: ObjectiveCSupport) { self.support = support }

    /// `needsTokens` is asked once the file is known to be Objective-C; false skips libclang (it
    /// is still loaded, so the warning without it and `--verbose` stay the same).
    func tokens(of bytes: [UInt8], path: String, needsTokens: () -> Bool = { true }) -> Outcome {
        switch plan(bytes, path: path, needsTokens: needsTokens) {
        case .done(let outcome): return outcome
        case .lex(let dialect): return lex([(bytes, dialect)])[0]
        }
    }

    enum Plan {
        case done(Outcome)
        /// The file needs libclang: `lex` it, alone or with others.
        case lex(ObjectiveCDialect)
    }

    /// What `tokens(of:path:needsTokens:)` does with a file, short of lexing it.
    func plan(_ bytes: [UInt8], path: String, needsTokens: () -> Bool) -> Plan {
        guard support.options.isEnabled else { return .done(.notLinted) }
        // The pre-scan first: the dialect's search asks the gram set it leaves for these bytes.
        let skips = support.options.skipsFilesWithoutTriggerWords && !needsTokens()
        guard let dialect = ObjectiveCDialect.of(path: path, bytes: bytes) else { return .done(.notLinted) }
        if skips { return .done(support.library() == nil ? .libclangMissing : .nothingToCheck) }
        return .lex(dialect)
    }

    /// The outcomes of files that need libclang, in order; files of one dialect are lexed
    /// together where they can be (`ObjectiveCBatch`).
    func lex(_ files: [(bytes: [UInt8], dialect: ObjectiveCDialect)]) -> [Outcome] {
        guard let library = support.library() else { return files.map { _ in .libclangMissing } }
        var outcomes = [Outcome](repeating: .notLinted, count: files.count)
        for dialect in [ObjectiveCDialect.objectiveC, .objectiveCPlusPlus] {
            let indices = files.indices.filter { files[$0].dialect == dialect }
            let lexed = ObjectiveCBatch.clangTokens(of: indices.map { files[$0].bytes }) {
                clangTokens(of: $0, dialect: dialect, library: library)
            }
            for (index, result) in zip(indices, lexed) {
                switch result {
                case .success(let clangTokens):
                    outcomes[index] = .tokens(ObjectiveCTokens.tokens(bytes: files[index].bytes, clangTokens: clangTokens))
                case .failure(let failure): outcomes[index] = .failed(reason: failure.reason)
                }
            }
        }
        return outcomes
    }

    /// libclang's tokens of `bytes`, in a worker process, or in this one where none can be started.
    private func clangTokens(of bytes: [UInt8], dialect: ObjectiveCDialect,
                             library: Libclang) -> Result<[ClangToken], ObjectiveCParseFailure> {
        if let executable = support.options.workerExecutable, !workersCannotStart {
            if process == nil {
                process = LibclangWorkerProcess(executable: executable, libraryPath: library.path, limits: support.options.limits)
            }
            let result = process!.clangTokens(of: bytes, dialect: dialect)
            guard case .failure = result, process!.couldNotStart else { return result }
            // Where no process can be started (a sandbox), lex in this process as a library would.
            workersCannotStart = true
            process = nil
        }
        if parser == nil { parser = ObjectiveCParser(library: library) }
        return parser!.clangTokens(of: bytes, dialect: dialect)
    }
}

extension Rule {
    /// `check` for Swift files; `checkObjectiveC` for Objective-C files, for rules that opt in.
    static func checkFile(_ context: inout RuleContext) {
        if context.file.language == .swift {
            Self().check(&context)
        } else if let rule = Self() as? any ObjectiveCRule {
            rule.checkObjectiveC(&context)
        }
    }

    /// Whether the rule has anything to do on a file of `language`.
    static func reads(_ language: SourceLanguage) -> Bool {
        language == .swift || self is any ObjectiveCRule.Type
    }
}
