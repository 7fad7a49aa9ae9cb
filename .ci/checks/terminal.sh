#!/usr/bin/env bash
# The terminal reporter as a user sees it: `lint` run inside a pseudo-terminal (util-linux `script`),
# so that standard output is a terminal. Colour codes, numbered excerpts with carets, the help and
# the summary must appear; NO_COLOR and `--reporter xcode` must be honoured there; and the same run
# piped must stay the plain Xcode format, byte for byte the Samples' expectations.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v script >/dev/null || { echo "FAIL: util-linux 'script' is not installed (apt-get install bsdutils)"; exit 1; }
lint="$(swift build --show-bin-path)/lint"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# In a pty: `script -qfec CMD /dev/null` prints the session (CRLF line ends) and returns CMD's status.
in_terminal() {
  local status=0
  env -u NO_COLOR -u FORCE_COLOR -u CLICOLOR_FORCE TERM=xterm-256color COLUMNS=100 "$@" > "$work/raw" || status=$?
  tr -d '\r' < "$work/raw"
  return "$status"
}
fail() { echo "FAIL: $1"; echo "---- output:"; cat "$2"; exit 1; }

status=0
in_terminal script -qfec "$lint Samples" /dev/null > "$work/terminal" || status=$?
[ "$status" = 1 ] || fail "expected exit 1 (findings) in a terminal, got $status" "$work/terminal"
esc=$'\e'
grep -q "^${esc}\[1;33mwarning\[menu_touch_through\]" "$work/terminal" || fail "no coloured warning header" "$work/terminal"
grep -q -- "-->${esc}\[0m Samples/MenuApp/TrailListView.swift:54:17" "$work/terminal" || fail "no --> location" "$work/terminal"
grep -q "54${esc}\[0m ${esc}\[1;34m|${esc}\[0m                 Menu {" "$work/terminal" || fail "no numbered excerpt line" "$work/terminal"
grep -q "${esc}\[1;33m^^^^${esc}\[0m" "$work/terminal" || fail "no coloured caret underline" "$work/terminal"
grep -q "=${esc}\[0m ${esc}\[1;36mhelp" "$work/terminal" || fail "no help line" "$work/terminal"
grep -q "(shared by [0-9]* findings)" "$work/terminal" || fail "the shared note is not marked" "$work/terminal"
[ "$(grep -c "no workaround window can be installed" "$work/terminal")" = 1 ] || fail "the shared note is printed more than once" "$work/terminal"
grep -q "Found [0-9]* diagnostics" "$work/terminal" || fail "no summary" "$work/terminal"
grep -q "files linted in [0-9]*\.[0-9][0-9]s" "$work/terminal" || fail "no file count and time in the summary" "$work/terminal"
if grep -q "^SeamLint: " "$work/terminal"; then fail "the one-line summary is printed besides the terminal summary" "$work/terminal"; fi

# NO_COLOR: the same layout without a single escape sequence.
in_terminal env NO_COLOR=1 script -qfec "$lint Samples/MenuApp" /dev/null > "$work/plain" || true
grep -q "^warning\[menu_touch_through\]" "$work/plain" || fail "NO_COLOR: no plain header" "$work/plain"
if grep -q "$esc" "$work/plain"; then fail "NO_COLOR: escape sequences printed" "$work/plain"; fi

# --reporter xcode in a terminal: the Xcode lines.
in_terminal script -qfec "$lint --quiet --enable-all-rules --reporter xcode Samples/MenuApp" /dev/null > "$work/xcode" || true
diff -u Samples/MenuApp/expected.txt "$work/xcode" || fail "--reporter xcode in a terminal differs from the expectation" "$work/xcode"

# Piped: unchanged Xcode format, byte for byte.
for app in Samples/*/; do
  app=${app%/}
  "$lint" --quiet --enable-all-rules "$app" > "$work/piped" || true
  cmp -s "$app/expected.txt" "$work/piped" || { diff -u "$app/expected.txt" "$work/piped"; fail "$app: piped output differs" "$work/piped"; }
done
echo "terminal: renderer in a pty with colour and excerpts; NO_COLOR, --reporter xcode and piped output as expected"
