/// File sizes for messages, in binary units written the common way ("64 MB" = 64 × 1024 × 1024).
enum ByteCount {
    /// "70.2 MB", "3.5 KB", "120 bytes". With `exact`, whole numbers drop the ".0" ("64 MB").
    static func text(_ count: Int, exact: Bool = false) -> String {
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)]
        for (unit, size) in units where count >= size {
            let tenths = (count * 10 + size / 2) / size
            if exact && count % size == 0 { return "\(count / size) \(unit)" }
            return "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
