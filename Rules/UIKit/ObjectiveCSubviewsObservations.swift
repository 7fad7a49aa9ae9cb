import SeamLintCore

/// `addObserver:forKeyPath:@"subviews"…`: the key-path argument.
struct ObjectiveCSubviewsObservation: Sendable {
    /// First code index of the key-path argument (`@"`, or `NSStringFromSelector`).
    var keyPath: Int
    /// Last code index of the argument.
    var keyPathEnd: Int
    /// The receiver of `addObserver:…`: its first and last code index.
    var receiver: ClosedRange<Int>
}

extension SourceFile {
    /// Key-value observation of `subviews`: `[x addObserver:o forKeyPath:@"subviews" …]`, with the
    /// key path as a literal (a dotted path through `subviews` too) or
    /// `NSStringFromSelector(@selector(subviews))`. Code not compiled for iOS (`#if TARGET_OS_OSX`) is skipped.
    func objectiveCSubviewsObservations() -> [ObjectiveCSubviewsObservation] {
        guard mentionsText("subviews") else { return [] }
        var observations: [ObjectiveCSubviewsObservation] = []
        for index in code.indices where code[index].kind == .leftSquare && !isExcludedFromIOS(at: index) {
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
