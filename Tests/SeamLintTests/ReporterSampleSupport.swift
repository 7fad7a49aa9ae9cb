import Foundation
import Testing
import SeamLintEngine
import SeamLintCLI

/// Two sample apps copied into a fresh folder under hostile names (spaces, commas, colons, `%`,
/// a newline, Unicode, XML and JSON metacharacters, `::`, `]]>`), for running the real `lint`.
struct HostileSampleTree {
    /// Sample → folder name, and file renames inside it.
    static let layout: [(sample: String, folder: String, renames: [String: String])] = [
        ("RepresentableApp", "Run & \"Map\" <App>, 100%",
         ["RouteMapView.swift": "Route: Map, 100% <\"&'>.swift", "WorkoutVideoView.swift": "Workout\nVideo %0A ü.swift"]),
        ("SceneDelegateApp", "Recipes: ünï, 'co' #1 ]]>",
         ["RecipeRootView.swift": "Recipe::Root,View.swift", "CookingTimerView.swift": "Cooking {\"t\": [1]}\\.swift"]),
    ]

    /// The folder, links resolved (it is the working directory `lint` sees).
    let root: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seamlint-reporter-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = URL(fileURLWithPath: String(cString: realpath(base.path, nil)))
        for (sample, folder, renames) in Self.layout {
            let source = PackageRoot.url.appendingPathComponent("Samples/\(sample)")
            let target = root.appendingPathComponent(folder)
            try FileManager.default.copyItem(at: source, to: target)
            for (old, new) in renames {
                try FileManager.default.moveItem(at: target.appendingPathComponent(old), to: target.appendingPathComponent(new))
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Runs `lint --enable-all-rules --reporter ID [extra] .` in the tree.
    func lint(reporter: String, _ extra: [String] = []) throws -> LintProcess.Run {
        try LintProcess.run(["--quiet", "--enable-all-rules", "--reporter", reporter] + extra + ["."], directory: root)
    }

    /// The expected findings: the samples linted under their own names (JSON), renamed.
    static func expectedFindings() throws -> [Finding] {
        var findings: [Finding] = []
        for (sample, folder, renames) in layout {
            let run = try LintProcess.run(["--quiet", "--enable-all-rules", "--reporter", "json", "Samples/\(sample)"])
            for var finding in try Finding.fromJSON(run.output) {
                let name = String(finding.file.dropFirst("Samples/\(sample)/".count))
                finding.file = folder + "/" + (renames[name] ?? name)
                findings.append(finding)
            }
        }
        return findings.sorted()
    }
}

/// One diagnostic as a reporter shows it. Formats that leave out a field compare with it blanked.
struct Finding: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var rule: String
    var message: String

    static func < (lhs: Finding, rhs: Finding) -> Bool { lhs.description < rhs.description }
    var description: String { "\(file):\(line):\(column): \(severity): \(message) (\(rule))" }

    var withoutColumn: Finding { var copy = self; copy.column = 0; return copy }
    /// As the xcode, markdown and junit text show paths: control characters escaped.
    var withDisplayedFile: Finding { var copy = self; copy.file = file.escapingControlCharacters; return copy }

    static func fromJSON(_ text: String) throws -> [Finding] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return try array.map { item in
            try Finding(file: #require(item["file"] as? String), line: #require(item["line"] as? Int),
                        column: #require(item["column"] as? Int), severity: #require(item["severity"] as? String),
                        rule: #require(item["rule"] as? String), message: #require(item["message"] as? String))
        }
    }
}

/// Reads each format back into findings, undoing its escaping.
enum ReporterReadBack {
    static let ruleIDs = Set(allRules.map { $0.description.id })

    /// `path:line:column: severity: message (rule)` lines; lines without a known rule are related notes.
    static func xcode(_ text: String) -> (findings: [Finding], related: Int) {
        var findings: [Finding] = []
        var related = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            guard let marker = [": error: ", ": warning: ", ": note: "].compactMap({ line.range(of: $0) })
                .min(by: { $0.lowerBound < $1.lowerBound }) else { return ([], -1) }
            let position = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            let rest = line[marker.upperBound...]
            guard position.count >= 3, let open = rest.range(of: " (", options: .backwards), rest.hasSuffix(")"),
                  ruleIDs.contains(String(rest[open.upperBound..<rest.index(before: rest.endIndex)])) else {
                related += 1
                continue
            }
            findings.append(Finding(file: position.dropLast(2).joined(separator: ":"), line: Int(position[position.count - 2]) ?? -1,
                                    column: Int(position[position.count - 1]) ?? -1,
                                    severity: String(line[marker].dropFirst(2).dropLast(2)),
                                    rule: String(rest[open.upperBound..<rest.index(before: rest.endIndex)]),
                                    message: String(rest[..<open.lowerBound])))
        }
        return (findings, related)
    }

    /// `severity[rule]: message` headers, each followed by `  --> file:line:column`; the numbered
    /// excerpt rows counted (every finding of the samples has its source at hand).
    static func terminal(_ text: String) -> (findings: [Finding], excerptRows: Int) {
        var findings: [Finding] = []
        var rows = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.range(of: #"^ *[0-9]+ \| "#, options: .regularExpression) != nil { rows += 1 }
            guard let open = line.firstIndex(of: "["), let close = line.range(of: "]: "),
                  ["error", "warning", "note"].contains(String(line[..<open])), index + 1 < lines.count,
                  let arrow = lines[index + 1].range(of: "--> ") else { continue }
            let position = lines[index + 1][arrow.upperBound...].split(separator: ":", omittingEmptySubsequences: false)
            guard position.count >= 3 else { continue }
            findings.append(Finding(file: position.dropLast(2).joined(separator: ":"), line: Int(position[position.count - 2]) ?? -1,
                                    column: Int(position[position.count - 1]) ?? -1, severity: String(line[..<open]),
                                    rule: String(line[line.index(after: open)..<close.lowerBound]),
                                    message: String(line[close.upperBound...])))
        }
        return (findings, rows)
    }

    /// `::warning file=…,line=…,col=…,title=headline (rule)::help`, one line each.
    static func github(_ text: String) -> [Finding]? {
        var findings: [Finding] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            guard line.hasPrefix("::"), let space = line.firstIndex(of: " "),
                  let end = line[space...].range(of: "::") else { return nil }
            let command = String(line[line.index(line.startIndex, offsetBy: 2)..<space])
            var properties: [String: String] = [:]
            for pair in line[line.index(after: space)..<end.lowerBound].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else { return nil }
                properties[String(pair[..<equals])] = GitHubUnescape.unescape(String(pair[pair.index(after: equals)...]))
            }
            let title = properties["title"] ?? ""
            guard let open = title.range(of: " (", options: .backwards), title.hasSuffix(")") else { return nil }
            findings.append(Finding(file: properties["file"] ?? "", line: Int(properties["line"] ?? "") ?? -1,
                                    column: Int(properties["col"] ?? "") ?? -1,
                                    severity: command == "notice" ? "note" : command,
                                    rule: String(title[open.upperBound...].dropLast()), message: String(title[..<open.lowerBound])))
        }
        return findings
    }

    static func sarif(_ text: String, root: String) throws -> [Finding] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let base = try #require((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        let baseURI = try #require(base["uri"] as? String)
        guard baseURI.removingPercentEncoding == "file://" + root + "/" else {
            Issue.record("%SRCROOT% is \(baseURI), not the folder \(root)")
            return []
        }
        return try #require(run["results"] as? [[String: Any]]).map { result in
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let region = try #require(location["region"] as? [String: Any])
            return Finding(file: try #require((artifact["uri"] as? String)?.removingPercentEncoding),
                           line: region["startLine"] as? Int ?? -1, column: region["startColumn"] as? Int ?? -1,
                           severity: result["level"] as? String ?? "", rule: result["ruleId"] as? String ?? "",
                           message: (result["message"] as? [String: Any])?["text"] as? String ?? "")
        }
    }

    static func gitlab(_ text: String) throws -> [Finding] {
        let severities = ["info": "note", "minor": "warning", "major": "error"]
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]).map { item in
            let location = item["location"] as? [String: Any] ?? [:]
            return Finding(file: location["path"] as? String ?? "", line: (location["lines"] as? [String: Any])?["begin"] as? Int ?? -1,
                           column: 0, severity: severities[item["severity"] as? String ?? ""] ?? "?",
                           rule: item["check_name"] as? String ?? "", message: item["description"] as? String ?? "")
        }
    }

    static func checkstyle(_ text: String) throws -> [Finding] {
        let elements = try #require(XMLReadBack.parse(text), "checkstyle output is not well-formed XML")
        var file = ""
        var findings: [Finding] = []
        for element in elements {
            if element.name == "file" { file = element.attributes["name"] ?? "" }
            guard element.name == "error" else { continue }
            let message = element.attributes["message"] ?? ""
            findings.append(Finding(file: file, line: Int(element.attributes["line"] ?? "") ?? -1,
                                    column: Int(element.attributes["column"] ?? "") ?? -1,
                                    severity: element.attributes["severity"] == "info" ? "note" : element.attributes["severity"] ?? "",
                                    rule: String((element.attributes["source"] ?? "").dropFirst("seamlint.".count)),
                                    message: String(message.split(separator: "\n", omittingEmptySubsequences: false)[0])))
        }
        return findings
    }

    /// Test cases named `rule (line:column)`, each followed by its failure.
    static func junit(_ text: String) throws -> [Finding] {
        let elements = try #require(XMLReadBack.parse(text), "junit output is not well-formed XML")
        var findings: [Finding] = []
        for (index, element) in elements.enumerated() where element.name == "testcase" {
            let failure = try #require(elements.dropFirst(index + 1).first, "a test case without a failure")
            let name = element.attributes["name"] ?? ""
            let open = try #require(name.lastIndex(of: "("))
            let position = name[name.index(after: open)...].dropLast().split(separator: ":")
            findings.append(Finding(file: element.attributes["file"] ?? "", line: Int(position.first ?? "") ?? -1,
                                    column: Int(position.last ?? "") ?? -1, severity: failure.attributes["type"] ?? "",
                                    rule: String(name[..<open].dropLast()), message: failure.attributes["message"] ?? ""))
        }
        return findings
    }

    /// Table rows: cells split at unescaped `|`, backslash escapes undone, related notes (after
    /// `<br>`) dropped, the rule taken from its link text.
    static func markdown(_ text: String) -> [Finding]? {
        var findings: [Finding] = []
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst(2)
        for row in rows {
            let cells = cells(of: String(row))
            guard cells.count == 4 else { return nil }
            let location = cells[1].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let close = cells[2].firstIndex(of: "]") else { return nil }
            findings.append(Finding(file: location.dropLast(2).joined(separator: ":"), line: Int(location[location.count - 2]) ?? -1,
                                    column: Int(location[location.count - 1]) ?? -1, severity: cells[0],
                                    rule: String(cells[2][cells[2].index(after: cells[2].startIndex)..<close]),
                                    message: cells[3]))
        }
        return findings
    }

    private static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        var raw = ""
        for character in row.dropFirst(2) {
            if escaped { current.append(character); raw.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; raw.append(character); continue }
            if character == "|" {
                // `<br>` can only be markup here: a `<` in the text is escaped.
                let visible = raw.contains("<br>") ? unescape(String(raw[..<raw.range(of: "<br>")!.lowerBound])) : current
                cells.append(visible.trimmingCharacters(in: .whitespaces))
                current = ""
                raw = ""
                continue
            }
            current.append(character)
            raw.append(character)
        }
        return cells
    }

    private static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if !escaped && character == "\\" { escaped = true; continue }
            result.append(character)
            escaped = false
        }
        return result
    }

    /// `rule  errors  warnings  notes  total` rows of the summary table.
    static func summaryCounts(_ text: String) -> [String: [Int]] {
        var counts: [String: [Int]] = [:]
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: " ")
            guard columns.count == 5, ruleIDs.contains(String(columns[0])) else { continue }
            counts[String(columns[0])] = columns.dropFirst().compactMap { Int($0) }
        }
        return counts
    }
}
