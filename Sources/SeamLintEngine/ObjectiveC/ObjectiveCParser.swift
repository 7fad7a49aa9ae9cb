import CLibclang
import SeamLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tokenizes Objective-C files with libclang. One per worker thread: it owns a `CXIndex`, which
/// libclang does not let two threads use at once.
final class ObjectiveCParser {
    private let library: Libclang
    private let index: LibclangHandle?

    init(library: Libclang) {
        self.library = library
        // No PCH declarations to exclude, and no diagnostics printed to standard error.
        index = library.createIndex(0, 0)
    }

    deinit { library.disposeIndex(index) }

    /// `SkipFunctionBodies | SingleFileParse`: the parse is only needed to hand the file to the
    /// lexer, so it does as little as it can; `#import`s are not followed, and the errors about
    /// everything they would declare are never read. `clang_tokenize` lexes the whole file either way.
    private static let parseOptions: UInt32 = 0x40 | 0x400

    /// The file's tokens in SeamLint's model, or a one-line reason libclang could not read it.
    /// `path` names the file for libclang only; `bytes` are what was read (no second read).
    func tokens(of bytes: [UInt8], path: String, dialect: ObjectiveCDialect) -> Result<[Token], ObjectiveCParseFailure> {
        guard !bytes.isEmpty else { return .success([]) }
        guard bytes.count < Int(UInt32.max) else { return .failure(ObjectiveCParseFailure("file is too large for libclang")) }
        let arguments = ["-x", dialect.clangLanguage, "-fno-spell-checking", "-w"]
        return path.withCString { cPath in
            var unit: LibclangHandle?
            let status = bytes.withUnsafeBufferPointer { buffer in
                let contents = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var unsaved = CXUnsavedFile(Filename: cPath, Contents: contents, Length: UInt(buffer.count))
                return withCStrings(arguments) { argv in
                    library.parseTranslationUnit2(index, cPath, argv, Int32(arguments.count), &unsaved, 1,
                                                  Self.parseOptions, &unit)
                }
            }
            guard status == 0, let unit else { return .failure(ObjectiveCParseFailure(errorCode: status)) }
            defer { library.disposeTranslationUnit(unit) }
            guard let file = library.getFile(unit, cPath) else {
                return .failure(ObjectiveCParseFailure("libclang did not load the file"))
            }
            let whole = library.getRange(library.getLocationForOffset(unit, file, 0),
                                         library.getLocationForOffset(unit, file, UInt32(bytes.count)))
            var clangTokens: UnsafeMutablePointer<CXToken>?
            var count: UInt32 = 0
            library.tokenize(unit, whole, &clangTokens, &count)
            defer { library.disposeTokens(unit, clangTokens, count) }
            var mapped: [ClangToken] = []
            mapped.reserveCapacity(Int(count))
            for position in 0..<Int(count) {
                guard let token = clangTokens?[position] else { break }
                let extent = library.getTokenExtent(unit, token)
                var start: UInt32 = 0
                var end: UInt32 = 0
                library.getFileLocation(library.getRangeStart(extent), nil, nil, nil, &start)
                library.getFileLocation(library.getRangeEnd(extent), nil, nil, nil, &end)
                let kind = ClangTokenKind(rawValue: library.getTokenKind(token)) ?? .punctuation
                mapped.append(ClangToken(kind: kind, start: Int(start), end: Int(end)))
            }
            return .success(ObjectiveCTokens.tokens(bytes: bytes, clangTokens: mapped))
        }
    }
}

/// Why libclang could not tokenize a file: one line, shown like an unreadable file's reason.
struct ObjectiveCParseFailure: Error, Sendable, Equatable {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    /// `CXErrorCode` values from clang-c/CXErrorCode.h.
    init(errorCode: Int32) {
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
