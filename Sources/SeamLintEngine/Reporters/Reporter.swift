import SeamLintCore

/// Turns diagnostics into one output format. A reporter is a pure function of its input: no I/O,
/// deterministic output (non-streaming reporters sort; the caller decides where text goes).
public protocol Reporter: Sendable {
    /// The `--reporter` name.
    static var id: String { get }
    /// One line for `lint --help` and the docs.
    static var summary: String { get }
    /// Streaming reporters (xcode, github) print each diagnostic as it comes; the others render
    /// once, at the end, sorted.
    static var isStreaming: Bool { get }
    /// Prints `Diagnostic.contentFingerprint` (the linter stamps project findings only for these).
    static var usesContentFingerprints: Bool { get }

    init()

    /// The whole output for a run, diagnostics sorted (streaming reporters too).
    func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String
    /// Streaming reporters: one diagnostic, including its trailing newline. Others return "".
    func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String
}

extension Reporter {
    public static var isStreaming: Bool { false }
    public static var usesContentFingerprints: Bool { false }

    public func renderOne(_ diagnostic: Diagnostic, context: ReportContext) -> String { "" }
}

/// Streaming reporters render a whole run as the concatenation of their lines, in sorted order.
protocol LineReporter: Reporter {}

extension LineReporter {
    public static var isStreaming: Bool { true }

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = ""
        for diagnostic in diagnostics.sorted() {
            output += renderOne(diagnostic, context: context)
        }
        return output
    }
}

extension Diagnostic {
    /// Where the flagged text ends (exclusive), when the diagnostic knows it and flags some text.
    var knownEnd: SourcePosition? { length > 0 ? end : nil }

    /// The last line holding flagged text, when known: a range ending just past a line break ends
    /// on the line before.
    var lastLine: Int? {
        guard let end = knownEnd else { return nil }
        return end.column == 1 && end.line > location.line ? end.line - 1 : end.line
    }
}
