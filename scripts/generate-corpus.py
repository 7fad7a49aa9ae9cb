"""Deterministic reference input for benchmarks: the sample apps copied over and over until the
tree reaches the requested size. Each copy of an app is a folder of its own with the app's
manifests (Package.swift, project.yml, xcconfig, plists), so it is a project of its own as in
Samples/, and the types the app declares are renamed consistently (declarations and every use)
with the copy's number, so the tree reads like many modules and each copy reports what its sample
reports. Needs no network.

usage: scripts/generate-corpus.py OUT_DIR [--megabytes 50] [--objc]
"""
import argparse
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = ".seamlint-corpus"
SOURCE_SUFFIXES = (".swift", ".m", ".mm", ".h")
DECLARED_TYPE = re.compile(r"\b(?:class|struct|enum|protocol|actor)\s+([A-Z]\w*)")


def sample_apps(include_objc):
    """(name, [(relative path, text, is source)]) for each sample app folder, in name order."""
    samples = os.path.join(ROOT, "Samples")
    apps = []
    for name in sorted(os.listdir(samples)):
        folder = os.path.join(samples, name)
        if not os.path.isdir(folder):
            continue
        files = []
        for current, subfolders, names in os.walk(folder):
            subfolders.sort()
            for file_name in sorted(names):
                if file_name == "expected.txt":
                    continue
                path = os.path.join(current, file_name)
                source = file_name.endswith(SOURCE_SUFFIXES) and file_name != "Package.swift"
                if file_name.endswith((".m", ".mm", ".h")) and not include_objc:
                    continue
                with open(path, encoding="utf-8") as handle:
                    files.append((os.path.relpath(path, folder), handle.read(), source))
        if any(source for _, _, source in files):
            apps.append((name, files))
    return apps


def renamer(files):
    """A function renaming, for copy N, every type the app declares (whole words) to NameN."""
    names = sorted({match for _, text, source in files if source for match in DECLARED_TYPE.findall(text)},
                   key=len, reverse=True)
    if not names:
        return lambda text, copy: text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return lambda text, copy: pattern.sub(lambda m: "%s%d" % (m.group(1), copy), text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--objc", action="store_true")
    args = parser.parse_args()
    apps = [(name, files, renamer(files)) for name, files in sample_apps(args.objc)]
    if not apps:
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
    while written < target:
        for name, files, rename in apps:
            folder = os.path.join(args.out, "Module%04d" % copy, name)
            for relative, text, source in files:
                path = os.path.join(folder, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                content = rename(text, copy) if source else text
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(content)
                if source:
                    written += len(content.encode("utf-8"))
        copy += 1
    print("wrote %d copies, %.1f MB to %s" % (copy, written / 1048576, args.out))


if __name__ == "__main__":
    main()
