#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Answers of `mentionsText` by the address of the word's literal: 64 slots chosen by address,
/// a newer word replacing an older one in its slot (then asked again, it is searched again).
/// Literals are NUL-terminated, so two that start at one address (merged by the linker) spell the
/// same word.
struct MentionMemo {
    private var keys = [UnsafeRawPointer?](repeating: nil, count: 64)
    private var answers = [Bool](repeating: false, count: 64)

    @inline(__always)
    private static func slot(_ key: UnsafeRawPointer) -> Int { Int(bitPattern: UInt(bitPattern: key) &>> 3) & 63 }

    func answer(for key: UnsafeRawPointer) -> Bool? {
        let slot = Self.slot(key)
        return keys[slot] == key ? answers[slot] : nil
    }

    mutating func store(_ answer: Bool, for key: UnsafeRawPointer) {
        let slot = Self.slot(key)
        keys[slot] = key
        answers[slot] = answer
    }
}

/// Substring search over bytes: `memchr` (vectorised in libc) for the needle's rarest byte, then a
/// compare. Rules and fact collectors ask "does this file mention X?" a few dozen times per file;
/// anchored on a rare byte each scan costs a fraction of an instruction per byte. Files of
/// `GramSet.minimumTextSize` and more first ask their `GramSet`, which rules out nearly every absent word.
public enum TextSearch {
    /// True when `needle` occurs in `haystack`. An empty needle occurs everywhere.
    public static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: needle, in: haystack) != nil
    }

    /// The offset of the first occurrence of `needle` in `haystack`, or nil.
    public static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= haystack.count, let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
            return nil
        }
        // Anchoring on a rare byte (`P` in `scenePhase`) skips far more than the first byte would.
        var anchor = 0
        for offset in 1..<needle.count where rarity(needle[offset]) > rarity(needle[anchor]) { anchor = offset }
        let anchorByte = Int32(needle[anchor])
        let firstByte = needle[0]
        let lastOffset = needle.count - 1
        let lastByte = needle[lastOffset]
        // Candidate starts run from 0 to `last`; the anchor byte sits `anchor` bytes in.
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            guard let found = memchr(base + start + anchor, anchorByte, last - start + 1) else { return nil }
            let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
            if base[candidate] == firstByte, base[candidate + lastOffset] == lastByte,
               memcmp(base + candidate, needleBase, needle.count) == 0 {
                return candidate
            }
            start = candidate + 1
        }
        return nil
    }

    /// Bytes of Swift source from most to least frequent (measured over open-source apps);
    /// bytes not listed are rarer still.
    private static let frequencyOrder: StaticString =
        " etiarnoslcdu.pmgf:h()wSb/yvC,\"=IA{}TkDxPVMLRFUNBE0O?-W_2z1HqK[]>G@j!X<\\#$43Y86&5`Q+97;|*ZJ'%~^"

    /// Position in `frequencyOrder`; 255 for bytes not listed.
    private static let rank: [UInt8] = {
        var rank = [UInt8](repeating: 255, count: 256)
        rank[0x0A] = 10
        rank[0x09] = 20
        let order = frequencyOrder
        for position in 0..<order.utf8CodeUnitCount { rank[Int(order.utf8Start[position])] = UInt8(position) }
        return rank
    }()

    /// Higher for rarer bytes.
    @inline(__always)
    private static func rarity(_ byte: UInt8) -> UInt8 { rank[Int(byte)] }
}

extension SourceFile {
    /// True when the file's bytes contain `word` anywhere (code, strings or comments): a cheap
    /// pre-filter before a token walk.
    public func mentionsText(_ word: StaticString) -> Bool {
        let key = UnsafeRawPointer(word.utf8Start)
        if let known = mentionMemo.answer(for: key) { return known }
        let answer = mentions(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        mentionMemo.store(answer, for: key)
        return answer
    }

    /// True when the bytes contain `word` as a whole name: no ASCII letter, digit or `_` right
    /// before or after it (`window` in `self.window`, not in `windowScene` or `UIWindow`), in
    /// code, strings or comments alike. A byte from 0x80 counts as a boundary, so this can only
    /// over-approximate a token search.
    public func mentionsName(_ word: StaticString) -> Bool {
        guard mentionsText(word) else { return false }
        let name = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return bytes.withUnsafeBufferPointer { text in
            var from = 0
            while let offset = TextSearch.firstOffset(of: name, in: UnsafeBufferPointer(rebasing: text[from...])) {
                let start = from + offset, end = start + name.count
                if (start == 0 || !Self.isASCIINameByte(text[start - 1])) && (end == text.count || !Self.isASCIINameByte(text[end])) {
                    return true
                }
                from = start + 1
            }
            return false
        }
    }

    @inline(__always)
    private static func isASCIINameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// `mentionsText` for words known at run time (trigger words).
    public func mentions(_ word: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { mentions($0) }
    }

    /// `mentionsText` over a word's bytes; an empty word is never mentioned.
    public func mentions(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !word.isEmpty else { return false }
        if bytes.count >= GramSet.minimumTextSize, !gramSet().mayContain(word) { return false }
        return bytes.withUnsafeBufferPointer { TextSearch.contains($0, word) }
    }

    /// True when the text of code token `index` contains `word` (string segments, long names).
    public func tokenContains(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0 && index < code.count, word.utf8CodeUnitCount > 0 else { return false }
        let range = code[index].range
        return bytes.withUnsafeBufferPointer { buffer in
            TextSearch.contains(UnsafeBufferPointer(rebasing: buffer[range]),
                                UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }
    }
}


extension TextSearch {
    /// True when `bytes` contain one of `words` (never for an empty list), comments and strings
    /// included: the engine's pre-scan, before a `SourceFile` is made of the bytes. Texts of
    /// `GramSet.minimumTextSize` and more first build the calling thread's gram set, which
    /// rules out most absent words without a search, and is then the file's own (not built again).
    /// True when `bytes` contain one of `words`, asking the gram set that `containsAny(_:_:)` last
    /// built over the same bytes on this thread first, when it is still the latest (no set is built
    /// here: without one, each word is searched).
    public static func containsAnyAfterPrescan(_ bytes: [UInt8], _ words: [StaticString]) -> Bool {
        let set = GramSet.latest(over: bytes, in: GramTable.current)
        return bytes.withUnsafeBufferPointer { text in
            words.contains { word in
                let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
                return !word.isEmpty && set?.mayContain(word) != false && contains(text, word)
            }
        }
    }

    public static func containsAny(_ bytes: [UInt8], _ words: [[UInt8]]) -> Bool {
        let table = GramTable.current
        let set = bytes.count >= GramSet.minimumTextSize ? bytes.withUnsafeBufferPointer { GramSet($0, table: table) } : nil
        if set != nil { table.keep(bytes) }
        return bytes.withUnsafeBufferPointer { text in
            words.contains { word in
                word.withUnsafeBufferPointer { word in
                    !word.isEmpty && set?.mayContain(word) != false && contains(text, word)
                }
            }
        }
    }
}
