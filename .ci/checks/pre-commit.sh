#!/usr/bin/env bash
# The pre-commit hooks, for real: pre-commit builds a snapshot of this checkout with
# `language: swift` (one release build) and git runs the hooks on commits in a temporary repository.
#  1. A buggy file staged: the commit is refused and the diagnostic printed.
#  2. A clean file staged (the buggy one committed earlier): the commit goes through.
#  3. One file of a project staged, its workaround window committed earlier: passes, because
#     project rules read the file's whole project although pre-commit names one file (the file
#     in a folder of its own would be reported).
#  4. `pre-commit run seamlint --all-files` lints every file pre-commit names: it finds the
#     committed buggy file; `--files Clean.swift` passes and `--files Buggy.swift` fails.
#  5. `seamlint-all` finds the committed buggy file.
# Not `pre-commit try-repo`: it builds into a throwaway store on every call, so each scenario
# would cost a release build; a .pre-commit-config.yaml pinned to the snapshot shares one.
set -euo pipefail
root=$(pwd)
command -v pre-commit >/dev/null || { echo "pre-commit is not installed (python3 -m pip install pre-commit)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1
git config --global user.email ci@example.invalid
git config --global user.name ci
git config --global init.defaultBranch main

# A snapshot of the working tree (tracked and untracked, not ignored files) as one commit, so local
# uncommitted work is what gets built and .build/ is not copied.
snapshot="$work/seamlint"
mkdir -p "$snapshot"
git -C "$root" ls-files -z --cached --others --exclude-standard \
  | (cd "$root" && tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$snapshot"
git -C "$snapshot" init -q
git -C "$snapshot" add -A
git -C "$snapshot" commit -q -m snapshot
rev=$(git -C "$snapshot" rev-parse HEAD)

repo="$work/app"
mkdir -p "$repo"
cd "$repo"
git init -q
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

cat > .pre-commit-config.yaml <<CONFIG
repos:
  - repo: $snapshot
    rev: $rev
    hooks:
      - id: seamlint
      - id: seamlint-all
        stages: [manual]
CONFIG
git add .pre-commit-config.yaml
git commit -q -m "pre-commit configuration"
pre-commit install >/dev/null
start=$SECONDS
pre-commit install-hooks || { echo "pre-commit could not build SeamLint"; exit 1; }
echo "built the hook environment in $((SECONDS - start))s"

echo "-- 1. git commit of a buggy file"
git add Buggy.swift
if output=$(git commit -m buggy 2>&1); then
  echo "$output"; echo "the hook let a buggy file through"; exit 1
fi
echo "$output" | grep -q "Buggy.swift:4:17: warning: .*(connected_scenes_first)" \
  || { echo "$output"; echo "the hook output lacks the diagnostic"; exit 1; }
echo "refused, with the diagnostic"
git commit -q --no-verify -m "a buggy file, committed past the hook"

echo "-- 2. git commit of a clean file"
git add Clean.swift
output=$(git commit -m clean 2>&1) || { echo "$output"; echo "the hook failed on a clean file"; exit 1; }
echo "$output" | grep -q "SeamLint\.*Passed" || { echo "$output"; echo "the hook did not run"; exit 1; }
echo "passed"

echo "-- 3. git commit of one file of a project: facts come from the committed files"
cp -R "$root/Samples/MenuAppFixed" MenuApp
git add MenuApp
git commit -q --no-verify -m "menu app"
printf '\n// Touched.\n' >> MenuApp/TrailListView.swift
git add MenuApp/TrailListView.swift
output=$(git commit -m "touch the list" 2>&1) || { echo "$output"; echo "the hook judged a staged file without its project"; exit 1; }
# The step proves something only if the file on its own would fail (with the lint pre-commit built):
# the same file and manifest in a folder without the workaround window.
built=$(find "$PRE_COMMIT_HOME" -path '*/release/lint' -type f | head -1)
alone="$work/alone"
mkdir -p "$alone"
cp MenuApp/TrailListView.swift MenuApp/Package.swift "$alone/"
if (cd "$alone" && "$built" --strict --quiet TrailListView.swift >/dev/null 2>&1); then
  echo "TrailListView.swift passes on its own too: step 3 no longer shows that facts come from the project"; exit 1
fi
echo "passed (alone, the file would have failed)"

echo "-- 4. pre-commit run seamlint --all-files / --files lint what they name"
if output=$(pre-commit run seamlint --all-files 2>&1); then
  echo "$output"; echo "seamlint --all-files passed a repository with a buggy file"; exit 1
fi
echo "$output" | grep -q "Buggy.swift:4:17: warning" || { echo "$output"; echo "--all-files lacks the diagnostic"; exit 1; }
echo "$output" | grep -q "TrailListView.swift" && { echo "$output"; echo "--all-files judged the menu app without its project"; exit 1; }
output=$(pre-commit run seamlint --files Clean.swift MenuApp/TrailListView.swift 2>&1) \
  || { echo "$output"; echo "--files with clean files failed"; exit 1; }
if output=$(pre-commit run seamlint --files Buggy.swift 2>&1); then
  echo "$output"; echo "--files Buggy.swift passed"; exit 1
fi
echo "$output" | grep -q "Buggy.swift:4:17: warning" || { echo "$output"; echo "--files lacks the diagnostic"; exit 1; }
echo "each lints what it names"

echo "-- 5. seamlint-all lints the committed buggy file too"
if output=$(pre-commit run seamlint-all --all-files --hook-stage manual 2>&1); then
  echo "$output"; echo "seamlint-all passed a repository with a buggy file"; exit 1
fi
echo "$output" | grep -q "Buggy.swift:4:17: warning" || { echo "$output"; echo "seamlint-all lacks the diagnostic"; exit 1; }
echo "failed as it should"
echo "pre-commit: ok"
