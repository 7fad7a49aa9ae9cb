import Dispatch
import SeamLintCore
import SeamLintEngine

/// The language server's state and message handling, independent of how messages arrive (`serve`
/// reads them from standard input; tests feed them directly). Messages are handled in order;
/// document changes are applied at once and linted by `settle`, which the loop calls once the
/// messages that arrived together are handled, so a burst of keystrokes costs one lint.
public final class LanguageServer {
    enum Phase { case uninitialized, running, shuttingDown }

    struct OpenDocument {
        var uri: String
        /// Nil for URIs that are not `file:` (never linted).
        var path: String?
        var text: TextDocument
        var version: Int?
    }

    /// What the client said it supports, as far as this server cares.
    struct ClientCapabilities {
        var watchedFilesRegistration = false
        var documentChanges = false
    }

    let options: ServerOptions
    private let output: ([UInt8]) -> Void
    private(set) var phase = Phase.uninitialized
    /// Set by `exit` or the end of input: 0 after `shutdown`, else 1.
    public private(set) var exitCode: Int32?
    var encoding = PositionEncoding.utf16
    var client = ClientCapabilities()
    private(set) var root: String?
    /// Whether the root came from the client (a workspace to lint whole), not the current directory.
    private var rootFromClient = false
    private(set) var session: LintSession?
    /// Whether a session was started (or tried): a configuration with mistakes is not read again
    /// until it changes.
    private var sessionAttempted = false
    var documents: [String: OpenDocument] = [:]
    private var uriByPath: [String: String] = [:]
    /// Open documents changed since the last `settle`.
    private var changedDocuments: Set<String> = []
    /// Files (absolute paths) changed on disk, or closed, since the last `settle`.
    private var changedOnDisk: Set<String> = []
    private var needsNewSession = false
    /// What was last published per URI (version and diagnostics), to skip repeats.
    private var published: [String: JSON] = [:]
    private var configurationProblemURIs: Set<String> = []
    private var nextRequestID = 1

    /// `output` receives each outgoing message's JSON body (the caller frames it).
    public init(options: ServerOptions, output: @escaping ([UInt8]) -> Void) {
        self.options = options
        self.output = output
    }

    // MARK: Incoming

    /// Handles one frame from the client.
    public func receive(_ frame: MessageFramer.Frame) {
        switch frame {
        case .message(let body): receive(body)
        case .invalid(let reason): sendError(id: .null, ResponseError(code: ResponseError.parseErrorCode, message: "Parse error: \(reason)"))
        case .end: if exitCode == nil { exitCode = phase == .shuttingDown ? 0 : 1 }
        }
    }

    /// Handles one message body.
    public func receive(_ body: [UInt8]) {
        let message: JSON
        do { message = try JSON.parse(body) } catch {
            return sendError(id: .null, ResponseError(code: ResponseError.parseErrorCode, message: "Parse error: \(error.description)"))
        }
        guard case .object(let members) = message else {
            return sendError(id: .null, .invalidRequest("Invalid request: a message must be a JSON object (batches are not part of LSP)"))
        }
        let id = members["id"]
        let validID: JSON? = switch id {
        case .integer?, .string?: id
        case .double(let number)? where number.rounded() == number: id
        default: nil
        }
        guard let method = members["method"] else {
            // A response to one of this server's requests (`client/registerCapability`): nothing to do.
            if validID != nil, members["result"] != nil || members["error"] != nil { return }
            return sendError(id: validID ?? .null, .invalidRequest("Invalid request: no method"))
        }
        guard members["jsonrpc"] == .string("2.0") else {
            if id != nil { sendError(id: validID ?? .null, .invalidRequest("Invalid request: 'jsonrpc' must be \"2.0\"")) }
            return
        }
        guard case .string(let name) = method else {
            if id != nil { sendError(id: validID ?? .null, .invalidRequest("Invalid request: 'method' must be a string")) }
            return
        }
        let params = members["params"] ?? .null
        if id != nil {
            guard let validID else { return sendError(id: .null, .invalidRequest("Invalid request: 'id' must be an integer or a string")) }
            do {
                sendResult(id: validID, try request(name, params))
            } catch let error as ResponseError {
                sendError(id: validID, error)
            } catch {
                sendError(id: validID, ResponseError(code: ResponseError.internalErrorCode, message: "\(error)"))
            }
        } else {
            do { try notification(name, params) } catch let error as ResponseError {
                log(.warning, "ignored the notification \(name): \(error.message)")
            } catch {}
        }
    }

    private func request(_ method: String, _ params: JSON) throws -> JSON {
        switch (phase, method) {
        case (.uninitialized, "initialize"): return try initialize(params)
        case (.uninitialized, _):
            throw ResponseError(code: ResponseError.serverNotInitializedCode, message: "the server is not initialized: send 'initialize' first")
        case (.shuttingDown, _):
            throw ResponseError.invalidRequest("the server is shutting down: only 'exit' is expected")
        case (.running, "initialize"): throw ResponseError.invalidRequest("the server is already initialized")
        case (.running, "shutdown"):
            phase = .shuttingDown
            return .null
        case (.running, "textDocument/codeAction"):
            settle()
            return try codeActions(params)
        default:
            throw ResponseError(code: ResponseError.methodNotFoundCode, message: "method not found: \(method)")
        }
    }

    private func notification(_ method: String, _ params: JSON) throws {
        if method == "exit" {
            exitCode = phase == .shuttingDown ? 0 : 1
            return
        }
        // Before `initialize` and after `shutdown`, notifications are dropped.
        guard phase == .running else { return }
        switch method {
        case "initialized": initialized()
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didSave": try didSave(params)
        case "textDocument/didClose": try didClose(params)
        case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
        case "workspace/didChangeConfiguration": needsNewSession = true
        default: break  // `$/cancelRequest`, `$/setTrace` and notifications this server does not know
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) throws -> JSON {
        guard case .object = params else { throw ResponseError.invalidParams("initialize: params must be an object") }
        let capabilities = params["capabilities"]
        let offered = capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // UTF-8 when the client offers it: SeamLint's offsets are bytes, so nothing is counted twice.
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        client.watchedFilesRegistration = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        client.documentChanges = capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        let clientRoot = Self.root(params)
        rootFromClient = clientRoot != nil
        root = clientRoot ?? options.defaultRoot
        phase = .running
        let capabilitiesResult: JSON = .object([
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object([
                "openClose": .bool(true),
                "change": .integer(2),  // incremental
                "save": .object(["includeText": .bool(false)]),
            ]),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")]), "resolveProvider": .bool(false)]),
        ])
        return .object([
            "capabilities": capabilitiesResult,
            "serverInfo": .object(["name": .string("seamlint"), "version": .string(options.toolVersion)]),
        ])
    }

    /// The first workspace folder, else `rootUri`, else `rootPath`.
    private static func root(_ params: JSON) -> String? {
        if let folder = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue, let path = DocumentURI.path(of: folder) {
            return path
        }
        if let uri = params["rootUri"]?.stringValue, let path = DocumentURI.path(of: uri) { return path }
        if let path = params["rootPath"]?.stringValue, path.hasPrefix("/") { return path }
        return nil
    }

    private func initialized() {
        if client.watchedFilesRegistration {
            let globs = ["**/*.swift", "**/*.{m,mm,h}", "**/.seamlint.json", "**/*.pbxproj", "**/*.xcconfig", "**/project.{yml,yaml}"]
            let registration: JSON = .object([
                "id": .string("seamlint-watched-files"),
                "method": .string("workspace/didChangeWatchedFiles"),
                "registerOptions": .object(["watchers": .array(globs.map { .object(["globPattern": .string($0)]) })]),
            ])
            sendRequest("client/registerCapability", .object(["registrations": .array([registration])]))
        }
        needsNewSession = true
    }

    // MARK: Documents

    private func textDocument(_ params: JSON, _ method: String) throws -> (uri: String, item: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue else {
            throw ResponseError.invalidParams("\(method): textDocument.uri is missing")
        }
        return (uri, item)
    }

    private func didOpen(_ params: JSON) throws {
        let (uri, item) = try textDocument(params, "didOpen")
        guard let text = item["text"]?.stringValue else { throw ResponseError.invalidParams("didOpen: textDocument.text is missing") }
        let path = DocumentURI.path(of: uri)
        documents[uri] = OpenDocument(uri: uri, path: path, text: TextDocument(text: text), version: item["version"]?.intValue)
        if let path { uriByPath[path] = uri }
        changedDocuments.insert(uri)
    }

    private func didChange(_ params: JSON) throws {
        let (uri, item) = try textDocument(params, "didChange")
        guard var document = documents[uri] else { throw ResponseError.invalidParams("didChange: \(uri) is not open") }
        guard let changes = params["contentChanges"]?.arrayValue else {
            throw ResponseError.invalidParams("didChange: contentChanges is missing")
        }
        for change in changes {
            guard let text = change["text"]?.stringValue else { throw ResponseError.invalidParams("didChange: a change has no text") }
            if let range = change["range"] {
                guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else {
                    throw ResponseError.invalidParams("didChange: a change's range is not a range")
                }
                document.text.replace((start, end), with: text, encoding: encoding)
            } else {
                document.text.replace(nil, with: text, encoding: encoding)
            }
        }
        document.version = item["version"]?.intValue ?? document.version
        documents[uri] = document
        changedDocuments.insert(uri)
    }

    private func didSave(_ params: JSON) throws {
        let (uri, _) = try textDocument(params, "didSave")
        if let path = DocumentURI.path(of: uri), Self.needsNewSession(path) { needsNewSession = true }
    }

    private func didClose(_ params: JSON) throws {
        let (uri, _) = try textDocument(params, "didClose")
        guard let document = documents.removeValue(forKey: uri) else { return }
        changedDocuments.remove(uri)
        if let path = document.path {
            uriByPath[path] = nil
            changedOnDisk.insert(path)  // the file is linted as on disk again
        }
        published[uri] = nil
        sendNotification("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
    }

    private func didChangeWatchedFiles(_ params: JSON) throws {
        guard let changes = params["changes"]?.arrayValue else { throw ResponseError.invalidParams("didChangeWatchedFiles: changes is missing") }
        for change in changes {
            guard let uri = change["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else { continue }
            if Self.needsNewSession(path) { needsNewSession = true } else { changedOnDisk.insert(path) }
        }
    }

    /// Configuration files and project manifests (deployment targets, projects) shape every file.
    static func needsNewSession(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == ".seamlint.json" || name == "Package.swift" || name == "Project.swift" || name == "project.yml"
            || name == "project.yaml" || name.hasSuffix(".pbxproj") || name.hasSuffix(".xcconfig")
    }

    // MARK: Linting

    /// Lints what changed since the last call and publishes the diagnostics that changed.
    public func settle() {
        guard phase == .running, exitCode == nil else { return }
        // A client that never sends `initialized` still gets diagnostics.
        if session == nil && !sessionAttempted && !documents.isEmpty { needsNewSession = true }
        if needsNewSession, let root {
            needsNewSession = false
            if startSession(root: root) { return }
        }
        guard let session else { return }
        var affected: Set<String> = []
        var newSessionNeeded = false
        for path in changedOnDisk.sorted() where uriByPath[path] == nil {  // open buffers win over the disk
            if let ref = session.lintedReference(path), !session.workspace.contains(path), session.needsNewSession(for: ref) {
                newSessionNeeded = true
            }
            affected.formUnion(session.update(path, contents: nil))
        }
        for uri in changedDocuments.sorted() {
            guard let document = documents[uri], let path = document.path else { continue }
            if let ref = session.lintedReference(path), !session.workspace.contains(path), session.needsNewSession(for: ref) {
                newSessionNeeded = true
            }
            affected.formUnion(session.update(path, contents: document.text.bytes))
        }
        if newSessionNeeded, let root, startSession(root: root) { return }
        var toPublish = changedDocuments
        for path in affected { if let uri = uriByPath[path] { toPublish.insert(uri) } }
        changedDocuments = []
        changedOnDisk = []
        for uri in toPublish.sorted() { publish(uri) }
    }

    /// Reads the configuration and lints the workspace afresh; false (the old session kept) when
    /// the configuration has mistakes, which are then shown on the configuration file.
    @discardableResult
    private func startSession(root: String) -> Bool {
        var buffers: [String: [UInt8]] = [:]
        for document in documents.values { if let path = document.path { buffers[path] = document.text.bytes } }
        let started: LintSession
        sessionAttempted = true
        do {
            started = try LintSession(root: root, walksRoot: rootFromClient, options: options, buffers: buffers)
        } catch {
            showConfigurationProblems(error.problems, root: root)
            return false
        }
        session = started
        showConfigurationProblems([], root: root)
        for problem in started.problems { log(.warning, problem.description) }
        let count = started.workspace.fileCount
        log(.info, "SeamLint \(options.toolVersion): linted \(count) file\(count == 1 ? "" : "s") in \(root) "
            + "in \(started.loadNanoseconds / 1_000_000) ms")
        changedDocuments = []
        changedOnDisk = []
        for uri in documents.keys.sorted() { publish(uri) }
        return true
    }

    private func showConfigurationProblems(_ problems: [ConfigurationProblem], root: String) {
        var byURI: [String: [JSON]] = [:]
        for problem in problems {
            let path = problem.file.hasPrefix("/") ? problem.file : (root == "/" ? "/" : root + "/") + problem.file
            let position = LSPPosition(line: max(0, (problem.line ?? 1) - 1), character: max(0, (problem.column ?? 1) - 1))
            let message = problem.keyPath.isEmpty ? problem.message : "\(problem.keyPath): \(problem.message)"
            byURI[uriByPath[path] ?? DocumentURI.uri(ofPath: path), default: []].append(.object([
                "range": .object(["start": position.json, "end": position.json]),
                "severity": .integer(1),
                "source": .string("seamlint"),
                "message": .string(message),
            ]))
        }
        for uri in configurationProblemURIs.subtracting(byURI.keys) {
            sendNotification("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
        }
        for (uri, diagnostics) in byURI.sorted(by: { $0.key < $1.key }) {
            sendNotification("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array(diagnostics)]))
        }
        configurationProblemURIs = Set(byURI.keys)
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            sendNotification("window/showMessage", .object([
                "type": .integer(MessageType.error.rawValue),
                "message": .string("SeamLint: the configuration has mistakes, nothing is linted until they are fixed: \(first)\(more)"),
            ]))
        }
    }

    /// The diagnostics SeamLint has for an open document, as LSP diagnostics.
    func lspDiagnostics(of document: OpenDocument) -> [JSON] {
        guard let session, let path = document.path, session.lintedReference(path) != nil else { return [] }
        var converter = DiagnosticConverter(encoding: encoding, documentationBase: options.ruleDocumentationBase,
                                            session: session) { [documents, uriByPath] path in
            uriByPath[path].flatMap { documents[$0]?.text }
        }
        var result: [JSON] = []
        if let problem = session.workspace.problem(ofFile: path) { result.append(converter.problem(problem)) }
        for diagnostic in session.workspace.diagnostics(ofFile: path) {
            result.append(converter.convert(diagnostic, in: document.text, uri: document.uri))
        }
        return result
    }

    private func publish(_ uri: String) {
        guard let document = documents[uri] else { return }
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(lspDiagnostics(of: document))]
        if let version = document.version { params["version"] = .integer(version) }
        let payload = JSON.object(params)
        guard published[uri] != payload else { return }
        published[uri] = payload
        sendNotification("textDocument/publishDiagnostics", payload)
    }

    /// The SeamLint diagnostics of an open document, as linted now (for code actions).
    func currentDiagnostics(of document: OpenDocument) -> [Diagnostic] {
        guard let session, let path = document.path, session.lintedReference(path) != nil else { return [] }
        return session.workspace.diagnostics(ofFile: path)
    }

    // MARK: Outgoing

    private func send(_ message: [String: JSON]) {
        var message = message
        message["jsonrpc"] = .string("2.0")
        output(JSON.object(message).serialized())
    }

    private func sendResult(id: JSON, _ result: JSON) { send(["id": id, "result": result]) }
    private func sendError(id: JSON, _ error: ResponseError) { send(["id": id, "error": error.json]) }
    func sendNotification(_ method: String, _ params: JSON) { send(["method": .string(method), "params": params]) }

    private func sendRequest(_ method: String, _ params: JSON) {
        send(["id": .integer(nextRequestID), "method": .string(method), "params": params])
        nextRequestID += 1
    }

    func log(_ type: MessageType, _ message: String) {
        sendNotification("window/logMessage", .object(["type": .integer(type.rawValue), "message": .string(message)]))
    }
}
