import SeamLintCore
import SeamLintEngine

/// SeamLint diagnostics as LSP diagnostics: byte offsets become positions in the negotiated
/// encoding (against the text the diagnostic was found in), the rule id the code with a link to
/// its documentation, `help` a second paragraph of the message, related locations
/// `relatedInformation` (their files read from open buffers, else once from disk).
struct DiagnosticConverter {
    let encoding: PositionEncoding
    let documentationBase: String
    let session: LintSession
    /// The open buffer of a file (absolute path), if it is open.
    let openText: (String) -> TextDocument?
    private var diskTexts: [String: TextDocument?] = [:]

    init(encoding: PositionEncoding, documentationBase: String, session: LintSession, openText: @escaping (String) -> TextDocument?) {
        self.encoding = encoding
        self.documentationBase = documentationBase
        self.session = session
        self.openText = openText
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3  // Information: a note is advice, not a hint that fades the code
        }
    }

    /// The headline, and `help` after it on its own line (editors show both in the hover).
    static func message(_ diagnostic: Diagnostic) -> String {
        guard let help = diagnostic.help, !help.isEmpty else { return diagnostic.message }
        return diagnostic.message + "\nhelp: " + help
    }

    static func range(from start: Int, length: Int, in text: TextDocument, encoding: PositionEncoding) -> JSON {
        .object([
            "start": text.position(ofOffset: start, encoding: encoding).json,
            "end": text.position(ofOffset: start + max(0, length), encoding: encoding).json,
        ])
    }

    mutating func convert(_ diagnostic: Diagnostic, in text: TextDocument, uri: String) -> JSON {
        var result: [String: JSON] = [
            "range": Self.range(from: diagnostic.location.offset, length: diagnostic.length, in: text, encoding: encoding),
            "severity": .integer(Self.severity(diagnostic.severity)),
            "source": .string("seamlint"),
            "code": .string(diagnostic.ruleID),
            "codeDescription": .object(["href": .string(documentationBase + Self.fragment(diagnostic.ruleID))]),
            "message": .string(Self.message(diagnostic)),
        ]
        if diagnostic.ruleID == SuperfluousSuppression.description.id {
            result["tags"] = .array([.integer(1)])  // Unnecessary: editors fade the stale comment
        }
        if !diagnostic.related.isEmpty {
            result["relatedInformation"] = .array(diagnostic.related.map { related in
                .object(["location": location(related.location), "message": .string(related.message)])
            })
        }
        return .object(result)
    }

    /// A file that could not be linted: one error at its start.
    func problem(_ problem: InputProblem) -> JSON {
        let start = LSPPosition(line: 0, character: 0).json
        return .object([
            "range": .object(["start": start, "end": start]),
            "severity": .integer(1),
            "source": .string("seamlint"),
            "message": .string("SeamLint could not lint this file: \(problem.reason)"),
        ])
    }

    /// A zero-width LSP location at a SeamLint location in any file.
    private mutating func location(_ location: Location) -> JSON {
        let path = session.workspace.absolutePath(ofDisplayPath: location.file)
            ?? (location.file.hasPrefix("/") ? location.file : session.root + "/" + location.file)
        let position: LSPPosition
        if let text = text(of: path) {
            position = text.position(ofOffset: location.offset, encoding: encoding)
        } else {
            // The file is gone: SeamLint's column counts scalars, as UTF-32 does.
            position = LSPPosition(line: max(0, location.line - 1), character: max(0, location.column - 1))
        }
        return .object([
            "uri": .string(DocumentURI.uri(ofPath: path)),
            "range": .object(["start": position.json, "end": position.json]),
        ])
    }

    private mutating func text(of path: String) -> TextDocument? {
        if let open = openText(path) { return open }
        if let cached = diskTexts[path] { return cached }
        var loaded: TextDocument?
        if let ref = session.workspace.contains(path) ? session.workspace.reference(forAbsolutePath: path) : nil,
           case .success(let bytes) = SourceReader.read(ref) {
            loaded = TextDocument(bytes: bytes)
        }
        diskTexts[path] = loaded
        return loaded
    }

    /// A rule id as a URL fragment (ids are `snake_case`; anything else is percent-encoded).
    static func fragment(_ id: String) -> String {
        var result = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
