import Foundation
import SeamLintCore
import SeamLintCLI
import SeamLintServer
import Testing

/// The language server in process, fed JSON-RPC messages as a client sends them: lifecycle and
/// errors, diagnostics and their positions, code actions, and updates across files.
@Suite("Language server")
struct LanguageServerTests {
    @Test("initialize picks UTF-8 when offered, else UTF-16, and states the capabilities")
    func negotiatesEncoding() throws {
        let scratch = ConfigurationScratch()
        let utf8 = ServerHarness(root: scratch.root)
        let result = utf8.initialize(encodings: ["utf-16", "utf-8"])
        #expect(result["capabilities"]?["positionEncoding"] == .string("utf-8"))
        #expect(result["capabilities"]?["textDocumentSync"]?["change"] == .integer(2))
        #expect(result["capabilities"]?["codeActionProvider"] != nil)
        #expect(result["serverInfo"]?["name"] == .string("seamlint"))
        let utf16 = ServerHarness(root: scratch.root)
        #expect(utf16.initialize(encodings: nil)["capabilities"]?["positionEncoding"] == .string("utf-16"))
    }

    @Test("Ranges count UTF-16 units or UTF-8 bytes as negotiated, past non-ASCII text on the line")
    func rangesInTheNegotiatedEncoding() throws {
        let scratch = ConfigurationScratch()
        let prefix = "let s = \"é😀\"; let window = "
        let path = scratch.write("Lookup.swift", "import UIKit\n\(prefix)UIApplication.shared.keyWindow\n")
        for (encoding, column) in [("utf-16", prefix.utf16.count), ("utf-8", prefix.utf8.count)] {
            let server = ServerHarness(root: scratch.root)
            server.initialize(encodings: [encoding])
            server.open(path)
            let diagnostic = try #require(server.diagnostics(path).first { $0["code"] == .string("key_window_lookup") })
            #expect(diagnostic["range"]?["start"] == LSPPosition(line: 1, character: column).json, "\(encoding)")
            #expect(diagnostic["range"]?["end"] == LSPPosition(line: 1, character: column + "UIApplication.shared.keyWindow".count).json, "\(encoding)")
            #expect(diagnostic["severity"] == .integer(2))
            #expect(diagnostic["source"] == .string("seamlint"))
            #expect(diagnostic["codeDescription"]?["href"]?.stringValue?.hasSuffix("#key_window_lookup") == true)
        }
    }

    @Test("A rule's fix is offered as a code action, and applying it clears the diagnostic")
    func fixCodeAction() throws {
        let scratch = ConfigurationScratch()
        let path = scratch.write("MapView.swift", """
            import SwiftUI
            import MapKit

            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView { MKMapView() }
                func updateUIView(_ view: MKMapView, context: Context) {}
                func dismantleUIView(_ view: MKMapView, coordinator: ()) {
                    view.delegate = nil
                }
            }

            """)
        let server = ServerHarness(root: scratch.root)
        server.initialize()
        server.open(path)
        let diagnostic = try #require(server.diagnostics(path).first { $0["code"] == .string("representable_dismantle_not_static") })
        let actions = server.codeActions(path, range: try #require(diagnostic["range"]))
        let fix = try #require(actions.first { $0["isPreferred"] == .bool(true) })
        #expect(fix["kind"] == .string("quickfix"))
        #expect(fix["diagnostics"]?.arrayValue?.first?["code"] == .string("representable_dismantle_not_static"))
        let fixed = server.apply(fix, to: path)
        #expect(fixed.contains("static func dismantleUIView"))
        #expect(!server.diagnostics(path).contains { $0["code"] == .string("representable_dismantle_not_static") })
    }

    @Test("The disable action adds `// seamlint:disable:next rule` above the line, indented as it is, and silences it")
    func disableCodeAction() throws {
        let scratch = ConfigurationScratch()
        let path = scratch.write("Lookup.swift", "import UIKit\n\nfunc host() -> UIWindow? {\n\tlet keyed = UIApplication.shared.keyWindow\n\treturn keyed\n}\n")
        let server = ServerHarness(root: scratch.root)
        server.initialize()
        server.open(path)
        let diagnostic = try #require(server.diagnostics(path).first { $0["code"] == .string("key_window_lookup") })
        let actions = server.codeActions(path, range: try #require(diagnostic["range"]))
        let disable = try #require(actions.first { $0["title"]?.stringValue == "Disable key_window_lookup for this line" })
        let text = server.apply(disable, to: path)
        #expect(text.contains("{\n\t// seamlint:disable:next key_window_lookup\n\tlet keyed"))
        let left = server.diagnostics(path).compactMap { $0["code"]?.stringValue }
        #expect(!left.contains("key_window_lookup") && !left.contains("superfluous_suppression"), "\(left)")
        #expect(!server.codeActions(path, range: try #require(diagnostic["range"])).contains { $0["title"]?.stringValue?.hasPrefix("Disable") == true })
    }

    @Test("Editing one file updates the diagnostics of another open file (the workaround window and the menus)")
    func projectRulesAcrossOpenFiles() throws {
        let scratch = ConfigurationScratch()
        for name in ["MenuWorkaroundWindow.swift", "TrailListView.swift", "SceneDelegate.swift", "Package.swift", "AppDelegate.swift",
                     "TrailStore.swift", "TrailDetailView.swift"] {
            scratch.write(name, try String(contentsOf: PackageRoot.url.appendingPathComponent("Samples/MenuAppFixed/\(name)"), encoding: .utf8))
        }
        let server = ServerHarness(root: scratch.root)
        server.initialize()
        let list = scratch.path("TrailListView.swift"), window = scratch.path("MenuWorkaroundWindow.swift")
        server.open(list)
        server.open(window)
        #expect(!server.diagnostics(list).contains { $0["code"] == .string("menu_touch_through") })
        server.change(window, to: "import UIKit\n")  // unsaved: the buffer wins over the disk
        #expect(server.diagnostics(list).contains { $0["code"] == .string("menu_touch_through") })
        // The file on disk is unchanged, so a watcher's event for it changes nothing.
        server.notify("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(DocumentURI.uri(ofPath: window)), "type": .integer(2)]),
        ])]))
        #expect(server.diagnostics(list).contains { $0["code"] == .string("menu_touch_through") })
        // Closing the buffer lints the file as on disk again.
        server.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(DocumentURI.uri(ofPath: window))])]))
        #expect(!server.diagnostics(list).contains { $0["code"] == .string("menu_touch_through") })
    }

    @Test("A .seamlint.json change reloads the configuration; its mistakes are shown on the file")
    func configurationReload() throws {
        let scratch = ConfigurationScratch()
        let path = scratch.write("Lookup.swift", "import UIKit\nlet window = UIApplication.shared.keyWindow\n")
        let server = ServerHarness(root: scratch.root)
        server.initialize()
        server.open(path)
        #expect(server.diagnostics(path).contains { $0["code"] == .string("key_window_lookup") })
        let configuration = scratch.write(".seamlint.json", #"{"rules": {"key_window_lookup": "off"}}"#)
        let event: JSON = .object(["changes": .array([.object(["uri": .string(DocumentURI.uri(ofPath: configuration)), "type": .integer(1)])])])
        server.notify("workspace/didChangeWatchedFiles", event)
        #expect(!server.diagnostics(path).contains { $0["code"] == .string("key_window_lookup") })
        scratch.write(".seamlint.json", #"{"rules": {"key_window_lookp": "off"}}"#)
        server.notify("workspace/didChangeWatchedFiles", event)
        let problems = server.diagnostics(configuration)
        #expect(problems.first?["message"]?.stringValue?.contains("key_window_lookp") == true)
        #expect(server.sent.contains { $0["method"] == .string("window/showMessage") })
        scratch.write(".seamlint.json", "{}")
        server.notify("workspace/didChangeWatchedFiles", event)
        #expect(server.diagnostics(configuration).isEmpty)
        #expect(server.diagnostics(path).contains { $0["code"] == .string("key_window_lookup") })
    }

    @Test("Without a workspace from the client, only the open files are linted (the current directory may be a home folder)")
    func noWorkspaceLintsOpenFilesOnly() throws {
        let scratch = ConfigurationScratch()
        let path = scratch.write("Lookup.swift", "import UIKit\nlet window = UIApplication.shared.keyWindow\n")
        scratch.write("Other.swift", "import UIKit\nlet other = UIApplication.shared.keyWindow\n")
        let server = ServerHarness(root: scratch.root)
        server.initialize(sendsRoot: false)
        server.open(path)
        #expect(server.diagnostics(path).contains { $0["code"] == .string("key_window_lookup") })
        let log = server.sent.compactMap { $0["method"] == .string("window/logMessage") ? $0["params"]?["message"]?.stringValue : nil }
        #expect(log.contains { $0.contains("linted 0 files in") }, "nothing walked: \(log)")
    }

    @Test("Malformed messages, unknown methods and bad params get JSON-RPC errors; the server goes on")
    func protocolErrors() throws {
        let scratch = ConfigurationScratch()
        let server = ServerHarness(root: scratch.root)
        #expect(server.request("textDocument/codeAction", .object([:]))["error"]?["code"] == .integer(-32002), "before initialize")
        server.initialize()
        server.receive(Array("{\"jsonrpc\": \"2.0\", \"id\": 5, ".utf8))
        #expect(server.sent.last?["error"]?["code"] == .integer(-32700))
        #expect(server.sent.last?["id"] == .null)
        server.receive(Array("[1, 2]".utf8))
        #expect(server.sent.last?["error"]?["code"] == .integer(-32600))
        server.receive(Array(#"{"jsonrpc": "2.0", "id": {"no": 1}, "method": "shutdown"}"#.utf8))
        #expect(server.sent.last?["error"]?["code"] == .integer(-32600))
        #expect(server.request("textDocument/hover", .object([:]))["error"]?["code"] == .integer(-32601))
        let count = server.sent.count
        server.notify("workspace/somethingNew", .object([:]))
        server.notify("$/cancelRequest", .object(["id": .integer(1)]))
        #expect(server.sent.count == count, "unknown notifications are ignored")
        #expect(server.request("textDocument/codeAction", .object(["textDocument": .object([:])]))["error"]?["code"] == .integer(-32602))
        #expect(server.request("initialize", .object(["capabilities": .object([:])]))["error"]?["code"] == .integer(-32600))
        #expect(server.request("shutdown", .null)["result"] == .null)
        #expect(server.request("textDocument/codeAction", .object([:]))["error"]?["code"] == .integer(-32600), "after shutdown")
        #expect(server.server.exitCode == nil)
        server.notify("exit", .null)
        #expect(server.server.exitCode == 0)

        let abrupt = ServerHarness(root: scratch.root)
        abrupt.initialize()
        abrupt.notify("exit", .null)
        #expect(abrupt.server.exitCode == 1, "exit without shutdown")
    }

    @Test("Messages with random values in place of their fields, and bytes flipped or cut, never crash the server")
    func mutatedMessagesNeverCrash() throws {
        let scratch = ConfigurationScratch()
        let path = scratch.write("Lookup.swift", "import UIKit\nlet s = \"é😀\"; let window = UIApplication.shared.keyWindow\n")
        let uri = JSON.string(DocumentURI.uri(ofPath: path))
        let position: JSON = .object(["line": .integer(1), "character": .integer(12)])
        let range: JSON = .object(["start": position, "end": position])
        let messages: [(String, JSON)] = [
            ("textDocument/didOpen", .object(["textDocument": .object([
                "uri": uri, "languageId": .string("swift"), "version": .integer(1),
                "text": .string("import UIKit\nlet window = UIApplication.shared.keyWindow\n")])])),
            ("textDocument/didChange", .object(["textDocument": .object(["uri": uri, "version": .integer(2)]),
                                                "contentChanges": .array([.object(["range": range, "text": .string("é\n😀")])])])),
            ("textDocument/codeAction", .object(["textDocument": .object(["uri": uri]), "range": range,
                                                 "context": .object(["diagnostics": .array([]), "only": .array([.string("source")])])])),
            ("workspace/didChangeWatchedFiles", .object(["changes": .array([.object(["uri": uri, "type": .integer(2)])])])),
            ("textDocument/didSave", .object(["textDocument": .object(["uri": uri])])),
            ("textDocument/didClose", .object(["textDocument": .object(["uri": uri])])),
        ]
        let replacements: [JSON] = [.null, .integer(-1), .integer(Int.max), .double(1e300), .double(-0.5), .string(""), .string("file:///"),
                                    .array([]), .object([:]), .bool(true), .string("\u{0}"), .integer(0)]
        var random = SeededGenerator(state: 0x15E4)
        func mutate(_ value: JSON) -> JSON {
            if random.next() % 5 == 0 { return replacements[Int(random.next() % UInt64(replacements.count))] }
            switch value {
            case .object(let members): return .object(members.mapValues(mutate))
            case .array(let elements): return .array(elements.map(mutate))
            default: return value
            }
        }
        let server = ServerHarness(root: scratch.root)
        server.initialize(encodings: ["utf-8"])
        for round in 0..<400 {
            let (method, params) = messages[Int(random.next() % UInt64(messages.count))]
            var message: [String: JSON] = ["jsonrpc": .string("2.0"), "method": .string(method), "params": mutate(params)]
            if method == "textDocument/codeAction" { message["id"] = .integer(round) }
            var bytes = JSON.object(message).serialized()
            switch random.next() % 4 {
            case 0: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            case 1: bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            default: break
            }
            server.receive(bytes)
        }
        // Still answering.
        #expect(server.request("shutdown", .null)["result"] == .null)
    }
}

/// A client in the same process: sends messages to a `LanguageServer` and keeps what it sends back.
final class ServerHarness {
    private(set) var server: LanguageServer!
    private(set) var sent: [JSON] = []
    private var texts: [String: String] = [:]
    private var versions: [String: Int] = [:]
    private var nextID = 1

    private let root: String

    init(root: String) {
        self.root = root
        var options = ServerOptions(allRules: allRules)
        options.defaultRoot = root
        options.objectiveC.isEnabled = ObjectiveCFixture.isAvailable
        options.workers = 1
        server = LanguageServer(options: options) { [unowned self] body in
            self.sent.append((try? JSON.parse(body)) ?? .string("unparsable: \(String(decoding: body, as: UTF8.self))"))
        }
    }

    func receive(_ body: [UInt8]) {
        server.receive(body)
        server.settle()
    }

    @discardableResult
    func request(_ method: String, _ params: JSON) -> JSON {
        let id = nextID
        nextID += 1
        receive(JSON.object(["jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method), "params": params]).serialized())
        return sent.last { $0["id"] == .integer(id) } ?? .null
    }

    func notify(_ method: String, _ params: JSON) {
        receive(JSON.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]).serialized())
    }

    @discardableResult
    func initialize(encodings: [String]? = nil, sendsRoot: Bool = true) -> JSON {
        var general: [String: JSON] = [:]
        if let encodings { general["positionEncodings"] = .array(encodings.map { .string($0) }) }
        let capabilities: JSON = .object([
            "general": .object(general),
            "workspace": .object(["workspaceEdit": .object(["documentChanges": .bool(true)])]),
        ])
        let result = request("initialize", .object([
            "processId": .null, "rootUri": sendsRoot ? .string(DocumentURI.uri(ofPath: root)) : .null, "capabilities": capabilities,
        ]))["result"] ?? .null
        notify("initialized", .object([:]))
        return result
    }

    func open(_ path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        texts[path] = text
        versions[path] = 1
        notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(DocumentURI.uri(ofPath: path)), "languageId": .string("swift"), "version": .integer(1), "text": .string(text),
        ])]))
    }

    /// Replaces the whole buffer.
    func change(_ path: String, to text: String) {
        texts[path] = text
        versions[path, default: 1] += 1
        notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(DocumentURI.uri(ofPath: path)), "version": .integer(versions[path]!)]),
            "contentChanges": .array([.object(["text": .string(text)])]),
        ]))
    }

    /// The diagnostics last published for a file.
    func diagnostics(_ path: String) -> [JSON] {
        let uri = JSON.string(DocumentURI.uri(ofPath: path))
        let published = sent.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == uri }
        return published?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    func codeActions(_ path: String, range: JSON) -> [JSON] {
        let response = request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(DocumentURI.uri(ofPath: path))]),
            "range": range,
            "context": .object(["diagnostics": .array([])]),
        ]))
        return response["result"]?.arrayValue ?? []
    }

    /// Applies a code action's edit to the buffer as an editor would (sending the result as a full
    /// change) and returns the new text.
    @discardableResult
    func apply(_ action: JSON, to path: String) -> String {
        let uri = DocumentURI.uri(ofPath: path)
        let change = action["edit"]?["documentChanges"]?.arrayValue?.first { $0["textDocument"]?["uri"] == .string(uri) }
        #expect(change?["textDocument"]?["version"] == .integer(versions[path] ?? 0), "the edit is for the current version")
        var text = TextDocument(text: texts[path] ?? "")
        // From the end, so earlier edits' positions hold.
        let edits = (change?["edits"]?.arrayValue ?? []).sorted { first, second in
            let a = first["range"]!["start"]!, b = second["range"]!["start"]!
            return (a["line"]!.intValue!, a["character"]!.intValue!) > (b["line"]!.intValue!, b["character"]!.intValue!)
        }
        for edit in edits {
            let range = edit["range"]!
            let start = LSPPosition(line: range["start"]!["line"]!.intValue!, character: range["start"]!["character"]!.intValue!)
            let end = LSPPosition(line: range["end"]!["line"]!.intValue!, character: range["end"]!["character"]!.intValue!)
            text.replace((start, end), with: edit["newText"]!.stringValue!, encoding: .utf16)
        }
        self.change(path, to: text.text)
        return text.text
    }
}
