import CLibclang
import Foundation
import SeamLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tokenizes Objective-C files with libclang. One per worker thread: it owns a `CXIndex`, which
/// libclang does not let two threads use at once, and a translation unit per dialect that each
/// file re-parses.
final class ObjectiveCParser {
    private let library: Libclang
    private let index: LibclangHandle?
    /// The translation unit of the last file of each dialect, re-parsed with the next file's bytes.
    private var units: [ObjectiveCDialect: LibclangHandle] = [:]
    /// Held while `units` are in use. A parser is meant for one thread; one shared anyway (the
    /// fuzzers' lexer) gives a thread that finds them busy a translation unit of its own.
    private let unitsLock = NSLock()
    /// The files whose tokens were read from their fields (`tokensFromFields`), for tests.
    private(set) var filesReadFromFields = 0
    private let countLock = NSLock()

    init(library: Libclang) {
        self.library = library
        // No PCH declarations to exclude, and no diagnostics printed to standard error.
        index = library.createIndex(0, 0)
    }

    deinit {
        for unit in units.values { library.disposeTranslationUnit(unit) }
        library.disposeIndex(index)
    }

    /// The parse only has to register the file with libclang: `clang_tokenize` lexes the file's
    /// bytes raw, so its tokens depend on the language alone, never on macros, `#include`s or
    /// the parse. So nothing of the file is preprocessed or parsed: `-include` puts `stopper`
    /// first, and its first bracket exceeds `-fbracket-depth=0`, which cuts the parse off before
    /// the file's first byte. That leaves libclang no input to crash, recurse, expand or block on
    /// (deep nesting, doubling macros, an `#include` of a FIFO). Tokens are byte-identical to a
    /// full parse on every Objective-C file of the real apps (docs/robustness.md).
    static let stopperPath = "/seamlint-virtual/stop-parsing.h"
    private static let stopper: StaticString = "int seamlint_stop((((((((;\n"
    private static let parseOptions: UInt32 = 0

    /// What remains of a translation unit's cost is its set-up, so the cheapest one that lexes
    /// alike: no predefined macros (`-undef`) and no system include folders to look for
    /// (`-nostdinc`). Measured on the 1,991 Objective-C files of the real apps, with a reparse:
    /// 0.51 ms per file instead of 1.64, tokens identical.
    static func arguments(for dialect: ObjectiveCDialect) -> [String] {
        ["-x", dialect.clangLanguage, "-fno-spell-checking", "-w", "-fbracket-depth=0", "-undef", "-nostdinc",
         "-include", stopperPath]
    }

    /// The path libclang sees: virtual, so it never touches the disk (the bytes were read once).
    /// The extension is kept; nothing else of the path matters to the lexer.
    static func virtualPath(for dialect: ObjectiveCDialect) -> String {
        dialect == .objectiveC ? "/seamlint-virtual/file.m" : "/seamlint-virtual/file.mm"
    }

    /// The file's tokens in SeamLint's model, or a one-line reason libclang could not read it.
    /// `bytes` are what was read (no second read); the path does not matter to libclang.
    func tokens(of bytes: [UInt8], dialect: ObjectiveCDialect) -> Result<[Token], ObjectiveCParseFailure> {
        clangTokens(of: bytes, dialect: dialect).map { ObjectiveCTokens.tokens(bytes: bytes, clangTokens: $0) }
    }

    /// libclang's own tokens of the file (what a worker process sends back). `readsFields`: false
    /// makes libclang's calls for every token (`tokensFromFields` is checked against them in tests).
    func clangTokens(of bytes: [UInt8], dialect: ObjectiveCDialect,
                     readsFields: Bool = true) -> Result<[ClangToken], ObjectiveCParseFailure> {
        guard !bytes.isEmpty else { return .success([]) }
        guard bytes.count < Int(UInt32.max) else { return .failure(ObjectiveCParseFailure("file is too large for libclang")) }
        let reusing = unitsLock.try()
        defer { if reusing { unitsLock.unlock() } }
        let path = Self.virtualPath(for: dialect)
        return path.withCString { cPath in
            let unit: LibclangHandle
            switch translationUnit(of: bytes, dialect: dialect, cPath: cPath, reusing: reusing) {
            case .success(let parsed): unit = parsed
            case .failure(let failure): return .failure(failure)
            }
            defer { if !reusing { library.disposeTranslationUnit(unit) } }
            guard let file = library.getFile(unit, cPath) else {
                return .failure(ObjectiveCParseFailure("libclang did not load the file"))
            }
            let fileStart = library.getLocationForOffset(unit, file, 0)
            let whole = library.getRange(fileStart, library.getLocationForOffset(unit, file, UInt32(bytes.count)))
            var clangTokens: UnsafeMutablePointer<CXToken>?
            var count: UInt32 = 0
            library.tokenize(unit, whole, &clangTokens, &count)
            defer { library.disposeTokens(unit, clangTokens, count) }
            guard let clangTokens, count > 0 else { return .success([]) }
            let tokens = UnsafeBufferPointer(start: clangTokens, count: Int(count))
            if readsFields, let mapped = tokensFromFields(tokens, unit: unit, fileStart: fileStart.int_data, byteCount: bytes.count) {
                countLock.withLock { filesReadFromFields += 1 }
                return .success(mapped)
            }
            return .success(tokens.indices.map { tokenFromCalls(tokens[$0], unit: unit) })
        }
    }

    /// One token as libclang's functions give it: five calls (its extent, both ends, its kind).
    private func tokenFromCalls(_ token: CXToken, unit: LibclangHandle) -> ClangToken {
        let extent = library.getTokenExtent(unit, token)
        var start: UInt32 = 0
        var end: UInt32 = 0
        library.getFileLocation(library.getRangeStart(extent), nil, nil, nil, &start)
        library.getFileLocation(library.getRangeEnd(extent), nil, nil, nil, &end)
        let kind = ClangTokenKind(rawValue: library.getTokenKind(token)) ?? .punctuation
        return ClangToken(kind: kind, start: Int(start), end: Int(end))
    }

    /// The tokens read from their own fields, no call per token: `clang_tokenize` stores a token's
    /// kind, its location's raw encoding and its length in `int_data[0…2]` (clang's CIndex.cpp,
    /// unchanged since LLVM 3), and a location in the file is encoded as the file's start plus the
    /// offset (`fileStart`: the encoding of offset 0). The five calls a token otherwise costs were
    /// a fifth of a libclang worker's time. Nil, and the caller makes the calls, when the fields
    /// do not read as such: a kind out of range, tokens out of order or past the file, or the
    /// first, middle or last token not where libclang's functions put it. Identical on all
    /// 12,300 non-empty Objective-C files of the real apps (15.3 million tokens), libclang 14 and 21.
    private func tokensFromFields(_ tokens: UnsafeBufferPointer<CXToken>, unit: LibclangHandle, fileStart: UInt32,
                                  byteCount: Int) -> [ClangToken]? {
        var mapped: [ClangToken] = []
        mapped.reserveCapacity(tokens.count)
        var previousEnd = 0
        for token in tokens {
            let (kindValue, location, length, _) = token.int_data
            guard let kind = ClangTokenKind(rawValue: kindValue), location >= fileStart else { return nil }
            let start = Int(location - fileStart)
            let end = start + Int(length)
            guard start >= previousEnd, end <= byteCount else { return nil }
            mapped.append(ClangToken(kind: kind, start: start, end: end))
            previousEnd = end
        }
        for position in Set([0, tokens.count / 2, tokens.count - 1]) where mapped[position] != tokenFromCalls(tokens[position], unit: unit) {
            return nil
        }
        return mapped
    }

    /// A translation unit holding `bytes`: the dialect's last one re-parsed, which keeps its
    /// compiler invocation (the driver's toolchain search and argument parsing, half of a fresh
    /// parse's cost), else a fresh one. A unit whose reparse failed is disposed and the file
    /// parsed afresh, so a failure is reported as a fresh parse would report it. Not `reusing`
    /// (`units` busy): a fresh unit that the caller disposes of.
    private func translationUnit(of bytes: [UInt8], dialect: ObjectiveCDialect, cPath: UnsafePointer<CChar>,
                                 reusing: Bool) -> Result<LibclangHandle, ObjectiveCParseFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            let contents = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            return Self.stopperPath.withCString { stopperPath in
                Self.stopper.withUTF8Buffer { stopper in
                    let stopperContents = UnsafeRawPointer(stopper.baseAddress!).assumingMemoryBound(to: CChar.self)
                    // libclang copies the unsaved contents: they need to live for the call only.
                    var unsaved = [CXUnsavedFile(Filename: cPath, Contents: contents, Length: UInt(buffer.count)),
                                   CXUnsavedFile(Filename: stopperPath, Contents: stopperContents, Length: UInt(stopper.count))]
                    if reusing, let reused = units[dialect] {
                        if library.reparseTranslationUnit(reused, UInt32(unsaved.count), &unsaved,
                                                          library.defaultReparseOptions(reused)) == 0 {
                            return .success(reused)
                        }
                        units[dialect] = nil
                        library.disposeTranslationUnit(reused)
                    }
                    let arguments = Self.arguments(for: dialect)
                    var unit: LibclangHandle?
                    let status = withCStrings(arguments) { argv in
                        library.parseTranslationUnit2(index, cPath, argv, Int32(arguments.count), &unsaved,
                                                      UInt32(unsaved.count), Self.parseOptions, &unit)
                    }
                    guard status == 0, let unit else { return .failure(ObjectiveCParseFailure(errorCode: status)) }
                    if reusing { units[dialect] = unit }
                    return .success(unit)
                }
            }
        }
    }
}

/// Why libclang could not tokenize a file: one line, shown like an unreadable file's reason.
public struct ObjectiveCParseFailure: Error, Sendable, Equatable {
    public let reason: String
    /// libclang reported a crash it recovered from: its state is not to be trusted.
    let crashed: Bool

    init(_ reason: String) {
        self.reason = reason
        crashed = false
    }

    /// `CXErrorCode` values from clang-c/CXErrorCode.h.
    init(errorCode: Int32) {
        crashed = errorCode == 2
        switch errorCode {
        case 2: reason = "libclang crashed while parsing the file"
        case 3: reason = "libclang rejected the parse arguments"
        case 4: reason = "libclang could not read the file"
        default: reason = "libclang could not parse the file (error \(errorCode))"
        }
    }
}

/// Calls `body` with a NULL-free `argv` of C strings that live for the call.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
}
