import Foundation
import SeamLintCore
@testable import SeamLintEngine

/// Objective-C sources tokenized by the libclang the default search finds (tests that need it are
/// enabled only when it is there; `ObjectiveCLibclangTests` fails in CI when it is not).
enum ObjectiveCFixture {
    static let isAvailable = ObjectiveCAvailability.isAvailable

    static func tokens(_ source: String, path: String = "/virtual/Example.m") throws -> [Token] {
        try tokens(Array(source.utf8), path: path)
    }

    static func tokens(_ bytes: [UInt8], path: String = "/virtual/Example.m") throws -> [Token] {
        guard let library = ObjectiveCSupport(options: ObjectiveCOptions()).library() else {
            throw FixtureError(message: "libclang is not available")
        }
        let parser = ObjectiveCParser(library: library)
        let dialect = ObjectiveCDialect.of(path: path, bytes: bytes) ?? .objectiveCPlusPlus
        return try parser.tokens(of: bytes, dialect: dialect).get()
    }

    /// A `SourceFile` of Objective-C code; `↓` markers are removed (see `MarkedSource`).
    static func file(_ source: String, path: String = "/virtual/Example.m") throws -> SourceFile {
        let code = MarkedSource(source).code
        let bytes = Array(code.utf8)
        return SourceFile(path: path, bytes: bytes, tokens: try tokens(bytes, path: path), language: .objectiveC)
    }

    /// The code index of the first code token spelled `text` at or after the `↓` marker (or anywhere).
    static func index(of text: String, in file: SourceFile, marked source: String? = nil, occurrence: Int = 0) -> Int? {
        let start = source.flatMap { MarkedSource($0).offsets.first } ?? 0
        var seen = 0
        for index in file.code.indices where Int(file.code[index].start) >= start && file.text(at: index) == text {
            if seen == occurrence { return index }
            seen += 1
        }
        return nil
    }

    /// The `.m` files of the Objective-C sample apps, with and without the bugs.
    static func sampleSources() throws -> [String] {
        var sources: [String] = []
        for folder in ["Samples/ObjCApp", "Samples/ObjCAppFixed"] {
            let url = PackageRoot.url.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".m") {
                sources.append(try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
            }
        }
        return sources
    }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// Every byte belongs to exactly one token, in order.
func isLossless(_ tokens: [Token], count: Int) -> Bool {
    var position = 0
    for token in tokens {
        guard Int(token.start) == position, token.length > 0 else { return false }
        position = token.end
    }
    return position == count
}
