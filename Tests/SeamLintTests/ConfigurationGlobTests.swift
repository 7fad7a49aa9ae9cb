@testable import SeamLintEngine
import Testing

/// `included` / `excluded` patterns: `*`, `?` within a component, `**` across components,
/// anchored at the configuration's folder, and a matched folder covering what is inside.
@Suite struct ConfigurationGlobTests {
    @Test(arguments: [
        ("Pods", "Pods", true),
        ("Pods", "Pods/Alamofire/Session.swift", true),
        ("Pods", "App/Pods/Session.swift", false),
        ("Pods/**", "Pods/A.swift", true),
        ("Pods/**", "Pods", true),
        ("*.swift", "Main.swift", true),
        ("*.swift", "App/Main.swift", false),
        ("**/*.swift", "App/Main.swift", true),
        ("**/*.swift", "Main.swift", true),
        ("**/*.generated.swift", "App/Model/User.generated.swift", true),
        ("**/*.generated.swift", "App/Model/User.swift", false),
        ("Sources/**/Generated", "Sources/Generated/A.swift", true),
        ("Sources/**/Generated", "Sources/App/Deep/Generated/A.swift", true),
        ("Sources/**/Generated", "Sources/App/NotGenerated/A.swift", false),
        ("Sources/*/Tests", "Sources/App/Tests/ATests.swift", true),
        ("Sources/*/Tests", "Sources/App/Deep/Tests/ATests.swift", false),
        ("File?.swift", "File1.swift", true),
        ("File?.swift", "File12.swift", false),
        ("File?.swift", "File/.swift", false),
        ("Caf?.swift", "Café.swift", true),
        ("*Tests*", "AppTests", true),
        ("*Tests*", "App", false),
        ("a*b*c", "abc", true),
        ("a*b*c", "aXXbYYc", true),
        ("a*b*c", "aXXbYY", false),
        ("./Sources//App/", "Sources/App/Main.swift", true),
        ("**/**/Legacy", "Legacy/Old.swift", true),
        ("Sources", "SourcesExtra/A.swift", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) throws {
        let glob = try GlobPattern.parse(pattern).get()
        #expect(glob.matches(path.split(separator: "/")) == expected)
    }

    /// An `included` walk keeps a folder only while something below it could still match.
    @Test(arguments: [
        ("Sources/App", "Sources", true),
        ("Sources/App", "Tests", false),
        ("Sources/*/Generated", "Sources/Kit", true),
        ("Sources/*/Generated", "Sources/Kit/Deep", false),
        ("**/Generated", "Anything/At/All", true),
        ("Sources", "Sources/Deep", true),
    ])
    func foldersThatMayContainMatches(pattern: String, folder: String, expected: Bool) throws {
        let glob = try GlobPattern.parse(pattern).get()
        #expect(glob.mayMatchInside(folder.split(separator: "/")) == expected)
    }

    @Test func deeplyNestedDoubleStarsStayFast() throws {
        let glob = try GlobPattern.parse("**/a/**/b/**/c/**/d").get()
        let path = Array(repeating: "x", count: 60).map { Substring($0) }
        #expect(!glob.matches(path))
    }
}
