import SeamLintCore

/// The JSON Schema of `.seamlint.json` (draft-07, what editors support best), generated from
/// `ConfigurationKey`, the rule registry and the reporters, so it cannot drift from what the
/// loader accepts. Shipped as schemas/seamlint.schema.json; a test keeps the file current.
public enum ConfigurationSchema {
    public static let address = "https://github.com/seamlint/seamlint/blob/main/schemas/seamlint.schema.json"

    public static func rendered(rules: [RuleDescription], reporterIDs: [String]) -> String {
        func string(_ text: String) -> JSONValue { .string(text) }
        func object(_ members: [String: JSONValue]) -> JSONValue {
            var result: JSONObject = [:]
            for (key, value) in members { result[key] = value }
            return .object(result)
        }
        func reference(_ name: String) -> JSONValue { object(["$ref": string("#/definitions/\(name)")]) }
        func described(_ key: ConfigurationKey, _ members: [String: JSONValue]) -> JSONValue {
            object(members.merging(["description": string(key.summary)]) { $1 })
        }
        // Per rule: a level, or an object with `severity` and exactly the options the rule declares.
        let ruleSettings = Dictionary(uniqueKeysWithValues: rules.map { rule in
            var fields: [String: JSONValue] = ["severity": reference("level")]
            for option in rule.options { fields[option.name] = optionSchema(option) }
            let setting = object(["type": string("object"), "properties": object(fields), "additionalProperties": .bool(false)])
            return (rule.id, object(["description": string(rule.summary), "oneOf": .array([reference("level"), setting])]))
        })
        let globs: [String: JSONValue] = ["type": string("array"), "items": reference("glob")]
        var properties: [String: JSONValue] = [:]
        for key in ConfigurationKey.allCases {
            switch key {
            case .schema: properties[key.rawValue] = described(key, ["type": string("string")])
            case .rules:
                properties[key.rawValue] = described(key, ["type": string("object"), "properties": object(ruleSettings),
                                                           "additionalProperties": .bool(false)])
            case .optIn:
                properties[key.rawValue] = described(key, ["oneOf": .array([
                    object(["enum": .array([string("all")])]),
                    object(["type": string("array"), "items": reference("ruleID"), "uniqueItems": .bool(true)]),
                ])])
            case .only:
                properties[key.rawValue] = described(key, ["type": string("array"), "items": reference("ruleID"),
                                                           "uniqueItems": .bool(true)])
            case .included, .excluded: properties[key.rawValue] = described(key, globs)
            case .useDefaultExcludes, .strict, .objc: properties[key.rawValue] = described(key, ["type": string("boolean")])
            case .iosDeploymentTarget:
                properties[key.rawValue] = described(key, ["type": .array([string("string"), string("number")]),
                                                           "pattern": string("^[0-9]+(\\.[0-9]+){0,2}$")])
            case .reporter: properties[key.rawValue] = described(key, ["enum": .array(reporterIDs.map(string))])
            case .baseline: properties[key.rawValue] = described(key, ["type": string("string"), "minLength": .integer(1)])
            }
        }
        let levels = JSONValue.array(RuleLevel.allCases.map { string($0.rawValue) })
        let definitions: [String: JSONValue] = [
            "ruleID": object(["enum": .array(rules.map { string($0.id) })]),
            "level": object(["enum": levels]),
            "glob": object([
                "type": string("string"),
                "description": string("`*` any characters in one path component, `?` one character, `**` any number of components."),
                "pattern": string("^[^/\\[\\]{}\\\\!][^\\[\\]{}\\\\!]*$"),
            ]),
        ]
        return object([
            "$schema": string("http://json-schema.org/draft-07/schema#"),
            "$id": string(address),
            "title": string("SeamLint configuration (.seamlint.json)"),
            "description": string("Read as JSON5: comments, trailing commas and unquoted keys are allowed. See docs/configuration.md."),
            "type": string("object"),
            "properties": object(properties),
            "additionalProperties": .bool(false),
            "definitions": object(definitions),
        ]).rendered()
    }

    /// The type, default and description of one rule option.
    static func optionSchema(_ option: RuleOption) -> JSONValue {
        var members: JSONObject = ["description": .string(option.summary), "default": value(option.defaultValue)]
        switch option.kind {
        case .bool: members["type"] = .string("boolean")
        case .int: members["type"] = .string("integer")
        case .string: members["type"] = .string("string")
        case .strings:
            members["type"] = .string("array")
            members["items"] = .object(["type": .string("string")])
        case .choice(let choices): members["enum"] = .array(choices.map(JSONValue.string))
        }
        return .object(members)
    }

    private static func value(_ value: RuleOptionValue) -> JSONValue {
        switch value {
        case .bool(let flag): .bool(flag)
        case .int(let number): .integer(number)
        case .string(let text): .string(text)
        case .strings(let texts): .array(texts.map(JSONValue.string))
        }
    }
}
