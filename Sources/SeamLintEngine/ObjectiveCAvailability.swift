import SeamLintCore

/// Whether Objective-C sources can be linted in this process with default options
/// (`SEAMLINT_LIBCLANG`, then the usual places): gates the Objective-C example tests.
public enum ObjectiveCAvailability {
    public static var isAvailable: Bool { ObjectiveCSupport(options: ObjectiveCOptions()).library() != nil }

    /// The library default options load, or why none can be, for messages.
    public static var status: LibclangStatus {
        let support = ObjectiveCSupport(options: ObjectiveCOptions())
        _ = support.library()
        return support.status ?? .unavailable(reason: "not looked for")
    }
}

/// libclang's tokens of Objective-C bytes in this process, for the fuzzers and the developer tools
/// (a lint run tokenizes through `ObjectiveCWorker`). One per thread, like the parser it wraps.
public final class ObjectiveCLexer {
    private let parser: ObjectiveCParser

    /// Nil when no libclang can be loaded with default options.
    public init?() {
        guard let library = ObjectiveCSupport(options: ObjectiveCOptions()).library() else { return nil }
        parser = ObjectiveCParser(library: library)
    }

    /// The tokens of `bytes` lexed as the file at `path` would be (`.m`, `.mm` or `.h`), nil
    /// when the path is a plainly C++ header; a failure says why libclang could not lex them.
    public func tokens(of bytes: [UInt8], path: String) -> Result<[Token], ObjectiveCParseFailure>? {
        guard let dialect = ObjectiveCDialect.of(path: path, bytes: bytes) else { return nil }
        return parser.tokens(of: bytes, dialect: dialect)
    }
}
