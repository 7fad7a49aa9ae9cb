#!/usr/bin/env bash
# The README's GitHub Actions job (twice: cold, then with its cache restored) and GitLab job, for
# real, against a local clone of this checkout. See ci-snippets.py.
set -euo pipefail
python3 "$(dirname "$0")/ci-snippets.py"
