/// `file:` URIs and paths. Only `file:` documents are linted: `untitled:` buffers and other schemes
/// have no place in a project.
public enum DocumentURI {
    /// The absolute path of a `file:` URI (`file:///a%20b/C.swift`, `file://localhost/…`), percent
    /// escapes decoded; nil for other schemes, a remote host, or escapes that are not UTF-8.
    public static func path(of uri: String) -> String? {
        let lower = uri.lowercased()
        guard lower.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }  // a host we are not on
        // The query and fragment are not part of the path.
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var bytes: [UInt8] = []
        let utf8 = Array(rest.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        guard let path = String(validating: bytes, as: UTF8.self), !path.contains("\0") else { return nil }
        return path
    }

    /// The `file:` URI of an absolute path: every byte but unreserved ones and `/` percent-encoded
    /// (as VS Code writes them, `:` included).
    public static func uri(ofPath path: String) -> String {
        var result = "file://"
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        result += String(decoding: bytes, as: UTF8.self)
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
