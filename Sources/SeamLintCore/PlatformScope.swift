/// Where code runs: platform conditions, availability and previews, and the file-level hints
/// (AppKit-only imports, a folder named after another platform) that fact collectors check first.
extension SourceFile {
    /// True when the file imports AppKit (or Cocoa) unconditionally and never UIKit: macOS code.
    func computeImportsAppKitOnly() -> Bool {
        // Asked by several collectors for every file; a file naming neither module needs no token walk.
        guard mentionsText("AppKit") || mentionsText("Cocoa") else { return false }
        var appKit = false
        var uiKit = false
        for index in code.indices where code[index].keyword == .import
            && (code[index].flags.contains(.lineStart) || (index > 0 && code[index - 1].kind == .attribute)) {
            var name = index + 1
            // `import struct Foo.Bar`, `@_exported import UIKit`
            if name < code.count, code[name].kind == .keyword { name += 1 }
            if isName(name, "UIKit") { uiKit = true }
            if (isName(name, "AppKit") || isName(name, "Cocoa")) && activeClauses(at: index).isEmpty { appKit = true }
        }
        return appKit && !uiKit
    }

    /// True when a folder on the file's path names another platform (`Player tvOS/`, `watchOS/`,
    /// `App WatchKit Extension/`, `macOS/`): the conventional home of a non-iOS target's sources.
    func computePathNamesOtherPlatform() -> Bool {
        // Asked by several collectors for every file; `lowercased()` and `String.contains` made this
        // a fifth of a run, so ASCII paths (nearly all) are answered from their bytes.
        var path = self.path
        if let answer = path.withUTF8(SourceFile.asciiPathNamesOtherPlatform) { return answer }
        for component in path.split(separator: "/").dropLast() {
            let name = component.lowercased()
            if name.contains("tvos") || name.contains("watchos") || name.contains("watchkit") { return true }
            if ["watchapp", "watch app", "watchextension", "watch extension"].contains(where: name.contains) { return true }
            if name == "macos" || name.hasSuffix(" macos") || name.hasSuffix("-macos") || name.hasSuffix("_macos") { return true }
        }
        return false
    }

    /// `pathNamesOtherPlatform` from the bytes of an ASCII path; nil for other paths, where Unicode
    /// lowercasing can turn letters such as the Kelvin sign into the ASCII ones sought.
    private static func asciiPathNamesOtherPlatform(_ path: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !path.contains(where: { $0 >= 0x80 }) else { return nil }
        // Folder names only: up to the last slash, then trailing slashes (an empty last component).
        var end = path.count
        while end > 0 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        while end > 0 && path[end - 1] != UInt8(ascii: "/") { end -= 1 }
        var start = 0
        for index in 0..<end where path[index] == UInt8(ascii: "/") {
            if folderNamesOtherPlatform(UnsafeBufferPointer(rebasing: path[start..<index])) { return true }
            start = index + 1
        }
        return false
    }

    /// The checks of `pathNamesOtherPlatform` on one ASCII folder name, ignoring case.
    private static func folderNamesOtherPlatform(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        func matches(_ word: StaticString, at offset: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard offset >= 0, offset + count <= name.count else { return false }
            for position in 0..<count where lower(name[offset + position]) != word.utf8Start[position] { return false }
            return true
        }
        func contains(_ word: StaticString) -> Bool {
            name.count >= word.utf8CodeUnitCount && (0...(name.count - word.utf8CodeUnitCount)).contains { matches(word, at: $0) }
        }
        if contains("tvos") || contains("watchos") || contains("watchkit") { return true }
        // A watch app's folder (`WatchApp/`, `… Watch Extension/`); not `AppleWatch/` settings screens.
        if contains("watchapp") || contains("watch app") || contains("watchextension") || contains("watch extension") {
            return true
        }
        guard matches("macos", at: name.count - 5) else { return false }
        if name.count == 5 { return true }
        let before = name[name.count - 6]
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "-") || before == UInt8(ascii: "_")
    }

    /// True when code at `index` cannot run on iOS: `#if os(macOS)`, Mac Catalyst, or a declaration
    /// marked `@available(iOS, unavailable)`. (Check `importsAppKitOnly` once per file as well.)
    public func isOutsideIOS(at index: Int) -> Bool {
        if isExcludedFromIOS(at: index) { return true }
        let open = Int(parent[index])
        return open >= 0 && scopeFlags[open] & ScopeFlags.unavailableOnIOS != 0
    }

    /// By opening bracket (one pass, a bracket's parent coming before it): whether a declaration
    /// whose body is it or around it is marked unavailable on iOS, and whether it is preview code
    /// (a `PreviewProvider` type's body or a `#Preview { … }` around it). Each question walked out
    /// through every enclosing bracket before: quadratic in the nesting depth.
    func buildScopeFlags() -> [UInt8] {
        var flags = [UInt8](repeating: 0, count: code.count)
        let owners = bodyOwner
        let declarations = self.declarations
        for index in 0..<code.count where code[index].kind.isOpeningBracket {
            let outer = Int(parent[index])
            var value: UInt8 = outer >= 0 && outer < index ? flags[outer] : 0
            if let owner = owners[Int32(index)] {
                // Read in place: a copy of every declaration with a body retained its arrays.
                let position = Int(owner)
                if !declarations[position].attributes.isEmpty, isUnavailableOnIOS(declarations[position]) {
                    value |= ScopeFlags.unavailableOnIOS
                }
                if declarations[position].isType && self.declaration(declarations[position], inheritsFrom: "PreviewProvider") {
                    value |= ScopeFlags.preview
                }
            }
            if code[index].kind == .leftBrace {
                var before = index - 1
                if before >= 0, code[before].kind == .rightParen, matching[before] >= 0 { before = Int(matching[before]) - 1 }
                if before >= 0, tokenIs(before, "#Preview") { value |= ScopeFlags.preview }
            }
            flags[index] = value
        }
        ScalingCounter.add(code.count)
        return flags
    }

    private func isUnavailableOnIOS(_ declaration: Declaration) -> Bool {
        for attribute in declaration.attributes where attributeIs(attribute, "available") {
            let open = attribute + 1
            guard open < code.count, code[open].kind == .leftParen, matching[open] > open else { continue }
            let close = Int(matching[open])
            guard isName(open + 1, "iOS") || tokenIs(open + 1, "*") else { continue }
            for index in open + 1..<close where isName(index, "unavailable") { return true }
        }
        return false
    }

    /// True inside SwiftUI previews (`PreviewProvider` types, `#Preview { … }`): that code never ships.
    public func isPreviewCode(at index: Int) -> Bool {
        let open = Int(parent[index])
        return open >= 0 && scopeFlags[open] & ScopeFlags.preview != 0
    }

    /// True when code at `index` runs only on iOS `version` or later (`#available`, `@available`).
    public func requiresIOS(_ version: Version, at index: Int) -> Bool {
        if let minimum = iosAvailability(at: index).minimum, minimum >= version { return true }
        return false
    }

    /// True when code at `index` runs only below iOS `version`: inside `#unavailable(iOS …)`, the
    /// `else` of `#available`, after `guard #unavailable … else { return }`, or after an early
    /// `if #available(iOS version, *) { … return }` in the same function.
    public func runsOnlyBelowIOS(_ version: Version, at index: Int) -> Bool {
        if let below = iosAvailability(at: index).below, below <= version { return true }
        if followsUnavailableCondition(index, version) { return true }
        let block = Int(parent[index])
        guard block >= 0 else { return false }
        if code[block].kind == .leftBrace, hasEarlyExit(in: block, before: index, onIOS: version) { return true }
        if let body = enclosingFunctionBody(of: index), block <= body { return false }
        return earlyExitAbove(version)[block] & EarlyExitAbove.inFunction != 0
    }

    /// By opening bracket `c`, for `runsOnlyBelowIOS(version, …)` of code inside `c`: whether a
    /// block around `c` (up to the body of the function around `c`: `inFunction`; up to the top of
    /// the file: `anywhere`) has an early `if #available` exit before `c`. One pass per version;
    /// each question walked out through every enclosing block before (quadratic in the depth).
    private func earlyExitAbove(_ version: Version) -> [UInt8] {
        if let known = earlyExitAboveMemo[version] { return known }
        var table = [UInt8](repeating: 0, count: code.count)
        for index in 0..<code.count where code[index].kind.isOpeningBracket {
            let outer = Int(parent[index])
            guard outer >= 0 && outer < index else { continue }
            let own = code[outer].kind == .leftBrace && hasEarlyExit(in: outer, before: index, onIOS: version)
            var value: UInt8 = own || table[outer] & EarlyExitAbove.anywhere != 0 ? EarlyExitAbove.anywhere : 0
            if let body = enclosingFunctionBody(inBracket: index) {
                if own || (outer > body && table[outer] & EarlyExitAbove.inFunction != 0) { value |= EarlyExitAbove.inFunction }
            } else if value & EarlyExitAbove.anywhere != 0 {
                value |= EarlyExitAbove.inFunction
            }
            table[index] = value
        }
        ScalingCounter.add(code.count)
        earlyExitAboveMemo[version] = table
        return table
    }

    /// True when `index` sits in an `if`/`guard` condition list after `#unavailable(iOS N)`, N ≤ `version`
    /// (later conditions are evaluated only when the earlier ones hold).
    private func followsUnavailableCondition(_ index: Int, _ version: Version) -> Bool {
        var start = index
        let open = Int(parent[index])
        if open >= 0, code[open].kind != .leftBrace { start = Int(conditionListTops[open]) }
        var cursor = conditionStop(from: start - 1)
        while cursor >= 0, code[cursor].kind == .poundKeyword, tokenIs(cursor, "#unavailable") {
            if let checked = iosVersion(inAvailabilityCall: cursor + 1), checked <= version { return true }
            cursor = conditionStop(from: cursor - 1)
        }
        return false
    }

    /// By opening bracket: the outermost bracket of the run of non-brace brackets it lies in (up
    /// to a `{` or the top of the file), where `followsUnavailableCondition` starts walking back.
    func buildConditionListTops() -> [Int32] {
        var table = [Int32](repeating: -1, count: code.count)
        for index in 0..<code.count where code[index].kind.isOpeningBracket {
            let outer = Int(parent[index])
            table[index] = outer < 0 || outer >= index || code[outer].kind == .leftBrace ? Int32(index) : table[outer]
        }
        ScalingCounter.add(code.count)
        return table
    }

    /// Walking back from `position` (stepping over bracketed groups): the first `{`, `}`, `;`,
    /// `#unavailable`, `if`, `guard` or `while`, or -1. Remembered for every position passed: the
    /// questions about thousands of statements of one block walked back over all the statements
    /// before each (nothing else separates statements on their own lines).
    private func conditionStop(from position: Int) -> Int {
        if conditionStopMemo.isEmpty { conditionStopMemo = [Int32](repeating: -2, count: code.count) }
        func isStop(_ cursor: Int) -> Bool {
            let token = code[cursor]
            if token.kind.isClosingBracket, matching[cursor] >= 0 { return false }
            return token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon
                || (token.kind == .poundKeyword && tokenIs(cursor, "#unavailable"))
                || token.keyword == .if || token.keyword == .guard || token.keyword == .while
        }
        func next(_ cursor: Int) -> Int {
            code[cursor].kind.isClosingBracket && matching[cursor] >= 0 ? Int(matching[cursor]) - 1 : cursor - 1
        }
        var cursor = min(position, code.count - 1)
        var steps = 0
        var answer = -1
        while cursor >= 0 {
            steps += 1
            if conditionStopMemo[cursor] != -2 { answer = Int(conditionStopMemo[cursor]); break }
            if isStop(cursor) { answer = cursor; break }
            cursor = next(cursor)
        }
        cursor = min(position, code.count - 1)
        while cursor >= 0 && cursor != answer && conditionStopMemo[cursor] == -2 {
            steps += 1
            conditionStopMemo[cursor] = Int32(truncatingIfNeeded: answer)
            cursor = next(cursor)
        }
        ScalingCounter.add(steps)
        return answer
    }

    /// The iOS version in `(iOS 18, *)` at `open`.
    private func iosVersion(inAvailabilityCall open: Int) -> Version? {
        guard open < code.count, code[open].kind == .leftParen, isName(open + 1, "iOS"), open + 2 < code.count else {
            return nil
        }
        let kind = code[open + 2].kind
        guard kind == .integerLiteral || kind == .floatLiteral else { return nil }
        return Version(text(at: open + 2))
    }

    /// `if #available(iOS N, *) { …; return }` (N ≤ `version`: it returns on every system from N
    /// on) among the statements of block `open` before `index`.
    private func hasEarlyExit(in open: Int, before index: Int, onIOS version: Version) -> Bool {
        let exits = earlyExits(in: open)
        // The exits whose statement ends before `index`: a prefix, by binary search.
        var low = 0, high = exits.count
        while low < high {
            let middle = (low + high) / 2
            if exits[middle].end < index { low = middle + 1 } else { high = middle }
        }
        ScalingCounter.add(1)
        return low > 0 && exits[low - 1].lowestMinimum <= version
    }

    /// The `if #available(iOS N, *) { …; return }` statements of block `open`, in order: where each
    /// ends and the lowest N so far. Found once per block (each question re-read the block
    /// from its start before, quadratic in the questions about one block).
    private func earlyExits(in open: Int) -> [EarlyExit] {
        if let known = earlyExitMemo[open] { return known }
        var exits: [EarlyExit] = []
        let close = matching[open] > open ? Int(matching[open]) : code.count
        var cursor = open + 1
        var steps = 0
        while cursor < close {
            steps += 1
            if parent[cursor] == Int32(open), code[cursor].keyword == .if, tokenIs(cursor + 1, "#available") {
                var brace = cursor + 1
                while brace < close && !(code[brace].kind == .leftBrace && parent[brace] == Int32(open)) {
                    if code[brace].kind.isOpeningBracket, matching[brace] > brace { brace = Int(matching[brace]) }
                    brace += 1
                    steps += 1
                }
                guard brace < close, matching[brace] > brace else { break }
                let end = Int(matching[brace])
                if let minimum = iosAvailability(at: brace + 1).minimum {
                    for statement in brace + 1..<end where parent[statement] == Int32(brace) && code[statement].keyword == .return {
                        let lowest = exits.last.map { Swift.min($0.lowestMinimum, minimum) } ?? minimum
                        exits.append(EarlyExit(end: end, lowestMinimum: lowest))
                        break
                    }
                    steps += end - brace
                }
                cursor = end
            } else if code[cursor].kind.isOpeningBracket, matching[cursor] > cursor {
                cursor = Int(matching[cursor])
            }
            cursor += 1
        }
        ScalingCounter.add(steps)
        earlyExitMemo[open] = exits
        return exits
    }
}

/// An early `if #available(…) { return }` of a block (`SourceFile.earlyExits(in:)`).
struct EarlyExit {
    var end: Int
    var lowestMinimum: Version
}

/// Bits of `SourceFile.scopeFlags`.
enum ScopeFlags {
    static let unavailableOnIOS: UInt8 = 1
    static let preview: UInt8 = 2
}

/// Bits of `SourceFile.earlyExitAbove(_:)`.
enum EarlyExitAbove {
    static let inFunction: UInt8 = 1
    static let anywhere: UInt8 = 2
}
