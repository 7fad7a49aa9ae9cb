import SeamLintCore
import SeamLintEngine

/// `textDocument/codeAction`: for each SeamLint diagnostic in the range, its rule's fix (when it
/// has one) and a comment that disables the rule for that line; on request (`only`), all fixes
/// of the file at once (`source.fixAll.seamlint`).
extension LanguageServer {
    static let fixAllKind = "source.fixAll.seamlint"

    func codeActions(_ params: JSON) throws -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError.invalidParams("codeAction: textDocument.uri is missing")
        }
        guard let start = LSPPosition(params["range"]?["start"]), let end = LSPPosition(params["range"]?["end"]) else {
            throw ResponseError.invalidParams("codeAction: range is not a range")
        }
        guard let document = documents[uri] else { return .array([]) }
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return kind != Self.fixAllKind }  // source actions only when asked for
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let text = document.text
        let first = text.offset(of: start, encoding: encoding)
        let last = max(first, text.offset(of: end, encoding: encoding))
        let diagnostics = currentDiagnostics(of: document)
        var converter = session.map {
            DiagnosticConverter(encoding: encoding, documentationBase: options.ruleDocumentationBase, session: $0) { [documents] path in
                documents.values.first { $0.path == path }?.text
            }
        }
        var actions: [JSON] = []
        var disabled: Set<String> = []
        for diagnostic in diagnostics {
            let from = diagnostic.location.offset, to = from + max(0, diagnostic.length)
            guard from <= last && first <= to else { continue }  // touches the requested range
            let lsp = converter?.convert(diagnostic, in: text, uri: uri) ?? .null
            if wanted("quickfix"), !diagnostic.fix.isEmpty,
               diagnostic.fix.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= text.bytes.count }) {
                actions.append(action(title: "Fix this \(diagnostic.ruleID) finding", kind: "quickfix", diagnostic: lsp, preferred: true,
                                      edit: workspaceEdit(document, edits: diagnostic.fix.map { textEdit($0, in: text) })))
            }
            let line = text.line(ofOffset: from)
            if wanted("quickfix"), disabled.insert("\(diagnostic.ruleID) \(line)").inserted,
               let edit = disablingEdit(rule: diagnostic.ruleID, line: line, in: text) {
                actions.append(action(title: "Disable \(diagnostic.ruleID) for this line", kind: "quickfix", diagnostic: lsp,
                                      preferred: false, edit: workspaceEdit(document, edits: [textEdit(edit, in: text)])))
            }
        }
        if wanted(Self.fixAllKind) {
            let outcome = FixApplier.apply(diagnostics, to: text.bytes)
            let edits = outcome.applied.flatMap(\.fix).sorted { $0.range.lowerBound < $1.range.lowerBound }
            if !edits.isEmpty {
                actions.append(action(title: "Apply all SeamLint fixes", kind: Self.fixAllKind, diagnostic: nil, preferred: false,
                                      edit: workspaceEdit(document, edits: edits.map { textEdit($0, in: text) })))
            }
        }
        return .array(actions)
    }

    private func action(title: String, kind: String, diagnostic: JSON?, preferred: Bool, edit: JSON) -> JSON {
        var result: [String: JSON] = ["title": .string(title), "kind": .string(kind), "edit": edit]
        if let diagnostic, diagnostic != .null { result["diagnostics"] = .array([diagnostic]) }
        if preferred { result["isPreferred"] = .bool(true) }
        return .object(result)
    }

    private func textEdit(_ edit: Edit, in text: TextDocument) -> JSON {
        .object([
            "range": DiagnosticConverter.range(from: edit.range.lowerBound, length: edit.range.count, in: text, encoding: encoding),
            "newText": .string(edit.replacement),
        ])
    }

    /// A versioned `documentChanges` edit when the client takes one (so a stale edit is refused),
    /// else `changes`.
    private func workspaceEdit(_ document: OpenDocument, edits: [JSON]) -> JSON {
        guard client.documentChanges else { return .object(["changes": .object([document.uri: .array(edits)])]) }
        let identifier: JSON = .object(["uri": .string(document.uri), "version": document.version.map { .integer($0) } ?? .null])
        return .object(["documentChanges": .array([.object(["textDocument": identifier, "edits": .array(edits)])])])
    }

    /// `// seamlint:disable:next rule` on its own line above `line`, indented as that line (or the
    /// rule added to such a comment already there). Nil when the line starts with a comment: a
    /// `:next` command applies to the next line that starts with code, which would be another.
    func disablingEdit(rule: String, line: Int, in text: TextDocument) -> Edit? {
        let lineText = text.lineText(line)
        let code = lineText.drop { $0 == " " || $0 == "\t" }
        guard !code.isEmpty, !code.hasPrefix("//"), !code.hasPrefix("/*") else { return nil }
        if line > 0 {
            let previous = text.lineText(line - 1)
            let trimmed = previous.drop { $0 == " " || $0 == "\t" }
            let head = "// seamlint:disable:next "
            if trimmed.hasPrefix(head) {
                let ids = trimmed.dropFirst(head.count).split { $0 == " " || $0 == "," }
                if !ids.isEmpty, ids.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) {
                    if ids.contains(where: { $0 == rule }) { return nil }
                    let end = text.endOfLine(line - 1)
                    var trailing = end
                    while trailing > text.startOfLine(line - 1), text.bytes[trailing - 1] == 0x20 || text.bytes[trailing - 1] == 0x09 {
                        trailing -= 1
                    }
                    return Edit(range: trailing..<end, replacement: " " + rule)
                }
            }
        }
        let start = text.startOfLine(line)
        return Edit(range: start..<start, replacement: text.indentation(ofLine: line) + "// seamlint:disable:next \(rule)" + text.lineBreak)
    }
}
