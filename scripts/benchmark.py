#!/usr/bin/env python3
"""SeamLint benchmark: whole-process runs of the release `lint` over folders of Swift (and, with
--objc, Objective-C) code, against the ground floor measured in the same run (`cat` of every file,
`grep -rF` for a word over the same files).

Reports files, lines and bytes per language; wall and CPU time (best, median and spread over --runs);
MB/s of Swift (`--no-objc`, one worker pinned to one core, then one per core); with --objc the whole
run (Swift and Objective-C), the Objective-C MB/s (the whole run less the Swift-only one) and the
libclang share of the run (`--timings`); peak resident memory (the largest process: `lint` or one of
its libclang workers); the ratios to `cat` and `grep`; start-up time on one small file; the
per-stage breakdown of `lint --timings`; the tokenizer alone.

CPU time (user + system, from wait4: the libclang worker processes' included) is the steadier
figure on a busy machine; wall time is the one that counts on a quiet one. The headline figures are
the best of --runs (the run least disturbed by other processes); medians are printed beside them.
Lint runs use the default rules (`--no-config`).

usage: scripts/benchmark.py FOLDER [FOLDER ...] [--runs 3] [--no-build] [--lint PATH] [--objc] [--instructions] [--json FILE]
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
# What `lint` skips by default, so every side counts the same files.
SKIPPED = {".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"}
SKIPPED_ENDINGS = (".xcassets", ".lproj", ".xcdatamodeld")  # resource catalogs
STARTUP_FILE = os.path.join(ROOT, "Samples", "MenuApp", "TrailheadApp.swift")
GREP_WORD = "connectedScenes"
MEGABYTE = 1048576


def source_files(folders, suffixes):
    found = []
    for folder in folders:
        for current, subfolders, names in os.walk(folder):
            subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED and not name.endswith(SKIPPED_ENDINGS))
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


def repeat(commands, runs, stdin_bytes=None, accept=(0,)):
    """Runs `commands` (one after the other, summed: one measurement) `runs` times."""
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        wall = cpu = peak = 0.0
        for command in commands:
            one_wall, one_cpu, one_peak, status, errors = measure(command, stdin_bytes)
            if status not in accept:
                sys.exit("benchmark: %s failed with status %d: %s" % (os.path.basename(command[0]), status,
                                                                     errors.strip().splitlines()[-1:] or ""))
            wall, cpu, peak = wall + one_wall, cpu + one_cpu, max(peak, one_peak)
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    median = statistics.median(walls)
    return {"wall": min(walls), "wall_median": median, "wall_spread": (max(walls) - min(walls)) / median * 100,
            "cpu": min(cpus), "cpu_median": statistics.median(cpus), "peak_rss_mb": max(peaks),
            "walls": walls, "cpus": cpus}


def build(args):
    if args.lint:
        lint = os.path.abspath(args.lint)
        dev = os.path.join(os.path.dirname(lint), "seamlint-dev")
        return lint, dev
    flags = ["-c", "release", "--package-path", ROOT, "--scratch-path", args.scratch_path]
    if not args.no_build:
        for product in ("lint", "seamlint-dev"):
            subprocess.run(["swift", "build"] + flags + ["--product", product], check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(["swift", "build"] + flags + ["--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    return os.path.join(binaries, "lint"), os.path.join(binaries, "seamlint-dev")


def line(label, run, megabytes, extra=""):
    print("%-34s wall %.3f s (median %.3f, spread %.0f%%), CPU %.3f s (median %.3f); %6.1f MB/s, %5.1f MB per CPU s; "
          "peak RSS %.0f MB%s" % (label, run["wall"], run["wall_median"], run["wall_spread"], run["cpu"],
                                  run["cpu_median"], megabytes / run["wall"], megabytes / run["cpu"],
                                  run["peak_rss_mb"], extra))


def stage_milliseconds(timings, prefix):
    """CPU ms of the `--timings` rows whose name starts with `prefix`, and of all rows."""
    chosen = total = 0.0
    for row in timings.splitlines():
        match = re.match(r"\s*(.+?)\s{2,}([\d.]+) ms\s+[\d.]+%", row)
        if match:
            total += float(match.group(2))
            if match.group(1).startswith(prefix):
                chosen += float(match.group(2))
    return chosen, total


def instructions(command):
    """Instructions `command` executes in user space, counted by callgrind (about 40 times slower
    than a run); None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    return int(found.group(1)) if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", metavar="FOLDER")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--lint", metavar="PATH", help="benchmark this `lint` executable (no build)")
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build"), help="SwiftPM scratch path")
    parser.add_argument("--objc", action="store_true", help="also lint the Objective-C files: whole run and on their own")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of one Swift-only run on one worker (valgrind's callgrind): "
                             "the same count for the same build and input however busy the machine is")
    args = parser.parse_args()
    for folder in args.folders:
        if not os.path.isdir(folder):
            sys.exit("benchmark: %s: not a folder" % folder)

    lint, dev = build(args)
    report = {"folders": args.folders, "runs": args.runs, "cores": os.cpu_count() or 1, "lint": lint,
              "load_average": os.getloadavg()}
    print("lint: %s; load average %.1f %.1f %.1f; best of %d runs" % ((lint,) + os.getloadavg() + (args.runs,)))

    swift_files = source_files(args.folders, SWIFT_SUFFIXES)
    objc_files = source_files(args.folders, OBJC_SUFFIXES) if args.objc else []
    if not swift_files and not objc_files:
        sys.exit("benchmark: no source files under %s" % ", ".join(args.folders))
    swift_bytes, swift_lines = inventory(swift_files)
    objc_bytes, objc_lines = inventory(objc_files)
    swift_mb, objc_mb = swift_bytes / MEGABYTE, objc_bytes / MEGABYTE
    all_mb = swift_mb + objc_mb
    report["input"] = {"swift": {"files": len(swift_files), "lines": swift_lines, "bytes": swift_bytes},
                       "objc": {"files": len(objc_files), "lines": objc_lines, "bytes": objc_bytes}}
    print("input: %d Swift files, %d lines, %.1f MB; %d Objective-C files, %d lines, %.1f MB; in %s"
          % (len(swift_files), swift_lines, swift_mb, len(objc_files), objc_lines, objc_mb, " ".join(args.folders)))

    # Ground floor over the same files, file cache warmed by the first run.
    suffixes = SWIFT_SUFFIXES + (OBJC_SUFFIXES if args.objc else ())
    file_list = b"\0".join(path.encode() for path in swift_files + objc_files)
    cat_command = ["xargs", "-0", "cat"]
    measure(cat_command, file_list)
    cat = repeat([cat_command], args.runs, file_list)
    grep_command = (["grep", "-rF", "-c"] + ["--include=*" + suffix for suffix in suffixes]
                    + ["--exclude-dir=" + name for name in sorted(SKIPPED)] + [GREP_WORD] + args.folders)
    grep = repeat([grep_command], args.runs, accept=(0, 1))
    report["cat"], report["grep"] = cat, grep
    print("ground floor (%.1f MB): cat %.3f s (%.0f MB/s, CPU %.3f s), grep -rF %.3f s (%.0f MB/s, CPU %.3f s)"
          % (all_mb, cat["wall"], all_mb / cat["wall"], cat["cpu"], grep["wall"], all_mb / grep["wall"], grep["cpu"]))
    if args.objc:
        swift_grep = repeat([["grep", "-rF", "-c", "--include=*.swift"] + ["--exclude-dir=" + name for name in sorted(SKIPPED)]
                             + [GREP_WORD] + args.folders], args.runs, accept=(0, 1))
        report["grep_swift"] = swift_grep
        print("grep -rF over the Swift files alone: %.3f s" % swift_grep["wall"])
    else:
        swift_grep = grep

    cores = report["cores"]
    # One worker pinned to one core (`taskset`, where there is one): otherwise the background
    # thread that parses project manifests during discovery would borrow a second core.
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    swift_flags = ["--quiet", "--no-config", "--no-objc"]
    report["swift"] = {}
    if swift_files:
        for workers in sorted({1, cores}):
            # Exit 1: error diagnostics; 2: some files could not be read (reported, still a full run).
            run = repeat([(pin if workers == 1 else []) + [lint, "--workers", str(workers)] + swift_flags + args.folders],
                         args.runs, accept=(0, 1, 2))
            report["swift"][workers] = run
            line("Swift, %d worker%s%s:" % (workers, "" if workers == 1 else "s", " (one core)" if workers == 1 and pin else ""),
                 run, swift_mb)
        best = report["swift"][cores]["wall"]
        print("  Swift, %d workers: lint / grep -rF over the Swift files = %.1fx" % (cores, best / swift_grep["wall"]))

    if args.objc:
        whole = repeat([[lint, "--workers", str(cores), "--quiet", "--no-config", "--objc"] + args.folders],
                       args.runs, accept=(0, 1, 2))
        report["whole"] = whole
        line("whole run (Swift + Objective-C):", whole, all_mb)
        print("  whole run: lint / cat = %.1fx, lint / grep -rF = %.1fx (wall); CPU: lint / grep = %.1fx"
              % (whole["wall"] / cat["wall"], whole["wall"] / grep["wall"], whole["cpu"] / max(grep["cpu"], 1e-3)))
        if objc_files:
            if swift_files:
                extra_wall = whole["wall"] - report["swift"][cores]["wall"]
                extra_cpu = whole["cpu"] - report["swift"][cores]["cpu"]
                report["objc_marginal"] = {"wall": extra_wall, "cpu": extra_cpu}
                print("  Objective-C: the whole run less the Swift-only run: +%.3f s wall, +%.3f s CPU: %.1f MB/s, %.1f MB per CPU s"
                      % (extra_wall, extra_cpu, objc_mb / max(extra_wall, 1e-3), objc_mb / max(extra_cpu, 1e-3)))

    if args.instructions and swift_files:
        count = instructions([lint, "--workers", "1"] + swift_flags + args.folders)
        report["instructions"] = count
        print("instructions, Swift only, one worker (callgrind, user space): %s"
              % ("{:,}".format(count) if count is not None else "not measured (valgrind missing or failed)"))

    startup = repeat([[lint, "--quiet", "--no-config", STARTUP_FILE]], max(args.runs, 10), accept=(0, 1))
    report["startup"] = startup
    print("start-up, one small file (%s): wall %.1f ms, CPU %.1f ms, peak RSS %.1f MB"
          % (os.path.relpath(STARTUP_FILE, ROOT), startup["wall"] * 1000, startup["cpu"] * 1000, startup["peak_rss_mb"]))

    _, _, _, _, timings = measure([lint, "--timings", "--quiet", "--no-config"] + (["--objc"] if args.objc else ["--no-objc"])
                                  + args.folders)
    report["timings"] = timings.strip()
    print("\nper-stage breakdown, all cores:\n" + timings.strip())
    if objc_files:
        libclang, total = stage_milliseconds(timings, "tokenizing Objective-C")
        report["libclang_share"] = libclang / total if total else 0
        print("libclang share of the run (the lint process's waits for its worker processes): %.0f ms of %.0f ms, %.1f%%"
              % (libclang, total, 100 * libclang / total if total else 0))

    if os.path.exists(dev):
        tokenizer = subprocess.run([dev, "tokenize", "--bench", "--iterations", "5"] + args.folders,
                                   capture_output=True, text=True)
        if tokenizer.returncode == 0:
            report["tokenizer"] = tokenizer.stdout.strip()
            print("\ntokenizer alone:\n" + tokenizer.stdout.strip())

    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
