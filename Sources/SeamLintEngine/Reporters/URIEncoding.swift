/// Percent-encoding for URI paths (RFC 3986).
enum URIEncoding {
    /// Every byte outside the unreserved set (`A-Z a-z 0-9 - . _ ~`) and `/` as `%XX`: spaces, `%`,
    /// `#`, `?`, `:` (a relative reference with a colon in its first segment would read as a scheme)
    /// and the UTF-8 bytes of non-ASCII characters.
    static func encode(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `file://` URI for an absolute path; folders get the trailing "/" base URIs need.
    static func fileURI(_ absolutePath: String, isFolder: Bool = false) -> String {
        var path = encode(absolutePath)
        if isFolder && !path.hasSuffix("/") { path += "/" }
        return "file://" + path
    }
}
