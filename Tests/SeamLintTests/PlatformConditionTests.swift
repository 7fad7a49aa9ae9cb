import SeamLintCore
import SeamLintCLI
import Testing

/// Code in a branch that is not compiled for iOS (`#if os(tvOS)`, `#if TARGET_OS_TV`) is not iOS code.
@Suite("Platform conditions")
struct PlatformConditionTests {
    /// The code indices of `marker` (an identifier) that `isExcludedFromIOS` reports.
    static func excluded(_ file: SourceFile, marker: String = "marker") -> [Bool] {
        file.code.indices.filter { file.text(at: $0) == marker }.map { file.isExcludedFromIOS(at: $0) }
    }

    @Test func swiftConditionsInThreeValuedLogic() {
        let source = """
            #if os(tvOS)
            marker
            #elseif os(iOS)
            marker
            #else
            marker
            #endif
            #if os(macOS) || os(tvOS)
            marker
            #endif
            #if os(tvOS) || DEBUG
            marker
            #endif
            #if !os(iOS)
            marker
            #else
            marker
            #endif
            #if os(iOS) && DEBUG
            marker
            #else
            marker
            #endif
            #if targetEnvironment(macCatalyst)
            marker
            #elseif canImport(UIKit)
            marker
            #endif
            #if os(visionOS)
            marker
            #endif
            """
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        #expect(Self.excluded(file) == [true, false, true, true, false, true, false, false, false, true, false, false])
    }

    /// Ten thousand nested `#if`s, and a condition nested a thousand parentheses deep: linear, no recursion.
    @Test func deepNestingNeverCrashes() {
        let depth = 10_000
        var source = String(repeating: "#if os(iOS)\n", count: depth) + "marker\n" + String(repeating: "#endif\n", count: depth)
        source += "#if " + String(repeating: "(", count: 1_000) + "os(tvOS)" + String(repeating: ")", count: 1_000) + "\nmarker\n#endif\n"
        source += "#if os(tvOS)\n" + String(repeating: "#if DEBUG\n", count: depth) + "marker\n"
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        // The parenthesised condition is past the depth bound: unknown, so kept.
        #expect(Self.excluded(file) == [false, false, true])
    }

    @Test func swiftSceneLookupsInTVOSCodeAreNotReported() {
        let source = """
            #if os(tvOS)
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            let window = UIApplication.shared.windows.first
            #else
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            #endif
            """
        let found = InMemoryLint.diagnostics([("Scenes.swift", source)], rules: allRules.filter {
            ["connected_scenes_first", "key_window_lookup"].contains($0.description.id)
        })
        #expect(found.map(\.location.line) == [5])
    }
}

/// The same in Objective-C, read by the preprocessor's rules (`#ifdef`, `#elif`, `defined`, `\` continuations).
@Suite("Platform conditions (Objective-C)", .enabled(if: ObjectiveCFixture.isAvailable))
struct ObjectiveCPlatformConditionTests {
    @Test func preprocessorConditionsOnIOS() throws {
        let source = """
            #if TARGET_OS_TV
            marker;
            #elif TARGET_OS_IOS
            marker;
            #else
            marker;
            #endif
            #if !TARGET_OS_IPHONE
            marker;
            #endif
            #if TARGET_OS_IPHONE
            marker;
            #else
            marker;
            #endif
            #ifdef DEBUG
            marker;
            #endif
            #ifndef TARGET_OS_WATCH
            marker;
            #endif
            #if defined(TARGET_OS_OSX) && TARGET_OS_OSX
            marker;
            #endif
            #if !defined(TARGET_OS_VISION) || !TARGET_OS_VISION
            marker;
            #endif
            #if TARGET_OS_MAC && !TARGET_OS_IPHONE
            marker;
            #endif
            #if TARGET_OS_WATCH || \\
                TARGET_OS_TV
            marker;
            #endif
            #if 0
            marker;
            #endif
            #if TARGET_OS_TV == 1
            marker;
            #endif
            #if TARGET_OS_MACCATALYST
            marker;
            #endif
            #if __IPHONE_OS_VERSION_MAX_ALLOWED >= 130000
            marker;
            #endif
            """
        let file = try ObjectiveCFixture.file(source)
        #expect(PlatformConditionTests.excluded(file) == [
            true, false, true,  // #if TARGET_OS_TV / #elif TARGET_OS_IOS / #else
            true,               // !TARGET_OS_IPHONE
            false, true,        // TARGET_OS_IPHONE / #else
            false,              // #ifdef DEBUG
            true,               // #ifndef TARGET_OS_WATCH (the SDK defines it)
            true,               // defined(TARGET_OS_OSX) && TARGET_OS_OSX
            false,              // visionOS: unknown
            true,               // macOS
            true,               // continued line
            true,               // #if 0
            true,               // == 1
            true,               // Mac Catalyst
            false,              // a version check: unknown
        ])
    }

    /// Every Objective-C rule: its triggering examples say nothing inside `#if TARGET_OS_TV` (or
    /// `#ifdef`-nested in `#if !TARGET_OS_IPHONE`) and the same inside `#if TARGET_OS_IOS`.
    @Test(arguments: ObjectiveCExampleTests.ruleIDs)
    func triggeringExamplesOnOtherPlatforms(id: String) throws {
        let rule = try #require(ExampleChecks.lookup(id))
        for example in rule.description.triggering where example.language == .objectiveC {
            let marked = MarkedSource(example.code)
            for wrapper in ["#if TARGET_OS_TV\n", "#if !TARGET_OS_IPHONE\n#ifdef DEBUG\n#endif\n"] {
                let found = ExampleRunner.offsets(of: rule, in: wrapper + marked.code + "\n#endif\n", example: example)
                #expect(found.isEmpty, "fires under \(wrapper)", sourceLocation: example.location)
            }
            let prefix = "#if TARGET_OS_IOS || TARGET_OS_MACCATALYST\n"
            let kept = ExampleRunner.offsets(of: rule, in: prefix + marked.code + "\n#endif\n", example: example)
            #expect(kept == marked.offsets.map { $0 + prefix.utf8.count }, sourceLocation: example.location)
        }
    }
}
