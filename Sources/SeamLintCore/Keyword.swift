/// Swift keywords. Reserved ones make a `.keyword` token; contextual ones (`override`, `static`
/// is reserved, `mutating`, `get`, …) stay `.identifier` tokens with this field set, because they
/// are valid names elsewhere.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case none = 0
    // Reserved
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`,
         `init`, `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`,
         `public`, `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`,
         `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`,
         `for`, `guard`, `if`, `in`, `repeat`, `return`, `switch`, `throw`, `where`, `while`,
         `Any`, `as`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`, `try`,
         underscore
    // Contextual
    case `actor`, `async`, `await`, `convenience`, `didSet`, `dynamic`, `final`, `get`, `indirect`,
         `lazy`, `macro`, `mutating`, `nonisolated`, `nonmutating`, `open`, `optional`, `override`,
         `package`, `required`, `set`, `some`, `any`, `unowned`, `weak`, `willSet`, `prefix`,
         `postfix`, `infix`, `consuming`, `borrowing`, `isolated`, `distributed`

    /// True for reserved keywords (they can only be names when backticked).
    @inlinable public var isReserved: Bool {
        rawValue != 0 && rawValue <= Keyword.underscore.rawValue
    }

    /// The keyword's spelling.
    public var text: String {
        self == .underscore ? "_" : (self == .none ? "" : String(describing: self))
    }

    /// Finds the keyword spelled by the `count` bytes at `base`, or `.none`.
    @inlinable
    public static func lookup(_ base: UnsafePointer<UInt8>, count: Int) -> Keyword {
        KeywordTable.find(base, count: count, in: KeywordTable.table)
    }
}

/// Keyword spellings in a perfect hash table, built once. A lookup loads the identifier as two
/// words, hashes them to one slot and compares: no data-dependent branches, which matters
/// because the lexer looks up every identifier and most are not keywords.
public enum KeywordTable {
    public struct Entry: Sendable {
        public let bytes: [UInt8]
        public let keyword: Keyword
    }
    public static let maxLength = 16
    /// Spellings grouped by length.
    public static let byLength: [[Entry]] = {
        var table = [[Entry]](repeating: [], count: maxLength + 1)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            if bytes.count <= maxLength { table[bytes.count].append(Entry(bytes: bytes, keyword: keyword)) }
        }
        return table
    }()

    /// A keyword's spelling as two zero-padded little-endian words, its length and keyword.
    public struct PackedEntry {
        public var low: UInt64
        public var high: UInt64
        public var length: UInt64
        public var keyword: Keyword
    }

    /// Slot → entry index (entry 0 matches nothing), the entries, and the hash multiplier.
    public struct Table: @unchecked Sendable {
        public let slots: UnsafePointer<UInt8>
        public let entries: UnsafePointer<PackedEntry>
        public let multiplier: UInt64
    }

    @inlinable static var slotBits: UInt64 { 11 }

    /// Built once and never freed, so lookups index it without bounds checks or retains.
    public static let table: Table = {
        let keywords = Keyword.allCases.filter { $0 != .none }
        var packed = [PackedEntry(low: 0, high: 0, length: UInt64.max, keyword: .none)]
        for keyword in keywords {
            let bytes = Array(keyword.text.utf8)
            precondition(bytes.count <= maxLength)
            let (low, high) = bytes.withUnsafeBufferPointer { words($0.baseAddress!, count: bytes.count) }
            packed.append(PackedEntry(low: low, high: high, length: UInt64(bytes.count), keyword: keyword))
        }
        let slotCount = 1 << Int(slotBits)
        // Try multipliers from a fixed sequence until no two keywords share a slot; with about
        // 90 keys in 2048 slots that takes a handful of tries.
        var seed: UInt64 = 0x5EA4_11E7
        while true {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (seed ^ (seed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            let multiplier = (mixed ^ (mixed >> 31)) | 1
            var slots = [UInt8](repeating: 0, count: slotCount)
            var collision = false
            for (index, entry) in packed.enumerated().dropFirst() {
                let slot = hash(low: entry.low, high: entry.high, count: Int(entry.length), multiplier: multiplier)
                if slots[slot] != 0 { collision = true; break }
                slots[slot] = UInt8(index)
            }
            if collision { continue }
            let slotPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount)
            slotPointer.initialize(from: slots, count: slotCount)
            let entryPointer = UnsafeMutablePointer<PackedEntry>.allocate(capacity: packed.count)
            entryPointer.initialize(from: packed, count: packed.count)
            return Table(slots: slotPointer, entries: entryPointer, multiplier: multiplier)
        }
    }()

    @inlinable @inline(__always)
    static func hash(low: UInt64, high: UInt64, count: Int, multiplier: UInt64) -> Int {
        let mixed = (low &+ high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: count)
        return Int(truncatingIfNeeded: (mixed &* multiplier) >> (64 - slotBits))
    }

    /// The bytes as two little-endian words, zero-padded to 16 bytes. With 16 readable bytes it
    /// loads whole words and masks them instead of assembling them byte by byte.
    @inlinable @inline(__always)
    static func words(_ base: UnsafePointer<UInt8>, count: Int, readable: Int = 0) -> (UInt64, UInt64) {
        if readable >= 16 {
            let raw = UnsafeRawPointer(base)
            let low = raw.loadUnaligned(as: UInt64.self).littleEndian
            let high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
            // Shifts of 64 or more give 0 in Swift, so these masks need no branches.
            let lowMask = UInt64.max >> UInt64(64 - 8 * min(count, 8))
            let highMask = UInt64.max >> UInt64(64 - 8 * max(count - 8, 0))
            return (low & lowMask, count > 8 ? high & highMask : 0)
        }
        var low: UInt64 = 0, high: UInt64 = 0
        var index = 0
        while index < count && index < 8 { low |= UInt64(base[index]) << (8 * index); index += 1 }
        while index < count { high |= UInt64(base[index]) << (8 * (index - 8)); index += 1 }
        return (low, high)
    }

    /// Looks `base[0..<count]` up in `table` (pass `KeywordTable.table`; hot loops keep a copy).
    /// `readable` is how many bytes from `base` may be read (at least `count`); 16 or more
    /// allows word loads.
    @inlinable @inline(__always)
    public static func find(_ base: UnsafePointer<UInt8>, count: Int, readable: Int = 0, in table: Table) -> Keyword {
        guard count >= 1 && count <= maxLength else { return .none }
        let (low, high) = words(base, count: count, readable: readable)
        let entry = table.entries[Int(table.slots[hash(low: low, high: high, count: count, multiplier: table.multiplier)])]
        let difference = (entry.low ^ low) | (entry.high ^ high) | (entry.length ^ UInt64(truncatingIfNeeded: count))
        return difference == 0 ? entry.keyword : .none
    }
}
