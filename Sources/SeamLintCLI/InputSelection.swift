import Foundation
import SeamLintCore
import SeamLintEngine

/// The files a run lints: paths on the command line, Xcode's script input files, or standard
/// input linted as if it were a file (the rest of the project still contributes facts).
struct InputSelection {
    var files: [SourceFileRef]
    var problems: [InputProblem]
    var overrides: [String: [UInt8]] = [:]
    var stdinDisplayPath: String?
    var stdinAbsolutePath: String?
    /// The paths discovery started from (command line, else script input files; empty means "."):
    /// `--fix` writes only inside them.
    var roots: [String] = []
    /// Files not asked for, linted only for the project facts of files named explicitly (absolute
    /// paths): `lint NewMenu.swift` sees the workaround window in another file of its project.
    var contextFiles: Set<String> = []

    init(arguments: Arguments, discovery: DiscoveryOptions, maximumSize: Int = SourceReader.defaultMaximumSize,
         environment: [String: String] = ProcessInfo.processInfo.environment,
         readStandardInput: (Int) throws(UsageError) -> [UInt8] = Self.readStandardInput) throws(UsageError) {
        var paths = arguments.paths
        if arguments.has("--use-script-input-files") {
            guard let countText = environment["SCRIPT_INPUT_FILE_COUNT"] else {
                throw UsageError("--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set (run from an Xcode build phase)")
            }
            guard let count = Int(countText), count >= 0 else {
                let shown = countText.escapingControlCharacters
                throw UsageError("--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is '\(shown)', not a number")
            }
            for index in 0..<count {
                guard let path = environment["SCRIPT_INPUT_FILE_\(index)"] else {
                    throw UsageError("--use-script-input-files: SCRIPT_INPUT_FILE_\(index) is not set")
                }
                paths.append(path)
            }
            // No inputs and no paths: nothing to lint (not ".", which no paths would otherwise mean).
            if count == 0 && paths.isEmpty { files = []; problems = []; return }
        }
        roots = paths
        guard arguments.has("--stdin") else {
            (files, problems) = FileDiscovery.discover(paths, options: discovery)
            addProjectContext(explicitPaths: paths, discovery: discovery)
            return
        }
        guard let stdinPath = arguments.value("--stdin-path") else {
            throw UsageError("--stdin needs --stdin-path PATH (where the source would live, for configuration and messages)")
        }
        let data = try readStandardInput(maximumSize)
        let invalid: Int? = data.withUnsafeBufferPointer { SourceReader.validateUTF8($0) }
        if let invalid {
            throw UsageError("<stdin> (\(stdinPath.escapingControlCharacters)): not valid UTF-8 (byte offset \(invalid))")
        }
        let reference = FileDiscovery.reference(forPath: stdinPath)
        let absolute = reference.absolutePath
        let display = reference.path
        // The project around the file contributes facts for project rules.
        var (found, problems) = FileDiscovery.discover(paths.isEmpty ? ["."] : paths, options: discovery)
        found.removeAll { $0.absolutePath == absolute }
        // An excluded path stays silent (and `--fix` prints the input unchanged), as the file on
        // disk would be skipped when its folder is linted: editors send every file they open.
        if !Self.isExcluded(absolute, by: discovery) { found.append(reference) }
        files = found.sorted()
        self.problems = problems
        overrides[absolute] = data
        stdinDisplayPath = display
        stdinAbsolutePath = absolute
    }

    /// All of standard input, at most `maximumSize` bytes: a read error (a closed stream, a
    /// folder) or an endless input (`< /dev/zero`) is one line, exit 2, never a trap.
    static func readStandardInput(maximumSize: Int) throws(UsageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        if StandardStreams.closedAtStart.contains(STDIN_FILENO) { throw UsageError("standard input: the stream is closed") }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("standard input: \(SystemErrorText.text(errno))")
            }
            guard bytes.count + count <= maximumSize else {
                throw UsageError("standard input: more than \(maximumSize) bytes, the --max-file-size limit")
            }
            bytes += chunk[..<count]
        }
    }

    /// For each source file named explicitly (not found by walking a folder), the rest of its
    /// project, as facts only; what the walk finds there is not reported, so its problems are not.
    private mutating func addProjectContext(explicitPaths: [String], discovery: DiscoveryOptions) {
        let named = Set(explicitPaths.map { FileDiscovery.reference(forPath: $0).absolutePath })
        // Usually folders are named: most files' paths are not hashed (each file's was a tenth of
        // discovering 9k files). With ASCII names only, an ASCII path of another length than
        // every named one equals none (`String` equality is canonical: other spellings of an
        // ASCII path, such as a Kelvin sign for "K", are not ASCII).
        let lengths = Set(named.map(\.utf8.count))
        let asciiNames = named.allSatisfy(Self.isASCII)
        func mayBeNamed(_ path: String) -> Bool {
            guard asciiNames, !lengths.contains(path.utf8.count) else { return true }
            return !Self.isASCII(path)
        }
        let explicit = files.filter { mayBeNamed($0.absolutePath) && named.contains($0.absolutePath) }.map(\.absolutePath)
        guard !explicit.isEmpty else { return }
        var context = discovery
        context.onManifestFolder = discovery.onManifestFolder
        let asked = Set(files.map(\.absolutePath))
        let (found, _) = FileDiscovery.discover(FileDiscovery.projectFolders(ofFiles: explicit), options: context)
        let added = found.filter { !asked.contains($0.absolutePath) }
        guard !added.isEmpty else { return }
        contextFiles = Set(added.map(\.absolutePath))
        files = (files + added).sorted()
    }

    /// Whether every byte is ASCII: an OR over the contiguous bytes, which vectorizes (the byte
    /// loop of `utf8.allSatisfy` cost about 2k instructions per discovered file).
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.reduce(0, |) < 0x80 }
    }

    /// The file, or a folder above it, matches the configuration's `excluded` (or misses `included`).
    private static func isExcluded(_ absolutePath: String, by discovery: DiscoveryOptions) -> Bool {
        guard let isExcluded = discovery.isExcluded else { return false }
        var path = absolutePath
        while path.count > 1 {
            if isExcluded(path) { return true }
            path = (path as NSString).deletingLastPathComponent
        }
        return false
    }
}
