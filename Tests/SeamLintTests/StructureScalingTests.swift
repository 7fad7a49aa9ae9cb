@testable import SeamLintCore
import SeamLintEngine
@testable import SeamLintRules
import Testing

/// Rule and structure paths that were quadratic in one statement, one line or one file's
/// conditions, checked by counting steps (`ScalingCounter`), never by a clock
/// (`scripts/scaling-rules.py` times the same shapes on a release build).
@Suite("Structure scaling")
struct StructureScalingTests {
    static let header = "import UIKit\n\n"

    /// Lints `source` on this thread (one worker) with the scene rules and returns the steps
    /// counted and the diagnostics.
    static func lintSteps(_ source: String, rules: [any Rule.Type] = [KeyWindowLookup.self, ConnectedScenesFirst.self])
        -> (steps: Int, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let steps = ScalingCounter.counting {
            diagnostics = InMemoryLint.diagnostics([("A.swift", source)], rules: rules, workers: 1)
        }
        return (steps, diagnostics)
    }

    @Test("statement starts of every argument of one call cost linear steps in all")
    func statementStartsInOneCall() {
        ScalingTests.expectLinear(4000) { n in
            let source = "g(" + (0..<n).map { "a\($0).b" }.joined(separator: ", ") + ")\n"
            let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
            var starts = Set<Int>()
            let steps = ScalingCounter.counting {
                for index in 0..<file.code.count { starts.insert(file.statementStart(containing: index)) }
            }
            // The call, and its arguments: one list, starting at the first (the walk stops at `(`).
            #expect(starts == [0, 2])
            return steps
        }
    }

    @Test("the statement start of every interpolation in one string is found in linear steps")
    func statementStartsInOneString() {
        ScalingTests.expectLinear(4000) { n in
            let source = "let s = \"" + String(repeating: "\\(a.b)x", count: n) + "\"\n"
            let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
            var starts = Set<Int>()
            let steps = ScalingCounter.counting {
                for index in 0..<file.code.count { starts.insert(file.statementStart(containing: index)) }
            }
            #expect(starts.contains(0))
            return steps
        }
    }

    @Test("one call with thousands of lookup arguments lints in linear steps, one finding")
    func oneCallManyLookups() {
        ScalingTests.expectLinear(2000) { n in
            let source = Self.header + "func f() {\n    g(" + Array(repeating: "UIApplication.shared.keyWindow", count: n)
                .joined(separator: ", ") + ")\n}\n"
            let (steps, diagnostics) = Self.lintSteps(source)
            #expect(diagnostics.count == 1)
            return steps
        }
    }

    @Test("a string interpolating thousands of lookups lints in linear steps: columns and fingerprints on one long line")
    func oneInterpolationManyLookups() {
        ScalingTests.expectLinear(2000) { n in
            let source = Self.header + "func f() {\n    let s = \"" + String(repeating: "\\({ UIApplication.shared.keyWindow }()) ", count: n)
                + "\"\n}\n"
            let (steps, diagnostics) = Self.lintSteps(source)
            #expect(diagnostics.count == n)
            // Columns count scalars from the line's start, also past the long line's checkpoints.
            let prefix = "    let s = \"".count
            let width = "\\({ UIApplication.shared.keyWindow }()) ".count
            // (Each finding starts at its chain: `UIApplication`, after `\({ `; a closure, since a
            // lookup that only becomes text is not reported.)
            #expect(diagnostics.map(\.location.column) == (0..<n).map { prefix + 1 + $0 * width + "\\({ ".count })
            return steps
        }
    }

    @Test("columns on a long line of multibyte text count scalars")
    func columnsOnLongMultibyteLine() {
        let source = String(repeating: "é", count: 1000) + " x = 1\n"
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        let x = file.code.indices.first { file.tokenIs($0, "x") }!
        #expect(file.location(of: x).column == 1002)
    }

    @Test("thousands of `if #available` blocks, each holding a lookup, are read in linear steps")
    func sequentialAvailability() {
        ScalingTests.expectLinear(2000) { n in
            let source = Self.header + "func f() {\n" + String(repeating: "    if #available(iOS 13, *) { _ = 1 } else { _ = UIApplication.shared.keyWindow }\n"
                                                               + "    if #available(iOS 15, *) { _ = UIApplication.shared.keyWindow }\n", count: n) + "}\n"
            let (steps, diagnostics) = Self.lintSteps(source)
            // The `else` of `#available(iOS 13, *)` predates scenes: only the second of each pair.
            #expect(diagnostics.count == n)
            return steps
        }
    }

    @Test("the iOS bounds of many availability regions match a scan of every region")
    func availabilityIndexMatchesScan() {
        var source = "func f() {\n"
        for index in 0..<40 {
            let version = 10 + index % 9
            source += index % 3 == 0 ? "    guard #available(iOS \(version), *) else { return }\n"
                : index % 3 == 1 ? "    if #available(iOS \(version).1, *) { a() } else { b() }\n"
                : "    if #unavailable(iOS \(version)) { c(); if #available(iOS 9, *) { d() } }\n"
        }
        source += "}\n@available(iOS 16, *) func g() { e() }\n"
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        #expect(file.conditions.availability.count > 8)
        for index in 0..<file.code.count {
            var minimum: Version?, below: Version?
            for region in file.conditions.availability where region.range.contains(index) {
                if let value = region.minimum, minimum.map({ value > $0 }) ?? true { minimum = value }
                if let value = region.below, below.map({ value < $0 }) ?? true { below = value }
            }
            let answer = file.iosAvailability(at: index)
            #expect(answer.minimum == minimum && answer.below == below, "at \(index)")
        }
    }

    @Test("thousands of `#if` blocks, a deep `#if` nest and a long `#elseif` chain are read in linear steps")
    func manyConditionalBlocks() {
        ScalingTests.expectLinear(1000) { n in
            let sequential = String(repeating: "#if DEBUG\n_ = a\n#endif\n", count: n)
            let nested = (0..<n).map { "#if A\($0)\n_ = b\n" }.joined() + String(repeating: "#endif\n", count: n)
            let elseIfs = "#if os(iOS)\n_ = c\n" + (0..<n).map { "#elseif B\($0)\n_ = d\n" }.joined() + "#endif\n"
            let file = SourceFile(path: "A.swift", bytes: Array((sequential + nested + elseIfs).utf8))
            var excluded = 0
            let steps = ScalingCounter.counting {
                for index in 0..<file.code.count where file.isExcludedFromIOS(at: index) { excluded += 1 }
                // Outside the nest, each answer is short: the work per question must be too.
                for index in 0..<file.code.count where file.tokenIs(index, "a") || file.tokenIs(index, "d") {
                    _ = file.activeClauses(at: index)
                }
            }
            // The code of every `#elseif` after `os(iOS)`: `_ = d` and the next directive's condition.
            #expect(excluded >= 3 * n)
            return steps
        }
    }

    @Test("the `#if` branches around code match a scan of every branch")
    func clauseIndexMatchesScan() {
        let source = """
            #if A
            a()
            #if B
            b()
            #elseif os(macOS)
            c()
            #else
            d()
            #endif
            #elseif os(iOS)
            e()
            #if C
            #if D
            f()
            #endif
            #endif
            #else
            g()
            #endif
            h()
            #if E
            i()
            #if F
            j()
            """
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        #expect(file.conditions.clauseIndex != nil)
        for index in -1...file.code.count {
            let scanned = file.conditions.clauses.filter { $0.body.contains(index) }.map(\.directive)
            #expect(file.activeClauses(at: index).map(\.directive) == scanned, "at \(index)")
            var excluded = false
            for clause in file.conditions.clauses where clause.body.contains(index) {
                let condition = file.text(clause.condition.isEmpty ? 0..<0
                    : Int(file.code[clause.condition.lowerBound].start)..<file.code[clause.condition.upperBound - 1].end)
                if condition.contains("macOS") { excluded = true }
                if file.tokenIs(clause.directive, "#else") || file.tokenIs(clause.directive, "#elseif"),
                   clause.earlierConditions.contains(where: { range in range.contains { file.isName($0, "iOS") } }) {
                    excluded = true
                }
            }
            #expect(file.isExcludedFromIOS(at: index) == excluded, "at \(index)")
        }
    }

    @Test("an `if let` binding thousands of scene picks in one condition lints in linear steps, one finding")
    func oneConditionManyBindings() {
        ScalingTests.expectLinear(1000) { n in
            let source = Self.header + "func f() {\n    if " + (0..<n).map { "let s\($0) = UIApplication.shared.connectedScenes.first" }
                .joined(separator: ", ") + " { SKStoreReviewController.requestReview(in: s\(n - 1)) }\n}\n"
            let (steps, diagnostics) = Self.lintSteps(source)
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.message.contains("requestReview") == true, "the StoreKit call is still found")
            return steps
        }
    }

    @Test("a lookup at every level of deeply nested calls lints in linear steps")
    func nestedCallsWithLookups() {
        ScalingTests.expectLinear(500) { n in
            let source = Self.header + "func f() {\n    _ = " + String(repeating: "g(UIApplication.shared.keyWindow, ", count: n) + "0"
                + String(repeating: ")", count: n) + "\n}\n"
            let (steps, diagnostics) = Self.lintSteps(source)
            #expect(diagnostics.count == n)
            return steps
        }
    }

    @Test("thousands of lookups in one view controller method, or in the members of an extension, lint in linear steps")
    func lookupsInOneTypeLinear() {
        ScalingTests.expectLinear(1000) { n in
            let controller = "final class C: UIViewController {\n    func f() {\n"
                + String(repeating: "        _ = UIApplication.shared.keyWindow\n", count: n) + "    }\n}\n"
            let members = "extension Model {\n" + (0..<n).map { "    func f\($0)() { _ = UIApplication.shared.keyWindow }\n" }.joined() + "}\n"
            let (steps, diagnostics) = Self.lintSteps(Self.header + controller + members)
            #expect(diagnostics.count == 2 * n)
            #expect(diagnostics.first?.help?.contains("view.window") == true, "the controller's own window is suggested")
            return steps
        }
    }

    @Test("thousands of view controller methods in a file importing neither UIKit nor AppKit lint in linear steps")
    func controllerMethodsWithoutImports() {
        ScalingTests.expectLinear(1000) { n in
            let source = "import SwiftUI\n\nextension C {\n" + (0..<n).map { "    func f\($0)() { _ = view.window }\n" }.joined()
                + "    override func viewDidLoad() {\n        super.viewDidLoad()\n        _ = view.window?.bounds\n    }\n}\n"
                + "class C: UIViewController {}\n"
            let (steps, diagnostics) = Self.lintSteps(source, rules: [WindowBeforeAppearance.self])
            #expect(diagnostics.count == 1)
            return steps
        }
    }

    @Test("thousands of window creations after an early `if #available … return` are gated in linear steps")
    func gatedWindowCreations() {
        ScalingTests.expectLinear(1000) { n in
            let source = Self.header + "func f(s: UIWindowScene) {\n    if #available(iOS 18, *) { return }\n"
                + (0..<n).map { "    let w\($0) = OverlayWindow(windowScene: s)\n" }.joined() + "}\n"
            let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
            var creations: [(name: Int, isGated: Bool)] = []
            let steps = ScalingCounter.counting { creations = file.customWindowCreations() }
            #expect(creations.count == n && creations.allSatisfy(\.isGated))
            return steps
        }
    }

    @Test("a window created in an `if` condition after `#unavailable(iOS 17)` is gated, after only `#unavailable(iOS 19)` not")
    func unavailableConditions() {
        let source = """
            func f(s: UIWindowScene) {
                if #unavailable(iOS 17), #unavailable(iOS 19), let w = OverlayWindow(windowScene: s) { _ = w }
            }
            func g(s: UIWindowScene) {
                if #unavailable(iOS 19), let w = OverlayWindow(windowScene: s) { _ = w }
            }
            """
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        #expect(file.customWindowCreations().map(\.isGated) == [true, false])
    }

    @Test("Objective-C: thousands of lookups in one method, and thousands of arguments of one message, lint in linear steps",
          .enabled(if: ObjectiveCFixture.isAvailable))
    func objectiveCLookupsInOneMethod() throws {
        try ScalingTests.expectLinear(500) { n in
            let source = "@implementation A\n- (void)f {\n"
                + String(repeating: "    UIWindow *w = [UIApplication sharedApplication].keyWindow;\n", count: n)
                + "    [self g:" + Array(repeating: "[UIApplication sharedApplication].keyWindow", count: n).joined(separator: " h:")
                + "];\n    UIWindowScene *scene = [UIApplication sharedApplication].connectedScenes.anyObject;\n"
                + "    [SKStoreReviewController requestReviewInScene:scene];\n}\n@end\n"
            let file = try ObjectiveCFixture.file(source)
            var lookups: [SceneLookup] = []
            let steps = ScalingCounter.counting { lookups = file.objectiveCSceneLookups() }
            #expect(lookups.count == n + 2)
            #expect(lookups.last?.storeKitCall == .storeReviewControllerRequestReview)
            return steps
        }
    }

    @Test("a lookup at every level of thousands of nested closures, types or interpolations lints in linear steps")
    func nestedScopesWithLookups() {
        let shapes: [(Int) -> String] = [
            { n in "func f() {\n" + String(repeating: "run {\n_ = UIApplication.shared.keyWindow\n", count: n)
                + String(repeating: "}\n", count: n) + "}\n" },
            { n in (0..<n).map { "struct T\($0) {\n    func f() { _ = UIApplication.shared.keyWindow }\n" }.joined()
                + String(repeating: "}\n", count: n) },
            { n in "func f() {\n    _ = " + String(repeating: "\"\\({ UIApplication.shared.keyWindow }())\\(", count: n) + "0"
                + String(repeating: ")\"", count: n) + "\n}\n" },
        ]
        for shape in shapes {
            ScalingTests.expectLinear(500) { n in
                let (steps, diagnostics) = Self.lintSteps(Self.header + shape(n))
                #expect(diagnostics.count == n)
                return steps
            }
        }
    }

    @Test("where code runs (previews, iOS, early exits, enclosing function) is asked of every token of a deep nest in linear steps")
    func scopeQuestionsInDeepNests() {
        ScalingTests.expectLinear(1000) { n in
            let source = "func f() {\n    if #available(iOS 18, *) { return }\n" + String(repeating: "run { x()\n", count: n)
                + String(repeating: "}\n", count: n) + "}\n"
            let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
            var below = 0
            let steps = ScalingCounter.counting {
                for index in 0..<file.code.count {
                    _ = file.isPreviewCode(at: index)
                    _ = file.isOutsideIOS(at: index)
                    _ = file.enclosingFunction(of: index)
                    if file.runsOnlyBelowIOS(Version(18), at: index) { below += 1 }
                }
            }
            #expect(below > 3 * n)
            return steps
        }
    }

    /// The answers of the walks the per-file tables replaced.
    static func walkedAnswers(_ file: SourceFile, at index: Int, _ version: Version)
        -> (preview: Bool, outside: Bool, function: Int?, below: Bool, declarations: [Int]) {
        var declarations: [Int] = []
        var open = Int(file.parent[index])
        var preview = false
        while open >= 0 {
            if let owner = file.bodyOwner[Int32(open)] {
                declarations.append(Int(owner))
                let declaration = file.declarations[Int(owner)]
                if declaration.isType && file.declaration(declaration, inheritsFrom: "PreviewProvider") { preview = true }
            }
            if file.code[open].kind == .leftBrace {
                var before = open - 1
                if before >= 0, file.code[before].kind == .rightParen, file.matching[before] >= 0 { before = Int(file.matching[before]) - 1 }
                if before >= 0, file.tokenIs(before, "#Preview") { preview = true }
            }
            open = Int(file.parent[open])
        }
        var function: Int?
        for owner in declarations {
            let declaration = file.declarations[owner]
            if declaration.isFunctionLike || declaration.kind == .variable { function = owner; break }
            if declaration.isType { break }
        }
        let unavailable = declarations.contains { owner in
            file.declarations[owner].attributes.contains { attribute in
                guard file.attributeIs(attribute, "available"), file.code[attribute + 1].kind == .leftParen,
                      file.matching[attribute + 1] > attribute + 1 else { return false }
                let close = Int(file.matching[attribute + 1])
                guard file.isName(attribute + 2, "iOS") || file.tokenIs(attribute + 2, "*") else { return false }
                return (attribute + 2..<close).contains { file.isName($0, "unavailable") }
            }
        }
        return (preview, file.isExcludedFromIOS(at: index) || unavailable, function.flatMap { file.declarations[$0].name },
                file.runsOnlyBelowIOS(version, at: index), declarations)
    }

    @Test("the per-file scope tables answer as the walks through every enclosing bracket did")
    func scopeTablesMatchWalks() {
        let source = """
            import SwiftUI
            struct P: PreviewProvider {
                static var previews: some View { run { Text(UIApplication.shared.keyWindow) } }
            }
            #Preview("x") { run { V() } }
            @available(iOS, unavailable)
            struct Mac { func f() { run { g(h { x }) } } }
            final class C {
                func f() {
                    if #available(iOS 17, *) { return }
                    run { if #available(iOS 18, *) { y() } else { z() } }
                    struct Inner { func g() { run { w() } } }
                    var v: Int { if #available(iOS 16, *) { return 1 }; return run { 2 } }
                }
            }
            func top() { if #available(iOS 15, *) { return }; run { [a(b), c { d }] } }
            """
        let file = SourceFile(path: "A.swift", bytes: Array(source.utf8))
        for version in [Version(16), Version(17), Version(18)] {
            for index in 0..<file.code.count {
                let walked = Self.walkedAnswers(file, at: index, version)
                #expect(file.isPreviewCode(at: index) == walked.preview, "preview at \(index)")
                #expect(file.isOutsideIOS(at: index) == walked.outside, "outside iOS at \(index)")
                #expect(file.enclosingFunction(of: index)?.name == walked.function, "function at \(index)")
                #expect(Array(file.enclosingDeclarations(of: index)) == walked.declarations, "declarations at \(index)")
            }
        }
        // Early exits: inside `run { … }` after the iOS 17 exit of `C.f`, not in `Inner.g`.
        let y = file.code.indices.first { file.isName($0, "y") }!
        let w = file.code.indices.first { file.isName($0, "w") }!
        let d = file.code.indices.first { file.isName($0, "d") }!
        #expect(file.runsOnlyBelowIOS(Version(17), at: y))
        #expect(!file.runsOnlyBelowIOS(Version(16), at: y))
        #expect(!file.runsOnlyBelowIOS(Version(17), at: w))
        #expect(file.runsOnlyBelowIOS(Version(15), at: d))
    }

    @Test("Objective-C: a lookup at every level of nested messages lints in linear steps", .enabled(if: ObjectiveCFixture.isAvailable))
    func objectiveCNestedMessages() throws {
        try ScalingTests.expectLinear(300) { n in
            let source = "@implementation A\n- (void)f {\n    "
                + String(repeating: "[self g:[UIApplication sharedApplication].keyWindow h:", count: n) + "0"
                + String(repeating: "]", count: n) + ";\n}\n@end\n"
            let file = try ObjectiveCFixture.file(source)
            var lookups: [SceneLookup] = []
            let steps = ScalingCounter.counting { lookups = file.objectiveCSceneLookups() }
            #expect(lookups.count >= 1)
            return steps
        }
    }

    @Test("Objective-C: thousands of scrollEdgeAppearance assignments of one local in one method are read in linear steps",
          .enabled(if: ObjectiveCFixture.isAvailable))
    func objectiveCScrollEdgeAssignmentsOfOneLocal() throws {
        try ScalingTests.expectLinear(500) { n in
            let source = "@implementation A\n- (void)f {\n    UINavigationBarAppearance *a = [[UINavigationBarAppearance alloc] init];\n"
                + "    [a configureWithOpaqueBackground];\n"
                + String(repeating: "    self.navigationController.navigationBar.scrollEdgeAppearance = a;\n", count: n) + "}\n@end\n"
            let file = try ObjectiveCFixture.file(source)
            var assignments: [ScrollEdgeAssignment] = []
            let steps = ScalingCounter.counting { assignments = file.objectiveCScrollEdgeAssignments() }
            #expect(assignments.count == n)
            #expect(assignments.allSatisfy { $0.opacity == .opaque })
            return steps
        }
    }
}
