import SeamLintCore

/// The lines of an XcodeGen `project.yml` as indented `key: value` pairs (`#` comments and
/// `- ` list markers dropped), and where a line sits: in an application target, a test target,
/// another target, or at the project level (`options`, `settings`, `configFiles`).
struct XcodeGenSpec {
    struct Line: Equatable { var indent: Int; var key: String; var value: String }

    enum Place: Hashable { case applicationTarget, testTarget, otherTarget, project }

    var lines: [Line] = []
    /// For each line, the index of the line that holds it (one indent level up), or -1.
    private var parents: [Int] = []

    /// An ASCII line (nearly all are) is read by bytes, any other by `Character`s (`characterLine`,
    /// which the byte path matches on ASCII text): by `Character`s, a spec cost a millisecond.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        for line in ManifestParser.lineRanges(bytes) {
            let read = line.isASCII ? Self.asciiLine(bytes, line.range)
                : Self.characterLine(Substring(String(decoding: bytes[line.range], as: UTF8.self)))
            if let read { lines.append(read) }
        }
        // A stack of open lines: linear in the number of lines.
        var open: [Int] = []
        for (index, line) in lines.enumerated() {
            while let last = open.last, lines[last].indent >= line.indent { open.removeLast() }
            parents.append(open.last ?? -1)
            open.append(index)
        }
    }

    /// The lines of `text` read by `Character`s only (the reference for `init`).
    static func characterLines(_ text: String) -> [Line] {
        text.split(whereSeparator: \.isNewline).compactMap { characterLine(Substring($0)) }
    }

    private static func characterLine(_ raw: Substring) -> Line? {
        var content = raw
        if let hash = content.firstIndex(of: "#"), hash == content.startIndex || content[content.index(before: hash)] == " " {
            content = content[..<hash]
        }
        let indent = content.prefix { $0 == " " || $0 == "\t" }.count
        let trimmed = ManifestParser.trim(content)
        guard !trimmed.isEmpty else { return nil }
        let body = trimmed.hasPrefix("- ") ? String(trimmed.dropFirst(2)) : trimmed
        guard let colon = body.firstIndex(of: ":") else { return Line(indent: indent, key: "", value: body) }
        let key = ManifestParser.trim(body[..<colon], also: "\"'")
        let value = ManifestParser.trim(body[body.index(after: colon)...])
        return Line(indent: indent, key: key, value: value)
    }

    /// `characterLine` of the ASCII bytes `range`, by bytes.
    private static func asciiLine(_ bytes: [UInt8], _ range: Range<Int>) -> Line? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func trimmed(_ range: Range<Int>, also extra: StaticString = "") -> Range<Int> {
            ManifestParser.trimmed(bytes, range, also: extra)
        }
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var end = range.upperBound
        if let hash = range.first(where: { bytes[$0] == UInt8(ascii: "#") }), hash == range.lowerBound || bytes[hash - 1] == 0x20 {
            end = hash
        }
        let indent = (range.lowerBound..<end).prefix { isSpace(bytes[$0]) }.count
        var body = trimmed(range.lowerBound..<end)
        guard !body.isEmpty else { return nil }
        if body.count >= 2, bytes[body.lowerBound] == UInt8(ascii: "-"), bytes[body.lowerBound + 1] == 0x20 { body = body.lowerBound + 2..<body.upperBound }
        guard let colon = body.first(where: { bytes[$0] == UInt8(ascii: ":") }) else { return Line(indent: indent, key: "", value: string(body)) }
        return Line(indent: indent, key: string(trimmed(body.lowerBound..<colon, also: "\"'")), value: string(trimmed(colon + 1..<body.upperBound)))
    }

    /// The line that holds line `index`, if any.
    func parent(of index: Int) -> Int? { parents[index] >= 0 ? parents[index] : nil }

    /// The value of `key` in the mapping that holds line `index` (its siblings), if any.
    func sibling(_ key: String, of index: Int) -> String? {
        let parent = parents[index]
        var cursor = parent + 1
        while cursor < lines.count && (parent < 0 || lines[cursor].indent > lines[parent].indent) {
            if parents[cursor] == parent && lines[cursor].key == key { return lines[cursor].value }
            cursor += 1
        }
        return nil
    }

    /// Where line `index` sits: under `targets:` → the target's kind by its `type`; else the project.
    func place(of index: Int) -> Place {
        var child = index
        var parent = parents[index]
        var steps = 0
        while parent >= 0 && steps < 256 {
            if lines[parent].key == "targets" && parents[parent] < 0 {
                // `child` is the target's own line (`App:`); its `type:` is one level down.
                let type = type(ofTarget: child)
                if type == "application" { return .applicationTarget }
                if type.contains("test") { return .testTarget }
                return .otherTarget
            }
            child = parent
            parent = parents[parent]
            steps += 1
        }
        return .project
    }

    private func type(ofTarget target: Int) -> String {
        var cursor = target + 1
        while cursor < lines.count && lines[cursor].indent > lines[target].indent {
            if parents[cursor] == target && lines[cursor].key == "type" { return ManifestParser.trim(lines[cursor].value, also: "\"'") }
            cursor += 1
        }
        return ""
    }
}

extension XcodeGenSpec {
    /// The line ranges of the `application` targets' mappings (each target's own line excluded).
    func applicationTargets() -> [(name: String, lines: Range<Int>)] {
        var result: [(name: String, lines: Range<Int>)] = []
        for (index, line) in lines.enumerated() where parents[index] >= 0 {
            let parent = parents[index]
            guard lines[parent].key == "targets", parents[parent] < 0 else { continue }
            var end = index + 1
            while end < lines.count && lines[end].indent > line.indent { end += 1 }
            let body = index + 1..<end
            let type = body.first { parents[$0] == index && lines[$0].key == "type" }.map { ManifestParser.trim(lines[$0].value, also: "\"'") }
            let platform = body.first { parents[$0] == index && lines[$0].key == "platform" }.map { lines[$0].value } ?? "iOS"
            if type == "application" && platform.contains("iOS") { result.append((line.key, body)) }
        }
        return result
    }

    /// The value of the first line keyed `key` among `range`, optionally under a line keyed `parentKey`.
    func value(of key: String, in range: Range<Int>, under parentKey: String? = nil) -> String? {
        for index in range where lines[index].key == key {
            if let parentKey, parents[index] < 0 || lines[parents[index]].key != parentKey { continue }
            return ManifestParser.trim(lines[index].value, also: "\"'")
        }
        return nil
    }
}
