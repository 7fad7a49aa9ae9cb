#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SeamLintCore

/// Finds the source files to lint under the paths given on the command line.
public enum FileDiscovery {
    /// Folder names skipped while walking (not when named explicitly): build products, version
    /// control, dependency managers' checkouts.
    public static let defaultExcludedFolderNames: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Folder name endings skipped with them: resource catalogs Xcode compiles into resources
    /// (asset catalogs, localizations, Core Data models), which hold no source. They are a third
    /// of an app's folders (one per image set), each an `open` and a listing.
    public static let defaultExcludedFolderEndings = excludedEndingLiterals.map(\.description)
    /// As literals, so that a name from `readdir` is compared by `memcmp` (`NameBytes`).
    private static let excludedEndingLiterals: [StaticString] = [".xcassets", ".lproj", ".xcdatamodeld"]

    /// A folder the walk skips with `useDefaultExcludes` (unless named explicitly).
    public static func isDefaultExcluded(folderNamed name: String) -> Bool {
        defaultExcludedFolderNames.contains(name) || defaultExcludedFolderEndings.contains { name.count > $0.count && name.hasSuffix($0) }
    }

    /// `name` (from `readdir`) ends in one of `defaultExcludedFolderEndings`, checked without a String.
    static func isResourceCatalog(_ name: UnsafePointer<CChar>) -> Bool {
        let bytes = NameBytes(name)
        // A name that is only the ending (".lproj") is not excluded, as in `isDefaultExcluded`.
        return excludedEndingLiterals.contains { bytes.bytes.count > $0.utf8CodeUnitCount && bytes.hasSuffix($0) }
    }

    /// Files under the given paths (files or folders; empty → "."), sorted byte-wise by path and
    /// deduplicated: the same file reached twice (two arguments, a symbolic or hard link) is listed
    /// once, under its path that goes through no link, else its smallest path.
    ///
    /// A file named explicitly must be `.swift`, `.m`, `.mm` or `.h`; other files give the problem
    /// "not a Swift or Objective-C source file", missing paths "no such file or directory".
    /// Unreadable folders and non-UTF-8 names found while walking are problems too; the walk goes on.
    public static func discover(_ paths: [String], options: DiscoveryOptions)
        -> (files: [SourceFileRef], problems: [InputProblem])
    {
        discover(paths, options: options, workingDirectory: FileSystem.currentDirectory())
    }

    /// The reference discovery would give `path`, which need not exist (standard input linted as
    /// if it were at `--stdin-path`): same display and absolute path rules, language from the
    /// extension (Swift when it has none we know).
    public static func reference(forPath path: String) -> SourceFileRef {
        let workingDirectory = FileSystem.currentDirectory()
        let absolute = PathNames.standardize(path, relativeTo: workingDirectory)
        let language = PathNames.language(ofFileName: PathNames.lastComponent(absolute), includeObjectiveC: true)
        return SourceFileRef(path: PathNames.displayPath(absolute, workingDirectory: workingDirectory),
                             absolutePath: absolute, language: language ?? .swift)
    }

    /// `discover` against an explicit working directory (tests run in parallel, so they cannot `chdir`).
    static func discover(_ paths: [String], options: DiscoveryOptions, workingDirectory: String)
        -> (files: [SourceFileRef], problems: [InputProblem])
    {
        var walker = DirectoryWalker(options: options, workingDirectory: workingDirectory)
        for argument in paths.isEmpty ? ["."] : paths {
            walker.addArgument(argument)
        }
        walker.run()
        return walker.result()
    }
}
