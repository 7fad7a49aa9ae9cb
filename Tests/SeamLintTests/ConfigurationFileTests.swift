import Foundation
import SeamLintCore
@testable import SeamLintEngine
import Testing

/// `.seamlint.json` read alone: every key, and every mistake with its one-line message.
@Suite struct ConfigurationFileTests {
    static let vocabulary = ConfigurationVocabulary(rules: TestRules.all.map { $0.description }, reporterIDs: Reporters.all.map { $0.id })

    static func load(_ text: String, name: String = ".seamlint.json") -> (ConfigurationScratch, Result<ConfigurationFile, ConfigurationError>) {
        let scratch = ConfigurationScratch()
        let path = scratch.write(name, text)
        return (scratch, ConfigurationFile.load(path: path, displayPath: name, vocabulary: vocabulary))
    }

    @Test func everyKeyIsRead() throws {
        let (scratch, result) = Self.load("""
            // Comments, unquoted keys, single quotes and trailing commas: JSON5.
            {
              $schema: "./schemas/seamlint.schema.json",
              rules: {
                test_forbidden: "error",
                test_project: "off",
                test_opt_in: { severity: 'note', word: "gadget", limit: 3, strict_mode: true, tags: ["a", "b"], mode: "thorough", },
              },
              opt_in: ["test_opt_in"],
              included: ["Sources", "Tests/**/*.swift"],
              excluded: ["Sources/Generated", "**/*.pb.swift"],
              use_default_excludes: false,
              ios_deployment_target: "16.4",
              reporter: "sarif",
              strict: true,
              baseline: "ci/seamlint-baseline.json",
              objc: false,
            }
            """)
        let file = try result.get()
        #expect(file.rules["test_forbidden"] == .init(level: .error))
        #expect(file.rules["test_project"] == .init(level: .off))
        let options = RuleOptions(["word": .string("gadget"), "limit": .int(3), "strict_mode": .bool(true),
                                   "tags": .strings(["a", "b"]), "mode": .string("thorough")])
        #expect(file.rules["test_opt_in"] == .init(level: .note, options: options))
        #expect(file.optIn == .ids(["test_opt_in"]))
        #expect(file.included.map(\.description) == ["Sources", "Tests/**/*.swift"])
        #expect(file.excluded.map(\.description) == ["Sources/Generated", "**/*.pb.swift"])
        #expect(file.useDefaultExcludes == false)
        #expect(file.iosDeploymentTarget == Version(16, 4))
        #expect(file.reporter == "sarif")
        #expect(file.strict == true)
        #expect(file.baseline == scratch.path("ci/seamlint-baseline.json"))
        #expect(file.objectiveC == false)
        #expect(file.keys == Set(ConfigurationKey.allCases).subtracting([.only]))  // `only` excludes `opt_in`
    }

    @Test func onlyAndOptInAll() throws {
        #expect(try Self.load(#"{ "only": ["test_forbidden", "test_project"] }"#).1.get().only == ["test_forbidden", "test_project"])
        #expect(try Self.load(#"{ "opt_in": "all" }"#).1.get().optIn == .all)
        #expect(try Self.load(#"{ "ios_deployment_target": 17 }"#).1.get().iosDeploymentTarget == Version(17))
        #expect(try Self.load("{}").1.get().keys.isEmpty)
    }

    /// Rules read options typed: configured values, else the declared default; later files win.
    @Test func optionsReadTypedWithDefaults() throws {
        let (_, result) = Self.load("{ rules: { test_opt_in: { limit: 7, tags: ['x'] } } }")
        let configured = try #require(try result.get().rules["test_opt_in"]).options
        let declared = Dictionary(uniqueKeysWithValues: OptionalWord.options.map { ($0.name, $0) })
        let limit = try #require(declared["limit"]), tags = try #require(declared["tags"])
        let mode = try #require(declared["mode"]), flag = try #require(declared["strict_mode"])
        #expect(configured.int(limit) == 7 && configured.strings(tags) == ["x"])
        #expect(configured.string(mode) == "fast" && configured.bool(flag) == false)
        var nested = RuleOptions()
        nested.set(limit, to: .int(2))
        let merged = configured.merging(nested)
        #expect(merged.int(limit) == 2 && merged.strings(tags) == ["x"])
    }

    /// One line per mistake: file, line and column, key path, what is wrong, the likely fix.
    @Test(arguments: [
        ("{ exluded: [] }",
         ".seamlint.json:1:3: exluded: unknown key 'exluded'; did you mean 'excluded'?"),
        ("{ rules: { test_forbiden: 'off' } }",
         ".seamlint.json:1:12: rules.test_forbiden: unknown rule id 'test_forbiden'; did you mean 'test_forbidden'? (see `lint rules`)"),
        ("{ only: ['test_forbidden', 'tset_project'] }",
         ".seamlint.json:1:28: only[1]: unknown rule id 'tset_project'; did you mean 'test_project'? (see `lint rules`)"),
        ("{ opt_in: ['nothing_like_it'] }",
         ".seamlint.json:1:12: opt_in[0]: unknown rule id 'nothing_like_it' (see `lint rules`)"),
        ("{ strict: 'yes' }",
         ".seamlint.json:1:3: strict: expected true or false, found a string"),
        ("{ objc: 'no' }",
         ".seamlint.json:1:3: objc: expected true or false, found a string"),
        ("{ use_default_excludes: 1 }",
         ".seamlint.json:1:3: use_default_excludes: expected true or false, found a number"),
        ("{ rules: 3 }",
         ".seamlint.json:1:3: rules: expected an object, found a number"),
        ("{ rules: { test_forbidden: 3 } }",
         #".seamlint.json:1:12: rules.test_forbidden: expected "off", "note", "warning", "error" or an object with "severity" and options, found a number"#),
        ("{ rules: { test_forbidden: 'warn' } }",
         #".seamlint.json:1:12: rules.test_forbidden: 'warn' is not a severity; expected "off", "note", "warning" or "error"; did you mean 'warning'?"#),
        ("{ rules: { test_forbidden: { severity: 'eror' } } }",
         #".seamlint.json:1:30: rules.test_forbidden.severity: 'eror' is not a severity; expected "off", "note", "warning" or "error"; did you mean 'error'?"#),
        ("{ rules: { test_forbidden: { words: ['a'] } } }",
         ".seamlint.json:1:30: rules.test_forbidden.words: unknown option 'words'; did you mean 'word'? (test_forbidden takes 'severity', 'word', 'include_tests'; see `lint explain test_forbidden`)"),
        ("{ rules: { test_forbidden: { include_test: true } } }",
         ".seamlint.json:1:30: rules.test_forbidden.include_test: unknown option 'include_test'; did you mean 'include_tests'? (test_forbidden takes 'severity', 'word', 'include_tests'; see `lint explain test_forbidden`)"),
        ("{ rules: { test_project: { serverity: 'off' } } }",
         ".seamlint.json:1:28: rules.test_project.serverity: unknown option 'serverity'; did you mean 'severity'? (test_project takes 'severity'; see `lint explain test_project`)"),
        ("{ rules: { test_forbidden: { include_tests: 'yes' } } }",
         ".seamlint.json:1:30: rules.test_forbidden.include_tests: expected true or false, found a string"),
        ("{ rules: { test_forbidden: { include_tests: 'true' } } }",
         ".seamlint.json:1:30: rules.test_forbidden.include_tests: expected true or false, found a string; write true without quotes"),
        ("{ rules: { test_forbidden: { word: 3 } } }",
         ".seamlint.json:1:30: rules.test_forbidden.word: expected a string, found a number"),
        ("{ rules: { test_opt_in: { limit: 2.5 } } }",
         ".seamlint.json:1:27: rules.test_opt_in.limit: expected an integer, found 2.5"),
        ("{ rules: { test_opt_in: { limit: '2' } } }",
         ".seamlint.json:1:27: rules.test_opt_in.limit: expected an integer, found a string"),
        ("{ rules: { test_opt_in: { tags: 'a' } } }",
         ".seamlint.json:1:27: rules.test_opt_in.tags: expected an array of strings, found a string"),
        ("{ rules: { test_opt_in: { tags: ['a', 1] } } }",
         ".seamlint.json:1:39: rules.test_opt_in.tags[1]: expected a string, found a number"),
        ("{ rules: { test_opt_in: { mode: 'thorogh' } } }",
         #".seamlint.json:1:27: rules.test_opt_in.mode: 'thorogh' is not one of "fast", "thorough"; did you mean 'thorough'?"#),
        ("{ rules: { test_opt_in: { mode: true } } }",
         #".seamlint.json:1:27: rules.test_opt_in.mode: expected one of "fast", "thorough", found true or false"#),
        ("{ opt_in: 'some' }",
         #".seamlint.json:1:3: opt_in: expected an array of rule ids or "all", found a string"#),
        ("{ opt_in: ['all'] }",
         #".seamlint.json:1:12: opt_in[0]: "all" replaces the whole list: write "opt_in": "all""#),
        ("{ only: 'test_forbidden' }",
         ".seamlint.json:1:3: only: expected an array of rule ids, found a string"),
        ("{ only: ['test_forbidden'], opt_in: ['test_opt_in'] }",
         ".seamlint.json:1:29: opt_in: 'opt_in' cannot be combined with 'only' in one file; list every rule to run in 'only'"),
        ("{ included: 'Sources' }",
         ".seamlint.json:1:3: included: expected an array of glob patterns, found a string"),
        ("{ excluded: [3] }",
         ".seamlint.json:1:14: excluded[0]: expected a string, found a number"),
        ("{ excluded: ['/Pods'] }",
         ".seamlint.json:1:14: excluded[0]: invalid glob '/Pods': patterns are relative to the configuration file's folder; remove the leading '/'"),
        ("{ excluded: ['a/**b'] }",
         ".seamlint.json:1:14: excluded[0]: invalid glob 'a/**b': '**' must be a whole path component, as in 'Generated/**/*.swift'"),
        ("{ included: ['{App,Kit}'] }",
         ".seamlint.json:1:14: included[0]: invalid glob '{App,Kit}': '{' is not supported; patterns use only '*', '**' and '?'"),
        ("{ excluded: ['../Other'] }",
         ".seamlint.json:1:14: excluded[0]: invalid glob '../Other': '..' is not allowed; a pattern cannot leave the configuration file's folder"),
        ("{ excluded: [''] }",
         ".seamlint.json:1:14: excluded[0]: invalid glob '': a pattern cannot be empty"),
        ("{ ios_deployment_target: '16.x' }",
         #".seamlint.json:1:3: ios_deployment_target: '16.x' is not a version such as "16" or "16.4""#),
        ("{ ios_deployment_target: true }",
         #".seamlint.json:1:3: ios_deployment_target: expected a version string such as "16.4", found true or false"#),
        ("{ reporter: 'xcod' }",
         ".seamlint.json:1:3: reporter: unknown reporter 'xcod'; did you mean 'xcode'? (see `lint reporters`)"),
        ("{ baseline: '' }",
         ".seamlint.json:1:3: baseline: expected a file path, found an empty string"),
        ("{ $schema: 1 }",
         ".seamlint.json:1:3: $schema: expected a string, found a number"),
        ("[1]",
         ".seamlint.json: expected an object at the top level, found an array"),
        ("{ strict: true, strict: false }",
         ".seamlint.json:1:17: strict: duplicate key; only one of its values would be used"),
        ("{\n  strict: true\n  reporter: 'json'\n}",
         ".seamlint.json:3:3: malformed JSON5: expected ',' or '}', found 'r'"),
        ("{ reporter: \"json }",
         ".seamlint.json:1:13: malformed JSON5: unterminated string"),
        ("{ /* no end\n",
         ".seamlint.json:1:3: malformed JSON5: unterminated comment"),
        ("{ excluded: ['a' 'b'] }",
         ".seamlint.json:1:18: malformed JSON5: expected ',' or ']', found '''"),
        ("{ strict: yes }",
         ".seamlint.json:1:11: malformed JSON5: expected a value, found 'y'"),
        ("",
         ".seamlint.json:1:1: malformed JSON5: the file holds no JSON value"),
        ("{ \"rules\": {} } }",
         ".seamlint.json:1:17: malformed JSON5: after the end of the document, found '}'"),
    ])
    func mistakeIsOneLine(text: String, expected: String) {
        let (_, result) = Self.load(text)
        guard case .failure(let error) = result else { Issue.record("accepted: \(text)"); return }
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
    }

    @Test func everyMistakeIsReportedInFileOrder() {
        let (_, result) = Self.load("""
            {
              strict: "yes",
              rules: { test_forbiden: "off" },
              exclude: [],
            }
            """)
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.problems.map { "\($0.line ?? 0):\($0.keyPath)" } == ["2:strict", "3:rules.test_forbiden", "4:exclude"])
    }

    @Test func unreadableFiles() {
        let scratch = ConfigurationScratch()
        let missing = ConfigurationFile.load(path: scratch.path("none.json"), displayPath: "none.json", vocabulary: Self.vocabulary)
        #expect(missing.failureText == "none.json: cannot read the configuration: no such file or directory")
        let path = scratch.write("bad.json", "")
        FileManager.default.createFile(atPath: path, contents: Data([0x7B, 0xC3, 0x28, 0x7D]))
        let invalid = ConfigurationFile.load(path: path, displayPath: "bad.json", vocabulary: Self.vocabulary)
        #expect(invalid.failureText == "bad.json: cannot read the configuration: not valid UTF-8 (byte 0xC3 at line 1, column 2)")
    }

    @Test func keysWithControlCharactersStayOnOneLine() {
        let (_, result) = Self.load(#"{ "ex\ncluded": [] }"#)
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.description == #".seamlint.json:1:3: ["ex\ncluded"]: unknown key 'ex\ncluded'; did you mean 'excluded'?"#)
    }
}

extension Result where Failure == ConfigurationError {
    var failureText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
