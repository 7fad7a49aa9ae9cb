import Foundation
import Testing

/// `--changed-lines-only` keeps a `Picker` finding when only the `.pickerStyle(.menu)` that made
/// it a menu changed: the finding sits on the unchanged `Picker` line, the modifier decided it.
@Suite struct PickerStyleChangeTests {
    static let arguments = ["--no-config", "--quiet", "--only-rule", "menu_touch_through"]

    static func filters(style: String?) -> String {
        """
        import SwiftUI

        struct Filters: View {
            @State private var size = 0

            var body: some View {
                Picker("Size", selection: $size) {
                    Text("Small").tag(0)
                }
        \(style.map { "        .pickerStyle(\($0))\n" } ?? "")    }
        }

        """
    }

    /// A committed project with one `Picker` styled `style` (none: the automatic style).
    static func project(style: String?) -> ConfigurationScratch {
        let repo = ConfigurationScratch()
        repo.git("init", "-q")
        repo.write("Package.swift", FactChangeTests.manifest(iOS: "16"))
        repo.write("Sources/Filters.swift", filters(style: style))
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "base")
        return repo
    }

    @Test func restylingAnOldPickerAsAMenuIsReported() {
        let repo = Self.project(style: ".segmented")
        repo.write("Sources/Filters.swift", Self.filters(style: ".menu"))
        let diff = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", "--changed-lines-only", repo.root])
        #expect(diff.output.contains("Filters.swift:7:9: warning: This menu-style `Picker`"), "\(diff.output)\n\(diff.errors)")
        repo.git("add", "-A")
        let staged = ConfigurationCommandLineTests.run(Self.arguments + ["--staged", "--changed-lines-only", repo.root])
        #expect(staged.output.contains("Filters.swift:7:9: warning: This menu-style `Picker`"), "\(staged.output)")
    }

    @Test func addingTheMenuStyleBelowAnOldPickerIsReported() {
        let repo = Self.project(style: nil)
        repo.write("Sources/Filters.swift", Self.filters(style: "MenuPickerStyle()"))
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", "--changed-lines-only", repo.root])
        #expect(run.output.contains("Filters.swift:7:9: warning:"), "\(run.output)\n\(run.errors)")
    }

    /// The same old automatic `Picker` with an unrelated line changed: nothing on a changed line
    /// decided it, so the filter drops it.
    @Test func anUnrelatedLineKeepsTheOldPickerOut() {
        let repo = Self.project(style: nil)
        repo.write("Sources/Filters.swift", Self.filters(style: nil) + "// a note\n")
        let run = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", "--changed-lines-only", repo.root])
        #expect(run.output.isEmpty, "\(run.output)")
        let whole = ConfigurationCommandLineTests.run(Self.arguments + ["--diff", "HEAD", repo.root])
        #expect(whole.output.contains("Filters.swift:7:9: warning: This `Picker` is a menu by default"), "\(whole.output)")
    }
}
