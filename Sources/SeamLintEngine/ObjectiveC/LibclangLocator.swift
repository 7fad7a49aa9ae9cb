#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A place libclang may be loaded from, and how it was found (for messages).
struct LibclangCandidate: Sendable, Equatable {
    /// An absolute path, or a bare file name for the dynamic loader's own search.
    var path: String
    var origin: String
}

/// Where to look for libclang, in order:
/// 1. `--libclang PATH`, else `SEAMLINT_LIBCLANG` — when set, the only candidate;
/// 2. the running Swift toolchain's `lib/libclang.so` (found from the loaded `libswiftCore`, then
///    from `swift` on `PATH`); on macOS the active Xcode's or Command Line Tools' `libclang.dylib`;
/// 3. Debian's `libclang-dev`: `/usr/lib/llvm-*/lib/libclang.so`, newest first (Homebrew's LLVM on macOS);
/// 4. the dynamic loader's search path (`libclang.so`, `libclang.so.1`, `libclang.dylib`).
enum LibclangLocator {
    static let environmentVariable = "SEAMLINT_LIBCLANG"

    /// What the search looks at, replaceable in tests.
    struct System {
        var environment: [String: String]
        /// Folders holding the Swift standard library the process runs with (`…/usr/lib/swift/linux`).
        var loadedSwiftLibraryFolders: () -> [String]
        var fileExists: (String) -> Bool
        var resolveSymbolicLinks: (String) -> String
        var listFolder: (String) -> [String]
    }

    static func candidates(explicitPath: String?, system: System) -> [LibclangCandidate] {
        if let explicitPath { return [LibclangCandidate(path: explicitPath, origin: "--libclang")] }
        if let named = system.environment[environmentVariable], !named.isEmpty {
            return [LibclangCandidate(path: named, origin: environmentVariable)]
        }
        var result: [LibclangCandidate] = []
        func add(_ path: String, _ origin: String) {
            guard system.fileExists(path), !result.contains(where: { $0.path == path }) else { return }
            result.append(LibclangCandidate(path: path, origin: origin))
        }
        #if os(macOS)
        let library = "libclang.dylib"
        #else
        let library = "libclang.so"
        #endif
        for root in toolchainRoots(system) { add(root + "/lib/" + library, "the Swift toolchain") }
        #if os(macOS)
        var developerFolders = ["/var/db/xcode_select_link", "/Applications/Xcode.app/Contents/Developer"]
        if let developer = system.environment["DEVELOPER_DIR"] { developerFolders.insert(developer, at: 0) }
        for folder in developerFolders {
            add(folder + "/Toolchains/XcodeDefault.xctoolchain/usr/lib/libclang.dylib", "Xcode")
        }
        add("/Library/Developer/CommandLineTools/usr/lib/libclang.dylib", "the Command Line Tools")
        add("/opt/homebrew/opt/llvm/lib/libclang.dylib", "Homebrew")
        add("/usr/local/opt/llvm/lib/libclang.dylib", "Homebrew")
        result.append(LibclangCandidate(path: "libclang.dylib", origin: "the dynamic loader"))
        #else
        for folder in llvmFolders(system) {
            add(folder + "/lib/libclang.so", "libclang-dev")
            add(folder + "/lib/libclang.so.1", "libclang-dev")
        }
        result.append(LibclangCandidate(path: "libclang.so", origin: "the dynamic loader"))
        result.append(LibclangCandidate(path: "libclang.so.1", origin: "the dynamic loader"))
        #endif
        return result
    }

    /// `…/usr` folders of the running Swift toolchain: above the `lib/swift/<platform>` folder of
    /// the loaded standard library, and above the `bin` of `swift` on `PATH`.
    static func toolchainRoots(_ system: System) -> [String] {
        var roots: [String] = []
        for folder in system.loadedSwiftLibraryFolders() {
            // `<root>/lib/swift/<platform>`
            let swiftFolder = parent(of: folder)
            if lastComponent(swiftFolder) == "swift", lastComponent(parent(of: swiftFolder)) == "lib" {
                roots.append(parent(of: parent(of: swiftFolder)))
            }
        }
        for folder in (system.environment["PATH"] ?? "").split(separator: ":") {
            let swift = String(folder) + "/swift"
            guard system.fileExists(swift) else { continue }
            let resolved = system.resolveSymbolicLinks(swift)
            let bin = parent(of: resolved)
            if lastComponent(bin) == "bin", !roots.contains(parent(of: bin)) { roots.append(parent(of: bin)) }
            break
        }
        return roots
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `/usr/lib/llvm-N` folders, highest N first.
    static func llvmFolders(_ system: System) -> [String] {
        let versions = system.listFolder("/usr/lib").compactMap { name -> (Int, String)? in
            guard name.hasPrefix("llvm-"), let major = Int(name.dropFirst(5).prefix { $0 != "." }) else { return nil }
            return (major, name)
        }
        return versions.sorted { $0.0 > $1.0 }.map { "/usr/lib/" + $0.1 }
    }

    /// The places searched, for the "not found" warning.
    static func searchedPlaces(_ system: System) -> String {
        #if os(macOS)
        return "the Swift toolchain, Xcode, the Command Line Tools, Homebrew's LLVM and the dynamic loader's path"
        #else
        let roots = toolchainRoots(system).map { $0 + "/lib" }
        let toolchain = roots.isEmpty ? "the Swift toolchain" : "the Swift toolchain (" + roots.joined(separator: ", ") + ")"
        return toolchain + ", /usr/lib/llvm-*/lib and the dynamic loader's path"
        #endif
    }
}

extension LibclangLocator.System {
    /// The real file system and process.
    static func current(environment: [String: String]) -> Self {
        Self(environment: environment,
             loadedSwiftLibraryFolders: { loadedSwiftCoreFolder().map { [$0] } ?? [] },
             fileExists: { access($0, F_OK) == 0 },
             resolveSymbolicLinks: { path in
                 guard let resolved = realpath(path, nil) else { return path }
                 defer { free(resolved) }
                 return String(cString: resolved)
             },
             listFolder: { path in
                 guard let directory = opendir(path) else { return [] }
                 defer { closedir(directory) }
                 var names: [String] = []
                 while let entry = readdir(directory) {
                     let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                         String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                     }
                     names.append(name)
                 }
                 return names
             })
    }

    /// The folder of the `libswiftCore` this process runs with (nil when it is linked statically).
    /// `dladdr` is looked up with `dlsym` because Glibc declares it only under `_GNU_SOURCE`, which
    /// Swift's Glibc module does not set; its `Dl_info` starts with the file name on every platform.
    private static func loadedSwiftCoreFolder() -> String? {
        typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        let process = dlopen(nil, RTLD_NOW)
        guard let symbol = dlsym(process, "swift_retain"), let function = dlsym(process, "dladdr") else { return nil }
        let dladdr = unsafeBitCast(function, to: Dladdr.self)
        // Dl_info: file name, file base, symbol name, symbol address.
        var info: (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?) = (nil, nil, nil, nil)
        let found = withUnsafeMutableBytes(of: &info) { dladdr(UnsafeRawPointer(symbol), $0.baseAddress) }
        guard found != 0, let name = info.0 else { return nil }
        return LibclangLocator.parent(of: String(cString: name))
    }
}
