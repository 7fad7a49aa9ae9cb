import SeamLintCore

/// The four representable protocols and the requirement names that belong to each.
enum RepresentableFamily: String, Sendable, CaseIterable {
    case uiView = "UIViewRepresentable"
    case uiViewController = "UIViewControllerRepresentable"
    case nsView = "NSViewRepresentable"
    case nsViewController = "NSViewControllerRepresentable"

    /// The protocol name, as written in an inheritance clause.
    var protocolName: String { rawValue }

    /// `UIView`, `UIViewController`, `NSView`, `NSViewController`: the stem of the requirement names.
    var stem: String {
        switch self {
        case .uiView: return "UIView"
        case .uiViewController: return "UIViewController"
        case .nsView: return "NSView"
        case .nsViewController: return "NSViewController"
        }
    }

    /// `makeUIView`, `makeUIViewController`, …
    var makeName: String { "make" + stem }
    /// `updateUIView`, …
    var updateName: String { "update" + stem }
    /// `dismantleUIView`, … — a *static* requirement.
    var dismantleName: String { "dismantle" + stem }

    /// The family whose protocol is spelled by code token `index`, if any.
    static func protocolNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "UIViewRepresentable") { return .uiView }
        if file.tokenIs(index, "UIViewControllerRepresentable") { return .uiViewController }
        if file.tokenIs(index, "NSViewRepresentable") { return .nsView }
        if file.tokenIs(index, "NSViewControllerRepresentable") { return .nsViewController }
        return nil
    }

    /// The family whose protocol is named `name`.
    static func protocolNamed(_ name: String) -> RepresentableFamily? {
        RepresentableFamily(rawValue: name)
    }

    /// The family whose `dismantle…` requirement is spelled by code token `index`, if any.
    static func dismantleNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "dismantleUIView") { return .uiView }
        if file.tokenIs(index, "dismantleUIViewController") { return .uiViewController }
        if file.tokenIs(index, "dismantleNSView") { return .nsView }
        if file.tokenIs(index, "dismantleNSViewController") { return .nsViewController }
        return nil
    }

    /// The family whose `make…` requirement is spelled by code token `index`, if any.
    static func makeNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "makeUIView") { return .uiView }
        if file.tokenIs(index, "makeUIViewController") { return .uiViewController }
        if file.tokenIs(index, "makeNSView") { return .nsView }
        if file.tokenIs(index, "makeNSViewController") { return .nsViewController }
        return nil
    }

    /// The family whose `update…` requirement is spelled by code token `index`, if any.
    static func updateNamed(at index: Int, in file: SourceFile) -> RepresentableFamily? {
        if file.tokenIs(index, "updateUIView") { return .uiView }
        if file.tokenIs(index, "updateUIViewController") { return .uiViewController }
        if file.tokenIs(index, "updateNSView") { return .nsView }
        if file.tokenIs(index, "updateNSViewController") { return .nsViewController }
        return nil
    }
}

extension SourceFile {
    /// The representable protocols a type or extension declares conformance to in its own header.
    func representableFamilies(of declaration: Declaration) -> [RepresentableFamily] {
        inheritedNames(of: declaration).compactMap { RepresentableFamily.protocolNamed(at: $0, in: self) }
    }
}
