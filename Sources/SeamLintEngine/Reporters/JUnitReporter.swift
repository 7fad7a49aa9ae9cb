import SeamLintCore

/// JUnit XML for CI test dashboards (GitLab, Jenkins, Azure, CircleCI): one `<testsuite>` per
/// file, one failed `<testcase>` per diagnostic, named after its rule and position. The failure
/// `type` is the severity; its text is the xcode-style line plus related notes.
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

    /// `path:line:column: severity: message (rule)` and a `note:` line per related location.
    static func details(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        var text = "\(location.file):\(location.line):\(location.column): \(diagnostic.severity.rawValue): "
            + "\(diagnostic.message) (\(diagnostic.ruleID))"
        for related in diagnostic.related {
            let place = related.location
            text += "\n\(place.file):\(place.line):\(place.column): note: \(related.message)"
        }
        return text
    }
}
