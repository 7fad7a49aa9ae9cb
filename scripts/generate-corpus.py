#!/usr/bin/env python3
"""Deterministic reference input for benchmarks: the Samples' Swift files (and the Objective-C
ones with --objc) copied over and over, each copy in its own folder with its type names
suffixed, until the tree reaches the requested size. Needs no network.

usage: scripts/generate-corpus.py OUT_DIR [--megabytes 50] [--objc]
"""
import argparse
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = ".seamlint-corpus"


def sample_files(include_objc):
    suffixes = (".swift", ".m", ".mm", ".h") if include_objc else (".swift",)
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "Samples")):
        for name in sorted(names):
            if name.endswith(suffixes) and name != "Package.swift":
                found.append(os.path.join(folder, name))
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--objc", action="store_true")
    args = parser.parse_args()
    sources = [(path, open(path, encoding="utf-8").read()) for path in sample_files(args.objc)]
    if not sources:
        sys.exit("no sample sources found")
    if args.megabytes <= 0:
        sys.exit("generate-corpus: --megabytes must be positive")
    marker = os.path.join(args.out, MARKER)
    if os.path.exists(args.out):
        # Only ever delete a tree this script wrote.
        if not os.path.isdir(args.out) or (os.listdir(args.out) and not os.path.exists(marker)):
            print("generate-corpus: %s exists and is not a generated corpus; not replacing it" % args.out,
                  file=sys.stderr)
            sys.exit(2)
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    with open(marker, "w") as handle:
        handle.write("written by scripts/generate-corpus.py\n")
    target = int(args.megabytes * 1024 * 1024)
    written = 0
    copy = 0
    type_name = re.compile(r"\b(class|struct|enum|protocol|actor)\s+([A-Z]\w*)")
    while written < target:
        folder = os.path.join(args.out, "Module%04d" % copy)
        os.makedirs(folder)
        for path, text in sources:
            # Distinct type names per copy, so the tree reads like many modules, not one.
            renamed = type_name.sub(lambda m: "%s %s%d" % (m.group(1), m.group(2), copy), text)
            relative = os.path.relpath(path, os.path.join(ROOT, "Samples")).replace(os.sep, "_")
            with open(os.path.join(folder, relative), "w", encoding="utf-8") as handle:
                handle.write(renamed)
            written += len(renamed.encode("utf-8"))
        copy += 1
    print("wrote %d copies, %.1f MB to %s" % (copy, written / 1048576, args.out))


if __name__ == "__main__":
    main()
