import Foundation

/// The files (and lines) a change touches, from git: `lint --diff BASE` and `lint --staged`.
public struct ChangedFiles: Sendable {
    public enum Source: Sendable, Equatable {
        /// Committed since the merge base with `BASE`, staged, unstaged, and untracked files git
        /// does not ignore, as `git diff BASE...` plus `git ls-files --others --exclude-standard`.
        case since(String)
        /// What is staged for the next commit (for pre-commit hooks).
        case staged
    }

    public enum Lines: Sendable, Equatable {
        /// A new, untracked file: every line is new.
        case all
        /// Added or changed lines (empty: a mode change, a rename, a deletion of lines only).
        case some(Set<Int>)

        public func contains(_ line: Int) -> Bool {
            switch self {
            case .all: true
            case .some(let lines): lines.contains(line)
            }
        }
    }

    /// The repository root, as git reports it.
    public let root: String
    /// The commit the change is compared with (`HEAD` for `--staged`, the merge base for `--diff`);
    /// nil before the first commit, when everything is new.
    public let base: String?
    /// Files the change deletes, as absolute paths under `root` (they exist only in `base`).
    public let deleted: [String]
    /// By canonical path (links resolved), so files reached through a link still match.
    private let files: [String: Lines]

    /// Asks git in `directory` (a folder inside the repository).
    public static func find(_ source: Source, in directory: String) throws(ChangedFilesError) -> ChangedFiles {
        let flag = source == .staged ? "--staged" : "--diff"
        let topLevel = try GitCommand.run(["rev-parse", "--show-toplevel"], in: directory)
        guard topLevel.status == 0 else {
            throw ChangedFilesError("\(flag): \(directory.escapingControlCharacters) is not inside a git repository (\(topLevel.firstErrorLine))")
        }
        let root = String(decoding: topLevel.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
        var comparison: [String]
        let base: String?
        switch source {
        case .staged:
            comparison = ["--cached"]
            base = try GitCommand.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], in: root).status == 0 ? "HEAD" : nil
        case .since(let revision):
            let commit = try mergeBase(revision, in: root)
            comparison = [commit]
            base = commit
        }
        // Explicit prefixes and no external or colored diff: a user's git config must not change the parse.
        let common = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "-M", "--diff-filter=d"]
        let names = try checked(GitCommand.run(common + ["--name-only", "-z"] + comparison + ["--"], in: root), flag)
        let patch = try checked(GitCommand.run(common + ["-U0", "--src-prefix=a/", "--dst-prefix=b/"] + comparison + ["--"], in: root), flag)
        let lines = ChangedLinesParser.parse(Array(patch.standardOutput))
        var files: [String: Lines] = [:]
        for name in split(names.standardOutput) {
            files[canonical(root, name)] = .some(lines[name] ?? [])
        }
        if case .since = source {
            let untracked = try checked(GitCommand.run(["ls-files", "--others", "--exclude-standard", "-z"], in: root), flag)
            for name in split(untracked.standardOutput) { files[canonical(root, name)] = .all }
        }
        let deletedCommon = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-renames", "--diff-filter=D"]
        let deleted = try checked(GitCommand.run(deletedCommon + ["--name-only", "-z"] + comparison + ["--"], in: root), flag)
        return ChangedFiles(root: root, base: base, deleted: split(deleted.standardOutput).map { PathNames.join(root, $0) },
                            files: files)
    }

    /// The changed files (absolute, canonical paths), in no particular order.
    public var paths: [String] { Array(files.keys) }

    /// `absolutePath` with its links resolved, as this type keys files (the path itself when it
    /// does not exist).
    public func canonical(_ absolutePath: String) -> String { FileSystem.resolve(absolutePath) ?? absolutePath }

    /// `absolutePath` (links resolved) relative to `root`, or nil when it lies outside the repository.
    public func relativePath(_ absolutePath: String) -> String? {
        PathNames.relative(FileSystem.resolve(absolutePath) ?? absolutePath, to: root)
    }

    /// Which of `paths` (absolute, under `root`) mention one of `words` (as bytes, comments and
    /// strings included) in the base commit: one `git grep`; empty without a base or on failure.
    public func baseFilesMentioning(_ words: Set<String>, among paths: [String]) -> Set<String> {
        guard let base, !words.isEmpty else { return [] }
        let relative = paths.compactMap { PathNames.relative($0, to: root) }
        guard !relative.isEmpty else { return [] }
        let patterns = words.sorted().flatMap { ["-e", $0] }
        let arguments = ["-c", "core.quotePath=false", "grep", "--no-color", "-l", "-z", "-F", "-I"] + patterns
            + [base, "--"] + relative.map { ":(literal)" + $0 }
        guard let output = try? GitCommand.run(arguments, in: root), output.status == 0 else { return [] }
        // Names come back as `base:path`.
        let prefix = base + ":"
        return Set(Self.split(output.standardOutput).map { name in
            PathNames.join(root, name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name)
        })
    }

    /// The changed lines of a file (absolute path), or nil when the change does not touch it.
    public func lines(ofFile absolutePath: String) -> Lines? {
        files[FileSystem.resolve(absolutePath) ?? absolutePath]
    }

    public func contains(_ absolutePath: String) -> Bool { lines(ofFile: absolutePath) != nil }

    /// Number of changed files (deleted ones are not counted).
    public var count: Int { files.count }

    // MARK: Git

    /// The commit to compare with: where the current branch left `base` (so commits made on
    /// `base` since do not count as changes here), or `base` itself when there is no common
    /// history or no commit yet.
    private static func mergeBase(_ base: String, in root: String) throws(ChangedFilesError) -> String {
        guard !base.hasPrefix("-"), !base.isEmpty else { throw ChangedFilesError("--diff: '\(base.escapingControlCharacters)' is not a git revision") }
        let commit = try GitCommand.run(["rev-parse", "--verify", "--quiet", base + "^{commit}"], in: root)
        guard commit.status == 0 else {
            throw ChangedFilesError("--diff: unknown git revision '\(base.escapingControlCharacters)' (see `git log`)")
        }
        let sha = String(decoding: commit.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let merge = try GitCommand.run(["merge-base", sha, "HEAD"], in: root)
        guard merge.status == 0 else { return sha }
        return String(decoding: merge.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func checked(_ output: GitCommand.Output, _ flag: String) throws(ChangedFilesError) -> GitCommand.Output {
        guard output.status == 0 else { throw ChangedFilesError("\(flag): git failed: \(output.firstErrorLine)") }
        return output
    }

    static func split(_ data: Data) -> [String] {
        data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func canonical(_ root: String, _ name: String) -> String {
        let path = PathNames.join(root, name)
        return FileSystem.resolve(path) ?? path
    }
}
