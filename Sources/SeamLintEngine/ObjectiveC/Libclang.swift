import CLibclang
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `CXIndex`, `CXTranslationUnit` and `CXFile`: opaque pointers.
typealias LibclangHandle = UnsafeMutableRawPointer

/// The libclang C functions SeamLint calls, looked up with `dlsym` in a library opened with
/// `dlopen`: nothing links against libclang, so the package builds and lints Swift without it.
/// Signatures follow clang-c/Index.h; the structs passed by value come from the `CLibclang`
/// module so that the compiler applies the C calling convention to them.
struct Libclang: @unchecked Sendable {
    /// The file the library was loaded from.
    let path: String

    let createIndex: @convention(c) (Int32, Int32) -> LibclangHandle?
    let disposeIndex: @convention(c) (LibclangHandle?) -> Void
    let parseTranslationUnit2: @convention(c) (
        LibclangHandle?, UnsafePointer<CChar>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32,
        UnsafeMutablePointer<CXUnsavedFile>?, UInt32, UInt32, UnsafeMutablePointer<LibclangHandle?>?
    ) -> Int32
    let disposeTranslationUnit: @convention(c) (LibclangHandle?) -> Void
    let reparseTranslationUnit: @convention(c) (LibclangHandle?, UInt32, UnsafeMutablePointer<CXUnsavedFile>?, UInt32) -> Int32
    let defaultReparseOptions: @convention(c) (LibclangHandle?) -> UInt32
    let getFile: @convention(c) (LibclangHandle?, UnsafePointer<CChar>?) -> LibclangHandle?
    let getLocationForOffset: @convention(c) (LibclangHandle?, LibclangHandle?, UInt32) -> CXSourceLocation
    let getRange: @convention(c) (CXSourceLocation, CXSourceLocation) -> CXSourceRange
    let tokenize: @convention(c) (LibclangHandle?, CXSourceRange, UnsafeMutablePointer<UnsafeMutablePointer<CXToken>?>?,
                                  UnsafeMutablePointer<UInt32>?) -> Void
    let disposeTokens: @convention(c) (LibclangHandle?, UnsafeMutablePointer<CXToken>?, UInt32) -> Void
    let getTokenKind: @convention(c) (CXToken) -> UInt32
    let getTokenExtent: @convention(c) (LibclangHandle?, CXToken) -> CXSourceRange
    let getRangeStart: @convention(c) (CXSourceRange) -> CXSourceLocation
    let getRangeEnd: @convention(c) (CXSourceRange) -> CXSourceLocation
    let getFileLocation: @convention(c) (CXSourceLocation, UnsafeMutablePointer<LibclangHandle?>?,
                                         UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
                                         UnsafeMutablePointer<UInt32>?) -> Void
    let getClangVersion: @convention(c) () -> CXString
    let getCString: @convention(c) (CXString) -> UnsafePointer<CChar>?
    let disposeString: @convention(c) (CXString) -> Void

    /// Opens the library at `path` and resolves every function, or says why it cannot.
    /// `bindsLazily`: libclang's own calls into its dependencies are bound at their first use, not
    /// all at load (a sixth of the CPU time of a load with `RTLD_NOW`: tens of thousands of symbols,
    /// most never called here). Only for a library the same process tree has already loaded with
    /// `RTLD_NOW`, so that a missing symbol is found then, as a clean failure, not as a crash later.
    static func load(path: String, bindsLazily: Bool = false) -> Result<Libclang, LibclangLoadFailure> {
        guard let handle = dlopen(path, (bindsLazily ? RTLD_LAZY : RTLD_NOW) | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "cannot be opened"
            return .failure(LibclangLoadFailure(path: path, reason: shortReason(reason, path: path)))
        }
        // A library without one of these is not a usable libclang; it stays loaded (a dlclose of a
        // half-initialised C++ library is riskier than the memory).
        func function<T>(_ name: String, _ type: T.Type) throws(LibclangLoadFailure) -> T {
            guard let pointer = dlsym(handle, name) else {
                throw LibclangLoadFailure(path: path, reason: "not a usable libclang (no \(name))")
            }
            return unsafeBitCast(pointer, to: type)
        }
        do {
            return .success(Libclang(
                path: path,
                createIndex: try function("clang_createIndex", (@convention(c) (Int32, Int32) -> LibclangHandle?).self),
                disposeIndex: try function("clang_disposeIndex", (@convention(c) (LibclangHandle?) -> Void).self),
                parseTranslationUnit2: try function("clang_parseTranslationUnit2", (@convention(c) (
                    LibclangHandle?, UnsafePointer<CChar>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32,
                    UnsafeMutablePointer<CXUnsavedFile>?, UInt32, UInt32, UnsafeMutablePointer<LibclangHandle?>?
                ) -> Int32).self),
                disposeTranslationUnit: try function("clang_disposeTranslationUnit",
                                                     (@convention(c) (LibclangHandle?) -> Void).self),
                reparseTranslationUnit: try function("clang_reparseTranslationUnit", (@convention(c) (
                    LibclangHandle?, UInt32, UnsafeMutablePointer<CXUnsavedFile>?, UInt32) -> Int32).self),
                defaultReparseOptions: try function("clang_defaultReparseOptions",
                                                    (@convention(c) (LibclangHandle?) -> UInt32).self),
                getFile: try function("clang_getFile",
                                      (@convention(c) (LibclangHandle?, UnsafePointer<CChar>?) -> LibclangHandle?).self),
                getLocationForOffset: try function("clang_getLocationForOffset", (@convention(c) (
                    LibclangHandle?, LibclangHandle?, UInt32) -> CXSourceLocation).self),
                getRange: try function("clang_getRange",
                                       (@convention(c) (CXSourceLocation, CXSourceLocation) -> CXSourceRange).self),
                tokenize: try function("clang_tokenize", (@convention(c) (
                    LibclangHandle?, CXSourceRange, UnsafeMutablePointer<UnsafeMutablePointer<CXToken>?>?,
                    UnsafeMutablePointer<UInt32>?) -> Void).self),
                disposeTokens: try function("clang_disposeTokens", (@convention(c) (
                    LibclangHandle?, UnsafeMutablePointer<CXToken>?, UInt32) -> Void).self),
                getTokenKind: try function("clang_getTokenKind", (@convention(c) (CXToken) -> UInt32).self),
                getTokenExtent: try function("clang_getTokenExtent",
                                             (@convention(c) (LibclangHandle?, CXToken) -> CXSourceRange).self),
                getRangeStart: try function("clang_getRangeStart", (@convention(c) (CXSourceRange) -> CXSourceLocation).self),
                getRangeEnd: try function("clang_getRangeEnd", (@convention(c) (CXSourceRange) -> CXSourceLocation).self),
                getFileLocation: try function("clang_getFileLocation", (@convention(c) (
                    CXSourceLocation, UnsafeMutablePointer<LibclangHandle?>?, UnsafeMutablePointer<UInt32>?,
                    UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?) -> Void).self),
                getClangVersion: try function("clang_getClangVersion", (@convention(c) () -> CXString).self),
                getCString: try function("clang_getCString", (@convention(c) (CXString) -> UnsafePointer<CChar>?).self),
                disposeString: try function("clang_disposeString", (@convention(c) (CXString) -> Void).self)))
        } catch {
            return .failure(error)
        }
    }

    /// "clang version 21.0.0 (…)", for `--verbose`.
    var version: String {
        let string = getClangVersion()
        defer { disposeString(string) }
        return getCString(string).map { String(cString: $0) } ?? "unknown version"
    }

    /// dlerror() repeats the path; keep the part after it ("cannot open shared object file: …").
    private static func shortReason(_ reason: String, path: String) -> String {
        guard let range = reason.range(of: path + ": ") else { return reason }
        return String(reason[range.upperBound...])
    }
}

/// Why a library could not be used: one line, for the warning.
struct LibclangLoadFailure: Error, Sendable, Equatable {
    let path: String
    let reason: String
}
