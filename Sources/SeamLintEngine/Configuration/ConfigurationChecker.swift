import SeamLintCore

/// Turns a decoded document into a `ConfigurationFile`, collecting one problem per mistake.
struct ConfigurationChecker {
    private(set) var file: ConfigurationFile
    let vocabulary: ConfigurationVocabulary
    private var found: [ConfigurationProblem] = []

    init(file: ConfigurationFile, vocabulary: ConfigurationVocabulary) {
        self.file = file
        self.vocabulary = vocabulary
    }

    /// In file order.
    var problems: [ConfigurationProblem] {
        found.sorted { ($0.line ?? 0, $0.column ?? 0, $0.keyPath) < ($1.line ?? 0, $1.column ?? 0, $1.keyPath) }
    }

    mutating func check(_ document: ConfigurationValue) {
        guard case .object(let members) = document else {
            return report(.root, "expected an object at the top level, found \(document.kindDescription)")
        }
        for (name, value) in ordered(members, at: .root) {
            let path = KeyPath.root.appending(name)
            guard let key = ConfigurationKey(rawValue: name) else {
                report(path, "unknown key '\(name)'" + nearest(name, in: ConfigurationKey.allCases.map(\.rawValue)))
                continue
            }
            file.keys.insert(key)
            switch key {
            case .schema: _ = string(value, at: path)
            case .rules: checkRules(value, at: path)
            case .optIn:
                if case .string("all") = value { file.optIn = .all } else { file.optIn = ruleIDs(value, at: path, allowAll: true).map { .ids($0) } }
            case .only: file.only = ruleIDs(value, at: path, allowAll: false)
            case .included: file.included = globs(value, at: path)
            case .excluded: file.excluded = globs(value, at: path)
            case .useDefaultExcludes: file.useDefaultExcludes = bool(value, at: path)
            case .strict: file.strict = bool(value, at: path)
            case .objc: file.objectiveC = bool(value, at: path)
            case .iosDeploymentTarget: file.iosDeploymentTarget = version(value, at: path)
            case .reporter:
                guard let id = string(value, at: path) else { continue }
                if vocabulary.reporterIDs.contains(id) { file.reporter = id } else {
                    report(path, "unknown reporter '\(id)'" + nearest(id, in: vocabulary.reporterIDs) + " (see `lint reporters`)")
                }
            case .baseline:
                guard let text = string(value, at: path) else { continue }
                if text.isEmpty { report(path, "expected a file path, found an empty string"); continue }
                let baseline = PathNames.standardize(text, relativeTo: file.folder)
                if let problem = BaselineLocation.problem(baseline, configurationFolder: file.folder) {
                    report(path, problem)
                } else {
                    file.baseline = baseline
                }
            }
        }
        if file.only != nil, file.optIn != nil {
            report(KeyPath.root.appending(ConfigurationKey.optIn.rawValue),
                   "'opt_in' cannot be combined with 'only' in one file; list every rule to run in 'only'")
        }
    }

    // MARK: Keys

    private mutating func checkRules(_ value: ConfigurationValue, at path: KeyPath) {
        guard case .object(let entries) = value else { return mismatch(value, at: path, expected: "an object") }
        let levels = RuleLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        for (id, entry) in ordered(entries, at: path) {
            let entryPath = path.appending(id)
            guard vocabulary.ruleIDs.contains(id) else {
                report(entryPath, "unknown rule id '\(id)'" + nearest(id, in: vocabulary.ruleIDs) + " (see `lint rules`)")
                continue
            }
            var setting = ConfigurationFile.RuleSetting()
            switch entry {
            case .string(let text):
                guard let level = level(text, at: entryPath) else { continue }
                setting.level = level
            case .object(let fields):
                let declared = vocabulary.ruleOptions[id] ?? []
                for (name, field) in ordered(fields, at: entryPath) {
                    let fieldPath = entryPath.appending(name)
                    if name == "severity" {
                        guard let text = string(field, at: fieldPath) else { continue }
                        setting.level = level(text, at: fieldPath)
                    } else if let option = declared.first(where: { $0.name == name }) {
                        if let value = optionValue(field, of: option, at: fieldPath) { setting.options.set(option, to: value) }
                    } else {
                        let names = ["severity"] + declared.map(\.name)
                        report(fieldPath, "unknown option '\(name)'" + nearest(name, in: names)
                               + " (\(id) takes \(names.map { "'\($0)'" }.joined(separator: ", ")); see `lint explain \(id)`)")
                    }
                }
            default:
                mismatch(entry, at: entryPath, expected: "\(levels) or an object with \"severity\" and options")
                continue
            }
            file.rules[id] = setting
        }
    }

    /// `value` as a value of `option`, or nil after reporting why it is not one.
    private mutating func optionValue(_ value: ConfigurationValue, of option: RuleOption, at path: KeyPath) -> RuleOptionValue? {
        switch (option.kind, value) {
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.bool, .string(let text)) where text == "true" || text == "false":
            report(path, "expected true or false, found a string; write \(text) without quotes")
        case (.bool, _):
            mismatch(value, at: path, expected: "true or false")
        case (.int, .number(let number)):
            if number.rounded() == number, abs(number) < 1e15 { return .int(Int(number)) }
            report(path, "expected an integer, found \(value.scalarText ?? "a number")")
        case (.int, _):
            mismatch(value, at: path, expected: "an integer")
        case (.string, .string(let text)):
            return .string(text)
        case (.string, _):
            mismatch(value, at: path, expected: "a string")
        case (.strings, .array(let elements)):
            var texts: [String] = []
            for (index, element) in elements.enumerated() {
                if let text = string(element, at: path.appending(index)) { texts.append(text) }
            }
            return texts.count == elements.count ? .strings(texts) : nil
        case (.strings, _):
            mismatch(value, at: path, expected: "an array of strings")
        case (.choice(let choices), .string(let text)):
            if choices.contains(text) { return .string(text) }
            report(path, "'\(text)' is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))" + nearest(text, in: choices))
        case (.choice(let choices), _):
            mismatch(value, at: path, expected: "one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return nil
    }

    private mutating func level(_ text: String, at path: KeyPath) -> RuleLevel? {
        if let level = RuleLevel(rawValue: text) { return level }
        let names = RuleLevel.allCases.map(\.rawValue)
        report(path, "'\(text)' is not a severity; expected \"off\", \"note\", \"warning\" or \"error\"" + nearest(text, in: names))
        return nil
    }

    private mutating func ruleIDs(_ value: ConfigurationValue, at path: KeyPath, allowAll: Bool) -> [String]? {
        guard case .array(let elements) = value else {
            mismatch(value, at: path, expected: allowAll ? "an array of rule ids or \"all\"" : "an array of rule ids")
            return nil
        }
        var ids: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let id = string(element, at: elementPath) else { continue }
            if vocabulary.ruleIDs.contains(id) {
                ids.append(id)
            } else if id == "all" && allowAll {
                report(elementPath, "\"all\" replaces the whole list: write \"opt_in\": \"all\"")
            } else {
                report(elementPath, "unknown rule id '\(id)'" + nearest(id, in: vocabulary.ruleIDs) + " (see `lint rules`)")
            }
        }
        return ids
    }

    private mutating func globs(_ value: ConfigurationValue, at path: KeyPath) -> [GlobPattern] {
        guard case .array(let elements) = value else {
            mismatch(value, at: path, expected: "an array of glob patterns")
            return []
        }
        var patterns: [GlobPattern] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let text = string(element, at: elementPath) else { continue }
            switch GlobPattern.parse(text) {
            case .success(let pattern): patterns.append(pattern)
            case .failure(let error): report(elementPath, "invalid glob '\(text)': \(error.message)")
            }
        }
        return patterns
    }

    private mutating func version(_ value: ConfigurationValue, at path: KeyPath) -> Version? {
        switch value {
        case .string, .number:
            let text = value.scalarText ?? ""
            if let version = Version(text) { return version }
            report(path, "'\(text)' is not a version such as \"16\" or \"16.4\"")
            return nil
        default:
            mismatch(value, at: path, expected: "a version string such as \"16.4\"")
            return nil
        }
    }

    // MARK: Scalars

    private mutating func string(_ value: ConfigurationValue, at path: KeyPath) -> String? {
        if case .string(let text) = value { return text }
        mismatch(value, at: path, expected: "a string")
        return nil
    }

    private mutating func bool(_ value: ConfigurationValue, at path: KeyPath) -> Bool? {
        if case .bool(let flag) = value { return flag }
        mismatch(value, at: path, expected: "true or false")
        return nil
    }

    private mutating func mismatch(_ value: ConfigurationValue, at path: KeyPath, expected: String) {
        report(path, "expected \(expected), found \(value.kindDescription)")
    }

    private mutating func report(_ path: KeyPath, _ message: String) {
        found.append(file.problem(at: path, message))
    }

    /// Members in the order they are written (positions from the outline), else by name.
    private func ordered(_ members: [String: ConfigurationValue], at path: KeyPath) -> [(String, ConfigurationValue)] {
        members.sorted { lhs, rhs in
            let left = file.positions[path.appending(lhs.key).description]
            let right = file.positions[path.appending(rhs.key).description]
            if let left, let right, (left.line, left.column) != (right.line, right.column) {
                return (left.line, left.column) < (right.line, right.column)
            }
            return lhs.key < rhs.key
        }
    }

    private func nearest(_ word: String, in candidates: [String]) -> String {
        let text = suggestion(for: word, in: candidates)
        if !text.isEmpty { return text }
        // "warn" is three edits from "warning": too far for edit distance, obvious as a prefix.
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) && !word.isEmpty }
        return prefixed.count == 1 ? "; did you mean '\(prefixed[0])'?" : ""
    }
}
