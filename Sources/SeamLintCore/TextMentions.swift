#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Which three-byte sequences occur in a text, as a Bloom filter: one bit of 65,536 per trigram,
/// chosen by a multiplicative hash. A word with a trigram that never occurs cannot occur either,
/// so most "does this file mention X?" questions (a few dozen per file, from rules and fact
/// collectors) are answered by a few bit tests after one pass over the file. Absence is certain;
/// presence is confirmed by a search. Byte pairs (the first design) let a third of absent words
/// through to a full search; trigrams, measured on real apps, about one in four hundred.
struct TrigramSet {
    /// Below this size a search is as cheap as building the set.
    static let minimumTextSize = 2048
    private let bits: [UInt64]

    @inline(__always)
    private static func slot(_ trigram: UInt32) -> Int { Int(truncatingIfNeeded: (trigram &* 0x9E37_79B1) &>> 16) }

    init(_ text: UnsafeBufferPointer<UInt8>) {
        var bits = [UInt64](repeating: 0, count: 65_536 / 64)
        if text.count >= 3, let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            bits.withUnsafeMutableBufferPointer { buffer in
                let table = buffer.baseAddress!
                @inline(__always) func insert(_ trigram: UInt32) {
                    let slot = Self.slot(trigram)
                    table[slot &>> 6] |= 1 &<< UInt64(slot & 63)
                }
                // Six trigrams per 8-byte load. Indentation makes long runs of one trigram (three
                // spaces), each update waiting on the last: eight spaces are passed at once.
                let spaces: UInt64 = 0x2020_2020_2020_2020
                insert(0x20_2020)
                var offset = 0
                while offset + 8 <= text.count {
                    var word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    if word != spaces {
                        for _ in 0..<6 {
                            insert(UInt32(truncatingIfNeeded: word & 0xFF_FFFF))
                            word &>>= 8
                        }
                    }
                    offset += 6
                }
                while offset + 3 <= text.count {
                    insert(Self.trigram(base + offset))
                    offset += 1
                }
            }
        }
        self.bits = bits
    }

    @inline(__always)
    private static func trigram(_ start: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(start[0]) | UInt32(start[1]) &<< 8 | UInt32(start[2]) &<< 16
    }

    /// False when some trigram of `word` never occurs in the text (always true for shorter words).
    func mayContain(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count >= 3, let base = word.baseAddress else { return true }
        return bits.withUnsafeBufferPointer { table in
            for offset in 0...(word.count - 3) {
                let slot = Self.slot(Self.trigram(base + offset))
                if table[slot &>> 6] & (1 &<< UInt64(slot & 63)) == 0 { return false }
            }
            return true
        }
    }
}

/// Substring search over bytes: `memchr` (vectorised in libc) for the needle's rarest byte, then a
/// compare. Rules and fact collectors ask "does this file mention X?" a few dozen times per file;
/// anchored on a rare byte each scan costs a fraction of an instruction per byte. Files of a few
/// kilobytes and more first ask their `TrigramSet`, which rules out nearly every absent word.
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
        if let known = mentionMemo[key] { return known }
        let answer = mentions(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        mentionMemo[key] = answer
        return answer
    }

    /// `mentionsText` for words known at run time (trigger words).
    public func mentions(_ word: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { mentions($0) }
    }

    /// `mentionsText` over a word's bytes; an empty word is never mentioned.
    public func mentions(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !word.isEmpty else { return false }
        if bytes.count >= TrigramSet.minimumTextSize, !trigrams.mayContain(word) { return false }
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

