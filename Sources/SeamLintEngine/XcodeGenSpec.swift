import SeamLintCore

/// The lines of an XcodeGen `project.yml` as indented `key: value` pairs (`#` comments and
/// `- ` list markers dropped), and where a line sits: in an application target, a test target,
/// another target, or at the project level (`options`, `settings`, `configFiles`).
struct XcodeGenSpec {
    struct Line { var indent: Int; var key: String; var value: String }

    enum Place: Hashable { case applicationTarget, testTarget, otherTarget, project }

    var lines: [Line] = []
    /// For each line, the index of the line that holds it (one indent level up), or -1.
    private var parents: [Int] = []

    init(_ text: String) {
        for raw in text.split(whereSeparator: \.isNewline) {
            var content = Substring(raw)
            if let hash = content.firstIndex(of: "#"), hash == content.startIndex || content[content.index(before: hash)] == " " {
                content = content[..<hash]
            }
            let indent = content.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = ManifestParser.trim(content)
            guard !trimmed.isEmpty else { continue }
            let body = trimmed.hasPrefix("- ") ? String(trimmed.dropFirst(2)) : trimmed
            guard let colon = body.firstIndex(of: ":") else {
                lines.append(Line(indent: indent, key: "", value: body))
                continue
            }
            let key = ManifestParser.trim(body[..<colon], also: "\"'")
            let value = ManifestParser.trim(body[body.index(after: colon)...])
            lines.append(Line(indent: indent, key: key, value: value))
        }
        // A stack of open lines: linear in the number of lines.
        var open: [Int] = []
        for (index, line) in lines.enumerated() {
            while let last = open.last, lines[last].indent >= line.indent { open.removeLast() }
            parents.append(open.last ?? -1)
            open.append(index)
        }
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
