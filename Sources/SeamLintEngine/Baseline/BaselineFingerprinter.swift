import SeamLintCore

/// Identifies a diagnostic for the baseline without its line number: the rule, the file relative
/// to the baseline, and a hash of the flagged text, the line(s) it is on and the nearest non-blank
/// line above and below, whitespace collapsed. Code added or removed elsewhere in the file, or
/// re-indented, keeps the fingerprint; editing the flagged code or its neighbours makes it new.
public final class BaselineFingerprinter {
    /// Absolute folder of the baseline file.
    let folder: String
    let workingDirectory: String
    /// The bytes of a file by diagnostic path (read from disk by default).
    let source: (String) -> [UInt8]?
    private var files: [String: (bytes: [UInt8], lineStarts: [Int])?] = [:]

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

    /// 16 hex digits.
    public func fingerprint(of diagnostic: Diagnostic) -> String {
        guard let file = loaded(diagnostic.location.file) else {
            return Fingerprint.hex(Fingerprint.fnv1a(["unreadable", diagnostic.message]))
        }
        let bytes = file.bytes
        let start = min(max(diagnostic.location.offset, 0), bytes.count)
        let end = min(start + max(diagnostic.length, 0), bytes.count)
        let first = lineIndex(of: start, in: file.lineStarts)
        let last = lineIndex(of: max(start, end - 1), in: file.lineStarts)
        let lines = (first...last).map { line(at: $0, in: file) }.joined(separator: "\n")
        let above = neighbour(from: first - 1, step: -1, in: file)
        let below = neighbour(from: last + 1, step: 1, in: file)
        let flagged = Self.collapsingWhitespace(String(decoding: bytes[start..<end], as: UTF8.self))
        return Fingerprint.hex(Fingerprint.fnv1a([flagged, lines, above, below]))
    }

    private func loaded(_ path: String) -> (bytes: [UInt8], lineStarts: [Int])? {
        if let cached = files[path] { return cached }
        let result = source(path).map { bytes in (bytes, Self.lineStarts(bytes)) }
        files[path] = result
        return result
    }

    private func line(at index: Int, in file: (bytes: [UInt8], lineStarts: [Int])) -> String {
        let start = file.lineStarts[index]
        let end = index + 1 < file.lineStarts.count ? file.lineStarts[index + 1] : file.bytes.count
        return Self.collapsingWhitespace(String(decoding: file.bytes[start..<end], as: UTF8.self))
    }

    /// The nearest non-blank line from `index` in direction `step`, or "" at the file's edge.
    private func neighbour(from index: Int, step: Int, in file: (bytes: [UInt8], lineStarts: [Int])) -> String {
        var index = index
        while index >= 0 && index < file.lineStarts.count {
            let text = line(at: index, in: file)
            if !text.isEmpty { return text }
            index += step
        }
        return ""
    }

    private func lineIndex(of offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        return starts
    }

    /// Runs of whitespace become one space; leading and trailing whitespace goes.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
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
