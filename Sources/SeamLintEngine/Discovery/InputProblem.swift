/// A path that could not be linted: missing, unreadable, not source, binary, not UTF-8, too big.
public struct InputProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The display path (as the user would type it).
    public let path: String
    /// Lowercase, no trailing period: "no such file or directory".
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Byte-wise, like `SourceFileRef`: two spellings of "é" are two different paths.
    public static func == (lhs: InputProblem, rhs: InputProblem) -> Bool {
        PathNames.compare(lhs.path, rhs.path) == 0 && PathNames.compare(lhs.reason, rhs.reason) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(PathKey(path))
        hasher.combine(PathKey(reason))
    }

    /// `path: error: reason`, always one line: control characters in the path (a file name may
    /// contain a newline) are shown escaped, so the line cannot be mistaken for two diagnostics.
    public var description: String {
        "\(path.escapingControlCharacters): error: \(reason.escapingControlCharacters)"
    }
}
