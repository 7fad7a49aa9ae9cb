#!/usr/bin/env python3
"""SeamLint scaling check: for each input class that once grew quadratically, builds inputs of three
sizes in a temporary folder, runs the release `lint` on each, and prints the time per size and the
ratio per doubling (about 2 when linear, 4 when quadratic). Wall time of whole runs: a rough figure
for a report, never a test (the tests count steps instead).

Cases:
  baseline     load a baseline of N findings (`--baseline` on one clean file)
  config       `.seamlint.json` with N `excluded` globs
  fix-diff     `--fix --dry-run` on one file with N fixes (unified diff and fix applier)
  fix          `--fix` on the same file
  suppressions one file with N `seamlint:disable:next` comments, each before a finding
  reporters    N findings through the json and sarif reporters
  changed      `--diff HEAD --changed-lines-only` with N changed lines in one file

usage: scripts/scaling.py [--lint .build/release/lint] [--case NAME ...] [--scale 1.0]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FINDING = "func show{i}() {{\n    let window = UIApplication.shared.keyWindow\n    _ = window\n}}\n"
FIXABLE = """struct Preview{i}: UIViewRepresentable {{
    func makeUIView(context: Context) -> PreviewView {{ PreviewView() }}
    func updateUIView(_ uiView: PreviewView, context: Context) {{}}
    func dismantleUIView(_ uiView: PreviewView, coordinator: ()) {{
        uiView.session?.stopRunning()
    }}
}}

"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def findings_tree(folder, count, per_file=200):
    """`count` key_window_lookup findings in files of `per_file` each."""
    for start in range(0, count, per_file):
        body = "import UIKit\n\n" + "".join(FINDING.format(i=i) for i in range(start, min(count, start + per_file)))
        write(os.path.join(folder, "App", f"File{start // per_file}.swift"), body)


def run(lint, arguments, folder):
    start = time.perf_counter()
    result = subprocess.run([lint, *arguments], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"lint {' '.join(arguments)} failed ({result.returncode}): {result.stderr.decode()[:400]}")
    return elapsed


def case_baseline(lint, folder, n):
    findings_tree(folder, n)
    write(os.path.join(folder, "Clean.swift"), "let x = 1\n")
    subprocess.run([lint, "--no-config", "--quiet", "--write-baseline", "baseline.json", "App"], cwd=folder,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return lambda: run(lint, ["--no-config", "--quiet", "--baseline", "baseline.json", "Clean.swift"], folder)


def case_config(lint, folder, n):
    globs = ",\n".join(f'    "Generated{i}/**"' for i in range(n))
    write(os.path.join(folder, ".seamlint.json"), "{\n  \"excluded\": [\n" + globs + "\n  ]\n}\n")
    write(os.path.join(folder, "App", "A.swift"), "let x = 1\n")
    return lambda: run(lint, ["--quiet", "App"], folder)


def fixable_file(folder, n):
    write(os.path.join(folder, "Previews.swift"), "import SwiftUI\n\n" + "".join(FIXABLE.format(i=i) for i in range(n)))


def case_fix_diff(lint, folder, n):
    fixable_file(folder, n)
    return lambda: run(lint, ["--no-config", "--quiet", "--fix", "--dry-run", "Previews.swift"], folder)


def case_fix(lint, folder, n):
    def once():
        fixable_file(folder, n)
        return run(lint, ["--no-config", "--quiet", "--fix", "Previews.swift"], folder)
    return once


def case_suppressions(lint, folder, n):
    lines = ["import UIKit", "", "func show() {"]
    for _ in range(n):
        lines += ["    // seamlint:disable:next key_window_lookup", "    _ = UIApplication.shared.keyWindow"]
    write(os.path.join(folder, "Suppressed.swift"), "\n".join(lines + ["}", ""]))
    return lambda: run(lint, ["--no-config", "--quiet", "Suppressed.swift"], folder)


def case_reporters(lint, folder, n):
    findings_tree(folder, n)
    def once():
        return sum(run(lint, ["--no-config", "--quiet", "--reporter", reporter, "App"], folder) for reporter in ("json", "sarif"))
    return once


def case_changed(lint, folder, n):
    path = os.path.join(folder, "App", "A.swift")
    write(path, "import UIKit\n\n" + "".join(f"let value{i} = {i}\n\n" for i in range(n)))
    git = ["git", "-c", "user.name=s", "-c", "user.email=s@s", "-c", "init.defaultBranch=main"]
    subprocess.run(git + ["init", "-q"], cwd=folder, check=True)
    subprocess.run(git + ["add", "."], cwd=folder, check=True)
    subprocess.run(git + ["commit", "-qm", "base"], cwd=folder, check=True)
    write(path, "import UIKit\n\n" + "".join(f"let value{i} = UIApplication.shared.keyWindow\n\n" for i in range(n)))
    return lambda: run(lint, ["--no-config", "--quiet", "--diff", "HEAD", "--changed-lines-only", "App"], folder)


CASES = {
    "baseline": (case_baseline, [4000, 8000, 16000]),
    "config": (case_config, [4000, 8000, 16000]),
    "fix-diff": (case_fix_diff, [1000, 2000, 4000]),
    "fix": (case_fix, [1000, 2000, 4000]),
    "suppressions": (case_suppressions, [5000, 10000, 20000]),
    "reporters": (case_reporters, [5000, 10000, 20000]),
    "changed": (case_changed, [5000, 10000, 20000]),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lint", default=os.path.join(ROOT, ".build", "release", "lint"))
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every size (e.g. 4 for bigger inputs)")
    parser.add_argument("--runs", type=int, default=1, help="best of this many runs per size")
    arguments = parser.parse_args()
    lint = os.path.abspath(arguments.lint)
    print(f"{'case':<13} {'size':>8} {'seconds':>9} {'× per doubling':>15}")
    for name in arguments.case or list(CASES):
        build, sizes = CASES[name]
        previous = None
        for size in (int(size * arguments.scale) for size in sizes):
            with tempfile.TemporaryDirectory(prefix="seamlint-scaling-") as folder:
                once = build(lint, folder, size)
                seconds = min(once() for _ in range(arguments.runs))
            ratio = f"{seconds / previous:.2f}" if previous else ""
            print(f"{name:<13} {size:>8} {seconds:>9.3f} {ratio:>15}", flush=True)
            previous = seconds


if __name__ == "__main__":
    main()
