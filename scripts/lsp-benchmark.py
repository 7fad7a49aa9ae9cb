#!/usr/bin/env python3
"""Latency of `lint server` on a real app: the initial workspace load, then N edits of one file.

Starts `lint server` in FOLDER over stdio (a minimal JSON-RPC client, so the client's own cost is
not measured), opens FILE and waits for its first diagnostics (the load: configuration, discovery,
every file linted, project rules), then sends N `didChange` notifications one at a time, each
inserting a line at the top of FILE or deleting it again. A line at the top moves every fact the
file recorded, so each edit re-lints the file and re-runs the project rules that read its facts
(the expensive path). An edit's latency runs from writing the notification to reading the
`publishDiagnostics` for that version.

Usage: scripts/lsp-benchmark.py FOLDER [--file PATH] [--edits 50] [--lint .build/release/lint] [--no-build]
                                [--json OUT]
FILE defaults to the largest Swift file in FOLDER.
"""
import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


class Client:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.logs = []

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self, timeout=600):
        deadline = time.monotonic() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            ready, _, _ = select.select([self.process.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("no message from the server")
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise EOFError("the server closed its output")
            self.buffer += chunk

    def wait_for_diagnostics(self, uri, version):
        while True:
            message = self.receive()
            if message.get("method") == "window/logMessage":
                self.logs.append(message["params"]["message"])
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and params.get("version") == version:
                return params["diagnostics"]


def largest_swift_file(folder):
    best, size = None, -1
    for directory, folders, files in os.walk(folder):
        folders[:] = [f for f in folders if f not in {".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules"}]
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                if os.path.getsize(path) > size:
                    best, size = path, os.path.getsize(path)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--file")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--lint", default=os.path.join(ROOT, ".build", "release", "lint"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--json")
    arguments = parser.parse_args()
    if not arguments.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "lint"], cwd=ROOT, check=True)
    folder = os.path.abspath(arguments.folder)
    path = os.path.abspath(arguments.file) if arguments.file else largest_swift_file(folder)
    with open(path, encoding="utf-8") as file:
        text = file.read()
    uri = "file://" + path  # the benchmark's paths need no escaping

    client = Client([arguments.lint, "server"], folder)
    start = time.monotonic()
    client.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + folder,
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}}}})
    while client.receive().get("id") != 1:
        pass
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": text}}})
    diagnostics = client.wait_for_diagnostics(uri, 1)
    load = time.monotonic() - start

    latencies = []
    line = "// lsp-benchmark\n"
    for edit in range(arguments.edits):
        version = edit + 2
        if edit % 2 == 0:
            change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": line}
        else:
            change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}, "text": ""}
        sent = time.monotonic()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        client.wait_for_diagnostics(uri, version)
        latencies.append((time.monotonic() - sent) * 1000)

    client.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    while client.receive().get("id") != 2:
        pass
    client.send({"jsonrpc": "2.0", "method": "exit"})
    code = client.process.wait(30)

    result = {
        "folder": folder,
        "file": os.path.relpath(path, folder),
        "file_bytes": len(text.encode()),
        "file_lines": text.count("\n"),
        "diagnostics_in_file": len(diagnostics),
        "load_seconds": round(load, 3),
        "server_log": [log for log in client.logs if "linted" in log],
        "edits": len(latencies),
        "edit_ms_median": round(statistics.median(latencies), 1),
        "edit_ms_p90": round(sorted(latencies)[int(0.9 * (len(latencies) - 1))], 1),
        "edit_ms_worst": round(max(latencies), 1),
        "exit_code": code,
    }
    for key, value in result.items():
        print(f"{key}: {value}")
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump(result, file, indent=2)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
