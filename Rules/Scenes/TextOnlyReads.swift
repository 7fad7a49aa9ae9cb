import SeamLintCore

/// Reads that only become text: a value interpolated into a string literal (`"\(UIScreen.main.bounds)"`)
/// or handed straight to `print`/`debugPrint`/`dump`/`NSLog`. Text lays nothing out and picks no
/// window to present on: a log line, a debug description or a query parameter is the same whichever
/// window the code runs in. Shared by main_screen_lookup and key_window_lookup.
extension SourceFile {
    /// Brackets climbed at most: a read nested deeper inside one interpolation is not worth a longer
    /// climb (each step is one `parent` lookup, so the cost per read is constant).
    private static let textClimbLimit = 12

    /// True when code token `index` sits inside a string interpolation or is an argument of a
    /// print-like call, with no closure or block (`{`) in between.
    func isOnlyFormattedAsText(_ index: Int) -> Bool {
        var open = Int(parent[index])
        var steps = 0
        while open >= 0, steps < Self.textClimbLimit {
            switch code[open].kind {
            case .interpolationStart:
                return true
            case .leftParen:
                let callee = open - 1
                if code[callee].kind == .identifier,
                   isName(callee, "print") || isName(callee, "debugPrint") || isName(callee, "dump") || isName(callee, "NSLog") {
                    return true
                }
            case .leftBrace:
                return false
            default:
                break
            }
            open = Int(parent[open])
            steps += 1
        }
        return false
    }
}
