/// A read of the view's window in a lifecycle method where it cannot be set yet.
public struct ObjectiveCEarlyWindowRead: Sendable {
    /// The `window` token.
    public var window: Int
    /// First and last code index of the read: `self` … `window`, or `[` … `]`.
    public var start: Int
    public var end: Int
    /// The method's selector: `viewDidLoad`, `viewWillAppear:`, `initWithFrame:`.
    public var selector: String
    public var host: WindowHost
}

/// `addObserver:forKeyPath:@"subviews"…`: the key-path argument.
public struct ObjectiveCSubviewsObservation: Sendable {
    /// First code index of the key-path argument (`@"`, or `NSStringFromSelector`).
    public var keyPath: Int
    /// Last code index of the argument.
    public var keyPathEnd: Int
    /// The receiver of `addObserver:…`: its first and last code index.
    public var receiver: ClosedRange<Int>
}

extension SourceFile {
    /// Reads of `self.view.window` / `[self.view window]` / `self.viewIfLoaded.window` in a view
    /// controller's `init…`, `loadView`, `viewDidLoad`, `awakeFromNib` and `viewWillAppear:`, and of
    /// `self.window` / `[self window]` in a view's `init…` and `awakeFromNib`; the first per method.
    /// Not reported: reads inside a block literal (it runs later) and nil checks (`== nil`,
    /// `!= nil`, `!x`, or the read alone as an `if` condition).
    public func objectiveCEarlyWindowReads() -> [ObjectiveCEarlyWindowRead] {
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
                for index in open + 1..<close where isName(index, "window") {
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

    /// Key-value observation of `subviews`: `[x addObserver:o forKeyPath:@"subviews" …]`, with the
    /// key path as a literal (a dotted path through `subviews` too) or
    /// `NSStringFromSelector(@selector(subviews))`.
    public func objectiveCSubviewsObservations() -> [ObjectiveCSubviewsObservation] {
        guard mentionsText("subviews") else { return [] }
        var observations: [ObjectiveCSubviewsObservation] = []
        for index in code.indices where code[index].kind == .leftSquare {
            guard let message = objectiveCMessage(at: index), message.pieces.count >= 2,
                  tokenIs(message.pieces[0], "addObserver"), tokenIs(message.pieces[1], "forKeyPath"),
                  let argument = objectiveCArgument("forKeyPath", of: message), !argument.isEmpty,
                  isSubviewsKeyPath(argument) else { continue }
            observations.append(ObjectiveCSubviewsObservation(keyPath: argument.lowerBound, keyPathEnd: argument.upperBound - 1,
                                                              receiver: message.receiver))
        }
        return observations
    }

    private func isSubviewsKeyPath(_ argument: Range<Int>) -> Bool {
        let start = argument.lowerBound
        if code[start].kind == .stringDelimiter {
            guard let content = plainStringContent(from: start), stringLiteralEnd(from: start) == argument.upperBound - 1
            else { return false }
            return keyPathString(content, hasComponent: "subviews")
        }
        // NSStringFromSelector(@selector(subviews))
        guard isName(start, "NSStringFromSelector"), argument.count == 7 else { return false }
        return tokenIs(start + 2, "@selector") && isName(start + 4, "subviews")
    }
}
