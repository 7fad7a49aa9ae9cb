/// A read-only table indexed by code index that answers for *any* index: below 0 it reads the
/// leading sentinel, at or past `count` the trailing one. Rules look around a token with
/// `code[index - 1]`, `code[index + 2]`, `matching[index]`… near either end of a half-typed file;
/// with this table those reads see "nothing here" instead of trapping the run (issue 18).
///
/// The elements sit between the two sentinels in one buffer, so a read is a clamp and a load:
/// no branch a rule must remember to write. Iteration and `count` see the elements only.
public struct SentinelTable<Element>: RandomAccessCollection {
    /// `[before] + elements + [after]`.
    @usableFromInline let storage: ContiguousArray<Element>
    public let count: Int

    public init(_ elements: [Element], before: Element, after: Element) {
        var storage = ContiguousArray<Element>()
        storage.reserveCapacity(elements.count + 2)
        storage.append(before)
        storage.append(contentsOf: elements)
        storage.append(after)
        self.storage = storage
        count = elements.count
    }

    /// A table over storage that already holds `[before] + elements + [after]` (built in place by
    /// `SourceFile`'s structure pass, so the elements are not copied again).
    init(sentinelStorage storage: ContiguousArray<Element>) {
        precondition(storage.count >= 2)
        self.storage = storage
        count = storage.count - 2
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    @inlinable public func index(after index: Int) -> Int { index + 1 }
    @inlinable public func index(before index: Int) -> Int { index - 1 }

    /// The element at `index`, or a sentinel when `index` is outside `0..<count`.
    @inlinable public subscript(index: Int) -> Element {
        storage.withUnsafeBufferPointer { $0[Swift.min(Swift.max(index, -1), count) &+ 1] }
    }

    /// The elements of `bounds` clamped to the table (an empty slice when it lies outside).
    @inlinable public subscript(bounds: Range<Int>) -> Slice<SentinelTable<Element>> {
        let lower = Swift.min(Swift.max(bounds.lowerBound, 0), count)
        let upper = Swift.min(Swift.max(bounds.upperBound, lower), count)
        return Slice(base: self, bounds: lower..<upper)
    }

    /// The elements alone, as an array (for code that needs `[Element]`).
    public var elements: [Element] { Array(storage[1..<(count + 1)]) }

    /// The elements alone, contiguous (no sentinels).
    @inlinable public func withUnsafeElements<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[1..<(count + 1)])) }
    }
}

extension SentinelTable: Sendable where Element: Sendable {}

extension Token {
    /// The zero-length token a `SentinelTable` of code tokens answers outside the file: before the
    /// first code token (at offset 0) and after the last (at the end). It is no word, bracket or
    /// punctuation any rule matches, and it starts a line, as the file's edges do.
    @inlinable public static func fileEdge(at offset: Int) -> Token {
        Token(kind: .fileEdge, start: offset, length: 0, flags: [.lineStart, .spaceBefore])
    }
}
