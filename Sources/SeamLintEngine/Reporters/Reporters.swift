/// The registry of output formats.
public enum Reporters {
    /// In `--help` order; the first is the default.
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SummaryReporter.self, MarkdownReporter.self,
        SARIFReporter.self, GitHubReporter.self, GitLabReporter.self, CheckstyleReporter.self,
        JUnitReporter.self, TerminalReporter.self,
    ]

    public static var defaultReporter: any Reporter { XcodeReporter() }

    /// The reporter with this `--reporter` name, or nil.
    public static func named(_ id: String) -> (any Reporter)? {
        all.first { $0.id == id }.map { $0.init() }
    }
}
