extension SourceReader {
    /// The offset of the first byte of the first ill-formed UTF-8 sequence, or nil when all of
    /// `bytes` is well-formed (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing
    /// above U+10FFFF, no truncated sequences).
    ///
    /// Source is mostly ASCII, so 32 then eight bytes are checked at a time until a non-ASCII byte
    /// shows up (32 at a time: a third of the instructions of eight at a time).
    public static func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        var index = 0
        while index < count {
            if index + 32 <= count, (word(index) | word(index + 8) | word(index + 16) | word(index + 24)) & high == 0 {
                index += 32
                continue
            }
            if index + 8 <= count, word(index) & high == 0 {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the lead byte; later bytes are 80...BF.
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = base[index + 1]
            guard second >= secondLow && second <= secondHigh else { return index }
            for next in 2..<length where base[index + next] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
