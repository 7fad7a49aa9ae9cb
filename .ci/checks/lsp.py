#!/usr/bin/env python3
"""`lint server` end to end, driven by a real LSP client (pygls's LanguageClient) over stdio.

Opens files, reads their diagnostics (ranges in UTF-16 past non-ASCII text), applies code actions
(a rule's fix and the "disable for this line" comment, Swift and Objective-C) by sending the edits
back as incremental changes, edits one file and watches another file's diagnostics change, sends
malformed JSON-RPC and unknown methods, and ends with shutdown/exit. Exits non-zero on the first
failed expectation, printing it.

Usage: lsp.py EXECUTABLE [EXECUTABLE…]   (e.g. .build/debug/lint .build/debug/seamlint)
"""
import asyncio
import json
import logging
import os
import shutil
import sys
import tempfile

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIMEOUT = 60  # seconds for any one answer: a debug build on a loaded machine
logging.getLogger("pygls").setLevel(logging.ERROR)  # its warnings about answers to raw requests


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def utf16_index(line, character):
    """The string index of a UTF-16 character offset in `line`."""
    units = 0
    for index, char in enumerate(line):
        if units >= character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def offset_of(text, position):
    lines = text.splitlines(keepends=True)
    if position.line >= len(lines):
        return len(text)
    start = sum(len(line) for line in lines[: position.line])
    content = lines[position.line].rstrip("\r\n")
    return start + utf16_index(content, position.character)


def utf16_length(text):
    return sum(2 if ord(char) > 0xFFFF else 1 for char in text)


class Session:
    def __init__(self, executable, workspace):
        self.executable = executable
        self.workspace = workspace
        self.client = LanguageClient("seamlint-ci", "1")
        self.published = {}  # uri -> list of PublishDiagnosticsParams, in order
        self.received = []  # every message from the server, for the error checks
        self.texts = {}
        self.versions = {}
        self.changed = asyncio.Condition()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def on_diagnostics(params):
            self.published.setdefault(params.uri, []).append(params)
            async with self.changed:
                self.changed.notify_all()

        @self.client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def on_register(params):
            return None

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def on_log(params):
            pass

        original = self.client.protocol.handle_message

        def record(message):
            self.received.append(message)
            return original(message)

        self.client.protocol.handle_message = record

    def uri(self, name):
        return "file://" + os.path.join(self.workspace, name)

    async def start(self):
        await self.client.start_io(self.executable, "server", "--stdio", cwd=self.workspace)
        result = await asyncio.wait_for(self.client.initialize_async(types.InitializeParams(
            process_id=os.getpid(),
            root_uri="file://" + self.workspace,
            capabilities=types.ClientCapabilities(
                general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
                workspace=types.WorkspaceClientCapabilities(
                    workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True),
                    did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True),
                ),
                text_document=types.TextDocumentClientCapabilities(
                    publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
                ),
            ),
        )), TIMEOUT)
        expect(result.capabilities.position_encoding == "utf-16", f"position encoding: {result.capabilities.position_encoding}")
        expect(result.server_info.name == "seamlint", f"server name: {result.server_info}")
        self.client.initialized(types.InitializedParams())

    async def diagnostics(self, name, version=None, condition=lambda diagnostics: True, what="diagnostics"):
        """The latest diagnostics of a file once they are for `version` and satisfy `condition`."""
        uri = self.uri(name)

        def ready():
            for params in reversed(self.published.get(uri, [])):
                if version is None or params.version == version:
                    return condition(params.diagnostics)
                return False
            return False

        async with self.changed:
            try:
                await asyncio.wait_for(self.changed.wait_for(ready), TIMEOUT)
            except asyncio.TimeoutError:
                latest = self.published.get(uri, [])
                raise Failure(f"{name}: timed out waiting for {what}; last published: {latest[-1] if latest else None}")
        return self.published[uri][-1].diagnostics

    def open(self, name, language="swift"):
        with open(os.path.join(self.workspace, name), encoding="utf-8") as file:
            text = file.read()
        self.texts[name] = text
        self.versions[name] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=self.uri(name), language_id=language, version=1, text=text)))

    def change(self, name, edits):
        """Sends `edits` (TextEdits) as incremental changes, from the last to the first."""
        text = self.texts[name]
        ordered = sorted(edits, key=lambda edit: (edit.range.start.line, edit.range.start.character), reverse=True)
        changes = []
        for edit in ordered:
            start, end = offset_of(text, edit.range.start), offset_of(text, edit.range.end)
            text = text[:start] + edit.new_text + text[end:]
            changes.append(types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text))
        self.texts[name] = text
        self.versions[name] += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=self.uri(name), version=self.versions[name]),
            content_changes=changes))
        return self.versions[name]

    def replace_all(self, name, text):
        self.texts[name] = text
        self.versions[name] += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=self.uri(name), version=self.versions[name]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        return self.versions[name]

    async def actions(self, name, diagnostic):
        return await asyncio.wait_for(self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=self.uri(name)),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )), TIMEOUT) or []

    async def apply(self, name, action):
        """Applies a code action's edit and returns the new version."""
        edit = action.edit
        expect(edit is not None and edit.document_changes, f"{action.title}: no versioned edit")
        change = edit.document_changes[0]
        expect(change.text_document.uri == self.uri(name), f"{action.title}: edits another file")
        expect(change.text_document.version == self.versions[name], f"{action.title}: edit for version "
               f"{change.text_document.version}, the buffer is at {self.versions[name]}")
        return self.change(name, change.edits)

    def write_raw(self, data):
        self.client.protocol.writer.write(data)

    async def raw_request(self, id, method, params):
        """Sends a request as bytes (whatever pygls would make of it) and returns the answer."""
        body = json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).encode()
        self.write_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        for _ in range(TIMEOUT * 20):
            answer = next((m for m in self.received if getattr(m, "id", None) == id), None)
            if answer is not None:
                return answer
            await asyncio.sleep(0.05)
        raise Failure(f"no answer to request {id} ({method})")

    def errors(self):
        return [message for message in self.received if getattr(message, "error", None) is not None]


def codes(diagnostics):
    return [diagnostic.code for diagnostic in diagnostics]


def make_workspace():
    workspace = tempfile.mkdtemp(prefix="seamlint-lsp-")
    shutil.copytree(os.path.join(ROOT, "Samples", "MenuAppFixed"), workspace, dirs_exist_ok=True)
    os.remove(os.path.join(workspace, "expected.txt"))
    with open(os.path.join(workspace, "Lookup.swift"), "w", encoding="utf-8") as file:
        file.write('import UIKit\n\nfunc host() -> UIWindow? {\n    let title = "Café 😀"; let window = UIApplication.shared.keyWindow\n'
                   '    print(title)\n    return window\n}\n')
    with open(os.path.join(workspace, "MapView.swift"), "w", encoding="utf-8") as file:
        file.write("import SwiftUI\nimport MapKit\n\nstruct MapView: UIViewRepresentable {\n"
                   "    func makeUIView(context: Context) -> MKMapView { MKMapView() }\n"
                   "    func updateUIView(_ view: MKMapView, context: Context) {}\n"
                   "    func dismantleUIView(_ view: MKMapView, coordinator: ()) {\n        view.delegate = nil\n    }\n}\n")
    with open(os.path.join(workspace, "Presenter.m"), "w", encoding="utf-8") as file:
        file.write("#import <UIKit/UIKit.h>\n\n@implementation Presenter\n- (UIWindow *)host {\n"
                   "    return [UIApplication sharedApplication].keyWindow;\n}\n@end\n")
    return workspace


async def full_session(executable):
    workspace = make_workspace()
    session = Session(executable, workspace)
    try:
        await session.start()

        # Open a file: its diagnostics arrive, with UTF-16 ranges past "é" and "😀".
        session.open("Lookup.swift")
        diagnostics = await session.diagnostics("Lookup.swift", 1, lambda found: "key_window_lookup" in codes(found))
        lookup = next(d for d in diagnostics if d.code == "key_window_lookup")
        line = session.texts["Lookup.swift"].splitlines()[3]
        # The whole chain, `UIApplication.shared.keyWindow`, from its first token.
        column = utf16_length(line[: line.index("UIApplication")])
        end = utf16_length(line[: line.index("keyWindow")]) + len("keyWindow")
        expect((lookup.range.start.line, lookup.range.start.character) == (3, column),
               f"key_window_lookup starts at {lookup.range.start}, expected line 3 character {column} (UTF-16)")
        expect(lookup.range.end.character == end, f"range end {lookup.range.end}")
        expect(lookup.severity == types.DiagnosticSeverity.Warning, f"severity {lookup.severity}")
        expect(lookup.source == "seamlint", f"source {lookup.source}")
        expect(lookup.code_description and lookup.code_description.href.endswith("#key_window_lookup"),
               f"code description {lookup.code_description}")

        # The "disable for this line" action, applied as an incremental edit.
        actions = await session.actions("Lookup.swift", lookup)
        disable = next((a for a in actions if a.title == "Disable key_window_lookup for this line"), None)
        expect(disable is not None, f"no disable action among {[a.title for a in actions]}")
        version = await session.apply("Lookup.swift", disable)
        expect("    // seamlint:disable:next key_window_lookup\n    let title" in session.texts["Lookup.swift"],
               "the disable comment is not above the line with its indentation:\n" + session.texts["Lookup.swift"])
        await session.diagnostics("Lookup.swift", version, lambda found: not {"key_window_lookup", "superfluous_suppression"} & set(codes(found)),
                                  "the finding to be silenced")

        # A rule's fix.
        session.open("MapView.swift")
        diagnostics = await session.diagnostics("MapView.swift", 1, lambda found: "representable_dismantle_not_static" in codes(found))
        finding = next(d for d in diagnostics if d.code == "representable_dismantle_not_static")
        expect(finding.severity == types.DiagnosticSeverity.Error, f"severity {finding.severity}")
        actions = await session.actions("MapView.swift", finding)
        fix = next((a for a in actions if a.is_preferred), None)
        expect(fix is not None and fix.kind == "quickfix", f"no preferred quick fix among {[a.title for a in actions]}")
        version = await session.apply("MapView.swift", fix)
        expect("static func dismantleUIView" in session.texts["MapView.swift"], "the fix did not make it static")
        await session.diagnostics("MapView.swift", version, lambda found: "representable_dismantle_not_static" not in codes(found),
                                  "the fixed finding to go")

        # Objective-C: the same disable comment.
        session.open("Presenter.m", "objective-c")
        diagnostics = await session.diagnostics("Presenter.m", 1, lambda found: "key_window_lookup" in codes(found),
                                                "key_window_lookup in Objective-C (is libclang installed?)")
        finding = next(d for d in diagnostics if d.code == "key_window_lookup")
        actions = await session.actions("Presenter.m", finding)
        disable = next((a for a in actions if a.title == "Disable key_window_lookup for this line"), None)
        expect(disable is not None, f"no disable action in Objective-C among {[a.title for a in actions]}")
        version = await session.apply("Presenter.m", disable)
        await session.diagnostics("Presenter.m", version, lambda found: "key_window_lookup" not in codes(found),
                                  "the Objective-C finding to be silenced")

        # Edit a second file, see the first one's diagnostics change: without the workaround window,
        # the menus light up; with it back, they go dark.
        session.open("TrailListView.swift")
        await session.diagnostics("TrailListView.swift", 1, lambda found: "menu_touch_through" not in codes(found))
        session.open("MenuWorkaroundWindow.swift")
        await session.diagnostics("MenuWorkaroundWindow.swift", 1)
        original = session.texts["MenuWorkaroundWindow.swift"]
        session.replace_all("MenuWorkaroundWindow.swift", "import UIKit\n")
        await session.diagnostics("TrailListView.swift", 1, lambda found: "menu_touch_through" in codes(found),
                                  "menu_touch_through after deleting the workaround window")
        session.replace_all("MenuWorkaroundWindow.swift", original)
        await session.diagnostics("TrailListView.swift", 1, lambda found: "menu_touch_through" not in codes(found),
                                  "menu_touch_through to go once the window is back")

        # Malformed JSON-RPC and unknown methods get errors; the server goes on.
        before = len(session.errors())
        body = b'{"jsonrpc": "2.0", "id": 99, "method": '
        session.write_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        deep = b"[" * 100000 + b"]" * 100000
        session.write_raw(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
        session.write_raw(b"this is not a header\r\n")
        unknown = await session.raw_request(1001, "seamlint/noSuchMethod", {})
        expect(unknown.error is not None and unknown.error.code == -32601,
               f"unknown method: {unknown}, expected error -32601 (MethodNotFound)")
        invalid = await session.raw_request(1002, "textDocument/codeAction", {"textDocument": {"uri": session.uri("Lookup.swift")}})
        expect(invalid.error is not None and invalid.error.code == -32602,
               f"code action without a range: {invalid}, expected error -32602 (InvalidParams)")
        session.client.protocol.notify("seamlint/noSuchNotification", {})
        parse_errors = [m for m in session.errors()[before:] if m.error.code == -32700]
        expect(len(parse_errors) == 3, f"expected 3 parse errors (-32700), got {[(m.id, m.error) for m in session.errors()[before:]]}")
        expect(all(m.id is None for m in parse_errors), "parse errors must have a null id")
        # Still alive and answering.
        diagnostics = await session.diagnostics("MapView.swift")
        await session.actions("MapView.swift", types.Diagnostic(range=types.Range(start=types.Position(line=0, character=0),
                                                                                    end=types.Position(line=0, character=0)), message=""))

        # shutdown, exit, and the process ends with 0.
        await asyncio.wait_for(session.client.shutdown_async(None), TIMEOUT)
        session.client.exit(None)
        code = await asyncio.wait_for(session.client._server.wait(), TIMEOUT)
        expect(code == 0, f"exit code {code} after shutdown and exit")
        await session.client.stop()
    finally:
        server = session.client._server
        if server is not None and server.returncode is None:
            server.kill()
        shutil.rmtree(workspace, ignore_errors=True)


async def smoke(executable):
    """Another executable name: initialize, a diagnostic, shutdown."""
    workspace = make_workspace()
    session = Session(executable, workspace)
    try:
        await session.start()
        session.open("Lookup.swift")
        await session.diagnostics("Lookup.swift", 1, lambda found: "key_window_lookup" in codes(found))
        await asyncio.wait_for(session.client.shutdown_async(None), TIMEOUT)
        session.client.exit(None)
        code = await asyncio.wait_for(session.client._server.wait(), TIMEOUT)
        expect(code == 0, f"{executable}: exit code {code}")
        await session.client.stop()
    finally:
        server = session.client._server
        if server is not None and server.returncode is None:
            server.kill()
        shutil.rmtree(workspace, ignore_errors=True)


async def editor_snippets(_):
    """docs/editors.md: its JSON and TOML set-ups parse and start the server."""
    import re
    import tomllib
    with open(os.path.join(ROOT, "docs", "editors.md"), encoding="utf-8") as file:
        text = file.read()
    blocks = re.findall(r"```(json|toml|lua|elisp)\n(.*?)```", text, re.S)
    expect(sorted({kind for kind, _ in blocks}) == ["elisp", "json", "lua", "toml"], f"set-ups found: {[k for k, _ in blocks]}")
    for kind, body in blocks:
        if kind == "json":
            json.loads(body)
        elif kind == "toml":
            tomllib.loads(body)
        expect('"server"' in body or "'server'" in body, f"a {kind} set-up does not run `seamlint server`:\n{body}")


def main():
    executables = sys.argv[1:]
    if not executables:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    checks = [("lint server end to end", full_session(executables[0]))]
    checks += [(f"{os.path.basename(path)} server", smoke(path)) for path in executables[1:]]
    checks.append(("docs/editors.md set-ups parse", editor_snippets(None)))
    passed = failed = 0
    for name, check in checks:
        try:
            asyncio.run(check)
            print(f"ok: {name}")
            passed += 1
        except (Failure, Exception) as error:
            print(f"FAILED: {name}: {type(error).__name__}: {error}")
            failed += 1
    print(f"lsp: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
