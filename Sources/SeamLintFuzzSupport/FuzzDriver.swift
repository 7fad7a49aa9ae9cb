import Foundation

#if SEAMLINT_FUZZ
/// libFuzzer's entry point for programs that keep their own `main` (libclang_rt.fuzzer_no_main):
/// SwiftPM names every executable's entry point itself, so libFuzzer's `main` cannot be used.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The check libFuzzer's C callback calls; set once before fuzzing starts.
nonisolated(unsafe) private var currentCheck: ([UInt8]) -> String? = { _ in nil }
#endif

/// Runs a fuzz target. Built by scripts/fuzz.sh (`-DSEAMLINT_FUZZ`, sanitizers, libFuzzer): hands
/// `check` to libFuzzer, which takes its usual flags; a broken invariant traps so that libFuzzer
/// saves the input. A normal build replays the files named as arguments and exits 1 if any fails,
/// which is how a saved crash is reproduced without sanitizers.
public enum FuzzDriver {
    public static func run(name: String, check: @escaping ([UInt8]) -> String?) -> Never {
        #if SEAMLINT_FUZZ
        currentCheck = check
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            if let failure = currentCheck(bytes) { fatalError("invariant broken: \(failure)") }
            return 0
        })
        #else
        var failures = 0
        let paths = CommandLine.arguments.dropFirst()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("fuzz-\(name): cannot read \(path)\n".utf8))
                exit(2)
            }
            if let failure = check(Array(data)) {
                print("\(path): \(failure)")
                failures += 1
            }
        }
        print("fuzz-\(name): \(paths.count - failures) of \(paths.count) inputs hold every invariant")
        exit(failures == 0 ? 0 : 1)
        #endif
    }
}
