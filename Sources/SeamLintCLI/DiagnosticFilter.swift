import Foundation
import SeamLintCore
import SeamLintEngine

/// One named step between linting and reporting that drops, rewrites or records diagnostics.
struct DiagnosticFilter {
    let name: String
    let apply: ([Diagnostic]) throws(UsageError) -> [Diagnostic]

    /// `diagnostics` through `filters`, in order.
    static func run(_ filters: [DiagnosticFilter], on diagnostics: [Diagnostic]) throws(UsageError) -> [Diagnostic] {
        var dropped: [String: Int] = [:]
        return try run(filters, on: diagnostics, dropped: &dropped)
    }

    /// `dropped`: by filter name, how many diagnostics each step removed (the terminal summary's
    /// "recorded in the baseline").
    static func run(_ filters: [DiagnosticFilter], on diagnostics: [Diagnostic],
                    dropped: inout [String: Int]) throws(UsageError) -> [Diagnostic] {
        var diagnostics = diagnostics
        for filter in filters {
            let before = diagnostics.count
            diagnostics = try filter.apply(diagnostics)
            dropped[filter.name, default: 0] += before - diagnostics.count
        }
        return diagnostics
    }
}

extension DiagnosticFilter {
    /// The post-filters of a `lint` run, all declared here, in the order they apply. Where the order
    /// matters: the steps that compare paths run before `absolute paths` rewrites them, and the
    /// baseline is recorded before the old one drops what it already knows (so updating a baseline
    /// in place keeps its entries), and the findings in unchanged files (`FactChanges`) are chosen
    /// before `changed lines` looks at lines. `stdinPath`: where standard input is linted, as displayed;
    /// `overrides`: file contents by absolute path not on disk (standard input); `linted`: the files
    /// whose findings are reported (for stale baseline entries). Loads the baseline now, before
    /// `--write-baseline` replaces it.
    static func pipeline(_ setup: RunSetup, stdinPath: String?, overrides: [String: [UInt8]], linted: [SourceFileRef],
                         factChanges: FactChanges? = nil, errors: TextSink) throws(UsageError) -> [DiagnosticFilter] {
        let arguments = setup.arguments
        var filters: [DiagnosticFilter] = []
        if let stdinPath { filters.append(stdinFile(stdinPath)) }
        if let factChanges { filters.append(factChanges.filter(setup.configuration)) }
        if let changed = setup.changed, arguments.has("--changed-lines-only") {
            filters.append(changedLines(changed, configuration: setup.configuration))
        }
        let source = sourceText(setup.configuration, overrides: overrides)
        let baseline = try setup.baselinePath.flatMap { path throws(UsageError) in try setup.loadBaseline(path).map { (path, $0) } }
        if let path = setup.writeBaselinePath {
            filters.append(recordBaseline(path, setup: setup, source: source, errors: errors))
        }
        if let (path, baseline) = baseline {
            filters.append(compareBaseline(baseline, path: path, setup: setup, source: source, linted: linted, errors: errors))
        }
        if arguments.has("--lenient") { filters.append(lenient) }
        if arguments.has("--absolute-paths") { filters.append(absolutePaths) }
        return filters
    }

    /// `--stdin`: only the file read from standard input; the rest of the project lent its facts.
    static func stdinFile(_ displayPath: String) -> DiagnosticFilter {
        DiagnosticFilter(name: "stdin file") { $0.filter { $0.location.file == displayPath } }
    }

    /// `--changed-lines-only`: findings whose span, or code that decided them (`Diagnostic.decidedBy`),
    /// touches a line the diff adds or changes. Findings in files outside the change are the ones
    /// a changed project fact brought about (`FactChanges`): the change is what decided them.
    static func changedLines(_ changed: ChangedFiles, configuration: ProjectConfiguration) -> DiagnosticFilter {
        DiagnosticFilter(name: "changed lines") { diagnostics in
            diagnostics.filter { diagnostic in
                guard let lines = changed.lines(ofFile: configuration.absolutePath(diagnostic.location.file)) else { return true }
                let last = max(diagnostic.location.line, diagnostic.end?.line ?? diagnostic.location.line)
                if (diagnostic.location.line...last).contains(where: lines.contains) { return true }
                return diagnostic.decidedBy.contains { place in
                    changed.lines(ofFile: configuration.absolutePath(place.file))?.contains(place.line) ?? false
                }
            }
        }
    }

    /// `--write-baseline`: records every finding left so far; passes them on unchanged.
    static func recordBaseline(_ path: String, setup: RunSetup, source: @escaping (String) -> [UInt8]?,
                               errors: TextSink) -> DiagnosticFilter {
        DiagnosticFilter(name: "record baseline") { diagnostics throws(UsageError) in
            let configuration = setup.configuration
            let fingerprinter = BaselineFingerprinter(baselinePath: path, workingDirectory: configuration.workingDirectory, source: source)
            let recorded = Baseline.recording(diagnostics, fingerprinter: fingerprinter)
            let display = configuration.displayPath(path)
            let text = recorded.rendered()
            // Never write a baseline that the next run would refuse to read.
            guard text.utf8.count <= Baseline.maximumFileSize else {
                throw UsageError("\(display.escapingControlCharacters): cannot write the baseline: it would be "
                                 + "\(text.utf8.count / (1024 * 1024)) MB, over the \(Baseline.maximumFileSize / (1024 * 1024)) MB "
                                 + "a baseline may hold (fix or suppress some findings first)")
            }
            do {
                try AtomicFile.write(Data(text.utf8), to: path)
            } catch {
                throw UsageError("\(display.escapingControlCharacters): cannot write the baseline: \(error)")
            }
            if !setup.arguments.has("--quiet") {
                let count = recorded.entries.reduce(0) { $0 + $1.count }
                errors.write("baseline \(display.escapingControlCharacters): recorded \(count) diagnostic\(count == 1 ? "" : "s")\n")
            }
            return diagnostics
        }
    }

    /// `--baseline`: drops the findings the baseline records (stale entries listed with `--verbose`).
    static func compareBaseline(_ baseline: Baseline, path: String, setup: RunSetup, source: @escaping (String) -> [UInt8]?,
                                linted: [SourceFileRef], errors: TextSink) -> DiagnosticFilter {
        DiagnosticFilter(name: "baseline") { diagnostics in
            let configuration = setup.configuration
            let fingerprinter = BaselineFingerprinter(baselinePath: path, workingDirectory: configuration.workingDirectory, source: source)
            let comparison = baseline.compare(diagnostics, fingerprinter: fingerprinter,
                                              lintedFiles: Set(linted.map { fingerprinter.relativePath($0.path) }))
            if setup.arguments.has("--verbose") {
                let display = configuration.displayPath(path).escapingControlCharacters
                errors.write("baseline \(display): \(comparison.matched) diagnostic\(comparison.matched == 1 ? "" : "s") matched, "
                             + "\(comparison.stale.count) stale entr\(comparison.stale.count == 1 ? "y" : "ies")\n")
                for entry in comparison.stale {
                    errors.write("baseline \(display): stale: \(entry.file.escapingControlCharacters): \(entry.rule) ×\(entry.count) "
                                 + "no longer found (dropped by the next --write-baseline)\n")
                }
            }
            return comparison.new
        }
    }

    /// `--lenient`: errors become warnings.
    static var lenient: DiagnosticFilter {
        DiagnosticFilter(name: "lenient") { diagnostics in
            diagnostics.map { diagnostic in
                var copy = diagnostic
                if copy.severity == .error { copy.severity = .warning }
                return copy
            }
        }
    }

    /// `--absolute-paths`: last, since the steps before it compare paths as displayed.
    static var absolutePaths: DiagnosticFilter { DiagnosticFilter(name: "absolute paths") { ReportOutput.absolutePaths($0) } }

    /// The text baseline fingerprints hash: standard input's, else the file on disk.
    static func sourceText(_ configuration: ProjectConfiguration, overrides: [String: [UInt8]]) -> @Sendable (String) -> [UInt8]? {
        { path in
            let absolute = configuration.absolutePath(path)
            if let bytes = overrides[absolute] { return bytes }
            guard case .success(let bytes) = SourceReader.read(SourceFileRef(path: path, absolutePath: absolute, language: .swift))
            else { return nil }
            return bytes
        }
    }
}
