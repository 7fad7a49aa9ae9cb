import Foundation
@testable import SeamLintCLI
import Testing

/// `InputSelection`'s byte-level shortcuts agree with the standard library.
@Suite struct InputSelectionTests {
    static let paths: [String] = [
        "", "a", "/work/apps/UTM/Platform/iOS/Display/VMDisplayMetalViewController+Keyboard.swift",
        String(repeating: "x", count: 200) + "é", "é" + String(repeating: "x", count: 70), "/Users/me/Café/App.swift",
        "K.swift", "\u{212A}.swift", String(repeating: "/abcdefg", count: 32), NSString(string: "/bridged/ñ.swift") as String,
        NSString(string: "/bridged/plain.swift") as String, "\u{7F}", "\u{80}",
    ]

    @Test("ASCII check", arguments: paths)
    func isASCII(path: String) {
        #expect(InputSelection.isASCII(path) == path.utf8.allSatisfy { $0 < 0x80 })
    }
}
