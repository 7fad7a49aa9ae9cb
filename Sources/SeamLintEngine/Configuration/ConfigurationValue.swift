import Foundation

/// A JSON5 document decoded by Foundation's `JSONDecoder` into an untyped tree, so that unknown
/// keys and wrong types can be reported by key path instead of being skipped by `Codable`.
indirect enum ConfigurationValue: Decodable, Sendable, Equatable {
    case object([String: ConfigurationValue])
    case array([ConfigurationValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: ConfigurationValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(ConfigurationValue.self, forKey: key)
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [ConfigurationValue] = []
            while !container.isAtEnd { elements.append(try container.decode(ConfigurationValue.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a number is out of range")
            }
        }
    }

    /// Decodes JSON5 (comments, trailing commas, unquoted keys, single quotes).
    static func decode(_ data: Data) throws -> ConfigurationValue {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return try decoder.decode(ConfigurationValue.self, from: data)
    }

    /// "a string", "an array": for "expected …, found …" messages.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// A scalar as rule-option text: numbers without a needless ".0".
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: nil
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
