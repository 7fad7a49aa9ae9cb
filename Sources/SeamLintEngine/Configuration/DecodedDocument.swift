import Foundation

/// A JSON5 file decoded by `JSONDecoder`, with the line and column of every key path from
/// `JSON5Outline` (Foundation's errors on Linux carry no position).
struct DecodedDocument {
    var value: ConfigurationValue
    /// Rendered key path → line and column.
    var positions: [String: (line: Int, column: Int)] = [:]

    /// `quotesContent`: false for files that may not be the user's own JSON (a baseline may be
    /// named by a configuration): messages then never quote a character or a key of the file.
    static func decode(_ bytes: [UInt8], displayPath: String, quotesContent: Bool = true) -> Result<DecodedDocument, ConfigurationError> {
        let outline = Result { () throws(JSON5Outline.SyntaxError) in try JSON5Outline(bytes) }
        func position(_ offset: Int) -> (line: Int, column: Int) {
            bytes.withUnsafeBufferPointer { TextPosition.lineAndColumn(of: min(offset, bytes.count), in: $0) }
        }
        let value: ConfigurationValue
        do {
            value = try ConfigurationValue.decode(Data(bytes))
        } catch {
            guard case .failure(let syntax) = outline else {
                return .failure(ConfigurationError([ConfigurationProblem(file: displayPath, message: "malformed JSON5")]))
            }
            let (line, column) = position(syntax.offset)
            return .failure(ConfigurationError([ConfigurationProblem(
                file: displayPath, line: line, column: column,
                message: "malformed JSON5: \(quotesContent ? syntax.message : syntax.expectation)")]))
        }
        var document = DecodedDocument(value: value)
        guard case .success(let scanned) = outline else { return .success(document) }  // positions are a courtesy
        let positions = bytes.withUnsafeBufferPointer { buffer in
            TextPosition.linesAndColumns(of: Array(scanned.offsets.values) + scanned.duplicates.map(\.offset), in: buffer)
        }
        document.positions.reserveCapacity(scanned.offsets.count)
        for (path, offset) in scanned.offsets { document.positions[path] = positions[offset] }
        if !scanned.duplicates.isEmpty {
            return .failure(ConfigurationError(scanned.duplicates.map { duplicate in
                let (line, column) = positions[duplicate.offset] ?? (1, 1)
                let shown = quotesContent ? duplicate.path : duplicate.path.parent
                return ConfigurationProblem(file: displayPath, line: line, column: column,
                                            keyPath: shown == .root ? "" : shown.description,
                                            message: "duplicate key; only one of its values would be used")
            }))
        }
        return .success(document)
    }

    /// A problem at `keyPath`, with its position when known; shown as `shownPath` (default: the
    /// same), which may leave out a key that is the file's content rather than a known name.
    func problem(_ displayPath: String, at keyPath: KeyPath, shownAs shownPath: KeyPath? = nil, _ message: String) -> ConfigurationProblem {
        let position = positions[keyPath.description]
        let shown = shownPath ?? keyPath
        return ConfigurationProblem(file: displayPath, line: position?.line, column: position?.column,
                                    keyPath: shown == .root ? "" : shown.description, message: message)
    }
}
