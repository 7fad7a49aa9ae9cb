import SeamLintCore

/// How a run treats Objective-C (`.m`, `.mm`, `.h`) files.
public struct ObjectiveCOptions: Sendable, Equatable {
    /// False: Objective-C files are not linted, and no warning is given (`--no-objc`, `"objc": false`).
    public var isEnabled: Bool
    /// The libclang to load (`--libclang`). When nil, `SEAMLINT_LIBCLANG` names it; when that is
    /// unset too, the usual places are searched (see `LibclangLocator`). A named library is the only
    /// one tried: if it cannot be loaded, Objective-C files are skipped with a warning.
    public var libclangPath: String?
    /// The `lint` executable, to run libclang in child processes (`LibclangWorkerProcess`): a
    /// libclang that crashes, hangs or blows up on a file then costs that file only. Nil: libclang
    /// runs in this process (library use, the tests and fuzzers that drive the engine directly).
    public var workerExecutable: String?
    /// Time and memory per file in a worker process.
    public var limits = ObjectiveCLimits()
    /// True: a file that mentions none of the words of the rules, fact collectors and suppression
    /// comments that read Objective-C (a byte search, comments and strings included) is linted
    /// without libclang, since none of them could see anything in it. False (tests that compare
    /// both paths): every file is tokenized.
    public var skipsFilesWithoutTriggerWords = true

    public init(isEnabled: Bool = true, libclangPath: String? = nil) {
        self.isEnabled = isEnabled
        self.libclangPath = libclangPath
    }
}

/// Which language variant libclang parses a file as.
enum ObjectiveCDialect: Sendable, Equatable {
    case objectiveC, objectiveCPlusPlus

    var clangLanguage: String { self == .objectiveC ? "objective-c" : "objective-c++" }

    /// `.m` is Objective-C, `.mm` Objective-C++. A `.h` is Objective-C (Objective-C++ when it also
    /// shows C++), unless it is plainly C++ — C++ markers and no Objective-C ones — then nil: it is
    /// not parsed (its tokens could not interest an Objective-C rule).
    static func of(path: String, bytes: [UInt8]) -> ObjectiveCDialect? {
        if path.hasSuffix(".mm") { return .objectiveCPlusPlus }
        guard path.hasSuffix(".h") else { return .objectiveC }
        // Most headers show no C++: the Objective-C markers matter only when they do. The pre-scan's
        // gram set, when it was built for these bytes, rules out most markers without a search.
        let cPlusPlusMarkers: [StaticString] = ["namespace ", "template <", "template<", "std::", "public:",
                                                "private:", "protected:", "constexpr ", "nullptr"]
        guard TextSearch.containsAnyAfterPrescan(bytes, cPlusPlusMarkers) else { return .objectiveC }
        let objectiveCMarkers: [StaticString] = ["@interface", "@protocol", "@class", "@import", "#import",
                                                 "NS_ASSUME_NONNULL", "@property", "@end"]
        return TextSearch.containsAnyAfterPrescan(bytes, objectiveCMarkers) ? .objectiveCPlusPlus : nil
    }
}
