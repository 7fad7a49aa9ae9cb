#!/usr/bin/env bash
# Thread sanitizer: builds with -sanitize=thread, runs the test suite (or only the suites named by
# --filter), then the linter itself on the Samples and on a generated corpus with many workers.
# Any data race TSan reports fails the script.
#
# usage: scripts/tsan.sh [--filter REGEX] [--megabytes N]   (defaults: every test, 8 MB corpus)
# Environment: SEAMLINT_TSAN_SCRATCH (default .build/tsan).
set -euo pipefail
cd "$(dirname "$0")/.."
filter=""
megabytes=8
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter=${2:?--filter needs a value}; shift 2 ;;
    --megabytes) megabytes=${2:?--megabytes needs a value}; shift 2 ;;
    *) echo "tsan.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
scratch=${SEAMLINT_TSAN_SCRATCH:-.build/tsan}
# halt_on_error: the first race fails the run with its report, instead of scrolling past.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"

echo "== build (thread sanitizer)"
swift build --scratch-path "$scratch" --sanitize=thread
lint="$(swift build --scratch-path "$scratch" --sanitize=thread --show-bin-path)/lint"

echo "== tests"
if [ -n "$filter" ]; then
  swift test --scratch-path "$scratch" --sanitize=thread --filter "$filter"
else
  swift test --scratch-path "$scratch" --sanitize=thread
fi

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
python3 scripts/generate-corpus.py "$corpus/tree" --megabytes "$megabytes" >/dev/null
for input in Samples "$corpus/tree"; do
  for reporter in xcode sarif; do
    echo "== lint $input --workers 8 --reporter $reporter"
    status=0
    "$lint" --enable-all-rules --workers 8 --reporter "$reporter" --quiet "$input" >"$corpus/out" 2>"$corpus/err" || status=$?
    # 0 and 1 are lint outcomes; TSan exits 66 on a race, anything else is a crash.
    if [ "$status" -gt 1 ]; then cat "$corpus/err" >&2; echo "tsan.sh: lint exited $status" >&2; exit 1; fi
    if grep -q "ThreadSanitizer" "$corpus/err"; then cat "$corpus/err" >&2; exit 1; fi
  done
done
echo "tsan: no data races reported"
