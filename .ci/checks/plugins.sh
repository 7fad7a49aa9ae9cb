#!/usr/bin/env bash
# The SwiftPM plugins, for real: a temporary package depends on this checkout by path, runs the
# command plugin (`swift package lint`) and builds with the build-tool plugin.
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
final class UIApplication {
    static let shared = UIApplication()
    var connectedScenes: Set<Int> = []
}

func currentScene() -> Int? {
    UIApplication.shared.connectedScenes.first
}
SOURCE

cd "$probe"
echo "-- swift package lint"
output=$(swift package --disable-sandbox lint 2>&1) || { echo "$output"; echo "command plugin failed"; exit 1; }
echo "$output" | tail -5
echo "$output" | grep -q "connected_scenes_first" || { echo "command plugin did not report the diagnostic"; exit 1; }

echo "-- swift build (build-tool plugin)"
output=$(swift build 2>&1) || { echo "$output"; echo "build with the plugin failed"; exit 1; }
echo "$output" | grep -E "warning: .*connected_scenes_first" || { echo "$output"; echo "build-tool plugin did not surface a warning"; exit 1; }
echo "plugins: ok"
