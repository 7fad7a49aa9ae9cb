import SeamLintCore

/// Identifies a diagnostic for the baseline without its line number: the rule, the file relative
/// to the baseline, and its `ContentFingerprint` (the flagged text, the line(s) it is on and the
/// nearest non-blank line above and below, whitespace collapsed). Code added or removed elsewhere in the file, or
/// re-indented, keeps the fingerprint; editing the flagged code or its neighbours makes it new.
public final class BaselineFingerprinter {
    /// Absolute folder of the baseline file.
    let folder: String
    let workingDirectory: String
    /// The bytes of a file by diagnostic path (read from disk by default).
    let source: (String) -> [UInt8]?
    private var files: [String: ContentFingerprint?] = [:]

    public init(baselinePath: String, workingDirectory: String? = nil, source: ((String) -> [UInt8]?)? = nil) {
        let directory = PathNames.standardize(workingDirectory ?? FileSystem.currentDirectory(), relativeTo: "/")
        self.workingDirectory = directory
        folder = ProjectConfiguration.parent(of: PathNames.standardize(baselinePath, relativeTo: directory))
        self.source = source ?? { path in
            let absolute = PathNames.standardize(path, relativeTo: directory)
            guard case .success(let bytes) = SourceReader.read(SourceFileRef(path: path, absolutePath: absolute, language: .swift))
            else { return nil }
            return bytes
        }
    }

    /// A diagnostic path relative to the baseline's folder (`..` where needed).
    public func relativePath(_ diagnosticPath: String) -> String {
        BaselinePaths.relative(PathNames.standardize(diagnosticPath, relativeTo: workingDirectory), to: folder)
    }

    func key(for diagnostic: Diagnostic) -> BaselineKey {
        BaselineKey(file: relativePath(diagnostic.location.file), rule: diagnostic.ruleID,
                    fingerprint: fingerprint(of: diagnostic))
    }

    /// 16 hex digits: the one the linter stamped (see `ContentFingerprint`), else computed from
    /// the file's bytes (diagnostics made without the linter).
    public func fingerprint(of diagnostic: Diagnostic) -> String {
        if let stamped = diagnostic.contentFingerprint { return stamped }
        let path = diagnostic.location.file
        if files[path] == nil { files[path] = .some(source(path).map(ContentFingerprint.init(bytes:))) }
        guard var file = files[path]! else {
            return Fingerprint.hex(Fingerprint.fnv1a(["unreadable", diagnostic.message]))
        }
        let fingerprint = file.of(diagnostic)
        files[path] = .some(file)
        return fingerprint
    }
}

enum BaselinePaths {
    /// `path` relative to `folder`, both absolute and standardized: "Sources/A.swift", "../Other/B.swift".
    static func relative(_ path: String, to folder: String) -> String {
        let target = path.split(separator: "/")
        let base = folder.split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common].utf8.elementsEqual(base[common].utf8) { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
