#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SeamLintCore

/// Lexical path arithmetic on `/`-separated POSIX paths. No file system access.
enum PathNames {
    /// Byte-wise order (what `sort` does under `LC_ALL=C`), independent of locale and normalization.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// memcmp-style three-way byte comparison: `memcmp` on the contiguous UTF-8 of native strings,
    /// since the generic `lexicographicallyPrecedes` dominated sorting 10k paths.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b -> Int in
                let common = min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let result = memcmp(x, y, common)
                    if result != 0 { return Int(result) }
                }
                return a.count - b.count
            }
        }
        if let result = fast ?? nil { return result }
        // Bridged or small strings without contiguous storage: the generic path.
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }

    /// `items` ordered byte-wise by `key`. The keys are copied once into one buffer and indices
    /// are sorted with `memcmp`: sorting the strings themselves spent most of its time retaining
    /// and releasing them (a fifth of discovering 10k files).
    static func sortedByBytes<Item>(_ items: [Item], key: (Item) -> String) -> [Item] {
        var storage: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(items.count)
        for item in items {
            let text = key(item)
            spans.append((storage.count, text.utf8.count))
            storage.append(contentsOf: text.utf8)
        }
        var order = Array(items.indices)
        storage.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress
            order.sort { lhs, rhs in
                let a = spans[lhs], b = spans[rhs]
                let common = min(a.count, b.count)
                if common > 0, let base {
                    let result = memcmp(base + a.start, base + b.start, common)
                    if result != 0 { return result < 0 }
                }
                return a.count < b.count
            }
        }
        return order.map { items[$0] }
    }

    /// `path` made absolute against `base`, with empty, "." and ".." components removed.
    /// Lexical, like `URL.standardized`: "a/link/.." becomes "a" even if `link` is a symbolic link.
    static func standardize(_ path: String, relativeTo base: String) -> String {
        let full = path.hasPrefix("/") ? path : base + "/" + path
        var components: [Substring] = []
        for component in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// How to show `absolutePath` to a user in `workingDirectory`: relative when under it ("." for
    /// the directory itself), else absolute. Never "./x".
    static func displayPath(_ absolutePath: String, workingDirectory: String) -> String {
        if absolutePath == workingDirectory { return "." }
        if workingDirectory == "/" { return String(absolutePath.dropFirst()) }
        let prefix = workingDirectory + "/"
        if absolutePath.utf8.starts(with: prefix.utf8) {
            return String(decoding: absolutePath.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        }
        return absolutePath
    }

    /// `parent` joined with one file name, keeping display paths free of "./".
    static func join(_ parent: String, _ name: String) -> String {
        if parent == "." { return name }
        var parent = parent, name = name
        // One allocation and two copies: `parent + "/" + name` built an intermediate string, and
        // discovery joins once per folder entry (about 4k instructions each, most in `+`).
        return parent.withUTF8 { head in
            name.withUTF8 { tail in
                let slash = head.last == UInt8(ascii: "/") ? 0 : 1
                return String(unsafeUninitializedCapacity: head.count + slash + tail.count) { buffer in
                    var end = buffer.initialize(fromContentsOf: head)
                    if slash == 1 { buffer[end] = UInt8(ascii: "/"); end += 1 }
                    return buffer[end...].initialize(fromContentsOf: tail) - buffer.startIndex
                }
            }
        }
    }

    /// `path` relative to `root` ("" for `root` itself), or nil when it lies outside (both absolute,
    /// resolved the same way).
    static func relative(_ path: String, to root: String) -> String? {
        guard isInside(path, root: root) else { return nil }
        if path == root { return "" }
        let prefix = root == "/" ? 1 : root.utf8.count + 1
        return String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self)
    }

    /// Whether `path` is `root` or inside it (both absolute, resolved the same way).
    static func isInside(_ path: String, root: String) -> Bool {
        if path == root || root == "/" { return true }
        return path.utf8.starts(with: (root + "/").utf8)
    }

    /// The language a file name says, or nil when it is not a source file we lint.
    static func language(ofFileName name: String, includeObjectiveC: Bool) -> SourceLanguage? {
        var name = name
        return name.withUTF8 { bytes in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return nil }
            let ext = NameBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])))
            if ext.equals("swift") { return .swift }
            if ext.equals("m") || ext.equals("mm") || ext.equals("h") { return includeObjectiveC ? .objectiveC : nil }
            return nil
        }
    }

    /// Like `language(ofFileName:)`, ignoring `includeObjectiveC`: is this a source file at all?
    static func isSourceFileName(_ name: String) -> Bool {
        language(ofFileName: name, includeObjectiveC: true) != nil
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: path.utf8[path.utf8.index(after: slash)...], as: UTF8.self)
    }
}

/// A file name's bytes (from `readdir`, or a `String`'s UTF-8) compared with literals by `memcmp`:
/// the generic `elementsEqual` with a `String.UTF8View` cost about a hundred instructions a name,
/// and discovery asks several per folder entry.
struct NameBytes {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// A NUL-terminated name.
    init(_ name: UnsafePointer<CChar>) { bytes = UnsafeRawBufferPointer(start: name, count: strlen(name)) }

    func equals(_ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && matches(literal, at: 0)
    }

    /// Ends with `literal` (or is it).
    func hasSuffix(_ literal: StaticString) -> Bool {
        bytes.count >= literal.utf8CodeUnitCount && matches(literal, at: bytes.count - literal.utf8CodeUnitCount)
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard count > 0 else { return true }
        return memcmp(bytes.baseAddress! + offset, literal.utf8Start, count) == 0
    }
}

/// A path as a dictionary key compared byte for byte: `String`'s own `==` and hashing treat
/// canonically equivalent spellings as one, but they are two different files on Linux.
struct PathKey: Hashable {
    let path: String

    init(_ path: String) { self.path = path }

    static func == (lhs: PathKey, rhs: PathKey) -> Bool { PathNames.compare(lhs.path, rhs.path) == 0 }

    func hash(into hasher: inout Hasher) {
        // All bytes in one call: a `combine` per byte was a percent of a whole run.
        var path = self.path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
