import Foundation

extension PathNames {
    /// The folder holding `path`, as `NSString.deletingLastPathComponent` gives it ("/a/b.swift" →
    /// "/a", "/a" → "/", "b.swift" → ""). The runner asks this for every file; Foundation's version
    /// cost more than tokenizing a small file, so clean paths take a byte-level shortcut.
    static func directory(of path: String) -> String {
        let clean = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            // Doubled or trailing slashes need Foundation's normalisation.
            guard let last = bytes.last, last != UInt8(ascii: "/") || bytes.count == 1 else { return nil }
            var slash = -1
            var previous: UInt8 = 0
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "/") {
                    if previous == UInt8(ascii: "/") { return nil }
                    slash = offset
                }
                previous = byte
            }
            if slash < 0 { return "" }
            if slash == 0 { return "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
        if let clean = clean ?? nil { return clean }
        return (path as NSString).deletingLastPathComponent
    }
}
