/// The names a file spells, for the deferred pass (`ProjectRule.deferredTriggerWords`): a Bloom
/// filter of its maximal runs of ASCII letters, digits and `_` (comments and strings included),
/// at least one bit per byte of source, two bits per run (about one word in a hundred that a file
/// does not spell passes: a round's words are looked for in every file of the project, and each
/// false pass reads the file from disk again). Built in the first pass while the
/// file's bytes are in memory, so the deferred rounds read again only the files that may spell a
/// word. A name spelled as a token is such a run (a run that starts with digits also counts
/// without them), so "not spelled" is certain; "maybe" is confirmed by a search once read.
struct SpelledWords: Sendable {
    private let bits: [UInt64]
    private let mask: UInt32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var size = 512
        while size < bytes.count && size < 1 << 24 { size <<= 1 }
        var bits = [UInt64](repeating: 0, count: size / 64)
        let mask = UInt32(size - 1)
        bits.withUnsafeMutableBufferPointer { bits in
            func insert(_ hash: UInt32) {
                let first = hash & mask, second = (hash >> 16 | hash << 16) &* 0x9E37_79B1 & mask
                bits[Int(first >> 6)] |= 1 << UInt64(first & 63)
                bits[Int(second >> 6)] |= 1 << UInt64(second & 63)
            }
            var index = 0
            let count = bytes.count
            while index < count {
                guard Self.isWordByte(bytes[index]) else { index += 1; continue }
                var hash = Self.seed
                var afterDigits: UInt32? = nil
                var leadingDigits = bytes[index] >= 0x30 && bytes[index] <= 0x39
                while index < count, Self.isWordByte(bytes[index]) {
                    let byte = bytes[index]
                    if leadingDigits, !(byte >= 0x30 && byte <= 0x39) {
                        leadingDigits = false
                        afterDigits = Self.seed
                    }
                    hash = Self.mix(hash, byte)
                    if let partial = afterDigits { afterDigits = Self.mix(partial, byte) }
                    index += 1
                }
                insert(hash)
                if let afterDigits { insert(afterDigits) }
            }
        }
        self.bits = bits
        self.mask = mask
    }

    /// False when the file certainly does not spell `word` as a whole run; nil when `word` is not a
    /// run of letters, digits and `_` (the filter cannot tell: search the bytes).
    func mayContain(_ word: [UInt8]) -> Bool? {
        Self.probe(word).map(mayContain)
    }

    /// A word hashed once, to ask many files (nil from `probe` when the filter cannot tell).
    struct Probe: Sendable {
        fileprivate let hash: UInt32
    }

    static func probe(_ word: [UInt8]) -> Probe? {
        guard !word.isEmpty, word.allSatisfy(isWordByte) else { return nil }
        return Probe(hash: word.reduce(seed, mix))
    }

    /// False when the file certainly does not spell the probed word as a whole run.
    func mayContain(_ probe: Probe) -> Bool {
        let hash = probe.hash
        let first = hash & mask, second = (hash >> 16 | hash << 16) &* 0x9E37_79B1 & mask
        return bits[Int(first >> 6)] & 1 << UInt64(first & 63) != 0 && bits[Int(second >> 6)] & 1 << UInt64(second & 63) != 0
    }

    private static let seed: UInt32 = 2_166_136_261

    @inline(__always)
    private static func mix(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}
