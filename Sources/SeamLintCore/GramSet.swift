#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Which four-byte sequences (grams) occur at even offsets of a text, as a Bloom filter: one slot
/// of 65,536 per gram, chosen by a multiplicative hash. An occurrence of a word at an even offset
/// has every gram at an even offset of the word stamped, one at an odd offset every gram at an odd
/// offset; a word for which neither holds cannot occur. So most "does this file mention X?"
/// questions (a few dozen per file, from rules and fact collectors) are answered by a few lookups
/// after one pass over the file. Absence is certain; presence is confirmed by a search.
///
/// History, measured on real apps: byte pairs let a third of absent words through to a full
/// search; trigrams at every offset about one in four hundred; trigrams at even offsets halved the
/// stores but let short words through (`main`, `cen`: 0.5 % fewer instructions in all); four-byte
/// grams at even offsets keep the stores halved and rule out nearly as much (1.8 % fewer).
///
/// The slots live in a table per thread, stamped with the file's generation instead of set and
/// cleared: one store per gram, no allocation per file. A set is valid until its thread builds
/// the next one; `SourceFile.gramSet()` rebuilds a stale one.
struct GramSet {
    /// Below this size a search is as cheap as building the set (measured on the 16 apps of
    /// docs/benchmarks.md: 2,048 → 1,024 → 512 bytes, 0.9 % then 0.4 % fewer instructions; 256 only 0.2 % more).
    static let minimumTextSize = 512

    private let table: GramTable
    private let generation: UInt8
    /// Which build of `table` this set is: valid while it is the latest.
    let build: UInt64

    @inline(__always)
    private static func slot(_ gram: UInt32) -> Int { Int(truncatingIfNeeded: (gram &* 0x9E37_79B1) &>> 16) }

    @inline(__always)
    private static func gram(_ start: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(start[0]) | UInt32(start[1]) &<< 8 | UInt32(start[2]) &<< 16 | UInt32(start[3]) &<< 24
    }

    /// The set `table` built last, when it was built over `text`'s storage (`GramTable.keep`).
    static func latest(over text: [UInt8], in table: GramTable) -> GramSet? {
        guard let build = table.latestBuild(over: text) else { return nil }
        return GramSet(table: table, generation: table.currentGeneration, build: build)
    }

    private init(table: GramTable, generation: UInt8, build: UInt64) {
        self.table = table
        self.generation = generation
        self.build = build
    }

    init(_ text: UnsafeBufferPointer<UInt8>, table: GramTable) {
        (generation, build) = table.nextGeneration()
        self.table = table
        guard text.count >= 4, let base = text.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let stamps = table.stamps
        let generation = self.generation
        // The grams at even offsets, three per 8-byte load; runs of eight spaces (indentation)
        // are passed at once.
        let spaces: UInt64 = 0x2020_2020_2020_2020
        stamps[Self.slot(0x2020_2020)] = generation
        var offset = 0
        while offset + 8 <= text.count {
            var word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word != spaces {
                for _ in 0..<3 {
                    stamps[Self.slot(UInt32(truncatingIfNeeded: word))] = generation
                    word &>>= 16
                }
            }
            offset += 6
        }
        while offset + 4 <= text.count {
            stamps[Self.slot(Self.gram(base + offset))] = generation
            offset += 2
        }
    }

    /// True while no later set was built on this set's table.
    func isCurrent(in table: GramTable) -> Bool { self.table === table && table.builds == build }

    /// False when `word` cannot occur in the text: neither all its grams at even offsets nor all
    /// those at odd offsets are stamped (always true for words under five bytes, which have no gram
    /// at an odd offset). Only meaningful while `isCurrent`.
    func mayContain(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count >= 5, let base = word.baseAddress else { return true }
        let stamps = table.stamps
        func stamped(from first: Int) -> Bool {
            var offset = first
            while offset + 4 <= word.count {
                if stamps[Self.slot(Self.gram(base + offset))] != generation { return false }
                offset += 2
            }
            return true
        }
        return stamped(from: 0) || stamped(from: 1)
    }
}

/// One thread's gram slots: 64 KB of generation stamps, cleared only when the 8-bit generation
/// wraps (every 255 files).
final class GramTable {
    static let slots = 65_536
    let stamps: UnsafeMutablePointer<UInt8>
    private var generation: UInt8 = 0
    /// Sets built so far on this table.
    private(set) var builds: UInt64 = 0
    /// The text of the latest set, when a caller kept it (`keep`): retained, so its storage cannot
    /// be freed and reused by another file's bytes while it is compared by address.
    private var keptText: [UInt8] = []
    private var keptBuild: UInt64 = 0

    var currentGeneration: UInt8 { generation }

    /// Records that the latest set was built over `text`, for a `SourceFile` over the same bytes.
    func keep(_ text: [UInt8]) {
        keptText = text
        keptBuild = builds
    }

    /// The latest build, when it was kept for `text`'s storage and no set was built since.
    func latestBuild(over text: [UInt8]) -> UInt64? {
        guard keptBuild == builds, keptBuild != 0, keptText.count == text.count else { return nil }
        let same = keptText.withUnsafeBufferPointer { kept in text.withUnsafeBufferPointer { $0.baseAddress == kept.baseAddress } }
        return same ? builds : nil
    }

    init() {
        stamps = .allocate(capacity: Self.slots)
        stamps.initialize(repeating: 0, count: Self.slots)
    }

    deinit { stamps.deallocate() }

    /// The stamp and build number of a new set (a stamp no slot carries yet).
    func nextGeneration() -> (UInt8, UInt64) {
        if generation == UInt8.max {
            stamps.update(repeating: 0, count: Self.slots)
            generation = 0
        }
        generation += 1
        builds += 1
        return (generation, builds)
    }

    /// The calling thread's table, created on first use and released when the thread ends.
    static var current: GramTable {
        if let existing = pthread_getspecific(gramTableKey) {
            return Unmanaged<GramTable>.fromOpaque(existing).takeUnretainedValue()
        }
        let table = GramTable()
        pthread_setspecific(gramTableKey, Unmanaged.passRetained(table).toOpaque())
        return table
    }
}

private let gramTableKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<GramTable>.fromOpaque(pointer).release()
    }
    return key
}()
