import SeamLintCore

/// ANSI colours (SGR sequences) for the terminal reporter, or none. Only these fixed sequences are
/// ever written: text from input is escaped before it is painted.
public struct TerminalStyle: Sendable {
    public var color: Bool

    public init(color: Bool) { self.color = color }

    enum Paint: String {
        case bold = "1"
        case error = "1;31"
        case warning = "1;33"
        case note = "1;32"
        case help = "1;36"
        case gutter = "1;34"
        case dim = "2"
    }

    func paint(_ text: String, _ paint: Paint) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(paint.rawValue)m" + text + "\u{1B}[0m"
    }

    static func paint(for severity: Severity) -> Paint {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .note: .note
        }
    }
}
