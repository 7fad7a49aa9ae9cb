import SeamLintCore

/// JUnit XML for CI test dashboards (GitLab, Jenkins, Azure, CircleCI): one `<testsuite>` per
/// file, one failed `<testcase>` per diagnostic, named after its rule and position. The failure
/// `type` is the severity, its `message` the headline; its text is the xcode-style line with the help
/// and related locations as `note:` lines (the `--verbose` Xcode output).
public struct JUnitReporter: Reporter {
    public static let id = "junit"
    public static let summary = "JUnit XML (one failed test case per diagnostic)"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"SeamLint\" tests=\"\(sorted.count)\" failures=\"\(sorted.count)\" errors=\"0\">\n"
        var start = 0
        while start < sorted.count {
            let file = sorted[start].location.file
            var end = start
            while end < sorted.count && sorted[end].location.file == file { end += 1 }
            let name = XMLEscaping.escape(file)
            output += "  <testsuite name=\"\(name)\" tests=\"\(end - start)\" failures=\"\(end - start)\" errors=\"0\">\n"
            for diagnostic in sorted[start..<end] {
                let location = diagnostic.location
                let caseName = "\(diagnostic.ruleID) (\(location.line):\(location.column))"
                output += "    <testcase classname=\"\(name)\" name=\"\(XMLEscaping.escape(caseName))\""
                    + " file=\"\(name)\" line=\"\(location.line)\">\n"
                output += "      <failure type=\"\(diagnostic.severity.rawValue)\""
                    + " message=\"\(XMLEscaping.escape(diagnostic.message))\">"
                    + XMLEscaping.escape(Self.details(diagnostic)) + "</failure>\n"
                output += "    </testcase>\n"
            }
            output += "  </testsuite>\n"
            start = end
        }
        return output + "</testsuites>\n"
    }

    /// `path:line:column: severity: headline (rule)`, then the help and each related location as
    /// `note:` lines: the `--verbose` Xcode output, without its final newline.
    static func details(_ diagnostic: Diagnostic) -> String {
        String(XcodeReporter.lines(diagnostic, withHelp: true).dropLast())
    }
}
