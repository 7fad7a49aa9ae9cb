/// How serious a finding is. Ordered: `note` < `warning` < `error`.
public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case note, warning, error

    private var rank: Int { self == .note ? 0 : (self == .warning ? 1 : 2) }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place in a file. `line` and `column` are 1-based; `column` counts Unicode scalars
/// (code points) from the start of the line; `offset` is the UTF-8 byte offset.
public struct Location: Sendable, Hashable, Comparable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(file: String, line: Int, column: Int, offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: Location, rhs: Location) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
        return false
    }
}

/// A place in a file, its file left out: where a flagged range ends. `line` is 1-based, `column`
/// counts Unicode scalars (1-based), `offset` is the UTF-8 byte offset.
public struct SourcePosition: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The position just past `length` bytes of `bytes` from `start` (an exclusive end, as SARIF's
    /// `endColumn`): a line ends at LF and at a CR not followed by LF, and a CR counts no column.
    /// Nil when the range leaves `bytes`. Linear in `length`.
    public static func end(after start: Location, length: Int, in bytes: [UInt8]) -> SourcePosition? {
        let end = start.offset + length
        guard start.offset >= 0, length >= 0, end <= bytes.count else { return nil }
        var line = start.line, column = start.column
        var index = start.offset
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
        return SourcePosition(line: line, column: column, offset: end)
    }
}

/// One replacement of a byte range; a fix is a list of non-overlapping edits in one file.
public struct Edit: Sendable, Hashable, Codable {
    public var range: Range<Int>
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A secondary place that explains a finding ("the opaque appearance is set here").
public struct RelatedLocation: Sendable, Hashable, Codable {
    public var location: Location
    public var message: String

    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}

/// One finding of one rule.
public struct Diagnostic: Sendable, Hashable, Codable {
    public var ruleID: String
    public var severity: Severity
    /// The headline: what is wrong, in one short sentence without advice.
    public var message: String
    /// What to write instead; nil when the headline says all there is.
    public var help: String?
    public var location: Location
    /// Byte length of the flagged text (the whole construct, from `location`, which is its start),
    /// for carets, fingerprints and SARIF regions.
    public var length: Int
    /// Just past the flagged text, computed by the core where the location is (so reporters need
    /// not read the file again); nil for a diagnostic made without its file's text.
    public var end: SourcePosition?
    public var related: [RelatedLocation]
    /// The bytes that name the finding for its content fingerprint (baseline, SARIF and GitLab
    /// identities), when narrower than the flagged range: the token a rule pointed at before
    /// diagnostics spanned whole constructs (`.first` in `UIApplication.shared.connectedScenes.first`),
    /// so identities recorded then still match. Nil: the flagged range itself.
    public var anchor: Range<Int>? = nil
    /// Code that decided the finding outside its span (the `.pickerStyle(.menu)` below a `Picker`):
    /// `--changed-lines-only` keeps a finding when one of these is on a changed line. Not printed.
    public var decidedBy: [Location] = []
    public var fix: [Edit]
    /// What the finding flags, as 16 hex digits, without line number or message: set by the linter
    /// from the file's bytes, for the baseline and the SARIF/GitLab identities. Nil until then.
    public var contentFingerprint: String?

    public init(ruleID: String, severity: Severity, message: String, help: String? = nil, location: Location,
                length: Int = 0, end: SourcePosition? = nil, related: [RelatedLocation] = [], fix: [Edit] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.help = help
        self.location = location
        self.length = length
        self.end = end
        self.related = related
        self.fix = fix
    }
}

extension Diagnostic: Comparable {
    /// Total order used for deterministic output: file, position, rule, message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.offset != rhs.location.offset { return lhs.location.offset < rhs.location.offset }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}
