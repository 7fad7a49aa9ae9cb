import Foundation
import SeamLintCore

/// One entry of SourceKit's syntax map: a classified byte range (UTF-8 offsets).
public struct SyntaxMapEntry: Sendable, Equatable {
    /// The kind UID without its `source.lang.swift.syntaxtype.` prefix, e.g. `comment`, `string`.
    public let kind: String
    public let offset: Int
    public let length: Int
}

/// An error SourceKit returned for a request.
public struct SourceKitRequestError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Asks the toolchain's in-process SourceKit how it classifies source bytes, to check the
/// tokenizer against the compiler's own lexer. Loaded with `dlopen`, so tools and tests that
/// use it degrade to "unavailable" where the library is missing.
///
/// Requests are syntactic-only `editor.open`s with `-enable-bare-slash-regex` (the Swift 6
/// lexing the tokenizer follows). The syntax map reflects the compiler's C++ lexer; the
/// tokenizer follows swift-syntax's. The two agree on valid code; where they recover
/// differently from invalid code, `KnownDifference` or the tests say so.
///
/// SourceKit in-process is initialized once and is not documented as thread-safe, so every
/// request goes through one process-wide lock.
public final class SourceKitOracle: @unchecked Sendable {
    private let library: SourceKitLibrary
    private let keys: Keys
    private let lock = NSLock()
    private var documentCounter = 0
    /// Syntax-map kind UIDs seen so far, resolved to their short names once.
    private var kindNames: [UnsafeMutableRawPointer: String] = [:]

    private struct Keys {
        let request, name, sourceText, enableSyntaxMap, enableSubstructure, enableDiagnostics,
            syntacticOnly, compilerArguments, syntaxMap, kind, offset, length, editorOpen, editorClose: SourceKitHandle?
    }

    private init(library: SourceKitLibrary) {
        self.library = library
        library.initialize()
        keys = Keys(
            request: library.uid("key.request"), name: library.uid("key.name"),
            sourceText: library.uid("key.sourcetext"), enableSyntaxMap: library.uid("key.enablesyntaxmap"),
            enableSubstructure: library.uid("key.enablesubstructure"),
            enableDiagnostics: library.uid("key.enablediagnostics"),
            syntacticOnly: library.uid("key.syntactic_only"), compilerArguments: library.uid("key.compilerargs"),
            syntaxMap: library.uid("key.syntaxmap"),
            kind: library.uid("key.kind"), offset: library.uid("key.offset"), length: library.uid("key.length"),
            editorOpen: library.uid("source.request.editor.open"),
            editorClose: library.uid("source.request.editor.close"))
    }

    private static let shared: Result<SourceKitOracle, SourceKitLoadError> = {
        var reasons: [String] = []
        for path in SourceKitLocator.candidates() {
            guard FileManager.default.fileExists(atPath: path) else {
                reasons.append("\(path): not found")
                continue
            }
            switch SourceKitLibrary.open(path: path) {
            case .success(let library): return .success(SourceKitOracle(library: library))
            case .failure(let error): reasons.append(error.message)
            }
        }
        if reasons.isEmpty { reasons.append("no candidate path (set \(SourceKitLocator.environmentVariable))") }
        return .failure(SourceKitLoadError(message: reasons.joined(separator: "; ")))
    }()

    /// The process-wide oracle, or nil when SourceKit cannot be loaded (see `loadError`).
    public static func load() -> SourceKitOracle? { try? shared.get() }

    /// Why `load()` returned nil, or nil if it did not.
    public static var loadError: String? {
        if case .failure(let error) = shared { return error.message }
        return nil
    }

    /// SourceKit's syntax map for `bytes`, from a syntactic-only `editor.open`.
    public func syntaxMap(bytes: [UInt8]) throws -> [SyntaxMapEntry] {
        lock.lock()
        defer { lock.unlock() }
        documentCounter += 1
        // A fresh name per request: SourceKit keeps documents by name until `editor.close`.
        let name = "/seamlint-sourcekit-oracle/\(documentCounter)-\(getpid()).swift"

        guard let request = library.requestDictionaryCreate(nil, nil, 0) else {
            throw SourceKitRequestError(message: "cannot create request")
        }
        library.requestDictionarySetUID(request, keys.request, keys.editorOpen)
        name.withCString { library.requestDictionarySetString(request, keys.name, $0) }
        // With an explicit length, so NUL bytes and invalid UTF-8 reach SourceKit unchanged.
        bytes.withUnsafeBytes { buffer in
            library.requestDictionarySetStringBuffer(request, keys.sourceText,
                                                     buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count)
        }
        library.requestDictionarySetInt64(request, keys.enableSyntaxMap, 1)
        library.requestDictionarySetInt64(request, keys.enableSubstructure, 0)
        library.requestDictionarySetInt64(request, keys.enableDiagnostics, 0)
        library.requestDictionarySetInt64(request, keys.syntacticOnly, 1)
        // Bare `/…/` regex literals are lexed only with this flag (it is on in Swift 6 mode, which
        // the tokenizer follows); the arguments must name the document to apply to it.
        if let arguments = library.requestArrayCreate(nil, 0) {
            for argument in [name, "-enable-bare-slash-regex"] {
                argument.withCString { library.requestArraySetString(arguments, -1, $0) }
            }
            library.requestDictionarySetValue(request, keys.compilerArguments, arguments)
            library.requestRelease(arguments)
        }
        let response = library.sendRequestSync(request)
        library.requestRelease(request)
        defer {
            library.responseDispose(response)
            close(name: name)
        }
        if library.responseIsError(response) {
            let message = library.responseErrorDescription(response).map { String(cString: $0) } ?? "unknown"
            throw SourceKitRequestError(message: "editor.open failed: \(message)")
        }
        let map = library.dictionaryValue(library.responseValue(response), keys.syntaxMap)
        let count = library.arrayCount(map)
        var entries: [SyntaxMapEntry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let entry = library.arrayValue(map, index)
            let kind = kindName(library.dictionaryUID(entry, keys.kind))
            entries.append(SyntaxMapEntry(kind: kind,
                                          offset: Int(library.dictionaryInt64(entry, keys.offset)),
                                          length: Int(library.dictionaryInt64(entry, keys.length))))
        }
        return entries
    }

    /// Classifies `bytes` with SourceKit and with `Tokenizer`, and compares them byte by byte.
    public func compare(bytes: [UInt8]) throws -> DifferentialReport {
        let map = try syntaxMap(bytes: bytes)
        let tokens = Tokenizer.tokenize(bytes)
        return DifferentialReport(bytes: bytes,
                                  ours: SourceClassifier.classify(tokens: tokens, bytes: bytes),
                                  theirs: SourceClassifier.classify(syntaxMap: map, bytes: bytes),
                                  syntaxMap: map, tokens: tokens)
    }

    private func close(name: String) {
        guard let request = library.requestDictionaryCreate(nil, nil, 0) else { return }
        library.requestDictionarySetUID(request, keys.request, keys.editorClose)
        name.withCString { library.requestDictionarySetString(request, keys.name, $0) }
        let response = library.sendRequestSync(request)
        library.requestRelease(request)
        library.responseDispose(response)
    }

    private func kindName(_ uid: SourceKitHandle?) -> String {
        guard let uid else { return "" }
        if let known = kindNames[uid] { return known }
        var name = library.string(of: uid) ?? ""
        let prefix = "source.lang.swift.syntaxtype."
        if name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        kindNames[uid] = name
        return name
    }
}
