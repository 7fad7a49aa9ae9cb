import SeamLintCore

/// The names a file spells, for the deferred pass (`ProjectRule.deferredTriggerWords`): a Bloom
/// filter of its maximal runs of ASCII letters, digits and `_` outside comments (given its tokens;
/// else comments too; strings always),
/// at least one bit per byte of source, two bits per run (about one word in a hundred that a file
/// does not spell passes: a round's words are looked for in every file of the project, and each
/// false pass reads the file from disk again). Built in the first pass while the
/// file's bytes are in memory, so the deferred rounds read again only the files that may spell a
/// word. A name spelled as a token is such a run (a run that starts with digits also counts
/// without them), so "not spelled" is certain; "maybe" is confirmed by a search once read.
///
/// A run is hashed eight bytes at a time (one multiply per word, not per byte): the filter lives
/// only for the run that built it, so the hash may change between versions.
struct SpelledWords: Sendable {
    /// The filter (tests compare it with one built byte by byte).
    let bits: [UInt64]
    private let mask: UInt32
    /// Built from the tokens: a name only in comments is not in it.
    let leavesOutComments: Bool

    /// `tokens`: the file's tokens, whose comments are left out (a name in a license header or a
    /// doc comment is no use of it); nil: every byte is looked at.
    init(_ bytes: UnsafeBufferPointer<UInt8>, tokens: [Token]? = nil) {
        var size = 512
        while size < bytes.count && size < 1 << 24 { size <<= 1 }
        var bits = [UInt64](repeating: 0, count: size / 64)
        let mask = UInt32(size - 1)
        bits.withUnsafeMutableBufferPointer { bits in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            func insert(_ hash: UInt64) {
                let first = UInt32(truncatingIfNeeded: hash) & mask, second = UInt32(truncatingIfNeeded: hash &>> 32) & mask
                bits[Int(first >> 6)] |= 1 << UInt64(first & 63)
                bits[Int(second >> 6)] |= 1 << UInt64(second & 63)
            }
            // Wrapping arithmetic (`&+`, `&-`) in this loop and `hash`: every index is within the
            // buffer, and an overflow check per operation cost about a tenth of the build.
            func insertRun(_ start: Int, _ end: Int) {
                if end &- start >= Self.shortest { insert(Self.hash(base + start, end &- start, readable: count &- start)) }
                // A run that starts with digits also counts without them (`12abc` spells `abc`).
                guard Self.isDigit(base[start]) else { return }
                var after = start &+ 1
                while after < end && Self.isDigit(base[after]) { after &+= 1 }
                if end &- after >= Self.shortest { insert(Self.hash(base + after, end &- after, readable: count &- after)) }
            }
            // Which bytes are name bytes, 64 at a time as a bit mask (branch-free); from it, which
            // bytes start a run and which end one (the first byte after it), paired in order by
            // counting zero bits: a branch per run, not per byte. A comment starts and ends at a
            // byte that is not a name byte, or at a line end: no run crosses its edges.
            func insertRuns(from first: Int, to last: Int) {
                var runStart = -1  // a run that goes on from the previous chunk
                var previousIsWordByte: UInt64 = 0
                var chunk = first
                while chunk < last {
                    let length = min(64, last &- chunk)
                    let wordBytes = Self.wordByteMask(base + chunk, length)
                    let shifted = wordBytes &<< 1 | previousIsWordByte
                    var starts = wordBytes & ~shifted
                    // Bits past `length` are clear in `wordBytes`: only bit `length` (a run that
                    // reaches `last`) can be set past the chunk.
                    var ends = ~wordBytes & shifted
                    if runStart >= 0, ends != 0 {
                        insertRun(runStart, chunk &+ ends.trailingZeroBitCount)
                        ends &= ends &- 1
                        runStart = -1
                    }
                    while starts != 0 {
                        let start = chunk &+ starts.trailingZeroBitCount
                        starts &= starts &- 1
                        guard ends != 0 else { runStart = start; break }
                        insertRun(start, chunk &+ ends.trailingZeroBitCount)
                        ends &= ends &- 1
                    }
                    previousIsWordByte = wordBytes &>> 63
                    chunk &+= length
                }
                if runStart >= 0 { insertRun(runStart, last) }
            }
            guard let tokens else { insertRuns(from: 0, to: count); return }
            // No run crosses a token's edges (a name ends where a token does), so each token's
            // runs are its own: a plain name is one run, hashed without a scan; comments,
            // reserved keywords (a quarter of the names) and tokens without name bytes are skipped.
            // The tables as locals: a static read in the loop costs a `swift_once` per token.
            let notPlainName = TokenFlags.notPlainName, scannedKinds = Self.scannedKinds
            for token in tokens {
                let kind = token.kind.rawValue
                let start = Int(token.start)
                if kind == TokenKind.identifier.rawValue && token.flags.isDisjoint(with: notPlainName) {
                    if token.length >= Self.shortest { insert(Self.hash(base + start, Int(token.length), readable: count &- start)) }
                } else if scannedKinds & 1 << UInt64(kind) != 0 {
                    insertRuns(from: start, to: min(start &+ Int(token.length), count))
                }
            }
        }
        self.bits = bits
        self.mask = mask
        leavesOutComments = tokens != nil
    }

    /// Runs shorter than this are left out (a third of a file's runs: `if`, `in`, `i`, `0`, `vc`):
    /// the filter cannot tell whether a file spells such a word, so its bytes are searched.
    static let shortest = 3

    /// Token kinds (bit `rawValue`) whose bytes may hold runs, scanned byte by byte: not trivia,
    /// comments, punctuation or operators.
    private static let scannedKinds: UInt64 = [
        TokenKind.shebang, .identifier, .attribute, .poundDirective, .poundKeyword, .integerLiteral,
        .floatLiteral, .stringDelimiter, .stringSegment, .regexLiteral, .unknown,
    ].reduce(0) { $0 | 1 << UInt64($1.rawValue) }

    /// Bit `i` set when byte `i` of the `length` (at most 64) bytes at `start` is a name byte.
    @inline(__always)
    private static func wordByteMask(_ start: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        var result: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= length {
            result |= wordByteBits(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                &<< UInt64(truncatingIfNeeded: offset)
            offset &+= 8
        }
        if offset < length {
            var last: UInt64 = 0
            for byte in 0..<(length &- offset) {
                last |= UInt64(start[offset &+ byte]) &<< UInt64(truncatingIfNeeded: 8 &* byte)
            }
            result |= wordByteBits(last) &<< UInt64(truncatingIfNeeded: offset)
        }
        return result
    }

    /// For eight bytes (the first in the low byte): bit `i` set when byte `i` is an ASCII letter,
    /// digit or `_`. Each byte's low seven bits are tested by adding constants that carry into its
    /// high bit, which cannot carry further; bytes from 0x80 are excluded at the end.
    @inline(__always)
    private static func wordByteBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        @inline(__always) func inRange(_ value: UInt64, _ lowest: UInt64, _ highest: UInt64) -> UInt64 {
            (value &+ (0x80 - lowest) &* ones) & ~(value &+ (0x7F - highest) &* ones)
        }
        let folded = low | 0x20 &* ones  // upper-case letters as lower-case
        let underscore = low ^ 0x5F &* ones
        let isUnderscore = ~((underscore &+ 0x7F &* ones) | underscore)
        let matches = (inRange(folded, 0x61, 0x7A) | inRange(low, 0x30, 0x39) | isUnderscore) & ~word & high
        // Gather each byte's high bit into the low eight bits.
        return ((matches &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// False when the file certainly does not spell `word` as a whole run; nil when `word` is not a
    /// run of letters, digits and `_`, is shorter than `shortest` or is a reserved keyword (the
    /// filter cannot tell: search the bytes).
    func mayContain(_ word: [UInt8]) -> Bool? {
        Self.probe(word).map(mayContain)
    }

    /// A word hashed once, to ask many files (nil from `probe` when the filter cannot tell).
    struct Probe: Sendable {
        fileprivate let hash: UInt64
    }

    static func probe(_ word: [UInt8]) -> Probe? {
        guard word.count >= shortest, word.allSatisfy(isWordByte),
              !word.withUnsafeBufferPointer({ Keyword.lookup($0.baseAddress!, count: $0.count).isReserved }) else { return nil }
        return Probe(hash: word.withUnsafeBufferPointer { hash($0.baseAddress!, $0.count, readable: $0.count) })
    }

    /// False when the file certainly does not spell the probed word as a whole run.
    func mayContain(_ probe: Probe) -> Bool {
        let first = UInt32(truncatingIfNeeded: probe.hash) & mask, second = UInt32(truncatingIfNeeded: probe.hash &>> 32) & mask
        return bits[Int(first >> 6)] & 1 << UInt64(first & 63) != 0 && bits[Int(second >> 6)] & 1 << UInt64(second & 63) != 0
    }

    /// The hash of `count` (at least 1) bytes at `start`, of which `readable` (at least `count`)
    /// may be read: a last partial word is loaded whole when the buffer goes on, else byte by byte.
    /// One multiply per eight bytes, a last one to mix; the filter's two bits are its two halves.
    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while count &- offset > 8 {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash &>> 29
            offset &+= 8
        }
        let rest = count &- offset
        var last: UInt64
        if offset &+ 8 <= readable {
            last = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
                & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* rest))
        } else {
            last = 0
            for byte in 0..<rest { last |= UInt64(start[offset &+ byte]) &<< UInt64(truncatingIfNeeded: 8 &* byte) }
        }
        hash = (hash ^ last) &* 0xC2B2_AE3D_27D4_EB4F
        return hash ^ (hash &>> 32)
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}
