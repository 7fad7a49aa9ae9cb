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
        KeywordTable.find(base, count: count, in: KeywordTable.slots)
    }
}

/// Keyword spellings in an open-addressing hash table, built once. Most identifiers are not
/// keywords, so a lookup is one hash of three bytes and usually one slot compare.
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

    /// One slot: the spelling's length (0 = empty), its keyword, and its bytes zero-padded.
    public struct Slot {
        public var length: UInt8
        public var keyword: Keyword
        public var low: UInt64
        public var high: UInt64
    }

    @inlinable static var slotCount: Int { 512 }

    /// Allocated once and never freed, so lookups index it without bounds checks or retains.
    nonisolated(unsafe) public static let slots: UnsafePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(length: 0, keyword: .none, low: 0, high: 0), count: slotCount)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            precondition(bytes.count <= maxLength)
            let (low, high) = bytes.withUnsafeBufferPointer { words($0.baseAddress!, count: bytes.count) }
            var index = hash(bytes.withUnsafeBufferPointer { $0.baseAddress! }, count: bytes.count)
            while slots[index].length != 0 { index = (index + 1) & (slotCount - 1) }
            slots[index] = Slot(length: UInt8(bytes.count), keyword: keyword, low: low, high: high)
        }
        return UnsafePointer(slots)
    }()

    @inlinable @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
        let mixed = (UInt32(base[0]) | UInt32(base[count - 1]) << 8 | UInt32(base[count >> 1]) << 16)
            ^ UInt32(truncatingIfNeeded: count) << 24
        return Int((mixed &* 0x9E37_79B1) >> 23) & (slotCount - 1)
    }

    /// The bytes as two little-endian words, zero-padded to 16 bytes.
    @inlinable @inline(__always)
    static func words(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        var index = 0
        while index < count && index < 8 { low |= UInt64(base[index]) << (8 * index); index += 1 }
        while index < count { high |= UInt64(base[index]) << (8 * (index - 8)); index += 1 }
        return (low, high)
    }

    /// Looks `base[0..<count]` up in `slots` (pass `KeywordTable.slots`; hot loops keep a copy).
    @inlinable @inline(__always)
    public static func find(_ base: UnsafePointer<UInt8>, count: Int, in slots: UnsafePointer<Slot>) -> Keyword {
        guard count >= 1 && count <= maxLength else { return .none }
        var index = hash(base, count: count)
        var words: (UInt64, UInt64)? = nil
        while true {
            let slot = slots[index]
            if slot.length == 0 { return .none }
            if Int(slot.length) == count {
                let (low, high) = words ?? Self.words(base, count: count)
                words = (low, high)
                if slot.low == low && slot.high == high { return slot.keyword }
            }
            index = (index + 1) & (slotCount - 1)
        }
    }
}
