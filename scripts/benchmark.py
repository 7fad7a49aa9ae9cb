#!/usr/bin/env python3
"""SeamLint benchmark: whole-process runs of the release `lint` over folders of Swift code, against
the ground floor (reading every file with `cat`, `grep -r` for a word) measured in the same run.

Reports files, lines and bytes; wall and CPU time (median and spread over --runs); MB/s and lines/s
by wall time and per CPU second; peak resident memory; 1 worker against all cores and the speed-up;
start-up time on one small file; the per-stage and per-rule breakdown of `lint --timings`; the
tokenizer alone (`seamlint-dev tokenize --bench`); and, with --objc, Objective-C on its own.

CPU time (user + system, from wait4) is the steadier figure on a busy machine; wall time is the one
that counts on a quiet one. Lint runs use the default rules (`--no-config`).

usage: scripts/benchmark.py FOLDER [FOLDER ...] [--runs 5] [--no-build] [--scratch-path DIR]
                            [--objc] [--json FILE]
       scripts/generate-corpus.py /tmp/corpus --megabytes 70 && scripts/benchmark.py /tmp/corpus
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_SUFFIXES = (".swift",)
OBJC_SUFFIXES = (".m", ".mm", ".h")
# What `lint` skips by default, so both sides count the same files.
SKIPPED = {".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"}
STARTUP_FILE = os.path.join(ROOT, "Samples", "MenuApp", "TrailheadApp.swift")
GREP_WORD = "connectedScenes"
MEGABYTE = 1048576


def source_files(folders, suffixes):
    found = []
    for folder in folders:
        for current, subfolders, names in os.walk(folder):
            subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED)
            found.extend(os.path.join(current, name) for name in sorted(names) if name.endswith(suffixes))
    return found


def inventory(paths):
    """(bytes, lines) of the files."""
    total_bytes = total_lines = 0
    for path in paths:
        with open(path, "rb") as handle:
            data = handle.read()
        total_bytes += len(data)
        total_lines += data.count(b"\n")
    return total_bytes, total_lines


def measure(command, stdin_bytes=None):
    """Runs a command to completion: (wall s, CPU s, peak RSS MB, exit status, stderr text)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stdin_bytes is not None:
        process.stdin.write(stdin_bytes)
        process.stdin.close()
    errors = process.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), errors


def summary(values):
    """Median and spread ((max - min) / median, in %)."""
    median = statistics.median(values)
    return median, ((max(values) - min(values)) / median * 100 if median else 0.0)


def repeat(command, runs, stdin_bytes=None, accept=(0,)):
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        wall, cpu, peak, status, errors = measure(command, stdin_bytes)
        if status not in accept:
            sys.exit("benchmark: %s failed with status %d: %s" % (os.path.basename(command[0]), status,
                                                                 errors.strip().splitlines()[-1:] or ""))
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    wall, wall_spread = summary(walls)
    cpu, cpu_spread = summary(cpus)
    return {"wall": wall, "wall_spread": wall_spread, "cpu": cpu, "cpu_spread": cpu_spread, "peak_rss_mb": max(peaks)}


def build(args):
    flags = ["-c", "release", "--package-path", ROOT, "--scratch-path", args.scratch_path]
    if not args.no_build:
        for product in ("lint", "seamlint-dev"):
            subprocess.run(["swift", "build"] + flags + ["--product", product], check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build"] + flags + ["--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    return os.path.join(binaries, "lint"), os.path.join(binaries, "seamlint-dev")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", metavar="FOLDER")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build"), help="SwiftPM scratch path")
    parser.add_argument("--objc", action="store_true", help="also lint the Objective-C files, reported separately")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    for folder in args.folders:
        if not os.path.isdir(folder):
            sys.exit("benchmark: %s: not a folder" % folder)

    lint, dev = build(args)
    report = {"folders": args.folders, "runs": args.runs, "cores": os.cpu_count() or 1}

    swift_files = source_files(args.folders, SWIFT_SUFFIXES)
    if not swift_files:
        sys.exit("benchmark: no .swift files under %s" % ", ".join(args.folders))
    total_bytes, total_lines = inventory(swift_files)
    megabytes = total_bytes / MEGABYTE
    report["input"] = {"files": len(swift_files), "lines": total_lines, "bytes": total_bytes}
    print("input: %d Swift files, %d lines, %.1f MB in %s" % (len(swift_files), total_lines, megabytes,
                                                             ", ".join(args.folders)))

    # Ground floor, file cache warmed by the first run: read everything, and grep everything.
    file_list = b"\0".join(path.encode() for path in swift_files)
    cat_command = ["xargs", "-0", "cat"]
    measure(cat_command, file_list)
    cat = repeat(cat_command, args.runs, file_list)
    grep = repeat(["grep", "-r", "-c", "--include=*.swift", GREP_WORD] + args.folders, args.runs, accept=(0, 1))
    report["cat"], report["grep"] = cat, grep
    print("ground floor: cat %.3f s (%.0f MB/s), grep -r %.3f s (%.0f MB/s)"
          % (cat["wall"], megabytes / cat["wall"], grep["wall"], megabytes / grep["wall"]))

    lint_flags = ["--quiet", "--no-config", "--no-objc"]
    cores = report["cores"]
    report["lint"] = {}
    # One worker pinned to one core (`taskset`, where there is one): otherwise the background
    # thread that parses project manifests during discovery would borrow a second core.
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    for workers in sorted({1, cores}):
        # Exit 1: error diagnostics; 2: some files could not be read (reported, still a full run).
        run = repeat((pin if workers == 1 else []) + [lint, "--workers", str(workers)] + lint_flags + args.folders,
                     args.runs, accept=(0, 1, 2))
        report["lint"][workers] = run
        print("lint, %d worker%s%s: wall %.3f s (spread %.0f%%), CPU %.3f s (spread %.0f%%); %.1f MB/s, %.0f lines/s; "
              "%.1f MB per CPU second; peak RSS %.1f MB"
              % (workers, "" if workers == 1 else "s", " (one core)" if workers == 1 and pin else "",
                 run["wall"], run["wall_spread"], run["cpu"], run["cpu_spread"],
                 megabytes / run["wall"], total_lines / run["wall"], megabytes / run["cpu"], run["peak_rss_mb"]))
    if cores > 1:
        speedup = report["lint"][1]["wall"] / report["lint"][cores]["wall"]
        report["speedup"] = speedup
        print("speed-up 1 -> %d workers: %.2fx (wall)" % (cores, speedup))
    best = report["lint"][cores]["wall"]
    print("ratios (lint, all cores): lint / cat = %.1fx, lint / grep = %.1fx" % (best / cat["wall"], best / grep["wall"]))

    startup = repeat([lint, "--quiet", "--no-config", STARTUP_FILE], max(args.runs, 10), accept=(0, 1))
    report["startup"] = startup
    print("start-up, one small file (%s): wall %.1f ms, CPU %.1f ms, peak RSS %.1f MB"
          % (os.path.relpath(STARTUP_FILE, ROOT), startup["wall"] * 1000, startup["cpu"] * 1000, startup["peak_rss_mb"]))

    _, _, _, _, timings = measure([lint, "--timings"] + lint_flags + args.folders)
    report["timings"] = timings.strip()
    linted = re.search(r"timings \((\d+) files", timings)
    if linted and int(linted.group(1)) != len(swift_files):
        print("note: lint linted %s files, the inventory counts %d" % (linted.group(1), len(swift_files)))
    print("\nper-stage breakdown, all cores:\n" + timings.strip())

    tokenizer = subprocess.run([dev, "tokenize", "--bench", "--iterations", "5"] + args.folders,
                               capture_output=True, text=True)
    if tokenizer.returncode == 0:
        report["tokenizer"] = tokenizer.stdout.strip()
        print("\ntokenizer alone:\n" + tokenizer.stdout.strip())

    if args.objc:
        objc_files = source_files(args.folders, OBJC_SUFFIXES)
        if objc_files:
            objc_bytes, objc_lines = inventory(objc_files)
            objc_megabytes = objc_bytes / MEGABYTE
            # Files named on the command line, in chunks that fit any argument list.
            walls = cpus = 0.0
            for start in range(0, len(objc_files), 1000):
                wall, cpu, _, status, errors = measure([lint, "--quiet", "--no-config", "--objc"]
                                                       + objc_files[start:start + 1000])
                if status not in (0, 1, 2):
                    sys.exit("benchmark: lint failed on Objective-C files (%d): %s" % (status, errors))
                walls += wall
                cpus += cpu
            report["objc"] = {"files": len(objc_files), "bytes": objc_bytes, "lines": objc_lines, "wall": walls, "cpu": cpus}
            print("\nObjective-C (libclang): %d files, %d lines, %.1f MB: wall %.3f s, CPU %.3f s, %.1f MB/s, %.0f files/s"
                  % (len(objc_files), objc_lines, objc_megabytes, walls, cpus, objc_megabytes / walls,
                     len(objc_files) / walls))

    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
