#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `sourcekitd_variant_t` is a C struct of three 64-bit words passed and returned by value.
/// A Swift struct cannot appear in a `@convention(c)` signature, so we borrow a C-imported
/// struct of the same size and alignment whose fields cover all 24 bytes (Swift copies
/// fields, not padding) and that has no floating-point fields: `struct netent` is
/// `{ char *, char **, int, uint32_t }`. On x86-64 SysV and AArch64 every such 24-byte
/// aggregate is passed in memory, so the calling convention is the one SourceKit expects.
/// `SourceKitLibrary.open` checks the layout before using it.
typealias SourceKitVariant = netent

/// `sourcekitd_uid_t`, `sourcekitd_object_t` and `sourcekitd_response_t` are all opaque pointers.
typealias SourceKitHandle = UnsafeMutableRawPointer

/// The few `sourcekitd` C entry points the oracle needs, resolved with `dlsym` so that nothing
/// links against SourceKit and the tool still runs where it is missing.
struct SourceKitLibrary: @unchecked Sendable {
    let initialize: @convention(c) () -> Void
    let uidFromCString: @convention(c) (UnsafePointer<CChar>) -> SourceKitHandle?
    let uidStringPointer: @convention(c) (SourceKitHandle?) -> UnsafePointer<CChar>?
    let requestDictionaryCreate: @convention(c) (UnsafePointer<SourceKitHandle?>?, UnsafePointer<SourceKitHandle?>?, Int) -> SourceKitHandle?
    let requestDictionarySetStringBuffer: @convention(c) (SourceKitHandle?, SourceKitHandle?, UnsafePointer<CChar>?, Int) -> Void
    let requestDictionarySetString: @convention(c) (SourceKitHandle?, SourceKitHandle?, UnsafePointer<CChar>) -> Void
    let requestDictionarySetInt64: @convention(c) (SourceKitHandle?, SourceKitHandle?, Int64) -> Void
    let requestDictionarySetUID: @convention(c) (SourceKitHandle?, SourceKitHandle?, SourceKitHandle?) -> Void
    let requestDictionarySetValue: @convention(c) (SourceKitHandle?, SourceKitHandle?, SourceKitHandle?) -> Void
    let requestArrayCreate: @convention(c) (UnsafePointer<SourceKitHandle?>?, Int) -> SourceKitHandle?
    let requestArraySetString: @convention(c) (SourceKitHandle?, Int, UnsafePointer<CChar>) -> Void
    let requestRelease: @convention(c) (SourceKitHandle?) -> Void
    let sendRequestSync: @convention(c) (SourceKitHandle?) -> SourceKitHandle?
    let responseIsError: @convention(c) (SourceKitHandle?) -> Bool
    let responseErrorDescription: @convention(c) (SourceKitHandle?) -> UnsafePointer<CChar>?
    let responseValue: @convention(c) (SourceKitHandle?) -> SourceKitVariant
    let responseDispose: @convention(c) (SourceKitHandle?) -> Void
    let dictionaryValue: @convention(c) (SourceKitVariant, SourceKitHandle?) -> SourceKitVariant
    let dictionaryInt64: @convention(c) (SourceKitVariant, SourceKitHandle?) -> Int64
    let dictionaryUID: @convention(c) (SourceKitVariant, SourceKitHandle?) -> SourceKitHandle?
    let arrayCount: @convention(c) (SourceKitVariant) -> Int
    let arrayValue: @convention(c) (SourceKitVariant, Int) -> SourceKitVariant

    /// dlopens `path` and resolves every symbol; nil (with a reason) if any step fails.
    static func open(path: String) -> Result<SourceKitLibrary, SourceKitLoadError> {
        guard MemoryLayout<SourceKitVariant>.size == 24, MemoryLayout<SourceKitVariant>.alignment == 8,
              MemoryLayout<SourceKitVariant>.offset(of: \SourceKitVariant.n_net) == 20 else {
            return .failure(SourceKitLoadError(message: "sourcekitd_variant_t stand-in has the wrong layout"))
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(SourceKitLoadError(message: "dlopen \(path): \(reason)"))
        }
        var missing: [String] = []
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(handle, name) else { missing.append(name); return nil }
            return unsafeBitCast(pointer, to: type)
        }
        let library = SourceKitLibrary(
            initialize: symbol("sourcekitd_initialize", as: (@convention(c) () -> Void).self) ?? {},
            uidFromCString: symbol("sourcekitd_uid_get_from_cstr", as: (@convention(c) (UnsafePointer<CChar>) -> SourceKitHandle?).self) ?? { _ in nil },
            uidStringPointer: symbol("sourcekitd_uid_get_string_ptr", as: (@convention(c) (SourceKitHandle?) -> UnsafePointer<CChar>?).self) ?? { _ in nil },
            requestDictionaryCreate: symbol("sourcekitd_request_dictionary_create", as: (@convention(c) (UnsafePointer<SourceKitHandle?>?, UnsafePointer<SourceKitHandle?>?, Int) -> SourceKitHandle?).self) ?? { _, _, _ in nil },
            requestDictionarySetStringBuffer: symbol("sourcekitd_request_dictionary_set_stringbuf", as: (@convention(c) (SourceKitHandle?, SourceKitHandle?, UnsafePointer<CChar>?, Int) -> Void).self) ?? { _, _, _, _ in },
            requestDictionarySetString: symbol("sourcekitd_request_dictionary_set_string", as: (@convention(c) (SourceKitHandle?, SourceKitHandle?, UnsafePointer<CChar>) -> Void).self) ?? { _, _, _ in },
            requestDictionarySetInt64: symbol("sourcekitd_request_dictionary_set_int64", as: (@convention(c) (SourceKitHandle?, SourceKitHandle?, Int64) -> Void).self) ?? { _, _, _ in },
            requestDictionarySetUID: symbol("sourcekitd_request_dictionary_set_uid", as: (@convention(c) (SourceKitHandle?, SourceKitHandle?, SourceKitHandle?) -> Void).self) ?? { _, _, _ in },
            requestDictionarySetValue: symbol("sourcekitd_request_dictionary_set_value", as: (@convention(c) (SourceKitHandle?, SourceKitHandle?, SourceKitHandle?) -> Void).self) ?? { _, _, _ in },
            requestArrayCreate: symbol("sourcekitd_request_array_create", as: (@convention(c) (UnsafePointer<SourceKitHandle?>?, Int) -> SourceKitHandle?).self) ?? { _, _ in nil },
            requestArraySetString: symbol("sourcekitd_request_array_set_string", as: (@convention(c) (SourceKitHandle?, Int, UnsafePointer<CChar>) -> Void).self) ?? { _, _, _ in },
            requestRelease: symbol("sourcekitd_request_release", as: (@convention(c) (SourceKitHandle?) -> Void).self) ?? { _ in },
            sendRequestSync: symbol("sourcekitd_send_request_sync", as: (@convention(c) (SourceKitHandle?) -> SourceKitHandle?).self) ?? { _ in nil },
            responseIsError: symbol("sourcekitd_response_is_error", as: (@convention(c) (SourceKitHandle?) -> Bool).self) ?? { _ in true },
            responseErrorDescription: symbol("sourcekitd_response_error_get_description", as: (@convention(c) (SourceKitHandle?) -> UnsafePointer<CChar>?).self) ?? { _ in nil },
            responseValue: symbol("sourcekitd_response_get_value", as: (@convention(c) (SourceKitHandle?) -> SourceKitVariant).self) ?? { _ in SourceKitVariant() },
            responseDispose: symbol("sourcekitd_response_dispose", as: (@convention(c) (SourceKitHandle?) -> Void).self) ?? { _ in },
            dictionaryValue: symbol("sourcekitd_variant_dictionary_get_value", as: (@convention(c) (SourceKitVariant, SourceKitHandle?) -> SourceKitVariant).self) ?? { _, _ in SourceKitVariant() },
            dictionaryInt64: symbol("sourcekitd_variant_dictionary_get_int64", as: (@convention(c) (SourceKitVariant, SourceKitHandle?) -> Int64).self) ?? { _, _ in 0 },
            dictionaryUID: symbol("sourcekitd_variant_dictionary_get_uid", as: (@convention(c) (SourceKitVariant, SourceKitHandle?) -> SourceKitHandle?).self) ?? { _, _ in nil },
            arrayCount: symbol("sourcekitd_variant_array_get_count", as: (@convention(c) (SourceKitVariant) -> Int).self) ?? { _ in 0 },
            arrayValue: symbol("sourcekitd_variant_array_get_value", as: (@convention(c) (SourceKitVariant, Int) -> SourceKitVariant).self) ?? { _, _ in SourceKitVariant() }
        )
        guard missing.isEmpty else {
            dlclose(handle)
            return .failure(SourceKitLoadError(message: "\(path) lacks \(missing.joined(separator: ", "))"))
        }
        return .success(library)
    }

    func uid(_ name: String) -> SourceKitHandle? { name.withCString { uidFromCString($0) } }

    func string(of uid: SourceKitHandle?) -> String? {
        uidStringPointer(uid).map { String(cString: $0) }
    }
}

/// Why SourceKit could not be loaded.
public struct SourceKitLoadError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Where to find `libsourcekitdInProc`: `$SEAMLINT_SOURCEKITD`, else next to the `swift` on
/// `PATH`, else next to the Swift runtime this process runs on.
enum SourceKitLocator {
    static let environmentVariable = "SEAMLINT_SOURCEKITD"

    static func candidates() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment[environmentVariable], !explicit.isEmpty { return [explicit] }
        #if os(macOS)
        let libraryName = "sourcekitdInProc.framework/sourcekitdInProc"
        #else
        let libraryName = "libsourcekitdInProc.so"
        #endif
        var result: [String] = []
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let resolved = swift.resolvingSymlinksInPath()
            result.append(resolved.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib").appendingPathComponent(libraryName).path)
            break
        }
        // The runtime this process runs on is the toolchain's own when built by it:
        // <toolchain>/usr/lib/swift/linux/libswiftCore.so, found in the process's mappings.
        if let maps = readWholeFile("/proc/self/maps"),
           let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
           let slash = line.firstIndex(of: "/") {
            let runtime = URL(fileURLWithPath: String(line[slash...])).resolvingSymlinksInPath()
            let lib = runtime.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            result.append(lib.appendingPathComponent(libraryName).path)
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Reads a file to its end with `read(2)`: /proc files report a size of 0, so APIs that
    /// trust the size read nothing.
    private static func readWholeFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
