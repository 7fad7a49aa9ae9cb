import Foundation
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI
import Testing

/// A scratch folder for one test, removed when the test ends. Its path is canonical (links
/// resolved) so that it compares equal to what discovery and git report.
final class ConfigurationScratch {
    let root: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/seamlint-config-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        root = FileSystem.resolve(String(decoding: bytes, as: UTF8.self))!
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path(relative)
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        precondition(FileManager.default.createFile(atPath: full, contents: Data(text.utf8)), "cannot create \(full)")
        return full
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: path(relative)) }

    /// Runs git in the folder, with an identity and no global configuration, and returns stdout.
    @discardableResult
    func git(_ arguments: String...) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "-c", "user.name=SeamLint Tests", "-c", "user.email=tests@example.com",
                             "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try! process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "git \(arguments) failed")
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: Rules with simple, stable behaviour for these tests

/// Flags every identifier `forbidden`; its message shows the option `word`.
struct ForbiddenWord: Rule {
    static let word = RuleOption.string("word", default: "-", summary: "Shown in the message.")
    static let description = RuleDescription(id: "test_forbidden", summary: "Test rule", rationale: "",
                                             severity: .warning, options: [word, .includeTests], triggering: [], nonTriggering: [])
    func check(_ context: inout RuleContext) {
        for index in context.file.code.indices where context.file.isName(index, "forbidden") {
            context.report(at: index, "forbidden word; option=\(context.options.string(Self.word))")
        }
    }
}

/// Opt-in; flags every identifier `optional`. Declares one option of each kind.
struct OptionalWord: Rule {
    static let options: [RuleOption] = [
        .string("word", default: "", summary: "A word."),
        .int("limit", default: 1, summary: "A number."),
        .bool("strict_mode", summary: "A flag."),
        .strings("tags", summary: "Some words."),
        .choice("mode", among: ["fast", "thorough"], default: "fast", summary: "A choice."),
    ]
    static let description = RuleDescription(id: "test_opt_in", summary: "Opt-in test rule", rationale: "",
                                             severity: .note, isOptIn: true, options: options, triggering: [], nonTriggering: [])
    func check(_ context: inout RuleContext) {
        for index in context.file.code.indices where context.file.isName(index, "optional") {
            context.report(at: index, "optional word")
        }
    }
}

/// A project rule: records every identifier `menu` and reports each once every file is read,
/// unless some file in the project declares `workaround`.
struct ProjectWord: ProjectRule {
    static let description = RuleDescription(id: "test_project", summary: "Project test rule", rationale: "",
                                             severity: .error, triggering: [], nonTriggering: [])
    struct Facts: ProjectFacts {
        var menus: [FactLocation] = []
        var workarounds: [FactLocation] = []
        mutating func append(_ later: Self) {
            menus += later.menus
            workarounds += later.workarounds
        }
    }
    func collectFacts(_ context: RuleContext, into facts: inout Facts) {
        for index in context.file.code.indices {
            if context.file.isName(index, "menu") { facts.menus.append(context.factLocation(at: index)) }
            if context.file.isName(index, "workaround") { facts.workarounds.append(context.factLocation(at: index)) }
        }
    }
    func finish(_ context: inout ProjectContext) {
        let facts = context.facts(of: Self.self)
        guard facts.workarounds.isEmpty else { return }
        for menu in facts.menus { context.report(at: menu, "menu without workaround") }
    }
}

enum TestRules {
    static let all: [any Rule.Type] = [ForbiddenWord.self, OptionalWord.self, ProjectWord.self,
                                       SuperfluousSuppression.self, InvalidSuppression.self]
    static let ids = all.map { $0.description.id }

    /// Lints in-memory sources with `enabled` (default: every non-opt-in test rule).
    static func lint(_ sources: [(path: String, code: String)], enabled: [any Rule.Type]? = nil,
                     registered: [any Rule.Type] = all) -> [Diagnostic] {
        InMemoryLint.diagnostics(sources, rules: enabled ?? registered.filter { !$0.description.isOptIn }, workers: 2,
                                 registry: registered)
    }

    /// Loads the configuration rooted at `scratch` (or `directory`), discovers and lints like the CLI.
    static func lintTree(_ scratch: ConfigurationScratch, directory: String = "", overrides: ProjectConfiguration.Overrides = .init(),
                         paths: [String] = []) throws -> (diagnostics: [Diagnostic], configuration: ProjectConfiguration, files: [String]) {
        let workingDirectory = scratch.path(directory)
        let configuration = try ProjectConfiguration.load(workingDirectory: workingDirectory, overrides: overrides,
                                                          rules: all, reporterIDs: Reporters.all.map { $0.id })
        var discovery = DiscoveryOptions()
        discovery.useDefaultExcludes = configuration.useDefaultExcludes
        discovery.isExcluded = { configuration.isExcluded($0) }
        let found = FileDiscovery.discover(paths, options: discovery, workingDirectory: workingDirectory)
        try configuration.checkNestedFiles()
        var options = LintOptions(rules: configuration.enabledRules(forFiles: found.files.map(\.absolutePath)))
        options.discoverDeploymentTargets = false
        options.fileSettings = { configuration.settings(forFile: $0) }
        let result = Linter(options: options, allRules: all).lint(found.files)
        return (result.diagnostics, configuration, found.files.map(\.path))
    }
}

extension Diagnostic {
    /// "path:line rule" — compact and independent of message wording.
    var brief: String { "\(location.file):\(location.line) \(ruleID)" }
}
