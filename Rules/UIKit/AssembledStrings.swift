import SeamLintCore

/// A string expression read as far as its literal parts go, to see a class name assembled at run
/// time: Swift `"_UI" + "Context" + name`, `"_UI".appending("Bar")`, `"_\(prefix)Bar"`,
/// `String(format: "_%@%@", "UI", "Bar")`, `["_UI", "Bar"].joined()`; Objective-C adjacent literals,
/// `[@"_UI" stringByAppendingString:@"Bar"]`, `[NSString stringWithFormat:@"_%@Bar", @"UI"]`,
/// `[@[@"_UI", @"Bar"] componentsJoinedByString:@""]`. Locals bound earlier in the file to such an
/// expression are read through (`bindings`).
struct StringAssembler {
    enum Part: Equatable {
        case text([UInt8])
        case unknown
    }

    let file: SourceFile
    let isObjectiveC: Bool
    /// Names bound to string expressions with literal parts, in file order (latest wins).
    var bindings: [String: [Part]] = [:]

    private static let formatModifiers = Array("0123456789.-+# lhqLjzt$*".utf8)

    /// Deeper nesting reads as unknown: bounds the work on generated input.
    private static let maximumDepth = 12

    init(_ file: SourceFile) {
        self.file = file
        isObjectiveC = file.language != .swift
    }

    /// True when `range` is one string literal (or adjacent Objective-C literals): the literal rule
    /// judges those.
    func isSingleLiteral(_ range: Range<Int>) -> Bool {
        guard let end = file.stringLiteralEnd(from: range.lowerBound) else { return false }
        return end + 1 == range.upperBound
    }

    /// The parts of the expression that spans `range`.
    func parts(_ range: Range<Int>, depth: Int = 0) -> [Part] {
        let code = file.code
        guard depth < Self.maximumDepth, !range.isEmpty, range.upperBound <= code.count else { return [.unknown] }
        // Top-level `+` (Swift and Objective-C string pointers do not add, but `+` reads the same).
        var operands: [Range<Int>] = []
        var start = range.lowerBound, index = start
        while index < range.upperBound {
            if let end = file.stringLiteralEnd(from: index) {
                index = end + 1
                continue
            }
            if code[index].kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index]) + 1
                continue
            }
            if code[index].kind == .operator, file.tokenIs(index, "+"), index > start {
                operands.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound { operands.append(start..<range.upperBound) }
        if operands.count > 1 { return operands.flatMap { parts($0, depth: depth + 1) } }
        return operand(range, depth: depth)
    }

    private func operand(_ range: Range<Int>, depth: Int) -> [Part] {
        let code = file.code
        let first = range.lowerBound, last = range.upperBound - 1
        // `"_UINavigationBar" as NSString` (bridged to reach NSString's methods): the same text.
        if !isObjectiveC, last - 1 > first, Self.bridgedStringTypes.contains(where: { file.isName(last, $0) }) {
            var cast = last - 1
            if file.tokenIs(cast, "?") || file.tokenIs(cast, "!") { cast -= 1 }
            if cast > first, code[cast].keyword == .as { return parts(first..<cast, depth: depth + 1) }
        }
        // Literals, adjacent ones in Objective-C (`@"_UI" @"Bar"`).
        if code[first].kind == .stringDelimiter {
            var result: [Part] = []
            var index = first
            while index <= last, let end = file.stringLiteralEnd(from: index) {
                result += literal(index, end)
                index = end + 1
                if !isObjectiveC { break }
            }
            if index == last + 1 { return result }
        }
        // `( … )`
        if code[first].kind == .leftParen, Int(file.matching[first]) == last {
            return parts(first + 1..<last, depth: depth + 1)
        }
        if isObjectiveC { return objectiveCOperand(range, depth: depth) }
        // `String(format: "…", …)`
        if file.isName(first, "String"), first + 1 < last, code[first + 1].kind == .leftParen,
           Int(file.matching[first + 1]) == last, file.isName(first + 2, "format"), file.tokenIs(first + 3, ":") {
            return format(arguments(first + 4..<last), depth: depth)
        }
        if code[last].kind == .rightParen, file.matching[last] > first {
            let open = Int(file.matching[last])
            // `x.appending(y)`, `x.appendingFormat("…", …)`
            if open - 2 > first, file.tokenIs(open - 2, ".") {
                let receiver = first..<(open - 2)
                if file.isName(open - 1, "appending") {
                    return parts(receiver, depth: depth + 1) + parts(open + 1..<last, depth: depth + 1)
                }
                if file.isName(open - 1, "appendingFormat") {
                    return parts(receiver, depth: depth + 1) + format(arguments(open + 1..<last), depth: depth)
                }
                // `["_UI", "Bar"].joined()` / `.joined(separator: "")`
                if file.isName(open - 1, "joined"), code[first].kind == .leftSquare, Int(file.matching[first]) == open - 3 {
                    var separator: [Part] = []
                    if let label = file.argument("separator", inCall: open) { separator = parts(label + 2..<last, depth: depth + 1) }
                    return joined(arguments(first + 1..<(open - 3)), separator: separator, depth: depth)
                }
            }
        }
        return bound(range)
    }

    private static let bridgedStringTypes: [StaticString] = ["NSString", "String", "NSMutableString"]

    private func objectiveCOperand(_ range: Range<Int>, depth: Int) -> [Part] {
        let code = file.code
        let first = range.lowerBound, last = range.upperBound - 1
        guard code[first].kind == .leftSquare, Int(file.matching[first]) == last,
              let message = file.objectiveCMessage(at: first), let piece = message.pieces.first,
              let argument = message.arguments.first else { return bound(range) }
        let receiver = message.receiver.lowerBound..<(message.receiver.upperBound + 1)
        if file.isName(piece, "stringWithFormat") || file.isName(piece, "initWithFormat") {
            return format(arguments(argument), depth: depth)
        }
        if file.isName(piece, "stringWithString") || file.isName(piece, "initWithString") {
            return parts(argument, depth: depth + 1)
        }
        if file.isName(piece, "stringByAppendingString") {
            return parts(receiver, depth: depth + 1) + parts(argument, depth: depth + 1)
        }
        if file.isName(piece, "stringByAppendingFormat") {
            return parts(receiver, depth: depth + 1) + format(arguments(argument), depth: depth)
        }
        // `[@[@"_UI", @"Bar"] componentsJoinedByString:@""]`
        if file.isName(piece, "componentsJoinedByString"), file.tokenIs(receiver.lowerBound, "@"),
           receiver.lowerBound + 1 < receiver.upperBound, code[receiver.lowerBound + 1].kind == .leftSquare,
           Int(file.matching[receiver.lowerBound + 1]) == receiver.upperBound - 1 {
            let elements = arguments(receiver.lowerBound + 2..<(receiver.upperBound - 1))
            return joined(elements, separator: parts(argument, depth: depth + 1), depth: depth)
        }
        return [.unknown]
    }

    /// A local bound to a string expression earlier, else unknown.
    private func bound(_ range: Range<Int>) -> [Part] {
        var name = range.lowerBound
        if range.count == 3, file.code[name].keyword == .self, file.tokenIs(name + 1, ".") { name += 2 }
        guard name == range.upperBound - 1, file.code[name].kind == .identifier else { return [.unknown] }
        return bindings[file.text(at: name)] ?? [.unknown]
    }

    private func literal(_ open: Int, _ close: Int) -> [Part] {
        var result: [Part] = []
        var index = open + 1
        while index < close {
            let token = file.code[index]
            if token.kind == .stringSegment {
                let bytes = Array(file.bytes[token.range])
                result.append(bytes.contains(UInt8(ascii: "\\")) ? .unknown : .text(bytes))
                index += 1
            } else {
                result.append(.unknown)   // an interpolation
                index = file.matching[index] > index ? Int(file.matching[index]) + 1 : index + 1
            }
        }
        return result
    }

    /// Comma-separated expressions at the top level of `range`.
    func arguments(_ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound, index = start
        while index < range.upperBound {
            if let end = file.stringLiteralEnd(from: index) {
                index = end + 1
                continue
            }
            if file.code[index].kind.isOpeningBracket, file.matching[index] > index {
                index = Int(file.matching[index]) + 1
                continue
            }
            if file.code[index].kind == .comma {
                result.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }

    private func joined(_ elements: [Range<Int>], separator: [Part], depth: Int) -> [Part] {
        var result: [Part] = []
        for (position, element) in elements.enumerated() {
            if position > 0 { result += separator }
            result += parts(element, depth: depth + 1)
        }
        return result.isEmpty ? [.unknown] : result
    }

    /// `"_%@%@", "UI", "Bar"`: `%@` and `%s` take the next argument's parts, other conversions an
    /// unknown value, `%%` a percent sign.
    private func format(_ arguments: [Range<Int>], depth: Int) -> [Part] {
        guard let formatRange = arguments.first else { return [.unknown] }
        var text: [UInt8] = []
        for part in parts(formatRange, depth: depth + 1) {
            guard case .text(let bytes) = part else { return [.unknown] }
            text += bytes
        }
        var result: [Part] = []
        var next = 1
        var index = 0
        var pending: [UInt8] = []
        while index < text.count {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "%"), index < text.count else {
                pending.append(byte)
                continue
            }
            if text[index] == UInt8(ascii: "%") {
                pending.append(byte)
                index += 1
                continue
            }
            // Flags, width, precision and length, then the conversion; positional ones (`%1$@`) are unknown.
            let start = index
            while index < text.count, Self.formatModifiers.contains(text[index]) { index += 1 }
            if text[start..<index].contains(UInt8(ascii: "$")) { next = arguments.count }
            guard index < text.count else { break }
            let conversion = text[index]
            index += 1
            if !pending.isEmpty { result.append(.text(pending)); pending = [] }
            if (conversion == UInt8(ascii: "@") || conversion == UInt8(ascii: "s")), next < arguments.count {
                result += parts(arguments[next], depth: depth + 1)
            } else {
                result.append(.unknown)
            }
            next += 1
        }
        if !pending.isEmpty { result.append(.text(pending)) }
        return result.isEmpty ? [.text([])] : result
    }

    // MARK: Where an expression ends

    /// The end (exclusive) of the expression starting at `start`: before a comma, a semicolon, a
    /// closing bracket of an enclosing pair, a body `{`, a logical operator or a new line that does
    /// not continue it with `+` or `.`.
    func expressionEnd(from start: Int) -> Int {
        let code = file.code
        var index = start
        while index < code.count {
            let token = code[index]
            if index > start, token.flags.contains(.lineStart), !file.tokenIs(index, "+"), token.kind != .period,
               !file.tokenIs(index - 1, "+") { return index }
            if let end = file.stringLiteralEnd(from: index) {
                index = end + 1
                continue
            }
            switch token.kind {
            case .comma, .semicolon, .colon, .leftBrace: return index
            case .rightParen, .rightSquare, .rightBrace: return index
            case .leftParen, .leftSquare:
                guard file.matching[index] > index else { return index }
                index = Int(file.matching[index]) + 1
                continue
            case .operator:
                for stop: StaticString in ["&&", "||", "?", "==", "!=", "??", "=", "?:"] where file.tokenIs(index, stop) {
                    return index
                }
            case .keyword where token.keyword != .self:
                return index
            default:
                break
            }
            index += 1
        }
        return index
    }

    /// The private class name `parts` spell (`…` marks where an unknown part starts), when they
    /// are two or more pieces and the known start is a private class name or prefix.
    static func privateName(_ parts: [Part], isPrivate: (ArraySlice<UInt8>, Bool) -> Bool) -> String? {
        guard parts.count >= 2 else { return nil }
        var prefix: [UInt8] = []
        var complete = true
        for part in parts {
            guard case .text(let bytes) = part else {
                complete = false
                break
            }
            prefix += bytes
        }
        guard isPrivate(prefix[...], complete) else { return nil }
        return String(decoding: prefix, as: UTF8.self) + (complete ? "" : "…")
    }
}
