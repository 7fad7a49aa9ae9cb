import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SeamLintEngine

/// End to end: real files whose names and contents try to break out of every output format
/// (end a workflow command early or start a new one, leave an XML attribute or a JSON string,
/// open Markdown or HTML, drive a terminal). Each reporter's output, run through the built
/// `lint` and parsed back with a real parser, must give exactly the original values (or, where
/// a format cannot carry a character, its documented visible form).
@Suite("Injection")
struct InjectionTests {
    static let hostileNames = [
        "a,b::warning file=z.swift,line=1::owned.swift", "%0A%25%3A.swift", "new\nline::error::x.swift",
        "cr\rlf.swift", "<x a=\"1\" b='2'>&amp;]]>.swift", "\"},{\"file\":\"evil.swift\"}.swift",
        "| cell | [l](u) <img src=x onerror=alert(1)>.swift", "*_`~!#\\.swift", "ünï\u{202E}cödé 日本.swift",
        "tab\tand space.swift",
    ]

    /// A private class name lookup (private_uikit_class quotes the name in its headline) per payload.
    static let payloads = [
        #"_UIX%0A::error file=pwn.swift::owned%0D</failure><x>&amp;]]>\"},{\"|*<script>alert(1)</script>"#,
        "_UIY\"},\"x\":\"<![CDATA[ ]]>::warning::\u{2028}::error::\u{85}next",
        "_UIZ\u{1B}[31mred\u{7}\u{202E}evil\u{7F}",
    ]

    /// The folder every test lints: the hostile names hold buggy code, Payload.swift the lookups.
    static func makeTree() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        for name in hostileNames { try scratch.write(name, BuggySource.text) }
        let lookups = payloads.map { "let c: AnyClass? = NSClassFromString(#\"\($0)\"#)\n" }.joined()
        try scratch.write("Payload.swift", "import UIKit\n" + lookups)
        return scratch
    }

    /// What every format should carry, from the JSON reporter, itself checked against the tree.
    struct Finding: Hashable {
        var file: String
        var line: Int
        var column: Int
        var rule: String
        var severity: String
        var message: String
        var help: String? = nil
        /// Related notes as the line formats append them: `\npath:line:column: note: …` each.
        var notes = ""
        /// The headline, the help as a `help:` line and the notes, as Checkstyle carries them.
        var messageWithHelpAndNotes: String { message + (help.map { "\nhelp: " + $0 } ?? "") + notes }
    }

    static func lint(_ scratch: ScratchFolder, reporter: String) throws -> String {
        let run = try scratch.lint(["--enable-all-rules", "--reporter", reporter, "."])
        #expect(run.status == 0 || run.status == 1, "\(reporter): \(run.errors)")
        return run.output
    }

    static func reference(_ scratch: ScratchFolder) throws -> [Finding] {
        let output = try lint(scratch, reporter: "json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let findings = objects.map { object in
            var notes = ""
            for related in object["related"] as? [[String: Any]] ?? [] {
                notes += "\n\(related["file"] ?? ""):\(related["line"] ?? ""):\(related["column"] ?? ""): note: \(related["message"] ?? "")"
            }
            return Finding(file: object["file"] as? String ?? "", line: object["line"] as? Int ?? 0,
                           column: object["column"] as? Int ?? 0, rule: object["rule"] as? String ?? "",
                           severity: object["severity"] as? String ?? "", message: object["message"] as? String ?? "",
                           help: object["help"] as? String, notes: notes)
        }
        // Every hostile name is reported under its exact name, every payload verbatim.
        #expect(Set(findings.map(\.file)) == Set(hostileNames + ["Payload.swift"]))
        for payload in payloads {
            #expect(findings.contains { $0.file == "Payload.swift" && $0.message.contains("`\(payload)`") }, "\(payload.debugDescription)")
        }
        return findings
    }

    @Test("SARIF, JSON and GitLab JSON parse back to the original values")
    func jsonFormats() throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(Self.lint(scratch, reporter: "sarif").utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let fromSARIF = results.map { result -> Finding in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            let region = physical["region"] as? [String: Any] ?? [:]
            let level = result["level"] as? String ?? ""
            return Finding(file: uri.removingPercentEncoding ?? "", line: region["startLine"] as? Int ?? 0,
                           column: region["startColumn"] as? Int ?? 0, rule: result["ruleId"] as? String ?? "",
                           severity: level == "note" ? "note" : level,
                           message: (result["message"] as? [String: Any])?["text"] as? String ?? "")
        }
        #expect(Set(fromSARIF) == Set(expected.map { Finding(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule,
                                                            severity: $0.severity, message: $0.message) }))

        let gitlab = try #require(try JSONSerialization.jsonObject(with: Data(Self.lint(scratch, reporter: "gitlab").utf8)) as? [[String: Any]])
        let fromGitLab = gitlab.map { issue -> (String, Int, String) in
            let location = issue["location"] as? [String: Any] ?? [:]
            let line = (location["lines"] as? [String: Any])?["begin"] as? Int ?? 0
            return (location["path"] as? String ?? "", line, issue["description"] as? String ?? "")
        }
        #expect(fromGitLab.map { "\($0.0):\($0.1)" }.sorted() == expected.map { "\($0.file):\($0.line)" }.sorted())
        for finding in expected {
            #expect(fromGitLab.contains { $0.0 == finding.file && $0.1 == finding.line && $0.2 == finding.message },
                    "GitLab lost \(finding.file.debugDescription)")
        }
    }

    @Test("GitHub workflow commands: one line per finding, parsed back exactly")
    func githubCommands() throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)
        let output = try Self.lint(scratch, reporter: "github")
        // The runner splits on \r and \n: each finding must be exactly one line starting with `::`.
        let lines = output.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        #expect(lines.count == expected.count, "\(output)")
        var parsed: [Finding] = []
        for line in lines.map(String.init) {
            guard let command = try? #require(Self.parseWorkflowCommand(line), "not a workflow command: \(line)") else { continue }
            parsed.append(command)
        }
        #expect(Set(parsed) == Set(expected.map { finding in
            Finding(file: finding.file, line: finding.line, column: finding.column,
                    rule: finding.message + " (" + finding.rule + ")",
                    severity: finding.severity == "note" ? "notice" : finding.severity,
                    message: (finding.help ?? finding.message) + finding.notes)
        }))
    }

    /// `::warning file=F,line=L,col=C,title=T::MESSAGE`, unescaped as the Actions runner does
    /// (the title, the headline and the rule id, lands in `rule`).
    static func parseWorkflowCommand(_ line: String) -> Finding? {
        guard line.hasPrefix("::"), let space = line.firstIndex(of: " ") else { return nil }
        let command = String(line[line.index(line.startIndex, offsetBy: 2)..<space])
        guard let end = line.range(of: "::", range: space..<line.endIndex) else { return nil }
        var properties: [String: String] = [:]
        for pair in line[line.index(after: space)..<end.lowerBound].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            properties[String(parts[0])] = unescape(String(parts[1]), property: true)
        }
        return Finding(file: properties["file"] ?? "", line: Int(properties["line"] ?? "") ?? 0,
                       column: Int(properties["col"] ?? "") ?? 0, rule: properties["title"] ?? "", severity: command,
                       message: unescape(String(line[end.upperBound...]), property: false))
    }

    static func unescape(_ text: String, property: Bool) -> String {
        var result = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property {
            result = result.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
        }
        return result.replacingOccurrences(of: "%25", with: "%")
    }

    @Test("Checkstyle and JUnit XML parse back to the original values", arguments: ["checkstyle", "junit"])
    func xmlFormats(reporter: String) throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)
        let output = try Self.lint(scratch, reporter: reporter)
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(output.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(reporter) output is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        var parsed: [(file: String, line: Int, message: String)] = []
        var currentFile = ""
        for (name, attributes) in collector.elements {
            switch (reporter, name) {
            case ("checkstyle", "file"): currentFile = attributes["name"] ?? ""
            case ("checkstyle", "error"):
                parsed.append((currentFile, Int(attributes["line"] ?? "") ?? 0, attributes["message"] ?? ""))
            case ("junit", "testcase"): currentFile = attributes["file"] ?? ""
            case ("junit", "failure"):
                parsed.append((currentFile, 0, attributes["message"] ?? ""))
            default: break
            }
        }
        #expect(parsed.count == expected.count)
        for finding in expected {
            let file = Self.xmlRepresentable(finding.file)
            let message = Self.xmlRepresentable(reporter == "junit" ? finding.message : finding.messageWithHelpAndNotes)
            #expect(parsed.contains { $0.file == file && $0.message == message && (reporter == "junit" || $0.line == finding.line) },
                    "\(reporter) lost \(finding.file.debugDescription): \(finding.message.debugDescription)")
        }
    }

    /// What XML 1.0 can carry: C0 controls other than tab, newline and carriage return cannot
    /// appear even as references, so the reporters show them as `\u{1B}`.
    static func xmlRepresentable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test("Markdown: no cell opens HTML, a link or a new cell; cells read back as the escaped text")
    func markdown() throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)
        let output = try Self.lint(scratch, reporter: "markdown")
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst(2)  // header, rule
        #expect(rows.count == expected.count, "\(output)")
        var cells: [[String]] = []
        for row in rows {
            let split = Self.splitRow(String(row))
            #expect(split.count == 4, "a cell escaped its column: \(row)")
            cells.append(split)
        }
        for finding in expected where finding.notes.isEmpty {
            let place = "\(finding.file):\(finding.line):\(finding.column)".escapingControlCharacters
            let help = finding.help.map { "<br>help: " + $0.escapingControlCharacters } ?? ""
            #expect(cells.contains { $0.count == 4 && $0[1] == place && $0[3] == finding.message.escapingControlCharacters + help },
                    "markdown lost \(finding.file.debugDescription)")
        }
        // Nothing a renderer would turn into markup is left unescaped.
        for row in rows {
            for marker in ["<img", "<script", "<x ", "](", "<![CDATA["] {
                #expect(!Self.unescapedOccurrence(of: marker, in: String(row)) || marker == "](" && row.contains("](https://"),
                        "unescaped \(marker) in \(row)")
            }
        }
    }

    /// Cells of a GFM table row, split at unescaped `|`, with backslash escapes removed.
    static func splitRow(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row.dropFirst().dropLast() {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "|" { cells.append(current); current = ""; continue }
            current.append(character)
        }
        cells.append(current)
        return cells.map { cell in
            var trimmed = Substring(cell)
            if trimmed.hasPrefix(" ") { trimmed = trimmed.dropFirst() }
            if trimmed.hasSuffix(" ") { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }
    }

    static func unescapedOccurrence(of marker: String, in row: String) -> Bool {
        var search = row.startIndex..<row.endIndex
        while let found = row.range(of: marker, range: search) {
            if found.lowerBound == row.startIndex || row[row.index(before: found.lowerBound)] != "\\" { return true }
            search = found.upperBound..<row.endIndex
        }
        return false
    }

    @Test("terminal output: control characters escaped, one line per finding")
    func terminal() throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)
        let run = try scratch.lint(["--enable-all-rules", "."])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count)
        #expect(!run.output.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || [0x2028, 0x2029, 0x202E].contains(scalar.value)
        })
        for finding in expected where finding.notes.isEmpty {
            let line = "\(finding.file.escapingControlCharacters):\(finding.line):\(finding.column): \(finding.severity): "
                + "\(finding.message.escapingControlCharacters) (\(finding.rule))"
            #expect(lines.contains(line), "missing \(line.debugDescription)")
        }
        #expect(!run.errors.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x1B })
    }

    @Test("xcode output with --verbose: the help follows each headline as a note line, escaped")
    func verboseHelpNotes() throws {
        let scratch = try Self.makeTree()
        let expected = try Self.reference(scratch)
        #expect(expected.contains { $0.help != nil }, "the findings have help")
        let run = try scratch.lint(["--enable-all-rules", "--verbose", "."])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count + expected.filter { $0.help != nil }.count + expected.map {
            $0.notes.split(separator: "\n").count }.reduce(0, +))
        #expect(!run.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x1B || $0 == "\u{202E}" })
        for finding in expected {
            let place = "\(finding.file.escapingControlCharacters):\(finding.line):\(finding.column): "
            let headline = place + "\(finding.severity): \(finding.message.escapingControlCharacters) (\(finding.rule))"
            let index = try #require(lines.firstIndex(of: headline), "missing \(headline.debugDescription)")
            if let help = finding.help {
                #expect(lines[index + 1] == place + "note: " + help.escapingControlCharacters)
            }
        }
    }
}

/// Collects every element's name and attributes, in document order.
final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(String, [String: String])] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((elementName, attributes))
    }
}
