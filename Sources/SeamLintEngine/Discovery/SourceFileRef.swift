import SeamLintCore

/// A source file found by `FileDiscovery`: the path shown to users and the path used to open it.
///
/// Equality, hashing and ordering compare the paths byte by byte: Swift's `String` equality treats
/// canonically equivalent text as equal (NFC "é" == NFD "é"), but on Linux those are two different
/// files, and sorting must not depend on the locale or on Unicode normalization.
public struct SourceFileRef: Sendable, Hashable, Comparable {
    /// Relative to the current directory when under it, else absolute; never starts with "./".
    public let path: String
    /// Standardized absolute path ("." and ".." removed lexically; symbolic links kept).
    public let absolutePath: String
    public let language: SourceLanguage

    public init(path: String, absolutePath: String, language: SourceLanguage) {
        self.path = path
        self.absolutePath = absolutePath
        self.language = language
    }

    public static func == (lhs: SourceFileRef, rhs: SourceFileRef) -> Bool {
        PathNames.compare(lhs.path, rhs.path) == 0
            && PathNames.compare(lhs.absolutePath, rhs.absolutePath) == 0
            && lhs.language == rhs.language
    }

    public func hash(into hasher: inout Hasher) {
        for byte in path.utf8 { hasher.combine(byte) }
        hasher.combine(0xFF as UInt8)  // never a UTF-8 byte: separates the two paths
        for byte in absolutePath.utf8 { hasher.combine(byte) }
        hasher.combine(language)
    }

    public static func < (lhs: SourceFileRef, rhs: SourceFileRef) -> Bool {
        let byPath = PathNames.compare(lhs.path, rhs.path)
        if byPath != 0 { return byPath < 0 }
        let byAbsolutePath = PathNames.compare(lhs.absolutePath, rhs.absolutePath)
        if byAbsolutePath != 0 { return byAbsolutePath < 0 }
        return lhs.language == .swift && rhs.language == .objectiveC
    }
}
