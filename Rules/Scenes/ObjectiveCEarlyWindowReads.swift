import SeamLintCore

/// A read of the view's window in a lifecycle method where it cannot be set yet.
struct ObjectiveCEarlyWindowRead: Sendable {
    /// The `window` token.
    var window: Int
    /// First and last code index of the read: `self` … `window`, or `[` … `]`.
    var start: Int
    var end: Int
    /// The method's selector: `viewDidLoad`, `viewWillAppear:`, `initWithFrame:`.
    var selector: String
    var host: WindowHost
}

extension SourceFile {
    /// Reads of `self.view.window` / `[self.view window]` / `self.viewIfLoaded.window` in a view
    /// controller's `init…`, `loadView`, `viewDidLoad`, `awakeFromNib` and `viewWillAppear:`, and of
    /// `self.window` / `[self window]` in a view's `init…` and `awakeFromNib`; the first per method.
    /// Not reported: reads not compiled for iOS (`#if TARGET_OS_TV`), inside a block literal (it runs later) and nil checks (`== nil`,
    /// `!= nil`, `!x`, or the read alone as an `if` condition).
    func objectiveCEarlyWindowReads() -> [ObjectiveCEarlyWindowRead] {
        guard mentionsText("window") else { return [] }
        let containers = objectiveCContainers()
        var reads: [ObjectiveCEarlyWindowRead] = []
        for container in containers where container.kind == .implementation {
            guard let name = container.name else { continue }
            let host = objectiveCWindowHost(ofClass: name, in: containers)
            guard host == .viewController || host == .view else { continue }
            for method in container.methods where !method.isClassMethod {
                guard let open = method.bodyOpen, let close = method.bodyClose else { continue }
                let selector = objectiveCSelector(of: method)
                guard isEarlyMoment(selector, host: host) else { continue }
                for index in open + 1..<close where isName(index, "window") && !isExcludedFromIOS(at: index) {
                    guard let (start, end) = objectiveCWindowRead(at: index, host: host, body: open) else { continue }
                    reads.append(ObjectiveCEarlyWindowRead(window: index, start: start, end: end, selector: selector, host: host))
                    break
                }
            }
        }
        return reads
    }

    private func isEarlyMoment(_ selector: String, host: WindowHost) -> Bool {
        if selector == "awakeFromNib" || selector == "init" || selector.hasPrefix("initWith") { return true }
        guard host == .viewController else { return false }
        return selector == "viewDidLoad" || selector == "loadView" || selector == "viewWillAppear:"
    }

    /// The first token of the read when `window` at `index` reads this view's (or this
    /// controller's view's) window directly in the method body opening at `body`.
    private func objectiveCWindowRead(at index: Int, host: WindowHost, body: Int) -> (start: Int, end: Int)? {
        guard let step = objectiveCStep(at: index), step.kind == .property || step.kind == .message,
              objectiveCMessage(withFirstPiece: index)?.isUnary ?? true else { return nil }
        // Code in a block literal runs later.
        var open = Int(parent[index])
        while open > body {
            if code[open].kind == .leftBrace && isObjectiveCBlockBody(open) { return nil }
            open = Int(parent[open])
        }
        let path = objectiveCPath(endingAt: step.end)
        guard path.last?.token == index, path.first.map({ isName($0.token, "self") }) == true else { return nil }
        switch host {
        case .viewController:
            guard path.count == 3, isName(path[1].token, "view") || isName(path[1].token, "viewIfLoaded") else { return nil }
        case .view:
            guard path.count == 2 else { return nil }
        default:
            return nil
        }
        let start = objectiveCExpressionStart(path)
        if isNilCheck(start: start, end: step.end) { return nil }
        return (start, step.end)
    }

    /// First code index of an expression given its steps: the outermost `[` of nested messages.
    func objectiveCExpressionStart(_ path: [ObjectiveCStep]) -> Int {
        guard let first = path.first else { return 0 }
        var start = first.token
        for step in path where step.kind == .message {
            if let message = objectiveCMessage(withFirstPiece: step.token) { start = min(start, message.open) }
        }
        return start
    }

    /// `x == nil`, `x != nil`, `nil == x`, `!x`, `if (x)`: code that expects the value to be missing.
    private func isNilCheck(start: Int, end: Int) -> Bool {
        let before = start - 1
        let after = end + 1
        if after + 1 < code.count, tokenIs(after, "==") || tokenIs(after, "!="), isName(after + 1, "nil") { return true }
        if before >= 1, tokenIs(before, "==") || tokenIs(before, "!="), isName(before - 1, "nil") { return true }
        if before >= 0, tokenIs(before, "!") { return true }
        if before >= 1, code[before].kind == .leftParen, after < code.count, code[after].kind == .rightParen,
           isName(before - 1, "if") || isName(before - 1, "while") { return true }
        return false
    }
}
