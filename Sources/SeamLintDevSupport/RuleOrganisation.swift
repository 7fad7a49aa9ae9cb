import SeamLintCore

/// The organisation rules of `Rules/` (checked by OrganisationTests) and the generated registry.
public enum RuleOrganisation {
    public static let registryPath = "Rules/Registry.generated.swift"

    /// Words that stay one word in an id (`PrivateUIKitClass` → `private_uikit_class`).
    static let compoundWords = ["UIKit", "SwiftUI", "AppKit"]

    /// The id a rule type's name gives: `ConnectedScenesFirst` → `connected_scenes_first`,
    /// `SubviewsKVO` → `subviews_kvo` (an acronym is one word).
    public static func ruleID(forTypeName name: String) -> String {
        let characters = Array(name)
        func compound(at index: Int) -> String? {
            compoundWords.first { word in
                index + word.count <= characters.count && String(characters[index..<index + word.count]) == word
            }
        }
        var words: [String] = []
        var index = 0
        while index < characters.count {
            if let word = compound(at: index) {
                words.append(word)
                index += word.count
                continue
            }
            var end = index + 1
            if characters[index].isUppercase && end < characters.count && characters[end].isUppercase {
                // An acronym, up to the capital that starts the next capitalised word.
                while end < characters.count && characters[end].isUppercase && compound(at: end) == nil
                        && !(end + 1 < characters.count && characters[end + 1].isLowercase) {
                    end += 1
                }
            } else {
                while end < characters.count && !characters[end].isUppercase && compound(at: end) == nil { end += 1 }
            }
            let word = String(characters[index..<end])
            // Digits belong to the word before them (`UIKit2` → `uikit2`).
            if word.first?.isNumber == true, !words.isEmpty { words[words.count - 1] += word } else { words.append(word) }
            index = end
        }
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// Every breach of the organisation rules, one line each (empty: all is well).
    /// `registered`: the type names in `familyRules`, in order; `ids`: type name → metadata id for
    /// every registered rule (the engine's suppression rules included).
    public static func problems(_ index: RuleSourceIndex, registered: [String], ids: [String: String]) -> [String] {
        var problems: [String] = []
        let declared = Set(index.rules.map(\.name))
        for rule in index.rules {
            if rule.family.isEmpty {
                problems.append("\(rule.file): \(rule.name) is not in a family folder (Rules/<Family>/\(rule.name).swift)")
            }
            if !rule.file.hasSuffix("/\(rule.name).swift") {
                problems.append("\(rule.file): declares \(rule.name); a rule file is named after its rule type")
            }
            if !registered.contains(rule.name) {
                problems.append("\(rule.file): \(rule.name) is not registered in \(registryPath) "
                    + "(run `swift run seamlint-dev regenerate`)")
            }
        }
        for name in registered where !declared.contains(name) {
            problems.append("\(registryPath): \(name) is registered but no file in Rules/<Family>/ declares it")
        }
        for (name, id) in ids.sorted(by: { $0.key < $1.key }) where id != ruleID(forTypeName: name) {
            problems.append("\(name): id '\(id)' does not derive from the type name (expected '\(ruleID(forTypeName: name))')")
        }
        problems += helperProblems(index)
        return problems
    }

    /// A family helper used by a file of another family (or directly in `Rules/`).
    static func helperProblems(_ index: RuleSourceIndex) -> [String] {
        var namesByFamily: [String: Set<String>] = [:]
        for helper in index.helpers { namesByFamily[helper.family, default: []].insert(helper.name) }
        var problems: [String] = []
        for file in index.files {
            let own = file.family.flatMap { namesByFamily[$0] } ?? []
            for helper in index.helpers where helper.family != file.family && file.usedNames.contains(helper.name)
                && !own.contains(helper.name) && !file.declaredNames.contains(helper.name) {
                problems.append("\(file.file): uses \(helper.name), a helper of the \(helper.family) family "
                    + "(\(helper.file)); move it to the core or make the dependency a public fact type")
            }
        }
        return problems
    }

    /// The registered type names in the committed registry, in order (`    Name.self,` lines).
    public static func registeredNames(inRegistry text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = String(line).trimmingSpaces()
            guard trimmed.hasSuffix(".self,") else { return nil }
            return String(trimmed.dropLast(".self,".count))
        }
    }

    /// The registry source: the rules already registered keep their order (it is `lint rules`'
    /// order, and the order of every generated document); new ones follow by family and name.
    public static func registry(_ index: RuleSourceIndex, current: [String]) -> String {
        let declared = Set(index.rules.map(\.name))
        var order = current.filter { declared.contains($0) }
        let known = Set(order)
        order += index.rules.filter { !known.contains($0.name) }
            .sorted { ($0.family, $0.name) < ($1.family, $1.name) }.map(\.name)
        var text = """
            // Generated by `swift run seamlint-dev regenerate` from the rule types in Rules/<Family>/.
            // Do not edit: OrganisationTests fails when a rule type is missing here.
            import SeamLintCore

            /// Every rule of the family folders, in the order `lint rules` lists them. The command line's
            /// `allRules` appends the engine's `suppressionRules` to these.
            public let familyRules: [any Rule.Type] = [

            """
        for name in order { text += "    \(name).self,\n" }
        text += "]\n"
        return text
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
