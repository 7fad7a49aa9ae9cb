#!/usr/bin/env bash
# The Objective-C tests against both libclangs: the Swift toolchain's (what the default search
# finds) and Debian's libclang-dev, newest first. SEAMLINT_REQUIRE_LIBCLANG=1 makes a missing
# libclang a test failure instead of skipped Objective-C tests.
set -euo pipefail
export SEAMLINT_REQUIRE_LIBCLANG=1
filter='ObjectiveC|RuleExampleTests'
echo "-- Objective-C with the default libclang"
swift test --filter "$filter"
debian=$(ls /usr/lib/llvm-*/lib/libclang.so | sort -V | tail -n 1)
echo "-- Objective-C with $debian"
SEAMLINT_LIBCLANG="$debian" swift test --filter "$filter"
