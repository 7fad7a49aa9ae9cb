import SeamLintCore

/// Where a value sits in a configuration document: `rules.key_window_lookup.severity`, `excluded[2]`.
struct KeyPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    static let root = KeyPath()

    func appending(_ key: String) -> KeyPath { KeyPath(components: components + [.key(key)]) }
    func appending(_ index: Int) -> KeyPath { KeyPath(components: components + [.index(index)]) }
    /// Without the last component (the root stays the root).
    var parent: KeyPath { KeyPath(components: Array(components.dropLast())) }

    /// Dotted for plain keys, `["…"]` for keys a dot would make ambiguous, `[n]` for indices.
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
                    ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "$" || $0 == "-")
                }
                if plain {
                    text += (text.isEmpty ? "" : ".") + key
                } else {
                    text += "[\"" + key.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
                }
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}

/// One mistake in a configuration file (or a baseline file), shown as one line:
/// `path:line:column: key.path: message` (line and column when they are known).
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user would type it.
    public let file: String
    public let line: Int?
    public let column: Int?
    /// Empty for problems with the file as a whole (malformed JSON, unreadable).
    public let keyPath: String
    public let message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// Control characters (a key or a path may hold a newline) are escaped: always one line.
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if !keyPath.isEmpty { text += keyPath + ": " }
        return (text + message).escapingControlCharacters
    }
}

/// Everything wrong with the configuration, in file and position order; the run stops (exit 2).
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public let problems: [ConfigurationProblem]

    public init(_ problems: [ConfigurationProblem]) { self.problems = problems }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// "; did you mean 'x'?" or nothing.
func suggestion(for word: String, in candidates: [String]) -> String {
    Spelling.nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}
