#!/usr/bin/env python3
"""SeamLint benchmark: whole-process runs of the release `lint` on a folder, against the ground
floor (reading every file with `cat`, `grep -r` for a word) in the same run.

Reports files, lines and bytes; wall and CPU time (median and spread over --runs); MB/s and
lines/s; peak resident memory; the speed-up from 1 worker to all cores; the per-stage and
per-rule breakdown from `lint --timings`; and the tokenizer alone (`seamlint-dev tokenize --bench`).

usage: scripts/benchmark.py FOLDER [--runs 5] [--no-build] [--objc]
       scripts/generate-corpus.py /tmp/corpus --megabytes 70 && scripts/benchmark.py /tmp/corpus
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_SUFFIXES = (".swift",)
OBJC_SUFFIXES = (".m", ".mm", ".h")
SKIPPED = {".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"}


def source_files(folder, suffixes):
    found = []
    for current, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if name not in SKIPPED)
        for name in sorted(names):
            if name.endswith(suffixes):
                found.append(os.path.join(current, name))
    return found


def measure(command, stdout=subprocess.DEVNULL):
    """Runs a command; returns (wall seconds, CPU seconds, peak RSS in MB, exit status, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    errors = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), errors


def summarize(values):
    median = statistics.median(values)
    spread = (max(values) - min(values)) / median * 100 if median else 0
    return median, spread


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--objc", action="store_true", help="also lint Objective-C (reported separately)")
    args = parser.parse_args()

    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT], check=True,
                       stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    lint = os.path.join(binaries, "lint")
    dev = os.path.join(binaries, "seamlint-dev")

    swift_files = source_files(args.folder, SWIFT_SUFFIXES)
    total_bytes = sum(os.path.getsize(path) for path in swift_files)
    total_lines = 0
    for path in swift_files:
        with open(path, "rb") as handle:
            total_lines += handle.read().count(b"\n")
    megabytes = total_bytes / 1048576
    print("input: %s: %d Swift files, %d lines, %.1f MB" % (args.folder, len(swift_files), total_lines, megabytes))

    # Warm the file cache, then the ground floor.
    subprocess.run(["cat"] + swift_files[:1], stdout=subprocess.DEVNULL)
    cat_times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for chunk in range(0, len(swift_files), 2000):
            subprocess.run(["cat"] + swift_files[chunk:chunk + 2000], stdout=subprocess.DEVNULL, check=True)
        cat_times.append(time.perf_counter() - start)
    grep_times = [measure(["grep", "-r", "--include=*.swift", "-c", "connectedScenes", args.folder])[0]
                  for _ in range(args.runs)]
    cat_median, _ = summarize(cat_times)
    grep_median, _ = summarize(grep_times)
    print("ground floor: cat %.3f s, grep -r %.3f s" % (cat_median, grep_median))

    lint_flags = ["--quiet"] + ([] if args.objc else ["--no-objc"])
    cores = os.cpu_count() or 1
    results = {}
    for workers in sorted({1, cores}):
        walls, cpus, peaks = [], [], []
        for _ in range(args.runs):
            wall, cpu, peak, status, errors = measure([lint, "--workers", str(workers)] + lint_flags + [args.folder])
            if status not in (0, 1):
                sys.exit("lint failed (%d): %s" % (status, errors))
            walls.append(wall)
            cpus.append(cpu)
            peaks.append(peak)
        wall, spread = summarize(walls)
        results[workers] = wall
        print("lint, %d worker%s: wall %.3f s (spread %.0f%%), CPU %.3f s, %.1f MB/s, %.0f lines/s, peak RSS %.1f MB"
              % (workers, "" if workers == 1 else "s", wall, spread, statistics.median(cpus), megabytes / wall,
                 total_lines / wall, max(peaks)))
    if cores > 1:
        print("speed-up 1 → %d workers: %.2fx" % (cores, results[1] / results[cores]))
    best = min(results.values())
    print("ratios: lint / cat = %.1fx, lint / grep = %.1fx" % (best / cat_median, best / grep_median))

    _, _, _, _, timings = measure([lint, "--timings"] + lint_flags + [args.folder])
    print("\nper-stage breakdown (CPU summed over workers):\n" + timings.strip())

    tokenizer = subprocess.run([dev, "tokenize", "--bench", args.folder], capture_output=True, text=True)
    if tokenizer.returncode == 0:
        print("\ntokenizer alone: " + tokenizer.stdout.strip())

    if args.objc:
        objc_files = source_files(args.folder, OBJC_SUFFIXES)
        if objc_files:
            objc_bytes = sum(os.path.getsize(path) for path in objc_files) / 1048576
            wall, cpu, peak, _, _ = measure([lint, "--quiet"] + objc_files)
            print("\nObjective-C: %d files, %.1f MB: wall %.3f s, %.1f MB/s, %.0f files/s"
                  % (len(objc_files), objc_bytes, wall, objc_bytes / wall, len(objc_files) / wall))


if __name__ == "__main__":
    main()
