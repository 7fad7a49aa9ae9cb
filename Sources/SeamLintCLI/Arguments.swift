import Foundation
import SeamLintCore
import SeamLintEngine

/// A command-line option: its spelling, whether it takes a value, and its help text.
/// The table below is the single source of `--help` and of parsing.
struct OptionSpec {
    let name: String
    let value: String?
    let help: String
}

enum OptionTable {
    static let all: [OptionSpec] = [
        OptionSpec(name: "--reporter", value: "ID", help: "Output format (see `lint reporters`); default terminal on a terminal, else xcode."),
        OptionSpec(name: "--color", value: "WHEN", help: "Colour the terminal reporter: auto (default), always or never."),
        OptionSpec(name: "--output", value: "FILE", help: "Write the report to FILE (atomically) instead of standard output."),
        OptionSpec(name: "--sarif-root", value: "DIR", help: "With --reporter sarif: the %SRCROOT% folder URIs are relative to; default ."),
        OptionSpec(name: "--absolute-paths", value: nil, help: "Print absolute file paths (Xcode build phases and plugins)."),
        OptionSpec(name: "--config", value: "FILE", help: "Use this configuration file instead of the nearest .seamlint.json."),
        OptionSpec(name: "--no-config", value: nil, help: "Ignore .seamlint.json files."),
        OptionSpec(name: "--baseline", value: "FILE", help: "Report only diagnostics not recorded in this baseline file."),
        OptionSpec(name: "--write-baseline", value: "FILE", help: "Record this run's diagnostics as the baseline in FILE."),
        OptionSpec(name: "--diff", value: "BASE", help: "Lint only files changed since git revision BASE (and untracked ones)."),
        OptionSpec(name: "--staged", value: nil, help: "Lint only files staged for commit (for pre-commit hooks)."),
        OptionSpec(name: "--changed-lines-only", value: nil, help: "With --diff or --staged: report only diagnostics on changed lines."),
        OptionSpec(name: "--fix", value: nil, help: "Apply the safe fixes of enabled rules, writing each file atomically."),
        OptionSpec(name: "--dry-run", value: nil, help: "With --fix: print a unified diff instead of writing."),
        OptionSpec(name: "--stdin", value: nil, help: "Lint standard input (with --fix: print the fixed source)."),
        OptionSpec(name: "--stdin-path", value: "PATH", help: "With --stdin: lint the input as if it were the file at PATH."),
        OptionSpec(name: "--use-script-input-files", value: nil, help: "Lint Xcode's SCRIPT_INPUT_FILE_0… files (build phases)."),
        OptionSpec(name: "--only-rule", value: "ID", help: "Run only this rule (repeatable, or IDs separated by commas)."),
        OptionSpec(name: "--disable-rule", value: "ID", help: "Do not run this rule, whatever the configuration says (repeatable, or a comma list)."),
        OptionSpec(name: "--enable-all-rules", value: nil, help: "Run every rule, opt-in ones included."),
        OptionSpec(name: "--strict", value: nil, help: "Warnings fail the run (exit 1)."),
        OptionSpec(name: "--lenient", value: nil, help: "Report errors as warnings (exit 0 unless --strict)."),
        OptionSpec(name: "--ios-deployment-target", value: "VERSION", help: "Override the iOS deployment target found in manifests."),
        OptionSpec(name: "--include-tests", value: nil, help: "Also apply scene and window lookup rules to test files."),
        OptionSpec(name: "--follow-symlinks", value: nil, help: "Follow symbolic links that leave the linted folders."),
        OptionSpec(name: "--objc", value: nil, help: "Lint .m, .mm and .h files (the default; overrides \"objc\": false)."),
        OptionSpec(name: "--no-objc", value: nil, help: "Skip Objective-C files."),
        OptionSpec(name: "--libclang", value: "PATH",
                   help: "Tokenize Objective-C with this libclang (default: $SEAMLINT_LIBCLANG, else found; see docs)."),
        OptionSpec(name: "--workers", value: "N", help: "Lint with N threads (default: one per core)."),
        OptionSpec(name: "--max-file-size", value: "MB", help: "Skip (with an error) files larger than this; default 64."),
        OptionSpec(name: "--stamp", value: "FILE", help: "After a run, touch FILE (for build-tool plugins' dependency tracking)."),
        OptionSpec(name: "--timings", value: nil, help: "Print time spent per stage and per rule to standard error."),
        OptionSpec(name: "--verbose", value: nil, help: "Print files, deployment targets and other details to standard error."),
        OptionSpec(name: "--quiet", value: nil, help: "Print nothing but diagnostics and errors."),
        OptionSpec(name: "--version", value: nil, help: "Print the version."),
        OptionSpec(name: "--help", value: nil, help: "Print this help."),
    ]

    static func spec(_ name: String) -> OptionSpec? { all.first { $0.name == name } }
}

/// Parsed command line.
struct Arguments {
    enum Command: Equatable {
        case lint, rules, explain(String), reporters, help, version, server
    }

    var command: Command = .lint
    var paths: [String] = []
    /// Option name → values, in order (flags get an empty string).
    var values: [String: [String]] = [:]

    func has(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Rule ids of a repeatable option, each value also a comma-separated list (`a,b`, `a, b`).
    func ruleIDs(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static let subcommands = ["rules", "explain", "reporters", "server"]

    /// Parses `arguments` (without the program name). `pathExists` tells a path to lint from a
    /// mistyped subcommand (`lint rule`).
    static func parse(_ arguments: [String],
                      pathExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) throws(UsageError) -> Arguments {
        var result = Arguments()
        var index = 0
        var onlyPaths = false
        if let first = arguments.first {
            switch first {
            case "rules": result.command = .rules; index = 1
            case "reporters": result.command = .reporters; index = 1
            case "server": result.command = .server; index = 1
            case "explain":
                guard arguments.count >= 2 else { throw UsageError("`lint explain` needs a rule id, e.g. `lint explain connected_scenes_first`") }
                result.command = .explain(arguments[1])
                index = 2
            default:
                if let correction = subcommandCorrection(first), !pathExists(first) {
                    throw UsageError("'\(first.escapingControlCharacters)' is neither a file nor a command; did you mean `lint \(correction)`?")
                }
            }
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                result.paths.append(argument)
                continue
            }
            if argument == "--" { onlyPaths = true; continue }
            // Editors' LSP clients add `--stdio`; standard input and output are the only transport.
            if argument == "--stdio" && result.command == .server { continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let spec = OptionTable.spec(name) else {
                let suggestion = Spelling.nearest(to: name, in: OptionTable.all.map(\.name))
                throw UsageError("unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            if spec.value != nil {
                if let inlineValue {
                    result.values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw UsageError("option '\(name)' needs a value (\(spec.value!))") }
                    result.values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                result.values[name, default: []].append("")
            }
        }
        if result.command == .lint {
            if result.has("--help") { result.command = .help }
            else if result.has("--version") { result.command = .version }
        }
        return result
    }
}

extension Arguments {
    /// What a first argument that looks like a mistyped subcommand meant: `rule` → `rules`,
    /// `help` → `--help`. Nil for anything path-like.
    static func subcommandCorrection(_ word: String) -> String? {
        guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "-" }), !word.hasPrefix("-") else { return nil }
        switch word.lowercased() {
        case "help": return "--help"
        case "version": return "--version"
        case "list", "rule-list": return "rules"
        default: return Spelling.nearest(to: word.lowercased(), in: subcommands)
        }
    }
}

/// A usage or configuration mistake: one line, exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
