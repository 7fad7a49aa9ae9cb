#!/usr/bin/env bash
# A fuzzing smoke: every libFuzzer target, Swift and Objective-C (address sanitizer on), for a few
# seconds each, from the seed corpus, with a fixed random seed so a red run reproduces. Long runs:
# scripts/fuzz.sh.
set -euo pipefail
seconds=${SEAMLINT_FUZZ_SMOKE_SECONDS:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debug builds faster than release; speed of the fuzzing itself matters little for a smoke.
export SEAMLINT_FUZZ_CONFIGURATION=${SEAMLINT_FUZZ_CONFIGURATION:-debug}
export SEAMLINT_FUZZ_WORK="$work"
# .ci/run has just built everything, seamlint-dev included.
dev="$(swift build --show-bin-path)/seamlint-dev"
[ -x "$dev" ] && export SEAMLINT_DEV="$dev"

status=0
for target in tokenizer rules cli objc-tokenizer objc-rules; do
  log="$work/$target.log"
  # A debug build with the address sanitizer is slow: smaller inputs, a longer leash per input.
  if scripts/fuzz.sh "$target" "$seconds" -seed=1 -max_len=8192 -timeout=60 >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "fuzz $target: ok, ${runs:-?} inputs in ${seconds}s, ${coverage:-cov: ?}"
  else
    status=1
    tail -60 "$log"
    echo "fuzz $target: FAILED; the input is in the log above (see scripts/fuzz.sh to reproduce)"
  fi
done
exit "$status"
