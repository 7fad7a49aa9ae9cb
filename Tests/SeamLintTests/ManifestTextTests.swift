import SeamLintCore
@testable import SeamLintEngine
import Testing

/// The byte-level shortcuts of manifest reading give what the `Character` and Foundation paths give.
@Suite("Manifest text: OpenStep plists, trimming, settings")
struct ManifestTextTests {
    @Test("quoted strings with and without escapes, an unterminated one, duplicate keys (the last wins)")
    func openStepStrings() {
        var parser = OpenStepPlistParser(Array(#"{ a = "plain é"; b = "say \"hi\"\n\tend\\"; c = "x"; c = "y"; d = ( "1", two, ); }"#.utf8))
        let expected: PlistValue = .dictionary([
            "a": .string("plain é"), "b": .string("say \"hi\"\n\tend\\"), "c": .string("y"),
            "d": .array([.string("1"), .string("two")]),
        ])
        #expect(parser.parse() == expected)
        var open = OpenStepPlistParser(Array(#"{ a = "never closed"#.utf8))
        #expect(open.parse() == nil)
        var bare = OpenStepPlistParser(Array(#""ends with \"#.utf8))
        #expect(bare.parse() == .string("ends with \\"))
        var nested = OpenStepPlistParser(Array("{ outer = { inner = 1; }; after = 2; }".utf8))
        #expect(nested.parse() == .dictionary(["outer": .dictionary(["inner": .string("1")]), "after": .string("2")]))
    }

    /// Bare strings take letters, digits, `_$./:-+@` and non-ASCII bytes, and stop at anything else.
    @Test func openStepBareStringBytes() {
        let bare = Set(Array("abcxyzABCXYZ0123456789_$./:-+@".utf8))
        for byte in UInt8(0x21)..<UInt8(0x7F) where byte != UInt8(ascii: "a") {
            let text = "{ k = a" + String(UnicodeScalar(byte)) + "b; }"
            var parser = OpenStepPlistParser(Array(text.utf8))
            let whole = parser.parse() == .dictionary(["k": .string("a" + String(UnicodeScalar(byte)) + "b")])
            let isBare = bare.contains(byte) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            #expect(whole == isBare, "\(text)")
        }
        var accented = OpenStepPlistParser(Array("{ k = caf\u{E9}s; }".utf8))
        #expect(accented.parse() == .dictionary(["k": .string("caf\u{E9}s")]))
    }

    /// Comments anywhere trivia may go, with stars inside; a file cut short inside a comment, a
    /// string or an object (skipped or not) is malformed, never a crash.
    @Test func openStepCommentsAndTruncatedFiles() {
        var commented = OpenStepPlistParser(Array("{ a /* x * y **/ = b; // c * d\n e = /**/ f; /* } */ }".utf8))
        #expect(commented.parse() == .dictionary(["a": .string("b"), "e": .string("f")]))
        let kinds: Set<String> = ["PBXBuildFile"]
        for truncated in ["{ objects = { A = {/*", "{ objects = { A = { /", "{ objects = { A = {isa = PBXBuildFile; x = \"y\\",
                          "{ objects = { A = {isa = PBXBuildFile; /* *", "{ a = b; /* never closed", "{ a = \"x\\", "{ a = b; //",
                          "{ objects = { A /* x */ = {isa = PBXFileReference", "/*", "{"] {
            var skipping = OpenStepPlistParser(Array(truncated.utf8), skippingObjectsOf: kinds, deferringObjectsOf: ["PBXFileReference"])
            #expect(skipping.parse() == nil, "\(truncated)")
            var plain = OpenStepPlistParser(Array(truncated.utf8))
            #expect(plain.parse() == nil, "\(truncated)")
        }
    }

    @Test("objects of skipped kinds are left out unbuilt, and malformed ones still fail the parse")
    func skippedObjects() {
        let text = #"""
        { objects = {
            A1 /* x.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* x.swift */; settings = {ATTRIBUTES = (Weak, ); }; };
            F1 = {isa = PBXFileReference; path = "x.swift"; };
            P1 = {isa = PBXSourcesBuildPhase; files = ( A1 /* x.swift */, "quoted \" }", ); };
            N1 = {name = first; isa = PBXBuildFile; };
        }; rootObject = R; }
        """#
        let kinds: Set<String> = ["PBXBuildFile", "PBXSourcesBuildPhase"]
        var full = OpenStepPlistParser(Array(text.utf8))
        var skipping = OpenStepPlistParser(Array(text.utf8), skippingObjectsOf: kinds)
        guard case .dictionary(let all)? = full.parse(), case .dictionary(let allObjects)? = all["objects"],
              case .dictionary(let kept)? = skipping.parse(), case .dictionary(let keptObjects)? = kept["objects"] else {
            Issue.record("both parses should succeed")
            return
        }
        // `isa` not first: read whole, as Xcode never writes it so.
        #expect(Set(keptObjects.keys) == ["F1", "N1"])
        #expect(keptObjects["F1"] == allObjects["F1"] && keptObjects["N1"] == allObjects["N1"])
        #expect(kept["rootObject"] == .string("R"))
        // A skipped object is checked as strictly as a read one.
        for broken in ["A2 = {isa = PBXBuildFile; fileRef F1; };", "A2 = {isa = PBXBuildFile; files = ( <<<<<<< HEAD ); };",
                       "A2 = {isa = PBXBuildFile; fileRef = F1;"] {
            let bytes = Array("{ objects = { \(broken) }; }".utf8)
            var strict = OpenStepPlistParser(bytes)
            var skipper = OpenStepPlistParser(bytes, skippingObjectsOf: kinds)
            #expect(strict.parse() == nil && skipper.parse() == nil, "\(broken)")
        }
    }

    @Test("objects of deferred kinds are left out of the parse and read when asked for, as the whole parse reads them")
    func deferredObjects() {
        let text = #"""
        { objects = {
            F1 /* a.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = "Config/a.xcconfig"; sourceTree = "<group>"; };
            G1 = {isa = PBXGroup; children = ( F1 /* a.xcconfig */, ); path = App; sourceTree = "<group>"; };
            "F2" = {isa = PBXFileReference; name = "say \"x\""; settings = { nested = ( 1, 2 ); }; };
            F3 = {isa = PBXFileReference; path = old; };
            F3 = {isa = PBXFileReference; path = new; };
        }; }
        """#
        var full = OpenStepPlistParser(Array(text.utf8))
        var deferring = OpenStepPlistParser(Array(text.utf8), deferringObjectsOf: ["PBXFileReference"])
        guard case .dictionary(let all)? = full.parse(), case .dictionary(let allObjects)? = all["objects"],
              case .dictionary(let kept)? = deferring.parse(), case .dictionary(let keptObjects)? = kept["objects"] else {
            Issue.record("both parses should succeed")
            return
        }
        #expect(Set(keptObjects.keys) == ["G1"])
        for id in ["F1", "F2", "F3"] {
            guard case .dictionary(let expected)? = allObjects[id] else {
                Issue.record("\(id) missing from the whole parse")
                continue
            }
            #expect(deferring.deferredObject(id) == expected, "\(id)")
        }
        #expect(deferring.deferredObject("G1") == nil && deferring.deferredObject("F9") == nil)
        // A deferred object is checked as strictly as a read one.
        let broken = Array("{ objects = { F1 = {isa = PBXFileReference; path = ( x; }; }; }".utf8)
        var strict = OpenStepPlistParser(broken)
        var lazy = OpenStepPlistParser(broken, deferringObjectsOf: ["PBXFileReference"])
        #expect(strict.parse() == nil && lazy.parse() == nil)
    }

    /// `trim` as it was before its byte shortcut: by `Character`.
    static func characterTrim(_ text: String, also extra: String = "") -> String {
        func trimmed(_ character: Character) -> Bool {
            (character.isWhitespace && !character.isNewline) || extra.contains(character)
        }
        guard let first = text.firstIndex(where: { !trimmed($0) }),
              let last = text.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(text[first...last])
    }

    @Test("trim agrees with the Character-wise trim, shortcut or not", arguments: [
        "", " ", "a", " a ", "\ta\t", "\"16.0\"", "16.0;", "x\u{301}", "\u{301}x", "\u{0600} ", "a\u{00A0}", "\u{00A0}a",
        "\r\n", "a\r\n", "\u{2003}a\u{2003}", "\"\u{301}a", "a \"", "é", "a\u{0600}1",
    ])
    func trimAgrees(text: String) {
        for extra in ["", "\"", ";\"'", "\"',{}"] {
            #expect(ManifestParser.trim(text, also: extra) == Self.characterTrim(text, also: extra), "\(text.debugDescription) \(extra)")
            #expect(ManifestParser.trim(text[...], also: extra) == Self.characterTrim(text, also: extra))
        }
    }

    @Test("merge: a dollar byte that is no dollar Character, inherited in both spellings, a key with a bracket byte only")
    func mergeByteChecks() {
        var settings = ["X": "1"]
        XcodeProjectSettings.merge(["A": "$\u{301}(X)", "B": "${inherited} $(inherited)", "C\u{301}[": "v", "D": "inherit$"],
                                   into: &settings, context: [:])
        #expect(settings["A"] == "$\u{301}(X)")
        #expect(settings["D"] == "inherit$")
        #expect(XcodeProjectSettings.containsBytes("a inherited b", "inherited"))
        #expect(!XcodeProjectSettings.containsBytes("inherite", "inherited"))
        #expect(!XcodeProjectSettings.containsBytes("iinheriteX", "inherited"))
        var layered = ["B": "low"]
        XcodeProjectSettings.merge(["B": "${inherited} $(inherited)"], into: &layered, context: [:])
        #expect(layered["B"] == "low low")
    }
}
