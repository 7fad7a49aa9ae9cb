#!/usr/bin/env bash
# The SwiftPM plugins, for real: a temporary package depends on this checkout by path, runs the
# command plugin (`swift package lint`, arguments passed through) and builds with the build-tool
# plugin (diagnostics in the build log as warnings, with absolute paths; reruns only on change).
set -euo pipefail
root=$(pwd)
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/Sources/Probe"
cat > "$probe/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "PluginProbe",
    dependencies: [.package(path: "$root")],
    targets: [.target(name: "Probe", plugins: [.plugin(name: "SeamLintBuildToolPlugin", package: "$identity")])]
)
MANIFEST
# Compiles on Linux (no UIKit) yet reads like the bug: one scene picked from connectedScenes.
cat > "$probe/Sources/Probe/Probe.swift" <<'SOURCE'
final class UIApplication: Sendable {
    static let shared = UIApplication()
    let connectedScenes: Set<Int> = []
}

func currentScene() -> Int? {
    UIApplication.shared.connectedScenes.first
}
SOURCE
source="$probe/Sources/Probe/Probe.swift"
fail() { echo "$output"; echo "plugins: $1"; exit 1; }
cd "$probe"

echo "-- swift package lint"
start=$SECONDS
output=$(swift package --disable-sandbox lint 2>&1) || fail "the command plugin failed"
echo "$output" | grep -q "^Sources/Probe/Probe.swift:7:5: warning: .*(connected_scenes_first)$" \
  || fail "the command plugin did not report the diagnostic"
echo "reported the diagnostic ($((SECONDS - start))s, SeamLint built)"

echo "-- swift package lint --target Probe --reporter json --output FILE --strict"
# --target is the plugin's; the rest must reach lint: a JSON report in FILE, and --strict turns the
# warning into exit status 1, which the plugin must pass on.
if output=$(swift package --disable-sandbox lint --target Probe --reporter json --output "$probe/report.json" --strict 2>&1); then
  fail "--strict did not fail the run"
fi
python3 - "$probe/report.json" <<'CHECK' || fail "the arguments did not reach lint"
import json, sys
report = json.load(open(sys.argv[1]))
assert [d["rule"] for d in report] == ["connected_scenes_first"], report
assert report[0]["file"] == "Sources/Probe/Probe.swift", report[0]["file"]
CHECK
echo "arguments passed through; exit status passed on"

echo "-- swift build (build-tool plugin)"
# A configuration naming a baseline, both present when the build is planned (see the end).
empty_baseline='{ "version": 1, "entries": [] }'
echo '{ baseline: "seamlint-baseline.json" }' > .seamlint.json
echo "$empty_baseline" > seamlint-baseline.json
output=$(swift build 2>&1) || fail "the build with the plugin failed"
echo "$output" | grep -qF "$source:7:5: warning: " || fail "the build-tool plugin did not surface a warning with the absolute path"
if find .build -name '*.resources' -o -name '*resource_bundle_accessor*' | grep -q .; then
  fail "the stamp became a resource: the target got a bundle"
fi
echo "surfaced the warning"
output=$(swift build 2>&1) || fail "the second build failed"
if echo "$output" | grep -q "connected_scenes_first"; then fail "lint reran although nothing changed"; fi
printf '\n// Touched.\n' >> "$source"
output=$(swift build 2>&1) || fail "the build after a change failed"
echo "$output" | grep -qF "$source:7:5: warning: " || fail "lint did not rerun after a source changed"
echo "reran only after a change"
# The configuration and the baseline it names are inputs too (both existed when the build was
# planned, above): each edit reruns lint, which the warning disappearing and coming back shows.
config='{ baseline: "seamlint-baseline.json" }'
echo "${config%\}}, rules: { connected_scenes_first: \"off\" } }" > .seamlint.json
output=$(swift build 2>&1) || fail "the build after a configuration change failed"
if echo "$output" | grep -q "connected_scenes_first"; then fail "lint did not rerun after .seamlint.json changed"; fi
echo "$config" > .seamlint.json
output=$(swift build 2>&1) || fail "the build after the configuration was restored failed"
echo "$output" | grep -qF "$source:7:5: warning: " || fail "lint did not rerun after .seamlint.json was restored"
"$root/.build/debug/lint" --quiet --write-baseline seamlint-baseline.json Sources >/dev/null || true
grep -q connected_scenes_first seamlint-baseline.json || fail "could not write the baseline"
output=$(swift build 2>&1) || fail "the build with the finding baselined failed"
if echo "$output" | grep -q "connected_scenes_first"; then fail "lint did not rerun after the baseline changed"; fi
echo "$empty_baseline" > seamlint-baseline.json
output=$(swift build 2>&1) || fail "the build after the baseline was emptied failed"
echo "$output" | grep -qF "$source:7:5: warning: " || fail "lint did not rerun after the baseline was emptied"
echo "reran after the configuration and the baseline changed"
echo "plugins: ok"
