import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// Fixed input for every reporter: ordinary findings plus file names and messages built to break
/// each output format (quoting, escaping, line structure, markup, command injection).
enum ReporterFixture {
    static let root = "/work/project"
    static let unicodeFile = "Sources/Ünïcødé/🦄.swift"
    static let unicodeSource = Array("let 🦄 = \"é\"\nlet b = 2\n".utf8)

    static let rules = [
        RuleDescription(id: "connected_scenes_first", summary: "Use the connected scenes, not the windows array.",
                        rationale: "## What it does\nFlags `windows[0]`.\n\n## Why is this bad?\nScenes.",
                        documentation: ["https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes"],
                        severity: .warning, isFixable: true, triggering: [], nonTriggering: []),
        RuleDescription(id: "key_window_lookup", summary: "Key window lookups <are> \"deprecated\" & racy.",
                        rationale: "Use a scene's key window.", severity: .error, triggering: [], nonTriggering: []),
        RuleDescription(id: "private_uikit_class", summary: "Private UIKit classes.", rationale: "Do not.",
                        severity: .note, isOptIn: true, triggering: [], nonTriggering: []),
    ]

    static var context: ReportContext {
        ReportContext(rules: rules, toolVersion: "1.2.3", workingDirectory: root, sarifRoot: root)
    }

    static func at(_ file: String, _ line: Int, _ column: Int, _ offset: Int) -> Location {
        Location(file: file, line: line, column: column, offset: offset)
    }

    /// The findings in `unicodeFile` carry their end, as the core computes it from the text; the
    /// others were made without their text.
    static let diagnostics: [Diagnostic] = findings.map { diagnostic in
        guard diagnostic.location.file == unicodeFile else { return diagnostic }
        var copy = diagnostic
        copy.end = SourcePosition.end(after: diagnostic.location, length: diagnostic.length, in: unicodeSource)
        return copy
    }

    private static let findings: [Diagnostic] = [
        Diagnostic(ruleID: "connected_scenes_first", severity: .warning,
                   message: "Use `connectedScenes.first` — not `windows[0]` <b>&amp;</b> \"quoted\" 'single'",
                   help: "Take the scene as a parameter: `func show(in scene: UIWindowScene)` <i>&</i> \"quoted\".",
                   location: at("Sources/App/Scene Delegate.swift", 3, 5, 40), length: 10,
                   related: [RelatedLocation(location: at("Sources/App/Scene Delegate.swift", 1, 1, 0),
                                             message: "the window list is read here")],
                   fix: [Edit(range: 40..<50, replacement: "connectedScenes.first"),
                         Edit(range: 10..<10, replacement: "import UIKit\n")]),
        Diagnostic(ruleID: "key_window_lookup", severity: .error,
                   message: "Injected ::warning file=evil.swift::pwned\n::error::second line\r\nthird %0A line, with: colons",
                   help: "Help injected\n::error file=help.swift::pwned\r\n%0A, too: yes",
                   location: at("Sources/we,ird:na%me #?.swift", 12, 1, 300), length: 3),
        Diagnostic(ruleID: "connected_scenes_first", severity: .warning, message: "Flagged `let 🦄 = \"é\"`",
                   location: at(unicodeFile, 1, 5, 4), length: 4),
        Diagnostic(ruleID: "connected_scenes_first", severity: .warning, message: "Spans two lines",
                   help: "Ends on the second line.",
                   location: at(unicodeFile, 1, 1, 0), length: 20),
        Diagnostic(ruleID: "private_uikit_class", severity: .note,
                   message: "CDATA ]]> <![CDATA[ x ]]> C:\\path\\ \u{1}\u{1B}[31mred\u{7F} tab\there \u{202E}evil\u{2028}sep",
                   location: at("Sources/x.swift", 2, 3, 15), length: 0),
        Diagnostic(ruleID: "unknown_rule", severity: .warning, message: "file name with a newline",
                   location: at("Sources/new\nline.swift", 1, 1, 0)),
        Diagnostic(ruleID: "key_window_lookup", severity: .error, message: "Outside the root",
                   location: at("/elsewhere/Outside.swift", 7, 2, 80), length: 5),
        Diagnostic(ruleID: "key_window_lookup", severity: .error, message: "Same finding twice",
                   location: at("Sources/x.swift", 5, 1, 60), length: 5),
        Diagnostic(ruleID: "key_window_lookup", severity: .error, message: "Same finding twice",
                   location: at("Sources/x.swift", 9, 1, 99), length: 5),
        Diagnostic(ruleID: "private_uikit_class", severity: .note,
                   message: "[click](https://evil.example) <img src=x onerror=alert(1)> | cell | `code` *bold* _em_ ~s~ !",
                   help: "Help [link](https://evil.example) | cell <br> ]]> \u{1B}[31m\u{202E}.",
                   location: at("Sources/[link](x) <b>|.swift", 4, 8, 30), length: 1,
                   related: [RelatedLocation(location: at("Sources/x.swift", 1, 1, 0), message: "see <here> | there")]),
    ]

    /// Golden file per reporter; extensions only help editors.
    static let goldenNames = [
        "xcode": "xcode.txt", "json": "json.json", "summary": "summary.txt", "markdown": "markdown.md",
        "sarif": "sarif.sarif", "github": "github.txt", "gitlab": "gitlab.json", "checkstyle": "checkstyle.xml",
        "junit": "junit.xml", "terminal": "terminal.txt",
    ]

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Reporters")
}

@Suite struct ReporterGoldenTests {
    @Test(arguments: Reporters.all.map { $0.id })
    func matchesGoldenFile(id: String) throws {
        let reporter = try #require(Reporters.named(id))
        let output = reporter.render(ReporterFixture.diagnostics, context: ReporterFixture.context)
        let name = try #require(ReporterFixture.goldenNames[id], "no golden file name for \(id)")
        let url = ReporterFixture.goldenFolder.appendingPathComponent(name)
        if GeneratedFiles.isRegenerating {
            try Data(output.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        // Bytes, not `String ==`: canonical equivalence would hide normalization changes.
        #expect(Array(golden) == Array(output.utf8),
                "\(id) output differs from \(name); run `swift run seamlint-dev regenerate` and review the diff")
        // Rendering is deterministic whatever the input order.
        #expect(reporter.render(ReporterFixture.diagnostics.reversed(), context: ReporterFixture.context) == output)
    }

    @Test func registry() {
        let ids = Reporters.all.map { $0.id }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == Set(ReporterFixture.goldenNames.keys))
        #expect(Reporters.named("nope") == nil)
        #expect(type(of: Reporters.defaultReporter).id == "xcode")
        #expect(Reporters.all.filter { $0.isStreaming }.map { $0.id } == ["xcode", "github"])
        for type in Reporters.all where !type.isStreaming {
            #expect(type.init().renderOne(ReporterFixture.diagnostics[0], context: ReporterFixture.context) == "")
        }
        for type in Reporters.all where type.isStreaming {
            let reporter = type.init()
            let one = reporter.renderOne(ReporterFixture.diagnostics[0], context: ReporterFixture.context)
            #expect(one == reporter.render([ReporterFixture.diagnostics[0]], context: ReporterFixture.context))
            #expect(one.hasSuffix("\n"))
        }
    }

    @Test func emptyRuns() throws {
        let context = ReporterFixture.context
        #expect(XcodeReporter().render([], context: context) == "")
        #expect(JSONReporter().render([], context: context) == "[]\n")
        #expect(GitLabReporter().render([], context: context) == "[]\n")
        #expect(SummaryReporter().render([], context: context) == "No diagnostics; 3 rules ran.\n")
        #expect(MarkdownReporter().render([], context: context) == "### SeamLint\n\nNo diagnostics.\n")
        #expect(XMLReadBack.parse(CheckstyleReporter().render([], context: context)) != nil)
        #expect(XMLReadBack.parse(JUnitReporter().render([], context: context)) != nil)
        let sarif = try JSONSerialization.jsonObject(with: Data(SARIFReporter().render([], context: context).utf8))
        let runs = try #require((sarif as? [String: Any])?["runs"] as? [[String: Any]])
        #expect((runs[0]["results"] as? [Any])?.isEmpty == true)
    }
}

@Suite struct ReporterRoundTripTests {
    let sorted = ReporterFixture.diagnostics.sorted()
    let context = ReporterFixture.context

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func jsonParsesBackToTheOriginalValues() throws {
        let objects = try #require(try json(JSONReporter().render(sorted, context: context)) as? [[String: Any]])
        #expect(objects.count == sorted.count)
        for (object, diagnostic) in zip(objects, sorted) {
            let ends: Set<String> = diagnostic.end != nil && diagnostic.length > 0 ? ["end_line", "end_column"] : []
            #expect(Set(object.keys) == Set(["file", "line", "column", "offset", "length", "severity", "rule", "message",
                                             "help", "related", "fix"]).union(ends))
            #expect((object["file"] as? String)?.utf8.elementsEqual(diagnostic.location.file.utf8) == true)
            #expect((object["message"] as? String)?.utf8.elementsEqual(diagnostic.message.utf8) == true)
            if let help = diagnostic.help {
                #expect((object["help"] as? String)?.utf8.elementsEqual(help.utf8) == true)
            } else {
                #expect(object["help"] is NSNull)
            }
            #expect(object["end_line"] as? Int == (ends.isEmpty ? nil : diagnostic.end?.line))
            #expect(object["end_column"] as? Int == (ends.isEmpty ? nil : diagnostic.end?.column))
            #expect(object["rule"] as? String == diagnostic.ruleID)
            #expect(object["severity"] as? String == diagnostic.severity.rawValue)
            #expect(object["line"] as? Int == diagnostic.location.line)
            #expect(object["column"] as? Int == diagnostic.location.column)
            #expect(object["offset"] as? Int == diagnostic.location.offset)
            #expect(object["length"] as? Int == diagnostic.length)
            let related = try #require(object["related"] as? [[String: Any]])
            #expect(related.map { $0["message"] as? String } == diagnostic.related.map(\.message))
            #expect(related.map { $0["file"] as? String } == diagnostic.related.map(\.location.file))
            let fix = try #require(object["fix"] as? [[String: Any]])
            let edits = diagnostic.fix.sorted { $0.range.lowerBound < $1.range.lowerBound }
            #expect(fix.map { $0["replacement"] as? String } == edits.map(\.replacement))
            #expect(fix.map { $0["offset"] as? Int } == edits.map(\.range.lowerBound))
            #expect(fix.map { $0["length"] as? Int } == edits.map(\.range.count))
        }
    }

    @Test func jsonStringEscaping() throws {
        let samples = ["", "plain", "\"\\/", "\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", "\n\r\t", "\u{2028}\u{2029}\u{2027}",
                       "é🦄\u{301}", "\u{E2}"]
        for sample in samples {
            var bytes: [UInt8] = []
            JSONValue.writeQuoted(sample, to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
            let parsed = try #require(try json(text) as? String)
            #expect(Array(parsed.unicodeScalars) == Array(sample.unicodeScalars))
        }
    }

    @Test func gitlabParsesBack() throws {
        let issues = try #require(try json(GitLabReporter().render(sorted, context: context)) as? [[String: Any]])
        #expect(issues.count == sorted.count)
        var fingerprints = Set<String>()
        for (issue, diagnostic) in zip(issues, sorted) {
            #expect(issue["description"] as? String == diagnostic.message)
            #expect(issue["check_name"] as? String == diagnostic.ruleID)
            #expect(issue["severity"] as? String == ["note": "info", "warning": "minor", "error": "major"][diagnostic.severity.rawValue])
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == diagnostic.location.file)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == diagnostic.location.line)
            let last = diagnostic.length > 0 ? diagnostic.end?.line : nil
            #expect((location["lines"] as? [String: Any])?["end"] as? Int == last)
            let fingerprint = try #require(issue["fingerprint"] as? String)
            #expect(fingerprint.count == 16 && fingerprint.allSatisfy(\.isHexDigit))
            fingerprints.insert(fingerprint)
        }
        #expect(fingerprints.count == sorted.count)
    }

    @Test func fingerprintsIgnoreLineNumbers() {
        var moved = sorted
        for index in moved.indices { moved[index].location.line += 10; moved[index].location.offset += 100 }
        #expect(Fingerprint.compute(sorted, paths: sorted.map(\.location.file))
            == Fingerprint.compute(moved, paths: moved.map(\.location.file)))
        #expect(Fingerprint.fnv1a(["ab", "c"]) != Fingerprint.fnv1a(["a", "bc"]))
        #expect(Fingerprint.hex(Fingerprint.fnv1a([""])) == "cbf29ce484222325")
    }

    @Test func sarifParsesBackToTheOriginalValues() throws {
        let log = try #require(try json(SARIFReporter().render(sorted, context: context)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
        #expect(base == "file:///work/project/")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "SeamLint")
        #expect(driver["version"] as? String == "1.2.3")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["connected_scenes_first", "key_window_lookup",
                                                        "private_uikit_class", "unknown_rule"])
        #expect(rules[0]["name"] as? String == "ConnectedScenesFirst")
        #expect(rules[0]["helpUri"] as? String == ReportContext.defaultRuleDocumentationBase + "connected_scenes_first")
        #expect((rules[1]["shortDescription"] as? [String: String])?["text"] == "Key window lookups <are> \"deprecated\" & racy.")

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == sorted.count)
        var fingerprints = Set<String>()
        for (result, diagnostic) in zip(results, sorted) {
            #expect(result["ruleId"] as? String == diagnostic.ruleID)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(rules[ruleIndex]["id"] as? String == diagnostic.ruleID)
            #expect(result["level"] as? String == diagnostic.severity.rawValue)
            #expect((result["message"] as? [String: String])?["text"] == diagnostic.message)
            #expect((result["properties"] as? [String: String])?["help"] == diagnostic.help)
            let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: String])
            let uri = try #require(artifact["uri"])
            #expect(!uri.contains(" ") && !uri.contains("#") && !uri.contains("?") && uri.allSatisfy(\.isASCII))
            if diagnostic.location.file.hasPrefix("/") {
                #expect(artifact["uriBaseId"] == nil)
                #expect(URL(string: uri)?.path == diagnostic.location.file)
            } else {
                #expect(artifact["uriBaseId"] == "%SRCROOT%")
                #expect(uri.removingPercentEncoding == diagnostic.location.file)
            }
            let region = try #require(physical["region"] as? [String: Int])
            #expect(region["startLine"] == diagnostic.location.line)
            #expect(region["startColumn"] == diagnostic.location.column)
            #expect(region["byteOffset"] == diagnostic.location.offset)
            #expect(region["byteLength"] == diagnostic.length)
            let fingerprint = try #require((result["partialFingerprints"] as? [String: String])?["seamlintFingerprint/v2"])
            fingerprints.insert(fingerprint)
            #expect((result["relatedLocations"] as? [[String: Any]])?.count ?? 0 == diagnostic.related.count)
            let fixes = result["fixes"] as? [[String: Any]]
            #expect((fixes?.count ?? 0) == (diagnostic.fix.isEmpty ? 0 : 1))
            if let change = (fixes?.first?["artifactChanges"] as? [[String: Any]])?.first {
                let replacements = try #require(change["replacements"] as? [[String: Any]])
                #expect(replacements.map { ($0["insertedContent"] as? [String: String])?["text"] }
                    == ["import UIKit\n", "connectedScenes.first"])
                #expect(replacements.map { ($0["deletedRegion"] as? [String: Int]) ?? [:] }
                    == [["byteOffset": 10, "byteLength": 0], ["byteOffset": 40, "byteLength": 10]])
            }
        }
        #expect(fingerprints.count == sorted.count)

        // End positions count code points, from the source text: 🦄 is 4 bytes, 1 column.
        let regions = results.compactMap { result -> [String: Int]? in
            let location = (result["locations"] as? [[String: Any]])?.first
            return (location?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]
        }
        #expect(regions.contains(["startLine": 1, "startColumn": 5, "endLine": 1, "endColumn": 6, "byteOffset": 4, "byteLength": 4]))
        #expect(regions.contains(["startLine": 1, "startColumn": 1, "endLine": 2, "endColumn": 5, "byteOffset": 0, "byteLength": 20]))
    }

    @Test func sarifURIsAreRelativeToTheConfiguredRoot() {
        let context = ReportContext(toolVersion: "1", workingDirectory: "/repo/Package", sarifRoot: "/repo")
        #expect(SARIFArtifact(file: "Sources/A b.swift", context: context).uri == "Package/Sources/A%20b.swift")
        #expect(SARIFArtifact(file: "../Other/é.swift", context: context).uri == "Other/%C3%A9.swift")
        #expect(SARIFArtifact(file: "/tmp/x:y.swift", context: context).uri == "file:///tmp/x%3Ay.swift")
        #expect(URIEncoding.encode("a:b/c%d#e?f g") == "a%3Ab/c%25d%23e%3Ff%20g")
    }

    @Test(.enabled(if: SARIFSchemaCheck.isAvailable)) func sarifValidatesAgainstTheOfficialSchema() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(SARIFReporter().render(sorted, context: context).utf8).write(to: file)
        let (status, output) = SARIFSchemaCheck.run([SARIFSchemaCheck.script, file.path, SARIFSchemaCheck.schema])
        #expect(status == 0, "\(output)")
    }

    @Test func xmlReportersAreWellFormedAndReadBack() throws {
        let checkstyle = try #require(XMLReadBack.parse(CheckstyleReporter().render(sorted, context: context)))
        let errors = checkstyle.filter { $0.name == "error" }
        #expect(errors.count == sorted.count)
        for (element, diagnostic) in zip(errors, sorted) {
            #expect(element.attributes["message"] == XMLEscaping.representable(CheckstyleReporter.message(diagnostic)))
            #expect(element.attributes["source"] == "seamlint." + diagnostic.ruleID)
            #expect(element.attributes["line"] == String(diagnostic.location.line))
        }
        let files = checkstyle.filter { $0.name == "file" }.compactMap { $0.attributes["name"] }
        var expectedFiles: [String] = []
        for diagnostic in sorted where expectedFiles.last != diagnostic.location.file {
            expectedFiles.append(diagnostic.location.file)
        }
        #expect(files == expectedFiles.map(XMLEscaping.representable))

        let junit = try #require(XMLReadBack.parse(JUnitReporter().render(sorted, context: context)))
        let failures = junit.filter { $0.name == "failure" }
        #expect(failures.count == sorted.count)
        for (element, diagnostic) in zip(failures, sorted) {
            #expect(element.attributes["message"] == XMLEscaping.representable(diagnostic.message))
            #expect(element.attributes["type"] == diagnostic.severity.rawValue)
            #expect(element.text == XMLEscaping.representable(JUnitReporter.details(diagnostic)))
        }
        #expect(junit.first?.attributes["tests"] == String(sorted.count))
    }

    @Test func xmlEscapingKeepsEveryRepresentableCharacter() throws {
        let text = "a&b<c>d\"e'f\tg\nh\ri\r\nj]]>k\u{1}l\u{FFFE}m\u{7F}n\u{85}o🦄"
        let document = "<r a=\"\(XMLEscaping.escape(text))\" b='\(XMLEscaping.escape(text))'>\(XMLEscaping.escape(text))</r>"
        let element = try #require(XMLReadBack.parse(document)?.first)
        let expected = "a&b<c>d\"e'f\tg\nh\ri\r\nj]]>k\\u{1}l\\u{FFFE}m\u{7F}n\u{85}o🦄"
        #expect(XMLEscaping.representable(text) == expected)
        #expect(element.attributes["a"] == expected)
        #expect(element.attributes["b"] == expected)
        #expect(element.text == expected)
    }

    @Test func githubCommandsAreOneLineEachAndUnescapeToTheOriginal() throws {
        let output = GitHubReporter().render(sorted, context: context)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == sorted.count)
        #expect(!output.contains("\r"))
        for (line, diagnostic) in zip(lines, sorted) {
            let command = ["note": "notice", "warning": "warning", "error": "error"][diagnostic.severity.rawValue]!
            #expect(line.hasPrefix("::\(command) file="))
            let body = line.dropFirst(2 + command.count + 1)
            let separator = try #require(body.range(of: "::"))
            var properties: [String: String] = [:]
            for property in body[..<separator.lowerBound].split(separator: ",") {
                let pair = property.split(separator: "=", maxSplits: 1)
                properties[String(pair[0])] = GitHubUnescape.unescape(String(pair[1]))
            }
            #expect(properties["file"] == diagnostic.location.file)
            #expect(properties["line"] == String(diagnostic.location.line))
            #expect(properties["col"] == String(diagnostic.location.column))
            #expect(properties["title"] == diagnostic.message + " (" + diagnostic.ruleID + ")")
            let end = diagnostic.length > 0 ? diagnostic.end : nil
            #expect(properties["endLine"] == end.map { String($0.line) })
            #expect(properties["endColumn"] == end.flatMap { $0.line == diagnostic.location.line ? String($0.column) : nil })
            var message = diagnostic.help ?? diagnostic.message
            for related in diagnostic.related {
                message += "\n\(related.location.file):\(related.location.line):\(related.location.column): note: \(related.message)"
            }
            #expect(GitHubUnescape.unescape(String(body[separator.upperBound...])) == message)
        }
    }

    @Test func xcodeLinesCannotBeSplit() {
        let output = XcodeReporter().render(sorted, context: context)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == sorted.count + sorted.map(\.related.count).reduce(0, +))
        #expect(!output.unicodeScalars.contains { $0.needsDisplayEscape && $0 != "\n" })
        #expect(output.hasPrefix("/elsewhere/Outside.swift:7:2: error: Outside the root (key_window_lookup)\n"))
        #expect(output.contains("Sources/new\\nline.swift:1:1: warning: file name with a newline (unknown_rule)\n"))
        #expect(!output.contains("Help injected"), "the help only with --verbose")
        var verbose = context
        verbose.verbose = true
        let withHelp = XcodeReporter().render(sorted, context: verbose)
        let helpLines = withHelp.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(helpLines.count == lines.count + sorted.filter { $0.help != nil }.count)
        #expect(!withHelp.unicodeScalars.contains { $0.needsDisplayEscape && $0 != "\n" })
        #expect(withHelp.contains("12:1: error: Injected ::warning file=evil.swift::pwned\\n::error::second line\\r\\n"
            + "third %0A line, with: colons (key_window_lookup)\nSources/we,ird:na%me #?.swift:12:1: note: Help injected\\n"))
    }

    @Test func markdownCellsCannotInjectMarkup() {
        let output = MarkdownReporter().render(sorted, context: context)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Severity") && !$0.hasPrefix("| ---") }
        #expect(rows.count == sorted.count)
        for row in rows {
            let unescapedPipes = row.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\|", with: "")
            #expect(unescapedPipes.filter { $0 == "|" }.count == 5, "\(row)")
            let withoutOwnMarkup = row.replacingOccurrences(of: "<br>", with: "")
            #expect(!withoutOwnMarkup.replacingOccurrences(of: "\\<", with: "").contains("<"), "\(row)")
            #expect(!row.contains("\n"))
        }
        #expect(MarkdownReporter.escape("a_b _c_ [x](y) <i>") == "a_b \\_c\\_ \\[x\\](y) \\<i\\>")
        #expect(MarkdownReporter.escape("new\nline|") == "new\\\\nline\\|")
    }

    @Test func summaryCounts() {
        let output = SummaryReporter().render(sorted, context: context)
        #expect(output.contains("10 diagnostics (4 errors, 4 warnings, 2 notes) in 7 files; 3 rules ran.\n"))
        let rows = output.split(separator: "\n")
        #expect(rows.first?.hasPrefix("Rule") == true)
        #expect(rows.contains { $0.hasPrefix("key_window_lookup") && $0.hasSuffix("  4") })
    }
}

/// Undoes the GitHub Actions command escaping, as the runner does.
enum GitHubUnescape {
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}

/// Runs `scripts/validate-sarif.py` when Python with `jsonschema` and the schema are present.
enum SARIFSchemaCheck {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let script = repository.appendingPathComponent("scripts/validate-sarif.py").path
    static let schema = ProcessInfo.processInfo.environment["SEAMLINT_SARIF_SCHEMA"]
        ?? "/work/shared/schemas/sarif-schema-2.1.0.json"

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: schema) && run(["-c", "import jsonschema"]).status == 0
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Elements of an XML document in order, with attributes and text, via Foundation's parser.
final class XMLReadBack: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private var elements: [Element] = []
    private var open: [Int] = []

    /// nil when the document is not well-formed.
    static func parse(_ document: String) -> [Element]? {
        let parser = XMLParser(data: Data(document.utf8))
        let reader = XMLReadBack()
        parser.delegate = reader
        return parser.parse() ? reader.elements : nil
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }
}
