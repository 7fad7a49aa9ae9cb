import Foundation

/// A JSON5 file decoded by `JSONDecoder`, with the line and column of every key path from
/// `JSON5Outline` (Foundation's errors on Linux carry no position).
struct DecodedDocument {
    var value: ConfigurationValue
    /// Rendered key path → line and column.
    var positions: [String: (line: Int, column: Int)] = [:]

    static func decode(_ bytes: [UInt8], displayPath: String) -> Result<DecodedDocument, ConfigurationError> {
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
                file: displayPath, line: line, column: column, message: "malformed JSON5: \(syntax.message)")]))
        }
        var document = DecodedDocument(value: value)
        guard case .success(let scanned) = outline else { return .success(document) }  // positions are a courtesy
        for (path, offset) in scanned.offsets { document.positions[path] = position(offset) }
        if !scanned.duplicates.isEmpty {
            return .failure(ConfigurationError(scanned.duplicates.map { duplicate in
                let (line, column) = position(duplicate.offset)
                return ConfigurationProblem(file: displayPath, line: line, column: column, keyPath: duplicate.path.description,
                                            message: "duplicate key; only one of its values would be used")
            }))
        }
        return .success(document)
    }

    /// A problem at `keyPath`, with its position when known.
    func problem(_ displayPath: String, at keyPath: KeyPath, _ message: String) -> ConfigurationProblem {
        let position = positions[keyPath.description]
        return ConfigurationProblem(file: displayPath, line: position?.line, column: position?.column,
                                    keyPath: keyPath == .root ? "" : keyPath.description, message: message)
    }
}
