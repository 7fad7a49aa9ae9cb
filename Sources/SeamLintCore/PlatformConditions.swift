/// What an `#if` condition is on iOS: true, false or unknown (a build flag, a version check).
///
/// Swift (`os(tvOS)`, `canImport(UIKit)`, `targetEnvironment(macCatalyst)`) and the Objective-C
/// preprocessor (`TARGET_OS_TV`, `!TARGET_OS_IPHONE`, `defined(TARGET_OS_OSX)`, `#ifdef`) are read
/// with one small evaluator in three-valued logic, so `TARGET_OS_TV && DEBUG` is false and
/// `TARGET_OS_TV || DEBUG` unknown. Code is "not iOS code" only when its branch is false on iOS, or
/// an earlier branch of the same block is true there.
///
/// visionOS (`os(visionOS)`, `TARGET_OS_VISION`) is unknown rather than false: its windows are UIKit
/// scenes too, so its code is linted. Mac Catalyst is false, as it is for the Swift rules.
enum PlatformCondition {
    /// A condition's value on iOS; nil when unknown.
    typealias Value = Int?

    /// Conditions nested deeper than this (`((((…` a thousand times) are unknown, never a deep recursion.
    static let maximumDepth = 64

    /// The value on iOS of the condition at `range` of `file`, written after `directive`
    /// (`#if`, `#elseif`, `#elif`, `#ifdef`, `#ifndef`, `#elifdef`, `#elifndef`).
    static func value(of range: Range<Int>, directive: Int, in file: SourceFile) -> Value {
        var reader = Reader(file: file, end: range.upperBound, position: range.lowerBound,
                            objectiveC: file.language == .objectiveC)
        if file.tokenIs(directive, "#ifdef") || file.tokenIs(directive, "#elifdef") {
            return reader.definedName()
        }
        if file.tokenIs(directive, "#ifndef") || file.tokenIs(directive, "#elifndef") {
            return not(reader.definedName())
        }
        let result = reader.expression(depth: 0)
        // Anything left over (`#if A B`) is not understood.
        return reader.position == reader.end ? result : nil
    }

    static func not(_ value: Value) -> Value { value.map { $0 == 0 ? 1 : 0 } }

    /// `TargetConditionals.h` on an iOS device or simulator. Names absent here are unknown; the
    /// value nil marks a name the SDK defines whose value differs by build (simulator, visionOS).
    static let targetConditionals: [String: Int?] = [
        "TARGET_OS_IOS": 1, "TARGET_OS_IPHONE": 1, "TARGET_OS_MAC": 1, "__APPLE__": 1,
        "TARGET_OS_TV": 0, "TARGET_OS_WATCH": 0, "TARGET_OS_OSX": 0, "TARGET_OS_MACCATALYST": 0,
        "TARGET_OS_UIKITFORMAC": 0, "TARGET_OS_BRIDGE": 0, "TARGET_OS_DRIVERKIT": 0,
        "TARGET_OS_LINUX": 0, "TARGET_OS_WINDOWS": 0,
        "TARGET_OS_VISION": nil, "TARGET_OS_XR": nil, "TARGET_OS_SIMULATOR": nil, "TARGET_IPHONE_SIMULATOR": nil,
        "TARGET_OS_EMBEDDED": nil,
    ]

    private struct Reader {
        let file: SourceFile
        let end: Int
        var position: Int
        let objectiveC: Bool

        func isOperator(_ text: StaticString) -> Bool { position < end && file.tokenIs(position, text) }

        mutating func expression(depth: Int) -> Value {
            guard depth < PlatformCondition.maximumDepth else { position = end; return nil }
            var result = conjunction(depth: depth)
            while isOperator("||") {
                position += 1
                let right = conjunction(depth: depth)
                if result == nil || right == nil {
                    result = (result.map { $0 != 0 } ?? false) || (right.map { $0 != 0 } ?? false) ? 1 : nil
                } else {
                    result = result! != 0 || right! != 0 ? 1 : 0
                }
            }
            return result
        }

        mutating func conjunction(depth: Int) -> Value {
            var result = comparison(depth: depth)
            while isOperator("&&") {
                position += 1
                let right = comparison(depth: depth)
                if result == 0 || right == 0 {
                    result = 0
                } else if result == nil || right == nil {
                    result = nil
                } else {
                    result = 1
                }
            }
            return result
        }

        mutating func comparison(depth: Int) -> Value {
            let left = unary(depth: depth)
            let compare: ((Int, Int) -> Bool)?
            if isOperator("==") { compare = (==) } else if isOperator("!=") { compare = (!=) }
            else if isOperator(">=") { compare = (>=) } else if isOperator("<=") { compare = (<=) }
            else if isOperator(">") { compare = (>) } else if isOperator("<") { compare = (<) } else { compare = nil }
            guard let compare else { return left }
            position += 1
            let right = unary(depth: depth)
            guard let left, let right else { return nil }
            return compare(left, right) ? 1 : 0
        }

        mutating func unary(depth: Int) -> Value {
            guard depth < PlatformCondition.maximumDepth, position < end else { position = end; return nil }
            if isOperator("!") {
                position += 1
                return PlatformCondition.not(unary(depth: depth + 1))
            }
            let token = file.code[position]
            if token.kind == .leftParen {
                let close = Int(file.matching[position])
                guard close > position, close < end else { position = end; return nil }
                position += 1
                let inner = expression(depth: depth + 1)
                position = close + 1
                return inner
            }
            if token.kind == .integerLiteral {
                position += 1
                return Int(file.text(at: position - 1).filter { $0.isNumber }.prefix(18))
            }
            if file.isName(position, "true") { position += 1; return 1 }
            if file.isName(position, "false") { position += 1; return 0 }
            guard file.isNameLike(position) else { position = end; return nil }
            if objectiveC && file.isName(position, "defined") {
                position += 1
                return definedName()
            }
            let name = position
            position += 1
            // A call: `os(tvOS)`, `canImport(UIKit)`, `swift(>=5.9)`, `__has_include(<…>)`.
            if position < end, file.code[position].kind == .leftParen, file.matching[position] > position {
                let close = Int(file.matching[position])
                let argument = position + 1 < close ? position + 1 : nil
                position = min(close + 1, end)
                return objectiveC ? nil : swiftCall(name, argument: argument)
            }
            return objectiveC ? PlatformCondition.targetConditionals[file.text(at: name)] ?? nil : nil
        }

        /// `defined(NAME)`, `defined NAME`, or the name after `#ifdef`.
        mutating func definedName() -> Value {
            var name = position
            var close: Int?
            if name < end, file.code[name].kind == .leftParen {
                close = Int(file.matching[name])
                name += 1
            }
            guard name < end, file.isNameLike(name) else { position = end; return nil }
            position = close.map { $0 + 1 } ?? name + 1
            // The SDK defines every name of its table (some with a value that varies by build).
            return PlatformCondition.targetConditionals[file.text(at: name)] != nil ? 1 : nil
        }

        /// `os(…)`, `canImport(…)`, `targetEnvironment(…)` on iOS; other calls are unknown.
        func swiftCall(_ name: Int, argument: Int?) -> Value {
            guard let argument else { return nil }
            if file.isName(name, "os") {
                if file.isName(argument, "iOS") { return 1 }
                if file.isName(argument, "visionOS") || file.isName(argument, "xrOS") { return nil }
                return 0
            }
            if file.isName(name, "canImport") {
                if file.isName(argument, "UIKit") { return 1 }
                if file.isName(argument, "AppKit") || file.isName(argument, "Cocoa") || file.isName(argument, "WatchKit") {
                    return 0
                }
                return nil
            }
            if file.isName(name, "targetEnvironment") {
                return file.isName(argument, "macCatalyst") ? 0 : nil
            }
            return nil
        }
    }
}
