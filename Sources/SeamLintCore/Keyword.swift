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

    /// Finds the keyword spelled by `bytes[range]`, or `.none`. Switches on length, then compares bytes.
    @inlinable
    public static func lookup(_ base: UnsafePointer<UInt8>, count: Int) -> Keyword {
        guard count >= 1 && count <= KeywordTable.maxLength else { return .none }
        let first = base[0]
        for candidate in KeywordTable.byLength[count] where candidate.bytes[0] == first {
            var equal = true
            var index = 1
            while index < count {
                if candidate.bytes[index] != base[index] { equal = false; break }
                index += 1
            }
            if equal { return candidate.keyword }
        }
        return .none
    }
}

/// Keyword spellings grouped by length, built once.
public enum KeywordTable {
    public struct Entry: Sendable {
        public let bytes: [UInt8]
        public let keyword: Keyword
    }
    public static let maxLength = 16
    public static let byLength: [[Entry]] = {
        var table = [[Entry]](repeating: [], count: maxLength + 1)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            if bytes.count <= maxLength { table[bytes.count].append(Entry(bytes: bytes, keyword: keyword)) }
        }
        return table
    }()
}
