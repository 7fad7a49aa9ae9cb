import Foundation
import SeamLintCore
import SeamLintEngine

/// How a run's report is shaped and where it goes: `--sarif-root`, `--absolute-paths`, `--output`.
enum ReportOutput {
    /// `--sarif-root`, checked before anything is linted or fixed: an existing folder, or nil.
    static func sarifRoot(_ arguments: Arguments) throws(UsageError) -> String? {
        guard let root = arguments.value("--sarif-root") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--sarif-root: \(root.escapingControlCharacters) is not a folder")
        }
        return root
    }

    /// The reporters' context. Diagnostics carry their own end positions: no file is read again.
    static func context(rules: [RuleDescription], sarifRoot: String?, verbose: Bool) -> ReportContext {
        ReportContext(rules: rules, toolVersion: CommandLineTool.version, sarifRoot: sarifRoot, verbose: verbose)
    }

    /// Every path made absolute: Xcode resolves issue locations only when the path is absolute,
    /// and a build command's working folder is not the user's.
    static func absolutePaths(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func absolute(_ location: Location) -> Location {
            var copy = location
            copy.file = FileDiscovery.reference(forPath: location.file).absolutePath
            return copy
        }
        return diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.location = absolute(diagnostic.location)
            copy.related = diagnostic.related.map { RelatedLocation(location: absolute($0.location), message: $0.message) }
            return copy
        }.sorted()
    }

    /// Standard output, or `--output FILE` written atomically: a failed write leaves no partial file.
    static func deliver(_ report: String, arguments: Arguments, output: TextSink) throws(UsageError) {
        guard let path = arguments.value("--output") else {
            output.write(report)
            return
        }
        do {
            try AtomicFile.write(Data(report.utf8), to: path)
        } catch {
            throw UsageError("\(path.escapingControlCharacters): cannot write the report: \(error)")
        }
    }
}
