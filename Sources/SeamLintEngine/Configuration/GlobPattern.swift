/// A path pattern from `included` / `excluded`, relative to the folder of its configuration file.
///
/// `*` matches any characters within one path component, `?` one character, and `**` as a whole
/// component any number of components (zero included). A pattern that matches a folder matches
/// everything below it, so `Pods` and `Pods/**` mean the same. Patterns are anchored at the
/// configuration's folder: `*.swift` is a file next to it, `**/*.swift` a file at any depth.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case anyDepth
        case name([Unicode.Scalar])
    }

    /// As written in the configuration.
    public let description: String
    let components: [Component]

    /// Parses `text`, or says in a few words why it is not a pattern SeamLint understands.
    public static func parse(_ text: String) -> Result<GlobPattern, GlobSyntaxError> {
        if text.isEmpty { return .failure(GlobSyntaxError("a pattern cannot be empty")) }
        if text.hasPrefix("/") {
            return .failure(GlobSyntaxError("patterns are relative to the configuration file's folder; remove the leading '/'"))
        }
        if let special = text.unicodeScalars.first(where: { "[]{}\\!".unicodeScalars.contains($0) }) {
            return .failure(GlobSyntaxError("'\(special)' is not supported; patterns use only '*', '**' and '?'"))
        }
        var components: [Component] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": return .failure(GlobSyntaxError("'..' is not allowed; a pattern cannot leave the configuration file's folder"))
            case "**":
                if components.last != .anyDepth { components.append(.anyDepth) }
            default:
                if part.contains("**") {
                    return .failure(GlobSyntaxError("'**' must be a whole path component, as in 'Generated/**/*.swift'"))
                }
                components.append(.name(Array(part.unicodeScalars)))
            }
        }
        if components.isEmpty { return .failure(GlobSyntaxError("the pattern names the configuration folder itself")) }
        return .success(GlobPattern(description: text, components: components))
    }

    /// Whether the path (its components relative to the pattern's folder) is matched, or lies
    /// inside a matched folder.
    public func matches<Path: Collection>(_ path: Path) -> Bool where Path.Element: StringProtocol {
        match(ArraySlice(components), ArraySlice(path.map { Array($0.unicodeScalars) }), prefixOnly: false)
    }

    /// Whether something inside the folder `path` could be matched: `Sources/*/Generated` may
    /// match below `Sources/App`, so an `included` walk must not skip that folder.
    public func mayMatchInside<Path: Collection>(_ path: Path) -> Bool where Path.Element: StringProtocol {
        match(ArraySlice(components), ArraySlice(path.map { Array($0.unicodeScalars) }), prefixOnly: true)
    }

    /// Dynamic programming over (pattern component, path component): linear in their product
    /// however many `**` the pattern has. `matched[i][j]`: pattern from `i` matches path from `j`.
    private func match(_ pattern: ArraySlice<Component>, _ path: ArraySlice<[Unicode.Scalar]>, prefixOnly: Bool) -> Bool {
        let pattern = Array(pattern)
        let path = Array(path)
        var matched = [[Bool]](repeating: [Bool](repeating: false, count: path.count + 1), count: pattern.count + 1)
        for j in 0...path.count { matched[pattern.count][j] = true }  // a matched folder covers what is inside
        for i in stride(from: pattern.count - 1, through: 0, by: -1) {
            // Path used up: inside a folder that may still hold a match, or only `**` left.
            matched[i][path.count] = prefixOnly || (pattern[i] == .anyDepth && matched[i + 1][path.count])
            for j in stride(from: path.count - 1, through: 0, by: -1) {
                switch pattern[i] {
                case .anyDepth: matched[i][j] = matched[i + 1][j] || matched[i][j + 1]
                case .name(let wildcard): matched[i][j] = Self.matchComponent(wildcard[...], path[j][...]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// `*` and `?` within one component; iterative, remembering the last `*` to backtrack to.
    static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var star: (pattern: Int, name: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let last = star {
                p = last.pattern + 1
                n = last.name + 1
                star = (last.pattern, last.name + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}

public struct GlobSyntaxError: Error, Sendable, Hashable {
    public let message: String
    init(_ message: String) { self.message = message }
}
