#!/usr/bin/env bash
# Builds a libFuzzer target (address sanitizer on) and runs it for a given time.
#
# usage: scripts/fuzz.sh tokenizer|rules|cli|objc-tokenizer|objc-rules SECONDS [extra libFuzzer flags…]
#
#   tokenizer       lossless round trip, in-bounds ordered tokens, bracket table, structure queries
#   rules           the above, then every rule and its fixes (re-lintable, idempotent)
#   objc-tokenizer  the same for libclang's tokens of the input as a .m or .mm file, with the
#                   Objective-C structure queries (messages, steps, containers, statements)
#   objc-rules      objc-tokenizer, then every rule, fact collector and fix on it
#   cli             the whole command line in-process on a scratch folder of the input's files (split at
#                   `//--file--` lines): discovery, every rule, one reporter, --fix, a re-lint
#
# Environment:
#   SEAMLINT_FUZZ_CONFIGURATION  release (default: fast, for long runs) or debug (quicker to build)
#   SEAMLINT_FUZZ_SCRATCH        SwiftPM scratch path of the sanitized build (default .build/fuzz)
#   SEAMLINT_FUZZ_WORK           corpus and crash folder (default .build/fuzz-work)
#   SEAMLINT_DEV                 a built seamlint-dev, to write the rule examples as seeds
#                                (default: built with `swift build --product seamlint-dev`)
#
# The corpus (WORK/corpus-TARGET) starts as the Samples' files of the target's language, every rule
# example in it and every regression fixture, and grows across runs. A crash is written to WORK/artifacts/ and the script
# exits non-zero: copy the file into Tests/SeamLintTests/Fixtures/FuzzRegressions/ (the
# FuzzRegression tests replay it), fix the bug, and run again.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/fuzz.sh tokenizer|rules|cli|objc-tokenizer|objc-rules SECONDS [libFuzzer flags…]"
target=${1:?$usage}
seconds=${2:?$usage}
shift 2
case "$target" in
  tokenizer|rules|cli) language=swift; sources=(-name '*.swift'); dictionary=Fuzz/swift.dict ;;
  objc-tokenizer|objc-rules) language=objc; sources=(-name '*.m' -o -name '*.mm' -o -name '*.h'); dictionary=Fuzz/objc.dict ;;
  *) echo "fuzz.sh: unknown target '$target' (tokenizer, rules, cli, objc-tokenizer or objc-rules)" >&2; exit 2 ;;
esac
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;;
esac

configuration=${SEAMLINT_FUZZ_CONFIGURATION:-release}
scratch=${SEAMLINT_FUZZ_SCRATCH:-.build/fuzz}
work=${SEAMLINT_FUZZ_WORK:-.build/fuzz-work}
product="fuzz-$target"
mkdir -p "$work"

# Coverage instrumentation as -sanitize=fuzzer would add, but libFuzzer without its own `main`:
# SwiftPM gives every executable its entry point, so the target calls LLVMFuzzerRunDriver.
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
fuzzer_library=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -1)
if [ -z "$fuzzer_library" ]; then
  echo "fuzz.sh: libclang_rt.fuzzer_no_main not found under $toolchain/lib/clang (a Linux Swift toolchain ships it)" >&2
  exit 2
fi
if ! swift build -c "$configuration" --product "$product" --scratch-path "$scratch" \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xswiftc -DSEAMLINT_FUZZ -Xlinker "$fuzzer_library" -Xlinker -lstdc++ \
    >"$work/build.log" 2>&1 </dev/null; then
  grep -E "error|warning: unre" "$work/build.log" | head -40 >&2
  echo "fuzz.sh: building $product failed (full log: $work/build.log)" >&2
  exit 2
fi
binary="$scratch/$configuration/$product"

corpus="$work/corpus-$target"
artifacts="$work/artifacts/"
mkdir -p "$corpus" "$artifacts"
if [ -z "$(ls -A "$corpus")" ]; then
  # Seeds are named by content so that re-seeding never duplicates them.
  seed() { cp "$1" "$corpus/seed-$(cksum <"$1" | cut -d' ' -f1)"; }
  while IFS= read -r -d '' file; do seed "$file"; done \
    < <(find Samples -type f \( "${sources[@]}" \) -print0; find Tests/SeamLintTests/Fixtures/FuzzRegressions -type f -print0)
  dev=${SEAMLINT_DEV:-}
  if [ -z "$dev" ]; then
    swift build --product seamlint-dev >/dev/null 2>&1 </dev/null
    dev="$(swift build --product seamlint-dev --show-bin-path)/seamlint-dev"
  fi
  examples=$(mktemp -d)
  "$dev" fuzz-seeds "$examples" "$language"
  for file in "$examples"/*; do [ -f "$file" ] && seed "$file"; done
  rm -rf "$examples"
fi

# -timeout bounds the time per input (a hang is a bug); -rss_limit_mb catches memory that grows
# with nesting or repetition. The Swift runtime's own backtracer would spend seconds
# symbolicating every crash; libFuzzer and the address sanitizer report it instead.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$corpus" -dict="$dictionary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=32768 -artifact_prefix="$artifacts" -print_final_stats=1 "$@"
