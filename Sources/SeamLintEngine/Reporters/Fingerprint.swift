import SeamLintCore

/// Stable identities for findings, so code-scanning services can track one finding across runs.
enum Fingerprint {
    /// FNV-1a, 64 bits: tiny, stable across platforms and releases (unlike `Hasher`), and
    /// collisions only merge two findings in a dashboard.
    static func fnv1a(_ parts: [String]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for (index, part) in parts.enumerated() {
            if index > 0 {  // a separator that UTF-8 text never contains keeps ("ab","c") ≠ ("a","bc")
                hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
            }
            for byte in part.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One fingerprint per diagnostic (same order): a hash of the rule, the path (`paths[i]` for
    /// `diagnostics[i]`, as the format shows it), the diagnostic's content fingerprint (the flagged
    /// code and its neighbouring lines, as the baseline uses) and its occurrence number among those
    /// with the same three. Never the message (it embeds the deployment target and where it came
    /// from) nor the line, so rewording, retargeting and editing code above keep the identity.
    /// `diagnostics` must be sorted, so occurrence numbers follow file order.
    static func compute(_ diagnostics: [Diagnostic], paths: [String]) -> [String] {
        var occurrences: [[String]: Int] = [:]
        return zip(diagnostics, paths).map { diagnostic, path in
            let key = [diagnostic.ruleID, path, diagnostic.contentFingerprint ?? ""]
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return hex(fnv1a(key + [String(occurrence)]))
        }
    }
}
