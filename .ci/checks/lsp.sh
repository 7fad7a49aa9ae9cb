#!/usr/bin/env bash
# `lint server` (and `seamlint server`) end to end over stdio with a real LSP client, pygls's
# LanguageClient (installed by .ci/run): diagnostics, code actions, cross-file updates, protocol
# errors, shutdown/exit. See lsp.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
swift build --product lint >/dev/null
swift build --product seamlint >/dev/null
python3 .ci/checks/lsp.py "$bin/lint" "$bin/seamlint"
