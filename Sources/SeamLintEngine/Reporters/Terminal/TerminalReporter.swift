import SeamLintCore

/// What the terminal summary says about the run besides the diagnostics.
public struct RunSummary: Sendable, Equatable {
    public var filesLinted: Int
    public var seconds: Double
    /// Findings the baseline already records, and findings suppression comments silence.
    public var hiddenByBaseline: Int
    public var hiddenBySuppressions: Int
    /// Files that could not be read (their errors are on standard error).
    public var unreadableFiles: Int

    public init(filesLinted: Int, seconds: Double, hiddenByBaseline: Int = 0, hiddenBySuppressions: Int = 0, unreadableFiles: Int = 0) {
        self.filesLinted = filesLinted
        self.seconds = seconds
        self.hiddenByBaseline = hiddenByBaseline
        self.hiddenBySuppressions = hiddenBySuppressions
        self.unreadableFiles = unreadableFiles
    }
}

/// Diagnostics for a person at a terminal, rustc/ruff-style: a header with the rule, the location,
/// the numbered source lines with the span underlined, the help, the related locations, then a
/// summary. Everything from input (paths, messages, source text) is escaped: no byte of it can
/// make an escape sequence. The default when standard output is a terminal (`docs/output.md`).
public struct TerminalReporter: Reporter {
    public static let id = "terminal"
    public static let summary = "Source excerpts with the span underlined, help and a summary (default on a terminal)"

    public var style = TerminalStyle(color: false)
    /// The bytes of a file by its diagnostic path, for excerpts; nil (or no function) leaves the
    /// excerpt out and keeps the location.
    public var source: (@Sendable (String) -> [UInt8]?)?
    /// Printed after the diagnostics when set.
    public var runSummary: RunSummary?

    public init() {}

    public init(style: TerminalStyle, source: (@Sendable (String) -> [UInt8]?)?, runSummary: RunSummary?) {
        self.style = style
        self.source = source
        self.runSummary = runSummary
    }

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let sorted = diagnostics.sorted()
        var shared = SharedNotes(sorted)
        var files = SourceCache(source: source)
        var output = ""
        for diagnostic in sorted {
            output += render(diagnostic, notes: shared.notes(for: diagnostic), files: &files) + "\n"
        }
        if let runSummary { output += summary(sorted, runSummary) }
        return output
    }

    private func render(_ diagnostic: Diagnostic, notes: [(note: RelatedLocation, sharedBy: Int)], files: inout SourceCache) -> String {
        let paint = TerminalStyle.paint(for: diagnostic.severity)
        // Each block: its header line (nil for the primary), its location, its excerpt rows.
        typealias Block = (header: String?, location: Location, rows: [SourceExcerpt.Row]?)
        var blocks: [Block] = []
        let end = diagnostic.end?.offset ?? diagnostic.location.offset + diagnostic.length
        blocks.append((nil, diagnostic.location, files.excerpt(diagnostic.location.file, primary: true, style: style)?.rows(
            start: diagnostic.location.offset, end: end, firstLine: diagnostic.location.line, marker: "^", paint: paint, label: nil)))
        for (note, count) in notes {
            let excerpt = files.excerpt(note.location.file, primary: false, style: style)
            let rows = excerpt.flatMap { excerpt in
                excerpt.rows(start: note.location.offset, end: note.location.offset + excerpt.wordLength(at: note.location.offset),
                             firstLine: note.location.line, marker: "-", paint: .gutter, label: nil)
            }
            let label = SharedNotes.label(note.message, sharedBy: count).escapingControlCharacters
            blocks.append((style.paint("note", .note) + style.paint(":", .bold) + " " + label, note.location, rows))
        }
        let gutterWidth = blocks.flatMap { $0.rows ?? [] }.filter { $0.number != SourceExcerpt.elision }.map(\.number.count).max() ?? 1
        let margin = String(repeating: " ", count: gutterWidth)
        let bar = style.paint("|", .gutter)

        var text = style.paint(diagnostic.severity.rawValue + "[" + diagnostic.ruleID.escapingControlCharacters + "]", paint)
            + style.paint(": " + diagnostic.message.escapingControlCharacters, .bold) + "\n"
        func place(_ block: Block) {
            if let header = block.header { text += header + "\n" }
            let location = block.location
            text += margin + style.paint("-->", .gutter) + " "
                + "\(location.file.escapingControlCharacters):\(location.line):\(location.column)\n"
            guard let rows = block.rows else { return }
            text += margin + " " + bar + "\n"
            for row in rows {
                if row.number == SourceExcerpt.elision { text += style.paint(row.number, .gutter) + "\n"; continue }
                let number = String(repeating: " ", count: gutterWidth - row.number.count) + row.number
                let line = (row.number.isEmpty ? number : style.paint(number, .gutter)) + " " + bar + (row.content.isEmpty ? "" : " " + row.content)
                text += Self.trimmingTrailingSpaces(line) + "\n"
            }
        }
        place(blocks[0])
        if let help = diagnostic.help, !help.isEmpty {
            if blocks[0].rows != nil { text += margin + " " + bar + "\n" }
            text += margin + " " + style.paint("=", .gutter) + " " + style.paint("help", .help) + style.paint(":", .bold) + " "
                + help.escapingControlCharacters + "\n"
        }
        for block in blocks.dropFirst() { place(block) }
        return text
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }

    // MARK: Summary

    private func summary(_ diagnostics: [Diagnostic], _ run: RunSummary) -> String {
        var text = ""
        let files = Set(diagnostics.map(\.location.file)).count
        let time = Self.seconds(run.seconds)
        let linted = "\(Self.plural(run.filesLinted, "file")) linted in \(time)"
        if diagnostics.isEmpty {
            text += style.paint("No diagnostics", .bold) + ": \(linted).\n"
        } else {
            let totals = Dictionary(grouping: diagnostics, by: \.severity).mapValues(\.count)
            let breakdown = [Severity.error, .warning, .note].compactMap { severity -> String? in
                guard let count = totals[severity] else { return nil }
                return style.paint(Self.plural(count, severity.rawValue), TerminalStyle.paint(for: severity))
            }.joined(separator: ", ")
            text += style.paint("Found " + Self.plural(diagnostics.count, "diagnostic"), .bold)
                + " (\(breakdown)) in \(Self.plural(files, "file")); \(linted).\n"
            // One row per rule and severity, most frequent first.
            var counts: [RuleSeverity: Int] = [:]
            for diagnostic in diagnostics { counts[RuleSeverity(rule: diagnostic.ruleID, severity: diagnostic.severity), default: 0] += 1 }
            let rows = counts.sorted { lhs, rhs in
                if lhs.value != rhs.value { return lhs.value > rhs.value }
                if lhs.key.severity != rhs.key.severity { return lhs.key.severity > rhs.key.severity }
                return lhs.key.rule.utf8.lexicographicallyPrecedes(rhs.key.rule.utf8)
            }
            let numberWidth = String(rows.first?.value ?? 0).count
            for (key, count) in rows {
                let number = String(count)
                let severity = key.severity.rawValue.padding(to: 7)
                text += "  " + String(repeating: " ", count: numberWidth - number.count) + number + " "
                    + style.paint(severity, TerminalStyle.paint(for: key.severity)) + " " + key.rule.escapingControlCharacters + "\n"
            }
            let fixable = diagnostics.filter { !$0.fix.isEmpty }.count
            if fixable > 0 { text += "\(fixable) fixable with `lint --fix`.\n" }
        }
        var hidden: [String] = []
        if run.hiddenByBaseline > 0 { hidden.append("\(run.hiddenByBaseline) recorded in the baseline") }
        if run.hiddenBySuppressions > 0 { hidden.append("\(run.hiddenBySuppressions) silenced by suppression comments") }
        if !hidden.isEmpty { text += "Not shown: " + hidden.joined(separator: ", ") + ".\n" }
        if run.unreadableFiles > 0 {
            text += style.paint("\(Self.plural(run.unreadableFiles, "file")) could not be read", .error) + ".\n"
        }
        return text
    }

    private struct RuleSeverity: Hashable {
        var rule: String
        var severity: Severity
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `0.31s`, `12.40s`: hundredths of a second.
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(value, 0) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Files read for excerpts: a run's diagnostics come sorted by file, so only the current file and
/// those its related locations name are kept.
private struct SourceCache {
    let source: (@Sendable (String) -> [UInt8]?)?
    private var current: String?
    private var files: [String: [UInt8]?] = [:]

    init(source: (@Sendable (String) -> [UInt8]?)?) { self.source = source }

    /// `primary`: the diagnostic's own file (a new one drops the files read for the previous one).
    mutating func excerpt(_ path: String, primary: Bool, style: TerminalStyle) -> SourceExcerpt? {
        guard let source else { return nil }
        if primary && path != current {
            files = [:]
            current = path
        }
        if files[path] == nil { files[path] = .some(source(path)) }
        return files[path]!.map { SourceExcerpt(bytes: $0, style: style) }
    }
}

extension SourceExcerpt {
    /// Bytes of the identifier or number at `offset`, else of the character there (at least 1 when
    /// not at the end): what a related location, which has no length, underlines.
    func wordLength(at offset: Int) -> Int {
        guard offset >= 0, offset < bytes.count else { return 0 }
        var end = offset
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        }
        while end < bytes.count && isWordByte(bytes[end]) && bytes[end] != 0x0A { end += 1 }
        if end > offset { return end - offset }
        // One character (its UTF-8 continuation bytes included), not a line terminator.
        guard bytes[offset] != 0x0A && bytes[offset] != 0x0D else { return 0 }
        end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end - offset
    }
}
