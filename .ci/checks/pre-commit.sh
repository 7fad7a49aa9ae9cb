#!/usr/bin/env bash
# The pre-commit hook, for real: `pre-commit try-repo` on this checkout inside a temporary git
# repository fails on a buggy file (printing the diagnostic) and passes on a clean one.
set -euo pipefail
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q
git config user.email ci@example.invalid
git config user.name ci
cat > Buggy.swift <<'SOURCE'
import UIKit

func presentShareSheet(_ controller: UIViewController) {
    let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
    scene?.keyWindow?.rootViewController?.present(controller, animated: true)
}
SOURCE
cat > Clean.swift <<'SOURCE'
import UIKit

final class ShareViewController: UIViewController {
    func presentShareSheet(_ controller: UIViewController) {
        present(controller, animated: true)
    }
}
SOURCE
git add Buggy.swift Clean.swift
if output=$(pre-commit try-repo "$root" seamlint --files Buggy.swift 2>&1); then
  echo "$output"; echo "pre-commit passed on a buggy file"; exit 1
fi
echo "$output" | grep -q "connected_scenes_first" || { echo "$output"; echo "hook output lacks the diagnostic"; exit 1; }
output=$(pre-commit try-repo "$root" seamlint --files Clean.swift 2>&1) || { echo "$output"; echo "pre-commit failed on a clean file"; exit 1; }
echo "pre-commit: ok"
