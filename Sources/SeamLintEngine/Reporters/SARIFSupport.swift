import SeamLintCore

/// A rule as SARIF describes it; bare (id and level only) for a rule the context does not list.
struct SARIFRule {
    var id: String
    /// UpperCamelCase of the id: SARIF's "understandable to an end user" name.
    var name: String
    var severity: Severity
    var summary: String?
    var rationale: String?
    var documentation: [String]

    init(_ rule: RuleDescription) {
        id = rule.id
        name = SARIFRule.camelCase(rule.id)
        severity = rule.severity
        summary = rule.summary
        rationale = rule.rationale
        documentation = rule.documentation
    }

    init(id: String, severity: Severity) {
        self.id = id
        name = SARIFRule.camelCase(id)
        self.severity = severity
        documentation = []
    }

    static func camelCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// Where a file is, in SARIF terms: relative to `%SRCROOT%` when under it, else absolute.
struct SARIFArtifact {
    static let rootID = "%SRCROOT%"

    var uri: String
    var isUnderRoot: Bool

    init(file: String, context: ReportContext) {
        let absolute = context.absolutePath(of: file)
        let relative = PathNames.displayPath(absolute, workingDirectory: context.sarifRoot)
        isUnderRoot = !relative.hasPrefix("/")
        uri = isUnderRoot ? URIEncoding.encode(relative) : URIEncoding.fileURI(absolute)
    }

    var value: JSONValue {
        var members: JSONObject = ["uri": .string(uri)]
        if isUnderRoot { members["uriBaseId"] = .string(SARIFArtifact.rootID) }
        return .object(members)
    }
}

/// File texts from `ReportContext.sourceBytes`, fetched once per file, to turn byte lengths into
/// end lines and code-point columns.
struct SARIFSourceCache {
    let provider: (@Sendable (String) -> [UInt8]?)?
    private var texts: [String: [UInt8]?] = [:]

    init(provider: (@Sendable (String) -> [UInt8]?)?) {
        self.provider = provider
    }

    /// The line and column just past the flagged text (SARIF's exclusive `endColumn`), or nil
    /// when the text is unknown or does not match the location.
    mutating func end(of location: Location, length: Int) -> (line: Int, column: Int)? {
        guard let provider else { return nil }
        if texts[location.file] == nil { texts[location.file] = .some(provider(location.file)) }
        guard let bytes = texts[location.file] ?? nil else { return nil }
        let start = location.offset, end = start + length
        guard start >= 0, end <= bytes.count else { return nil }
        var line = location.line, column = location.column
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
