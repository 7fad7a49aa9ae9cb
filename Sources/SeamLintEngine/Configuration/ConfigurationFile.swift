import Foundation
import SeamLintCore

/// One `.seamlint.json`, read and checked. Paths in it are already resolved against its folder.
public struct ConfigurationFile: Sendable {
    /// What `rules.<id>` says: a level (or "off") and values of the rule's declared options.
    public struct RuleSetting: Sendable, Equatable {
        public var level: RuleLevel?
        public var options = RuleOptions()
    }

    public enum RuleList: Sendable, Equatable {
        case all
        case ids([String])
    }

    /// Standardized absolute path of the file and of its folder.
    public let path: String
    public let folder: String
    /// As shown in messages (relative to the working directory when under it).
    public let displayPath: String

    public internal(set) var rules: [String: RuleSetting] = [:]
    public internal(set) var optIn: RuleList?
    public internal(set) var only: [String]?
    public internal(set) var included: [GlobPattern] = []
    public internal(set) var excluded: [GlobPattern] = []
    public internal(set) var useDefaultExcludes: Bool?
    public internal(set) var iosDeploymentTarget: Version?
    public internal(set) var reporter: String?
    public internal(set) var strict: Bool?
    /// Absolute.
    public internal(set) var baseline: String?
    public internal(set) var objectiveC: Bool?
    /// Top-level keys present, for nested-file warnings.
    public internal(set) var keys: Set<ConfigurationKey> = []
    /// Line and column of key paths, for warnings that point into the file.
    var positions: [String: (line: Int, column: Int)] = [:]

    init(path: String, displayPath: String) {
        self.path = path
        self.displayPath = displayPath
        folder = (path as NSString).deletingLastPathComponent
    }

    /// A problem pointing at `keyPath` in this file.
    func problem(at keyPath: KeyPath, _ message: String) -> ConfigurationProblem {
        let position = positions[keyPath.description]
        return ConfigurationProblem(file: displayPath, line: position?.line, column: position?.column,
                                    keyPath: keyPath == .root ? "" : keyPath.description, message: message)
    }
}

/// What a configuration file is checked against.
struct ConfigurationVocabulary: Sendable {
    var ruleIDs: [String]
    /// The options each rule declares, by rule id.
    var ruleOptions: [String: [RuleOption]]
    var reporterIDs: [String]

    init(rules: [RuleDescription], reporterIDs: [String]) {
        ruleIDs = rules.map(\.id)
        ruleOptions = Dictionary(rules.map { ($0.id, $0.options) }) { first, _ in first }
        self.reporterIDs = reporterIDs
    }

    /// Configuration files larger than this are refused (a config is a few kilobytes).
    static let maximumSize = 4 * 1024 * 1024
}

extension ConfigurationFile {
    /// Reads and checks the file at `path` (absolute). Every problem is collected, not just the first.
    static func load(path: String, displayPath: String, vocabulary: ConfigurationVocabulary)
        -> Result<ConfigurationFile, ConfigurationError>
    {
        var file = ConfigurationFile(path: path, displayPath: displayPath)
        let reference = SourceFileRef(path: displayPath, absolutePath: path, language: .swift)
        let bytes: [UInt8]
        switch SourceReader.read(reference, maximumSize: ConfigurationVocabulary.maximumSize) {
        case .failure(let problem):
            return .failure(ConfigurationError([ConfigurationProblem(file: displayPath, message: "cannot read the configuration: \(problem.reason)")]))
        case .success(let read): bytes = read
        }
        let document: ConfigurationValue
        switch DecodedDocument.decode(bytes, displayPath: displayPath) {
        case .failure(let error): return .failure(error)
        case .success(let decoded):
            document = decoded.value
            file.positions = decoded.positions
        }
        var checker = ConfigurationChecker(file: file, vocabulary: vocabulary)
        checker.check(document)
        return checker.problems.isEmpty ? .success(checker.file) : .failure(ConfigurationError(checker.problems))
    }
}
