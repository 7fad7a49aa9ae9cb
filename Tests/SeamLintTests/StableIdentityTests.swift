import Foundation
import Testing
import SeamLintCore
@testable import SeamLintEngine
import SeamLintCLI

/// SARIF `partialFingerprints` and GitLab `fingerprint` name a finding by what it flags, as the
/// baseline does: never by its message (which names the deployment target and where it came from)
/// nor its line, so code-scanning alerts do not churn when nothing changed.
@Suite("Stable identities")
struct StableIdentityTests {
    /// Two sample apps side by side: project-rule findings (menus, whose message names the
    /// deployment target) and file-rule findings.
    static func projects(prepending prefix: String = "", configuration: String? = nil) throws -> Folder {
        let folder = try Folder(configuration.map { [".seamlint.json": $0] } ?? [:])
        for (sample, name) in [("MenuApp", "App"), ("SceneLookupApp", "Lookups")] {
            let target = folder.url.appendingPathComponent(name)
            try FileManager.default.copyItem(at: PackageRoot.url.appendingPathComponent("Samples/\(sample)"), to: target)
            try FileManager.default.removeItem(at: target.appendingPathComponent("expected.txt"))
            guard !prefix.isEmpty else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: target.path) where file.hasSuffix(".swift") {
                let url = target.appendingPathComponent(file)
                try Data((prefix + String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
            }
        }
        return folder
    }

    /// (rule, file, headline and help, fingerprint) per SARIF result and per GitLab issue, in report
    /// order (GitLab carries no help).
    static func identities(_ folder: Folder, _ extra: [String] = []) throws -> (sarif: [[String]], gitlab: [[String]]) {
        let sarif = try folder.lint(["--reporter", "sarif"] + extra)
        let gitlab = try folder.lint(["--reporter", "gitlab"] + extra)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let sarifRows = results.map { result -> [String] in
            let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            return [result["ruleId"] as? String ?? "", (location?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "",
                    ((result["message"] as? [String: String])?["text"] ?? "") + "\n"
                        + ((result["properties"] as? [String: Any])?["help"] as? String ?? ""),
                    (result["partialFingerprints"] as? [String: String])?.values.first ?? "missing"]
        }
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(gitlab.output.utf8)) as? [[String: Any]])
        let gitlabRows = issues.map { issue -> [String] in
            [issue["check_name"] as? String ?? "", (issue["location"] as? [String: Any])?["path"] as? String ?? "",
             issue["description"] as? String ?? "", issue["fingerprint"] as? String ?? "missing"]
        }
        return (sarifRows, gitlabRows)
    }

    static func fingerprints(_ rows: [[String]]) -> [String] { rows.map { $0[0] + " " + $0[1] + " " + $0[3] } }

    @Test func theSameTargetPassedThreeWaysKeepsEveryFingerprint() throws {
        let manifest = try Self.projects()
        defer { manifest.remove() }
        let configured = try Self.projects(configuration: "{ ios_deployment_target: \"16\" }")
        defer { configured.remove() }
        let fromManifest = try Self.identities(manifest)
        let fromConfiguration = try Self.identities(configured)
        let fromFlag = try Self.identities(manifest, ["--ios-deployment-target", "16"])
        #expect(fromManifest.sarif.contains { $0[0] == "menu_touch_through" }, "the menus are found")
        // Control: the menus' help names the target and where it came from, so the texts differ.
        let messages = Set([fromManifest, fromConfiguration, fromFlag].map { $0.sarif.map { $0[2] } })
        #expect(messages.count == 3, "\(messages)")
        for other in [fromConfiguration, fromFlag] {
            #expect(Self.fingerprints(other.sarif) == Self.fingerprints(fromManifest.sarif))
            #expect(Self.fingerprints(other.gitlab) == Self.fingerprints(fromManifest.gitlab))
        }
        #expect(Set(fromManifest.sarif.map { $0[3] }).count == fromManifest.sarif.count, "distinct findings, distinct identities")
    }

    @Test func linesInsertedAboveKeepEveryFingerprint() throws {
        let original = try Self.projects()
        defer { original.remove() }
        let moved = try Self.projects(prepending: "// A header added later.\n\n\n")
        defer { moved.remove() }
        let before = try Self.identities(original), after = try Self.identities(moved)
        #expect(!before.gitlab.isEmpty)
        #expect(Self.fingerprints(after.sarif) == Self.fingerprints(before.sarif))
        #expect(Self.fingerprints(after.gitlab) == Self.fingerprints(before.gitlab))
    }

    @Test func projectFindingsAreStampedOnlyWhenAsked() {
        let code = "import UIKit\nfunc f() {\n    let w = UIApplication.shared.keyWindow\n    _ = w\n}\n"
        var options = LintOptions(rules: allRules)
        let stamped = Linter(options: options, allRules: allRules).lint(sources: [(path: "A.swift", code: code)])
        options.stampsContentFingerprints = false
        let unstamped = Linter(options: options, allRules: allRules).lint(sources: [(path: "A.swift", code: code)])
        #expect(!stamped.diagnostics.isEmpty && stamped.diagnostics.allSatisfy { $0.contentFingerprint != nil })
        #expect(unstamped.diagnostics.contains { $0.contentFingerprint == nil }, "the key window pick is a project finding")
        #expect(unstamped.diagnostics.map(\.message) == stamped.diagnostics.map(\.message))
        let fingerprinting = Reporters.all.filter { $0.usesContentFingerprints }.map { $0.id }.sorted()
        #expect(fingerprinting == [GitLabReporter.id, SARIFReporter.id])
    }

    @Test func rewordingAMessageKeepsTheFingerprint() {
        let code = "import UIKit\nfunc f() {\n    let w = UIApplication.shared.keyWindow\n    _ = w\n}\n"
        let result = Linter(options: LintOptions(rules: allRules), allRules: allRules).lint(sources: [(path: "A.swift", code: code)])
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.contentFingerprint != nil }, "the linter stamps what it flags")
        var reworded = result.diagnostics
        for index in reworded.indices { reworded[index].message = "Reworded: " + reworded[index].message.uppercased() }
        let paths = result.diagnostics.map(\.location.file)
        #expect(Fingerprint.compute(reworded, paths: paths) == Fingerprint.compute(result.diagnostics, paths: paths))
        // Control: the flagged code is part of the identity.
        var edited = result.diagnostics
        for index in edited.indices { edited[index].contentFingerprint = "0000000000000000" }
        #expect(Fingerprint.compute(edited, paths: paths) != Fingerprint.compute(result.diagnostics, paths: paths))
    }

    /// The linter's stamp is the baseline's fingerprint: baselines recorded before still match.
    @Test func theStampIsTheBaselineFingerprint() {
        let code = "import UIKit\r\n\n\nfunc f() {\n    let w = UIApplication.shared.keyWindow\n\n\n}\n"
        let result = Linter(options: LintOptions(rules: allRules), allRules: allRules).lint(sources: [(path: "A.swift", code: code)])
        #expect(!result.diagnostics.isEmpty)
        let fingerprinter = BaselineFingerprinter(baselinePath: "/tmp/b.json", workingDirectory: "/tmp", source: { _ in Array(code.utf8) })
        for diagnostic in result.diagnostics {
            var unstamped = diagnostic
            unstamped.contentFingerprint = nil
            #expect(fingerprinter.fingerprint(of: unstamped) == diagnostic.contentFingerprint)
        }
    }

    @Test func asciiLinesCollapseAsTheCharacterPathDoes() {
        // Every ASCII byte, whitespace runs at the edges and inside, CR LF pairs; and a non-ASCII line.
        var generator = SystemRandomNumberGenerator()
        var samples: [[UInt8]] = [[], [0x20], [0x0D, 0x0A], Array("  a\t\tb \r\n c\u{0B}\u{0C}d\u{1C}\u{1F} ".utf8),
                                  Array((0..<128).map { UInt8($0) }), Array(" é\u{00A0}x\u{2028} y ".utf8)]
        for _ in 0..<500 {
            samples.append((0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x1F, 0x61, 0x7A, 0x2E].randomElement(using: &generator)!
            })
        }
        for sample in samples {
            #expect(ContentFingerprint.collapsingWhitespace(sample[...])
                    == ContentFingerprint.collapsingWhitespace(String(decoding: sample, as: UTF8.self)), "\(sample)")
        }
    }
}
