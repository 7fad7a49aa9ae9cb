import SeamLintCore

extension Baseline {
    /// Reads a baseline file. Mistakes come back like configuration mistakes: file, line and
    /// column, key path, message; never a character, key or value of the file (a configuration
    /// could point the baseline at a file that is not one, and CI logs are public).
    public static func load(path: String, displayPath: String) -> Result<Baseline, ConfigurationError> {
        func failure(_ problems: [ConfigurationProblem]) -> Result<Baseline, ConfigurationError> {
            .failure(ConfigurationError(problems))
        }
        let reference = SourceFileRef(path: displayPath, absolutePath: path, language: .swift)
        let bytes: [UInt8]
        switch SourceReader.read(reference, maximumSize: maximumFileSize) {
        case .failure(let problem): return failure([ConfigurationProblem(file: displayPath, message: "cannot read the baseline: \(problem.reason)")])
        case .success(let read): bytes = read
        }
        let document: DecodedDocument
        switch DecodedDocument.decode(bytes, displayPath: displayPath, quotesContent: false) {
        case .failure(let error): return .failure(error)
        case .success(let decoded): document = decoded
        }
        var problems: [ConfigurationProblem] = []
        func problem(_ path: KeyPath, _ message: String) { problems.append(document.problem(displayPath, at: path, message)) }

        guard case .object(let top) = document.value else {
            return failure([document.problem(displayPath, at: .root, "expected an object with \"version\" and \"entries\"")])
        }
        let versionPath = KeyPath.root.appending("version")
        guard case .number(let version) = top["version"], Int(exactly: version) == formatVersion else {
            return failure([document.problem(displayPath, at: top["version"] == nil ? .root : versionPath,
                                             "expected \"version\": \(formatVersion) (written by a different SeamLint?)")])
        }
        func unknownKey(_ key: String, in path: KeyPath, allowed: String) {
            problems.append(document.problem(displayPath, at: path.appending(key), shownAs: path, "unknown key; \(allowed)"))
        }
        for key in top.keys.sorted() where key != "version" && key != "entries" {
            unknownKey(key, in: .root, allowed: "a baseline holds only \"version\" and \"entries\"")
        }
        let entriesPath = KeyPath.root.appending("entries")
        guard case .array(let list) = top["entries"] else {
            return failure(problems + [document.problem(displayPath, at: top["entries"] == nil ? .root : entriesPath,
                                                        "expected \"entries\": an array")])
        }
        var entries: [Entry] = []
        for (index, element) in list.enumerated() {
            let path = entriesPath.appending(index)
            guard case .object(let fields) = element else { problem(path, "expected an object"); continue }
            func text(_ name: String) -> String? {
                if case .string(let value) = fields[name], !value.isEmpty { return value }
                problem(fields[name] == nil ? path : path.appending(name), "expected \"\(name)\": a non-empty string")
                return nil
            }
            let file = text("file"), rule = text("rule"), fingerprint = text("fingerprint")
            var count = 1
            if let value = fields["count"] {
                if case .number(let number) = value, let whole = Int(exactly: number), whole >= 1 { count = whole } else {
                    problem(path.appending("count"), "expected a whole number of at least 1")
                }
            }
            var message = ""
            if case .string(let text) = fields["message"] { message = text }
            for name in fields.keys.sorted() where !["file", "rule", "fingerprint", "count", "message"].contains(name) {
                unknownKey(name, in: path, allowed: "an entry holds only \"file\", \"rule\", \"fingerprint\", \"count\" and \"message\"")
            }
            if let file, let rule, let fingerprint {
                entries.append(Entry(file: file, rule: rule, fingerprint: fingerprint, count: count, message: message))
            }
        }
        return problems.isEmpty ? .success(Baseline(entries: entries)) : failure(problems)
    }
}
