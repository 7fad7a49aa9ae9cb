/// A JSON-RPC error answered to a request.
struct ResponseError: Error {
    var code: Int
    var message: String

    // JSON-RPC 2.0
    static let parseErrorCode = -32700
    static let invalidRequestCode = -32600
    static let methodNotFoundCode = -32601
    static let invalidParamsCode = -32602
    static let internalErrorCode = -32603
    // LSP
    static let serverNotInitializedCode = -32002
    static let requestCancelledCode = -32800

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
    static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequestCode, message: message) }

    var json: JSON { .object(["code": .integer(code), "message": .string(message)]) }
}

/// LSP's `MessageType` for `window/showMessage` and `window/logMessage`.
enum MessageType: Int {
    case error = 1, warning, info, log
}
