/// The names a file spells, for the deferred pass's later rounds (`ProjectRule.deferredTriggerWords`):
/// hashes of its maximal runs of ASCII letters, digits and `_` (comments and strings included),
/// sorted and distinct. Built once, while the file's bytes are in memory; a later round asks it
/// instead of reading the file again. A name spelled as a token is such a run (a run that starts
/// with digits also counts without them), so "not spelled" is certain and "spelled" may be a hash
/// collision or a word in a comment: the file is then read.
struct SpelledWords: Sendable {
    private let hashes: [UInt32]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hashes: [UInt32] = []
        hashes.reserveCapacity(bytes.count / 16)
        var index = 0
        let count = bytes.count
        while index < count {
            guard Self.isWordByte(bytes[index]) else { index += 1; continue }
            let start = index
            var hash = Self.seed
            var afterDigits: UInt32? = nil
            var leadingDigits = true
            while index < count, Self.isWordByte(bytes[index]) {
                let byte = bytes[index]
                if leadingDigits, !(byte >= 0x30 && byte <= 0x39) {
                    leadingDigits = false
                    if index > start { afterDigits = Self.seed }
                }
                hash = Self.mix(hash, byte)
                if afterDigits != nil { afterDigits = Self.mix(afterDigits!, byte) }
                index += 1
            }
            hashes.append(hash)
            if let afterDigits { hashes.append(afterDigits) }
        }
        hashes.sort()
        var distinct = 0
        for hash in hashes where distinct == 0 || hashes[distinct - 1] != hash {
            hashes[distinct] = hash
            distinct += 1
        }
        hashes.removeLast(hashes.count - distinct)
        self.hashes = hashes
    }

    /// False when the file certainly does not spell `word` as a whole run; nil when `word` is not a
    /// run of letters, digits and `_` (the index cannot tell: search the bytes).
    func mayContain(_ word: [UInt8]) -> Bool? {
        guard let hash = Self.hash(word) else { return nil }
        var low = 0, high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < hashes.count && hashes[low] == hash
    }

    /// The run hash of `word`; nil when it is empty or holds another byte.
    static func hash(_ word: [UInt8]) -> UInt32? {
        guard !word.isEmpty, word.allSatisfy(isWordByte) else { return nil }
        return word.reduce(seed, mix)
    }

    private static let seed: UInt32 = 2_166_136_261

    @inline(__always)
    private static func mix(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}
