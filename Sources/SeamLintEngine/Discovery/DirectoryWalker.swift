#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SeamLintCore

/// The state of one discovery: the folders still to read, the links still to resolve, the best
/// path found so far for each file.
///
/// Two phases make the outcome independent of `readdir` order: first every real folder under the
/// roots is read, with symbolic links only queued; then the queued links are resolved in path
/// order. A link to a folder already read is therefore skipped, and a linked file loses to its real
/// path. Folders are identified by (device, inode), so no loop is walked twice.
///
/// Files are identified by canonical path (every link resolved), which the walk knows for free:
/// a real folder's child is the folder's canonical path plus its name, and `realpath` runs only
/// for roots and links. That saves a `stat` per file; `d_ino` would too, but it disagrees with
/// `st_ino` on bind mounts and some overlay file systems.
struct DirectoryWalker {
    /// A path to visit: as shown, as opened, with every link resolved, and whether a symbolic link
    /// was crossed to reach it.
    struct Entry {
        var display: String
        var absolute: String
        var canonical: String
        var throughLink: Bool
    }

    private struct Candidate {
        var file: SourceFileRef
        var throughLink: Bool
    }

    let options: DiscoveryOptions
    let workingDirectory: String
    /// Canonical roots: links that resolve outside all of them are not followed by default.
    private var roots: [String] = []
    /// Folders to read, reached without and through a link: the first are read first, so a
    /// folder reachable both ways is listed under its real path.
    private var folders: [Entry] = []
    private var linkedFolders: [Entry] = []
    private var links: [Entry] = []
    private var visitedFolders: Set<FileID> = []
    private var best: [PathKey: Candidate] = [:]
    /// Files found in folders reached without a link, by canonical path: unique among themselves
    /// (each folder is read once, its names are unique), so they are kept apart from `best`, and
    /// hashed only when `result` meets other candidates (named files, links).
    private var walked: [(canonical: String, file: SourceFileRef)] = []
    private var problems: [InputProblem] = []

    init(options: DiscoveryOptions, workingDirectory: String) {
        self.options = options
        self.workingDirectory = PathNames.standardize(workingDirectory, relativeTo: "/")
    }

    /// A path named by the user: checked now, walked by `run`.
    mutating func addArgument(_ argument: String) {
        let absolute = PathNames.standardize(argument, relativeTo: workingDirectory)
        let display = PathNames.displayPath(absolute, workingDirectory: workingDirectory)
        if options.excludeExplicitPaths, options.isExcluded?(absolute) == true { return }

        let own: FileStatus
        switch FileSystem.status(absolute, followLink: false) {
        case .failure(let error): return problem(display, error.description)
        case .success(let status): own = status
        }
        var target = own
        if own.kind == .symbolicLink {
            switch FileSystem.status(absolute, followLink: true) {
            case .failure(let error) where error.code == ENOENT: return problem(display, "broken symbolic link")
            case .failure(let error): return problem(display, error.description)
            case .success(let status): target = status
            }
        }
        guard let canonical = FileSystem.resolve(absolute) else {
            return problem(display, FileSystem.currentError().description)
        }
        roots.append(canonical)
        // Any link on the way counts ("Alias/Deep" with Alias a link), not only a final one.
        let entry = Entry(display: display, absolute: absolute, canonical: canonical,
                          throughLink: PathNames.compare(canonical, absolute) != 0)
        switch target.kind {
        case .directory:
            queue(entry)
        case .regular:
            let name = PathNames.lastComponent(absolute)
            if let language = PathNames.language(ofFileName: name, includeObjectiveC: options.includeObjectiveC) {
                add(entry, language: language)
            } else if !PathNames.isSourceFileName(name) {
                problem(display, "not a Swift or Objective-C source file")
            }  // else Objective-C with `includeObjectiveC` off: skipped by configuration
        case .symbolicLink, .other:
            problem(display, "not a regular file or directory")
        }
    }

    mutating func run() {
        // Roots in reverse path order, so the smallest is read first whatever the argument order.
        folders.sort { PathNames.precedes($1.display, $0.display) }
        linkedFolders.sort { PathNames.precedes($1.display, $0.display) }
        readQueuedFolders()
        while !links.isEmpty {
            let batch = links.sorted { PathNames.precedes($0.display, $1.display) }
            links = []
            // One link at a time, its folders read before the next: of two links to one folder,
            // the smaller path wins.
            for link in batch {
                follow(link)
                readQueuedFolders()
            }
        }
    }

    private mutating func readQueuedFolders() {
        while let entry = folders.popLast() ?? linkedFolders.popLast() {
            read(entry)
        }
    }

    func result() -> (files: [SourceFileRef], problems: [InputProblem]) {
        var found: [SourceFileRef]
        if best.isEmpty {
            found = walked.map(\.file)
        } else {
            // Which candidate of a file wins does not depend on the order they are met in.
            var candidates = best
            for (canonical, file) in walked {
                Self.keep(Candidate(file: file, throughLink: false), canonical: canonical, in: &candidates)
            }
            found = candidates.values.map(\.file)
        }
        // Display paths are unique per file, so comparing them alone gives `SourceFileRef`'s order.
        var files = PathNames.sortedByBytes(found) { $0.path }
        // A folder renamed and replaced during the walk could list a path twice: once, as `best` would.
        if files.indices.dropFirst().contains(where: { PathNames.compare(files[$0 - 1].path, files[$0].path) == 0 }) {
            var unique: [SourceFileRef] = []
            for file in files where unique.last.map({ PathNames.compare($0.path, file.path) != 0 }) ?? true {
                unique.append(file)
            }
            files = unique
        }
        var seen = Set<InputProblem>()
        let unique = problems.filter { seen.insert($0).inserted }
        return (files, unique.sorted { PathNames.precedes($0.path, $1.path) })
    }

    // MARK: - Walking

    private mutating func problem(_ path: String, _ reason: String) {
        problems.append(InputProblem(path: path, reason: reason))
    }

    private func isExcluded(_ absolute: String) -> Bool {
        options.isExcluded?(absolute) ?? false
    }

    /// Keeps, per file, the path that crosses no link, then the byte-wise smallest.
    private mutating func add(_ entry: Entry, language: SourceLanguage) {
        let file = SourceFileRef(path: entry.display, absolutePath: entry.absolute, language: language)
        Self.keep(Candidate(file: file, throughLink: entry.throughLink), canonical: entry.canonical, in: &best)
    }

    /// Stores `candidate` unless the file's candidate in `candidates` wins: the one that crosses
    /// no link, then the smaller display path.
    private static func keep(_ candidate: Candidate, canonical: String, in candidates: inout [PathKey: Candidate]) {
        // Stored first, the earlier candidate put back when it wins: one hash of the path for
        // the files met once (nearly all), instead of a lookup and a store.
        let key = PathKey(canonical)
        guard let existing = candidates.updateValue(candidate, forKey: key) else { return }
        let keepsExisting = existing.throughLink != candidate.throughLink
            ? candidate.throughLink
            : !PathNames.precedes(candidate.file.path, existing.file.path)
        if keepsExisting { candidates[key] = existing }
    }

    private mutating func queue(_ folder: Entry) {
        if folder.throughLink {
            linkedFolders.append(folder)
        } else {
            folders.append(folder)
        }
    }

    /// False when the name cannot end in `.swift`, `.m`, `.mm` or `.h` (`PathNames.isSourceFileName`).
    private static func mayBeSourceFileName(_ name: UnsafePointer<CChar>) -> Bool {
        let length = strlen(name)
        func endsWith(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            // Longer than the suffix: a name that is only the extension (".swift") is not a source file.
            return length > count && memcmp(name + (length - count), suffix.utf8Start, count) == 0
        }
        return endsWith(".swift") || endsWith(".h") || endsWith(".m") || endsWith(".mm")
    }

    /// Reads one folder: queues subfolders and links, records source files.
    ///
    /// Identified by `fstat` of the open folder, not by `fstatat` of each subfolder from its parent:
    /// with `opendir` rather than `open` and `fdopendir` (which adds a `fstat` and two `fcntl`),
    /// a folder costs five system calls instead of eight (about a fifth of the walk's kernel time).
    private mutating func read(_ folder: Entry) {
        guard let stream = opendir(folder.absolute) else {
            return problem(folder.display, FileSystem.currentError().description)
        }
        let descriptor = dirfd(stream)
        guard let id = FileSystem.status(of: descriptor) else {
            let error = FileSystem.currentError()
            closedir(stream)
            return problem(folder.display, error.description)
        }
        guard visitedFolders.insert(id).inserted else { closedir(stream); return }
        var holdsManifest = false
        var holdsGit = false
        let watchesManifests = options.onManifestFolder != nil || options.onPlainFolder != nil
        defer {
            closedir(stream)
            if holdsManifest {
                options.onManifestFolder?(folder.absolute)
            } else {
                options.onPlainFolder?(folder.absolute, holdsGit)
            }
        }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let record = readdir(stream) {
            let rawName = (UnsafeRawPointer(record) + nameOffset).assumingMemoryBound(to: CChar.self)
            if rawName[0] == 0x2E && (rawName[1] == 0 || (rawName[1] == 0x2E && rawName[2] == 0)) { continue }
            if rawName[0] == 0x2E && strcmp(rawName, ".git") == 0 { holdsGit = true }
            var kind = Self.kind(ofDirectoryEntryType: record.pointee.d_type)
            var status: FileStatus? = nil
            if kind == nil {  // file systems that do not fill d_type
                status = FileSystem.status(of: rawName, in: descriptor)
                kind = status?.kind
            }
            guard let kind else { continue }
            if kind == .other {
                // Never opened (a FIFO would block), but named like source: the user should know.
                skipSpecialFile(rawName, in: folder, kind: status?.specialKind ?? Self.specialKind(ofDirectoryEntryType: record.pointee.d_type))
                continue
            }
            if watchesManifests && ProjectManifests.isManifestName(rawName) { holdsManifest = true }
            // Most entries of an app are images, JSON, plists…: judged by their bytes, with no String.
            if kind == .regular && !Self.mayBeSourceFileName(rawName) { continue }
            if kind == .directory && options.useDefaultExcludes && FileDiscovery.isResourceCatalog(rawName) { continue }
            guard let name = String(validatingCString: rawName) else {
                let lossy = String(decoding: UnsafeRawBufferPointer(start: rawName, count: strlen(rawName)), as: UTF8.self)
                if kind == .directory || PathNames.isSourceFileName(lossy) {
                    problem(PathNames.join(folder.display, lossy), "file name is not valid UTF-8")
                }
                continue
            }
            switch kind {
            case .directory:
                if options.useDefaultExcludes && FileDiscovery.defaultExcludedFolderNames.contains(name) { continue }  // endings: above
                let child = self.child(of: folder, named: name)
                guard !isExcluded(child.absolute) else { continue }
                queue(child)
            case .regular:
                guard let language = PathNames.language(ofFileName: name, includeObjectiveC: options.includeObjectiveC)
                else { continue }
                let child = self.child(of: folder, named: name)
                guard !isExcluded(child.absolute) else { continue }
                if child.throughLink {
                    add(child, language: language)
                } else {
                    walked.append((child.canonical, SourceFileRef(path: child.display, absolutePath: child.absolute, language: language)))
                }
            case .symbolicLink:
                let child = self.child(of: folder, named: name)
                guard !isExcluded(child.absolute) else { continue }
                links.append(child)
            case .other:
                continue
            }
        }
    }

    /// Resolves one queued link: walks the folder or records the file it names, when allowed.
    private mutating func follow(_ queued: Entry) {
        let name = PathNames.lastComponent(queued.absolute)
        guard let resolved = FileSystem.resolve(queued.absolute) else {
            if PathNames.isSourceFileName(name) { problem(queued.display, "broken symbolic link") }
            return
        }
        guard options.followSymlinks || roots.contains(where: { PathNames.isInside(resolved, root: $0) }) else {
            return
        }
        guard !isExcluded(resolved), case .success(let target) = FileSystem.status(resolved, followLink: true) else {
            return
        }
        let link = Entry(display: queued.display, absolute: queued.absolute, canonical: resolved, throughLink: true)
        switch target.kind {
        case .directory:
            if !visitedFolders.contains(target.id) { queue(link) }
        case .regular:
            if let language = PathNames.language(ofFileName: name, includeObjectiveC: options.includeObjectiveC) {
                add(link, language: language)
            }
        case .other:
            if PathNames.language(ofFileName: name, includeObjectiveC: options.includeObjectiveC) != nil {
                problem(queued.display, Self.skippedMessage(target.specialKind))
            }
        case .symbolicLink:
            return
        }
    }

    /// A FIFO, device or socket met while walking: a problem when its name is a source file's.
    private mutating func skipSpecialFile(_ rawName: UnsafePointer<CChar>, in folder: Entry, kind: String?) {
        guard Self.mayBeSourceFileName(rawName), let name = String(validatingCString: rawName),
              PathNames.language(ofFileName: name, includeObjectiveC: options.includeObjectiveC) != nil else { return }
        let child = self.child(of: folder, named: name)
        guard !isExcluded(child.absolute) else { return }
        problem(child.display, Self.skippedMessage(kind))
    }

    static func skippedMessage(_ kind: String?) -> String {
        "not a regular file (\(kind ?? "a special file")); skipped"
    }

    private static func specialKind(ofDirectoryEntryType type: UInt8) -> String? {
        switch Int32(type) {
        case Int32(DT_FIFO): "a FIFO"
        case Int32(DT_CHR): "a character device"
        case Int32(DT_BLK): "a block device"
        case Int32(DT_SOCK): "a socket"
        default: nil
        }
    }

    private func child(of folder: Entry, named name: String) -> Entry {
        let absolute = PathNames.join(folder.absolute, name)
        // A folder shown absolute may still contain the working directory (`lint ..`): its
        // children under it are shown relative.
        let display = folder.display.utf8.first == UInt8(ascii: "/")
            ? PathNames.displayPath(absolute, workingDirectory: workingDirectory)
            : PathNames.join(folder.display, name)
        // A folder reached without links is usually opened by its canonical path: the child's
        // two paths are then the same string, built once.
        let canonical = PathNames.compare(folder.canonical, folder.absolute) == 0 ? absolute : PathNames.join(folder.canonical, name)
        return Entry(display: display, absolute: absolute, canonical: canonical, throughLink: folder.throughLink)
    }

    private static func kind(ofDirectoryEntryType type: UInt8) -> FileKind? {
        switch Int32(type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN): return nil
        default: return .other
        }
    }
}
