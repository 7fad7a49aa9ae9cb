import Foundation
import SeamLintCore

/// The rules folder read with SeamLint's own tokenizer and declaration scanner (as SwiftFormat's
/// tests parse SwiftFormat): which files declare rule types, which declare family helpers, and
/// which names each file uses. The registry generator and the organisation test both read it.
public struct RuleSourceIndex: Sendable {
    /// A type conforming to `Rule` (directly or through a protocol that refines it).
    public struct RuleType: Sendable, Hashable {
        public var name: String
        public var family: String
        /// Path relative to the package root (`Rules/Scenes/ConnectedScenesFirst.swift`).
        public var file: String
    }

    /// An internal (not `public`, not `private`) top-level symbol, or member of a top-level
    /// extension, declared in a family folder file that holds no rule.
    public struct Helper: Sendable, Hashable {
        public var name: String
        public var family: String
        public var file: String
    }

    /// One Swift file under `Rules/`.
    public struct SourceSummary: Sendable {
        public var file: String
        /// The family folder, or nil for a file directly in `Rules/`.
        public var family: String?
        /// Identifier tokens of the code (comments and strings excluded).
        public var usedNames: Set<String>
        /// Every name the file declares itself (types, members, locals, parameters).
        public var declaredNames: Set<String>
    }

    public var rules: [RuleType]
    public var helpers: [Helper]
    public var files: [SourceSummary]

    /// The protocols a rule type may conform to: `Rule` and the core protocols refining it.
    public static func ruleProtocols(coreFolder: String) -> Set<String> {
        var protocols: Set<String> = ["Rule"]
        var refinements: [(name: String, inherited: [String])] = []
        for path in SwiftFileCollector.collect([coreFolder]) {
            guard let file = load(path) else { continue }
            for declaration in file.declarations where declaration.kind == .protocol {
                guard let name = declaration.name else { continue }
                refinements.append((file.text(at: name), declaration.inheritance.map { file.text(at: $0) }))
            }
        }
        // Refinements of refinements: at most as many rounds as there are protocols.
        var changed = true
        while changed {
            changed = false
            for refinement in refinements where !protocols.contains(refinement.name)
                && refinement.inherited.contains(where: protocols.contains) {
                protocols.insert(refinement.name)
                changed = true
            }
        }
        return protocols
    }

    /// Reads every Swift file under `root/Rules`; rule types are recognised by `ruleProtocols`.
    public init(root: String, ruleProtocols: Set<String>) {
        let rulesFolder = root + "/Rules"
        var rules: [RuleType] = []
        var helpers: [Helper] = []
        var files: [SourceSummary] = []
        for path in SwiftFileCollector.collect([rulesFolder]) {
            guard let file = Self.load(path) else { continue }
            let relative = String(path.dropFirst(root.count + 1))
            let components = relative.split(separator: "/")
            let family = components.count == 3 ? String(components[1]) : nil
            var fileRules: [RuleType] = []
            var declared: Set<String> = []
            for declaration in file.declarations {
                if let name = declaration.name { declared.insert(file.text(at: name)) }
                for parameter in declaration.parameters { declared.insert(file.text(at: parameter.name)) }
                guard declaration.parent == nil, [.struct, .class, .enum, .actor].contains(declaration.kind),
                      let name = declaration.name,
                      declaration.inheritance.contains(where: { ruleProtocols.contains(file.text(at: $0)) })
                else { continue }
                fileRules.append(RuleType(name: file.text(at: name), family: family ?? "", file: relative))
            }
            rules += fileRules
            if let family, fileRules.isEmpty {
                helpers += Self.internalSymbols(of: file).map { Helper(name: $0, family: family, file: relative) }
            }
            var used: Set<String> = []
            for token in file.code where token.kind == .identifier {
                used.insert(file.text(token.range))
            }
            files.append(SourceSummary(file: relative, family: family, usedNames: used, declaredNames: declared))
        }
        self.rules = rules
        self.helpers = helpers
        self.files = files
    }

    /// Top-level internal declarations and the internal members of top-level extensions.
    static func internalSymbols(of file: SourceFile) -> [String] {
        var names: [String] = []
        for declaration in file.declarations {
            guard let name = declaration.name, !isHidden(declaration, in: file) else { continue }
            if declaration.parent == nil {
                if declaration.kind != .extension { names.append(file.text(at: name)) }
            } else if let parent = declaration.parent, file.declarations[parent].kind == .extension,
                      file.declarations[parent].parent == nil, !isHidden(file.declarations[parent], in: file) {
                names.append(file.text(at: name))
            }
        }
        return names
    }

    /// `private`, `fileprivate` and `public` declarations are not family helpers.
    static func isHidden(_ declaration: Declaration, in file: SourceFile) -> Bool {
        file.declaration(declaration, hasModifier: "private") || file.declaration(declaration, hasModifier: "fileprivate")
            || file.declaration(declaration, hasModifier: "public")
    }

    static func load(_ path: String) -> SourceFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SourceFile(path: path, bytes: Array(data))
    }
}
