/// A token's spelling as a dictionary or set key. `[UInt8]` hashes itself one byte at a time
/// (a call into the hasher per byte); this hashes its bytes in one call. Equal exactly when the
/// bytes are.
public struct NameKey: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    public static func == (lhs: NameKey, rhs: NameKey) -> Bool { lhs.bytes == rhs.bytes }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension SourceFile {
    /// The spelling of code token `index` as a key.
    public func nameKey(at index: Int) -> NameKey { NameKey(bytes(at: index)) }
}
