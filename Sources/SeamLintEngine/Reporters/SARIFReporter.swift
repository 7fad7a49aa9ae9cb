import SeamLintCore

/// SARIF 2.1.0 for GitHub code scanning, Azure DevOps and IDE viewers; validated against the
/// OASIS schema by `scripts/validate-sarif.py`.
///
/// Choices worth knowing:
/// - URIs are relative to `%SRCROOT%` (`ReportContext.sarifRoot`, declared in
///   `originalUriBaseIds` as a `file://` URI) and percent-encoded; files outside the root get an
///   absolute `file://` URI.
/// - `columnKind` is `unicodeCodePoints`, since `Location.column` counts code points. Regions also
///   carry `byteOffset`/`byteLength`, the unit of `Diagnostic.length` and of fixes; `endLine` and
///   `endColumn` come from `Diagnostic.end`, when the diagnostic was made with its file's text.
/// - `message.text` is the headline; the finding's help (what to write instead) is in
///   `properties.help`, since the rule's `help` in `tool.driver.rules` is the same for every finding.
/// - `partialFingerprints["seamlintFingerprint/v2"]` hashes rule, artifact URI, the content
///   fingerprint (flagged code and neighbouring lines, as the baseline) and the occurrence number
///   among identical findings in the file: never the message or the line number, so a finding keeps
///   its identity when its message, the deployment target or the code above it changes. (v1 hashed
///   the message.)
public struct SARIFReporter: Reporter {
    public static let id = "sarif"
    public static let summary = "SARIF 2.1.0 (GitHub code scanning)"
    public static let usesContentFingerprints = true
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let informationURI = "https://github.com/seamlint/seamlint"
    static let fingerprintKey = "seamlintFingerprint/v2"

    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        let rules = Self.ruleDescriptors(for: sorted, context: context)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
        var artifactCache: [String: SARIFArtifact] = [:]  // one path computation per file, not per finding
        func artifact(_ file: String) -> SARIFArtifact {
            if let known = artifactCache[file] { return known }
            let artifact = SARIFArtifact(file: file, context: context)
            artifactCache[file] = artifact
            return artifact
        }
        let artifacts = sorted.map { artifact($0.location.file) }
        let fingerprints = Fingerprint.compute(sorted, paths: artifacts.map(\.uri))

        let results: [JSONValue] = sorted.indices.map { index in
            let diagnostic = sorted[index]
            var result: JSONObject = [
                "ruleId": .string(diagnostic.ruleID),
                "ruleIndex": .integer(ruleIndex[diagnostic.ruleID]!),
                "level": .string(diagnostic.severity.rawValue),
                "message": .object(["text": .string(diagnostic.message)]),
                "locations": .array([.object(["physicalLocation": .object([
                    "artifactLocation": artifacts[index].value,
                    "region": Self.region(diagnostic.location, length: diagnostic.length, end: diagnostic.end),
                ])])]),
                "partialFingerprints": .object([Self.fingerprintKey: .string(fingerprints[index])]),
            ]
            if let help = diagnostic.help {
                result["properties"] = .object(["help": .string(help)])
            }
            if !diagnostic.related.isEmpty {
                result["relatedLocations"] = .array(diagnostic.related.enumerated().map { number, related in
                    .object([
                        "id": .integer(number + 1),
                        "message": .object(["text": .string(related.message)]),
                        "physicalLocation": .object([
                            "artifactLocation": artifact(related.location.file).value,
                            "region": Self.region(related.location, length: nil, end: nil),
                        ]),
                    ])
                })
            }
            if !diagnostic.fix.isEmpty {
                result["fixes"] = .array([Self.fix(diagnostic, artifact: artifacts[index])])
            }
            return .object(result)
        }

        let driver: JSONObject = [
            "name": .string("SeamLint"),
            "version": .string(context.toolVersion),
            "informationUri": .string(Self.informationURI),
            "rules": .array(rules.map { Self.descriptor($0, context: context) }),
        ]
        let run: JSONObject = [
            "tool": .object(["driver": .object(driver)]),
            "originalUriBaseIds": .object([
                SARIFArtifact.rootID: .object(["uri": .string(URIEncoding.fileURI(context.sarifRoot, isFolder: true))]),
            ]),
            "columnKind": .string("unicodeCodePoints"),
            "results": .array(results),
        ]
        return JSONValue.object([
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ]).rendered()
    }

    /// Every rule that ran, by id, plus a bare entry for any rule a diagnostic names that the
    /// context does not list, so that every `ruleIndex` is valid.
    static func ruleDescriptors(for diagnostics: [Diagnostic], context: ReportContext) -> [SARIFRule] {
        var rules: [String: SARIFRule] = [:]
        for rule in context.rules { rules[rule.id] = SARIFRule(rule) }
        for diagnostic in diagnostics where rules[diagnostic.ruleID] == nil {
            rules[diagnostic.ruleID] = SARIFRule(id: diagnostic.ruleID, severity: diagnostic.severity)
        }
        return rules.values.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }

    static func descriptor(_ rule: SARIFRule, context: ReportContext) -> JSONValue {
        let helpURI = context.documentationURL(forRule: rule.id)
        var members: JSONObject = [
            "id": .string(rule.id),
            "name": .string(rule.name),
            "helpUri": .string(helpURI),
            "defaultConfiguration": .object(["level": .string(rule.severity.rawValue)]),
        ]
        if let summary = rule.summary {
            members["shortDescription"] = .object(["text": .string(summary)])
        }
        if let rationale = rule.rationale {
            members["fullDescription"] = .object(["text": .string(rationale), "markdown": .string(rationale)])
            var links = rule.documentation.map { "- <\($0)>" }
            links.insert("- [SeamLint: \(rule.id)](\(helpURI))", at: 0)
            members["help"] = .object([
                "text": .string(rationale + "\n\nSee " + ([helpURI] + rule.documentation).joined(separator: ", ")),
                "markdown": .string(rationale + "\n\n" + links.joined(separator: "\n")),
            ])
        }
        return .object(members)
    }

    /// Start line and column, the byte range, and the end when the diagnostic knows it.
    static func region(_ location: Location, length: Int?, end: SourcePosition?) -> JSONValue {
        var members: JSONObject = [
            "startLine": .integer(max(location.line, 1)),
            "startColumn": .integer(max(location.column, 1)),
            "byteOffset": .integer(max(location.offset, 0)),
        ]
        guard let length else { return .object(members) }
        members["byteLength"] = .integer(max(length, 0))
        if length > 0, let end {
            members["endLine"] = .integer(end.line)
            members["endColumn"] = .integer(end.column)
        }
        return .object(members)
    }

    static func fix(_ diagnostic: Diagnostic, artifact: SARIFArtifact) -> JSONValue {
        let replacements = diagnostic.fix.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
            JSONValue.object([
                "deletedRegion": .object([
                    "byteOffset": .integer(edit.range.lowerBound),
                    "byteLength": .integer(edit.range.count),
                ]),
                "insertedContent": .object(["text": .string(edit.replacement)]),
            ])
        }
        return .object([
            "description": .object(["text": .string("Apply the \(diagnostic.ruleID) fix")]),
            "artifactChanges": .array([.object([
                "artifactLocation": artifact.value,
                "replacements": .array(replacements),
            ])]),
        ])
    }
}
