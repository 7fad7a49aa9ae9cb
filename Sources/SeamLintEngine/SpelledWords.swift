/// The names a file spells, for the deferred pass (`ProjectRule.deferredTriggerWords`): a Bloom
/// filter of its maximal runs of ASCII letters, digits and `_` (comments and strings included),
/// about one bit per two bytes of source, two bits per run. Built in the first pass while the
/// file's bytes are in memory, so the deferred rounds read again only the files that may spell a
/// word. A name spelled as a token is such a run (a run that starts with digits also counts
/// without them), so "not spelled" is certain; "maybe" is confirmed by a search once read.
///
/// A run is hashed eight bytes at a time (one multiply per word, not per byte): the filter lives
/// only for the run that built it, so the hash may change between versions.
struct SpelledWords: Sendable {
    private let bits: [UInt64]
    private let mask: UInt32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var size = 512
        while size < bytes.count / 2 && size < 1 << 24 { size <<= 1 }
        var bits = [UInt64](repeating: 0, count: size / 64)
        let mask = UInt32(size - 1)
        bits.withUnsafeMutableBufferPointer { bits in Self.byteClasses.withUnsafeBufferPointer { classes in
            guard let base = bytes.baseAddress else { return }
            func insert(_ hash: UInt32) {
                let first = hash & mask, second = (hash >> 16 | hash << 16) &* 0x9E37_79B1 & mask
                bits[Int(first >> 6)] |= 1 << UInt64(first & 63)
                bits[Int(second >> 6)] |= 1 << UInt64(second & 63)
            }
            var index = 0
            let count = bytes.count
            while index < count {
                let first = classes[Int(base[index])]
                guard first != 0 else { index += 1; continue }
                let start = index
                index += 1
                var afterDigits = first == Self.digit ? -1 : start
                while index < count {
                    let byteClass = classes[Int(base[index])]
                    if byteClass == 0 { break }
                    if afterDigits < 0 && byteClass != Self.digit { afterDigits = index }
                    index += 1
                }
                insert(Self.hash(base + start, index - start, readable: count - start))
                if afterDigits > start { insert(Self.hash(base + afterDigits, index - afterDigits, readable: count - afterDigits)) }
            }
        } }
        self.bits = bits
        self.mask = mask
    }

    /// False when the file certainly does not spell `word` as a whole run; nil when `word` is not a
    /// run of letters, digits and `_` (the filter cannot tell: search the bytes).
    func mayContain(_ word: [UInt8]) -> Bool? {
        guard !word.isEmpty, word.allSatisfy(Self.isWordByte) else { return nil }
        let hash = word.withUnsafeBufferPointer { Self.hash($0.baseAddress!, $0.count, readable: $0.count) }
        let first = hash & mask, second = (hash >> 16 | hash << 16) &* 0x9E37_79B1 & mask
        return bits[Int(first >> 6)] & 1 << UInt64(first & 63) != 0 && bits[Int(second >> 6)] & 1 << UInt64(second & 63) != 0
    }

    /// The hash of `count` bytes at `start`, of which `readable` (at least `count`) may be read: a
    /// last partial word is loaded whole when the buffer goes on, else byte by byte.
    @inline(__always)
    private static func hash(_ start: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt32 {
        let raw = UnsafeRawPointer(start)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash &>> 32
            offset += 8
        }
        let rest = count - offset
        if rest > 0 {
            var last: UInt64
            if offset + 8 <= readable {
                last = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian & (UInt64.max &>> UInt64(64 - 8 * rest))
            } else {
                last = 0
                for byte in 0..<rest { last |= UInt64(start[offset + byte]) &<< UInt64(8 * byte) }
            }
            hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash &>> 32
        }
        hash = (hash ^ (hash &>> 29)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: hash ^ (hash &>> 32))
    }

    private static let digit: UInt8 = 2

    /// By byte: 0 for bytes outside a run, `digit` for ASCII digits, 1 for letters and `_`.
    private static let byteClasses: [UInt8] = (0..<256).map { byte in
        let byte = UInt8(byte)
        return byte >= 0x30 && byte <= 0x39 ? digit : isWordByte(byte) ? 1 : 0
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}
