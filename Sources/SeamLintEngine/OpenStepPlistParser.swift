#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value of an OpenStep ("old-style ASCII") property list, the format of `project.pbxproj`.
enum PlistValue: Equatable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])
}

/// A small recursive-descent reader for OpenStep property lists: `{ key = value; }`, `( a, b, )`,
/// quoted and bare strings, `//` and `/* */` comments. Malformed input yields nil, never a crash.
///
/// A project's file is megabytes, mostly trivia, ids and object kinds the caller leaves out: the
/// bytes are read through a pointer (no bounds check per byte), comments are skipped with
/// `memchr`, and bare-string bytes are found in a bit table.
struct OpenStepPlistParser {
    private let storage: Storage
    private var index = 0
    private var depth = 0
    /// The entries of the dictionaries being read, innermost last: each dictionary is built once
    /// at its full size (growing it entry by entry rehashed a project's thousands of objects).
    private var entries: [(key: String, value: PlistValue)] = []
    /// `isa`s of the objects (`{ objects = { ID = { isa = …; … }; }; }`) left out of the result:
    /// checked for syntax like the others, but no string or dictionary is built for them.
    private let skippedObjectKinds: [[UInt8]]
    /// `isa`s of the objects read only when asked for (`deferredObject(_:)`): checked for syntax, their
    /// place kept by id, no string or dictionary built unless asked.
    private let deferredObjectKinds: [[UInt8]]
    /// Where each object of a deferred kind is, by id (the last of a duplicated id wins, as when built).
    private var deferredObjects: [String: Range<Int>] = [:]

    /// The input, copied once to memory the parser owns, so it can be read through a pointer.
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int

        init(_ bytes: [UInt8]) {
            count = bytes.count
            base = .allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBufferPointer { if let source = $0.baseAddress { base.initialize(from: source, count: $0.count) } }
        }

        deinit { base.deallocate() }
    }

    init(_ bytes: [UInt8], skippingObjectsOf kinds: Set<String> = [], deferringObjectsOf deferred: Set<String> = []) {
        storage = Storage(bytes)
        skippedObjectKinds = kinds.map { Array($0.utf8) }
        deferredObjectKinds = deferred.map { Array($0.utf8) }
    }

    mutating func parse() -> PlistValue? { value() }

    /// The object of a deferred kind with this id, read now (nil when there is none).
    mutating func deferredObject(_ id: String) -> [String: PlistValue]? {
        guard let range = deferredObjects[id] else { return nil }
        index = range.lowerBound
        depth = 2  // as deep as it was in the whole parse, whose nesting limit it keeps
        defer { depth = 0 }
        guard case .dictionary(let object)? = value() else { return nil }
        return object
    }

    private var count: Int { storage.count }

    /// The byte at `index`, or 0 at and past the end (0 is no byte any rule below accepts).
    private func byte(at index: Int) -> UInt8 { index < storage.count ? storage.base[index] : 0 }

    private mutating func value() -> PlistValue? {
        skipTrivia()
        guard index < count, depth < 64 else { return nil }
        switch storage.base[index] {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            index += 1
            let first = entries.count
            defer { entries.removeSubrange(first...) }
            while true {
                skipTrivia()
                guard index < count else { return nil }
                if storage.base[index] == UInt8(ascii: "}") {
                    index += 1
                    // Later entries win, as assigning them in order would.
                    var result = [String: PlistValue](minimumCapacity: entries.count - first)
                    for entry in entries[first...] { result[entry.key] = entry.value }
                    return .dictionary(result)
                }
                if depth == 2 && !(skippedObjectKinds.isEmpty && deferredObjectKinds.isEmpty) {
                    switch skipsObject() {
                    case true?: continue
                    case false?: break
                    case nil: return nil
                    }
                }
                guard case .string(let key)? = string() else { return nil }
                skipTrivia()
                guard byte(at: index) == UInt8(ascii: "=") else { return nil }
                index += 1
                guard let item = value() else { return nil }
                entries.append((key, item))
                skipTrivia()
                if byte(at: index) == UInt8(ascii: ";") { index += 1 }
            }
        case UInt8(ascii: "("):
            depth += 1
            defer { depth -= 1 }
            index += 1
            var result: [PlistValue] = []
            while true {
                skipTrivia()
                guard index < count else { return nil }
                if storage.base[index] == UInt8(ascii: ")") { index += 1; return .array(result) }
                guard let item = value() else { return nil }
                result.append(item)
                skipTrivia()
                if byte(at: index) == UInt8(ascii: ",") { index += 1 }
            }
        default:
            return string()
        }
    }

    private mutating func string() -> PlistValue? {
        guard index < count else { return nil }
        let base = storage.base
        if base[index] == UInt8(ascii: "\"") {
            index += 1
            // Most quoted strings hold no escape: decoded straight from the input.
            let start = index
            index = quotedEnd(from: start)
            if index == count || base[index] == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index = min(index + 1, count)
                return .string(text)
            }
            var result = Array(UnsafeBufferPointer(start: base + start, count: index - start))
            while index < count && base[index] != UInt8(ascii: "\"") {
                if base[index] == UInt8(ascii: "\\"), index + 1 < count {
                    index += 1
                    switch base[index] {
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "t"): result.append(0x09)
                    default: result.append(base[index])
                    }
                } else {
                    result.append(base[index])
                }
                index += 1
            }
            index = min(index + 1, count)
            return .string(String(decoding: result, as: UTF8.self))
        }
        let start = index
        index = bareEnd(from: start)
        guard index > start else { return nil }
        return .string(String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self))
    }

    /// At an entry of the objects (`ID = { isa = Kind; … };`, two levels down): true, and moved past
    /// it, when its kind is skipped or deferred; false, not moved, when it is neither; nil when it
    /// is malformed.
    private mutating func skipsObject() -> Bool? {
        let saved = index
        guard skipString() else { return nil }
        skipTrivia()
        guard byte(at: index) == UInt8(ascii: "=") else { return nil }
        index += 1
        skipTrivia()
        let start = index
        guard byte(at: index) == UInt8(ascii: "{"), let kind = objectKind(after: index + 1) else {
            index = saved
            return false
        }
        let skipped = Self.contains(skippedObjectKinds, kind, storage.base)
        let deferred = !skipped && Self.contains(deferredObjectKinds, kind, storage.base)
        guard skipped || deferred else {
            index = saved
            return false
        }
        guard skipValue() else { return nil }
        if deferred {
            let end = index
            index = saved
            if case .string(let id)? = string() { deferredObjects[id] = start..<end }
            index = end
        }
        skipTrivia()
        if byte(at: index) == UInt8(ascii: ";") { index += 1 }
        return true
    }

    /// True when one of `kinds` is spelled by the bytes `range` of `base` (a few kinds: compared in turn).
    private static func contains(_ kinds: [[UInt8]], _ range: Range<Int>, _ base: UnsafePointer<UInt8>) -> Bool {
        kinds.contains { kind in
            kind.count == range.count && kind.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + range.lowerBound, kind.count) == 0 }
        }
    }

    /// The value of a first key `isa` at `start` (just inside a `{`), without moving; nil otherwise.
    private mutating func objectKind(after start: Int) -> Range<Int>? {
        let saved = index
        defer { index = saved }
        index = start
        skipTrivia()
        guard byte(at: index) == UInt8(ascii: "i"), byte(at: index + 1) == UInt8(ascii: "s"),
              byte(at: index + 2) == UInt8(ascii: "a") else { return nil }
        index += 3
        skipTrivia()
        guard byte(at: index) == UInt8(ascii: "=") else { return nil }
        index += 1
        skipTrivia()
        let kindStart = index
        index = bareEnd(from: kindStart)
        return index > kindStart ? kindStart..<index : nil
    }

    /// Moves past one value, accepting exactly what `value()` accepts, and builds nothing.
    private mutating func skipValue() -> Bool {
        skipTrivia()
        guard index < count, depth < 64 else { return false }
        let open = storage.base[index]
        guard open == UInt8(ascii: "{") || open == UInt8(ascii: "(") else { return skipString() }
        depth += 1
        defer { depth -= 1 }
        index += 1
        let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ")")
        let separator = open == UInt8(ascii: "{") ? UInt8(ascii: ";") : UInt8(ascii: ",")
        while true {
            skipTrivia()
            guard index < count else { return false }
            if storage.base[index] == close { index += 1; return true }
            if open == UInt8(ascii: "{") {
                guard skipString() else { return false }
                skipTrivia()
                guard byte(at: index) == UInt8(ascii: "=") else { return false }
                index += 1
            }
            guard skipValue() else { return false }
            skipTrivia()
            if byte(at: index) == separator { index += 1 }
        }
    }

    /// Moves past one quoted or bare string, as `string()` reads it.
    private mutating func skipString() -> Bool {
        guard index < count else { return false }
        if storage.base[index] == UInt8(ascii: "\"") {
            var position = quotedEnd(from: index + 1)
            while position < count && storage.base[position] == UInt8(ascii: "\\") {
                position = quotedEnd(from: min(position + 2, count))
            }
            index = min(position + 1, count)
            return true
        }
        let start = index
        index = bareEnd(from: start)
        return index > start
    }

    /// The first `"` or `\` at or after `start`, or the end.
    private func quotedEnd(from start: Int) -> Int {
        let base = storage.base
        var position = start
        while position < count, base[position] != UInt8(ascii: "\""), base[position] != UInt8(ascii: "\\") { position += 1 }
        return position
    }

    /// The end of the bare string (letters, digits, `_$./:-+@`, bytes from 0x80) starting at `start`.
    private func bareEnd(from start: Int) -> Int {
        let base = storage.base
        var position = start
        while position < count, Self.isBareStringByte(base[position]) { position += 1 }
        return position
    }

    /// Bit `b` of word `b >> 6` set for the bare-string bytes below 0x80: `$+-./0-9:` and `@A-Z_a-z`.
    private static let bareLow: UInt64 = 0x07FF_E000_0000_0000 | 1 << 0x24 | 1 << 0x2B
    private static let bareHigh: UInt64 = 0x07FF_FFFE_87FF_FFFF

    @inline(__always)
    private static func isBareStringByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let word = byte < 0x40 ? bareLow : bareHigh
        return word >> UInt64(byte & 63) & 1 != 0
    }

    private mutating func skipTrivia() {
        let base = storage.base
        while index < count {
            let byte = base[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < count, base[index + 1] == UInt8(ascii: "/") {
                let newline = memchr(base + index, 0x0A, count - index)
                index = newline.map { Int(bitPattern: $0) - Int(bitPattern: base) } ?? count
            } else if byte == UInt8(ascii: "/"), index + 1 < count, base[index + 1] == UInt8(ascii: "*") {
                index = blockCommentEnd(from: index + 2)
            } else {
                return
            }
        }
    }

    /// Just past the `*/` that closes a block comment whose text starts at `start`, or the end.
    private func blockCommentEnd(from start: Int) -> Int {
        let base = storage.base
        var position = start
        while position + 1 < count {
            guard let star = memchr(base + position, Int32(UInt8(ascii: "*")), count - 1 - position) else { return count }
            position = Int(bitPattern: star) - Int(bitPattern: base)
            if base[position + 1] == UInt8(ascii: "/") { return position + 2 }
            position += 1
        }
        return count
    }
}
