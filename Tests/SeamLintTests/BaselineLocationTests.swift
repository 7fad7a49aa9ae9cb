import Foundation
@testable import SeamLintEngine
import Testing

/// A configuration's `baseline` names a file inside the repository (else inside the
/// configuration's folder), links resolved; and no baseline error quotes the file's content.
@Suite struct BaselineLocationTests {
    static func run(_ arguments: [String]) -> ConfigurationCommandLineTests.Run {
        ConfigurationCommandLineTests.run(arguments)
    }

    /// A repository (a `.git` folder is enough) with one Swift file and a configuration at `config`.
    static func repository(config: String, baseline: String) -> ConfigurationScratch {
        let scratch = ConfigurationScratch()
        try! FileManager.default.createDirectory(atPath: scratch.path("repo/.git"), withIntermediateDirectories: true)
        scratch.write("repo/App/A.swift", BaselineCommandLineTests.keyWindow)
        scratch.write("repo/" + config, "{ baseline: '\(baseline)' }")
        return scratch
    }

    @Test("a baseline outside the repository is refused, and its content never shown",
          arguments: ["/etc/passwd", "../../outside.json", "../../../../../../../../etc/passwd"])
    func outside(baseline: String) {
        let scratch = Self.repository(config: "ci/seamlint.json", baseline: baseline)
        scratch.write("outside.json", #"{ "secret-token-123": 1 }"#)
        let run = Self.run(["--config", scratch.path("repo/ci/seamlint.json"), "--quiet", scratch.path("repo/App")])
        #expect(run.status == 2)
        #expect(run.errors.contains("baseline: '") && run.errors.contains("is outside the repository"), "\(run.errors)")
        #expect(!run.errors.contains("root:") && !run.errors.contains("secret") && !run.errors.contains("found"), "\(run.errors)")
    }

    @Test("a link inside the repository that leads out is refused")
    func linkLeadingOut() throws {
        let scratch = Self.repository(config: ".seamlint.json", baseline: "link.json")
        scratch.write("outside.json", #"{ "version": 1, "entries": [] }"#)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("repo/link.json"), withDestinationPath: scratch.path("outside.json"))
        let run = Self.run(["--config", scratch.path("repo/.seamlint.json"), "--quiet", scratch.path("repo/App")])
        #expect(run.status == 2)
        #expect(run.errors.contains("is outside the repository"), "\(run.errors)")
    }

    @Test("a baseline anywhere inside the repository is fine, above the configuration too",
          arguments: ["baseline.json", "../baseline.json", "sub/../baseline.json"])
    func inside(baseline: String) {
        let scratch = Self.repository(config: "ci/seamlint.json", baseline: baseline)
        let written = Self.run(["--config", scratch.path("repo/ci/seamlint.json"), "--quiet",
                                "--write-baseline", PathNames.standardize(baseline, relativeTo: scratch.path("repo/ci")),
                                scratch.path("repo/App")])
        #expect(written.status == 0, "\(written.errors)")
        let adopted = Self.run(["--config", scratch.path("repo/ci/seamlint.json"), "--quiet", scratch.path("repo/App")])
        #expect(adopted.status == 0 && adopted.output.isEmpty, "\(adopted.errors)")
    }

    @Test("outside a repository, the configuration's folder is the limit")
    func noRepository() {
        let scratch = ConfigurationScratch()
        scratch.write("App/A.swift", BaselineCommandLineTests.keyWindow)
        scratch.write("ci/seamlint.json", "{ baseline: '../baseline.json' }")
        let run = Self.run(["--config", scratch.path("ci/seamlint.json"), "--quiet", scratch.path("App")])
        #expect(run.status == 2)
        #expect(run.errors.contains("is outside the configuration's folder"), "\(run.errors)")
    }

    @Test("--baseline errors never quote the file", arguments: [
        "SECRET=hunter2\n",
        #"{ "secret": "hunter2", "version": 1, "entries": [] }"#,
        #"{ "version": 1, "entries": [{ "file": "a", "rule": "r", "fingerprint": "f", "secret": "hunter2" }] }"#,
        #"{ "version": 1, "secret": 1, "secret": 2, "entries": [] }"#,
        #"{ "version": 1, "entries": [] } hunter2"#,
    ])
    func errorsQuoteNothing(text: String) {
        let scratch = ConfigurationScratch()
        scratch.write("App/A.swift", BaselineCommandLineTests.keyWindow)
        let path = scratch.write("not-a-baseline", text)
        let run = Self.run(["--no-config", "--baseline", path, "--quiet", scratch.path("App")])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: \(path)"), "\(run.errors)")
        #expect(!run.errors.contains("SECRET") && !run.errors.contains("secret") && !run.errors.contains("hunter")
                && !run.errors.contains("'S'") && !run.errors.contains("'h'"), "\(run.errors)")
    }
}
