#!/usr/bin/env python3
"""Runs the README's copy-paste CI jobs for real, so a snippet cannot rot.

GitHub Actions: the job's shell steps run twice against a local clone of this checkout (tagged like
the snippet's release): cold, then with only the `actions/cache` path kept, as a second workflow run
restores it. The second run must not rebuild and must print the same annotations. GitLab CI: the
job's script runs once. `uses:` steps other than the cache are simulated (checkout: the workspace is
already there; upload-sarif: the SARIF file must exist and parse).

The snippets' repository address is replaced by the local clone, and the GitLab job's `/tmp/seamlint`
by a temporary folder; nothing else in them is changed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.getcwd()
UPSTREAM = "https://github.com/seamlint/seamlint.git"
SAMPLE = os.path.join(ROOT, "Samples", "SceneLookupApp")


def fail(message):
    print(f"ci-snippets: {message}")
    sys.exit(1)


def readme_yaml_after(marker):
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    start = text.find(marker)
    if start < 0:
        fail(f"README has no {marker!r}")
    match = re.compile(r"```yaml\n(.*?)```", re.S).search(text, start)
    if not match:
        fail(f"no yaml block after {marker!r}")
    return yaml.safe_load(match.group(1))


def git(*arguments, cwd=None):
    subprocess.run(["git", *arguments], cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def local_release(work):
    """A bare repository holding a snapshot of the work tree, tagged v0.1.0."""
    snapshot = os.path.join(work, "snapshot")
    os.makedirs(snapshot)
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, files):
        source = os.path.join(ROOT, os.fsdecode(name))
        if os.path.isfile(source):
            target = os.path.join(snapshot, os.fsdecode(name))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(source, target)
    git("init", "-q", cwd=snapshot)
    git("add", "-A", cwd=snapshot)
    git("-c", "user.email=ci@example.invalid", "-c", "user.name=ci", "commit", "-q", "-m", "snapshot", cwd=snapshot)
    git("tag", "v0.1.0", cwd=snapshot)
    bare = os.path.join(work, "seamlint.git")
    git("clone", "-q", "--bare", snapshot, bare)
    return "file://" + bare


def workspace(work, name):
    folder = os.path.join(work, name)
    shutil.copytree(SAMPLE, folder)
    return folder


def run_shell(script, cwd, env, label):
    result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=cwd, env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout[-4000:])
        print(result.stderr[-4000:])
        fail(f"{label}: exit status {result.returncode}")
    return result.stdout


def github_run(job, origin, home, folder, cache_path):
    """One workflow run; returns the Annotate step's output."""
    github_path = os.path.join(home, ".github_path")
    open(github_path, "w").close()
    annotations = None
    for step in job["steps"]:
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout") or uses.startswith("actions/cache"):
            continue
        if uses.startswith("github/codeql-action/upload-sarif"):
            sarif = json.load(open(os.path.join(folder, step["with"]["sarif_file"])))
            if sarif.get("version") != "2.1.0" or not sarif["runs"][0]["results"]:
                fail("the SARIF step wrote no 2.1.0 results")
            continue
        if "run" not in step:
            fail(f"unknown step {step}")
        extra = [line.strip() for line in open(github_path) if line.strip()]
        env = dict(os.environ, HOME=home, GITHUB_PATH=github_path,
                   PATH=os.pathsep.join(extra + [os.environ["PATH"]]))
        output = run_shell(step["run"].replace(UPSTREAM, origin), folder, env, step.get("name", "step"))
        if step.get("name") == "Annotate":
            annotations = output
    if not annotations or "::warning file=" not in annotations:
        fail(f"the Annotate step printed no annotation: {annotations!r}")
    if not os.path.isdir(cache_path):
        fail(f"the job left nothing in the cached folder {cache_path}")
    return annotations


def check_github(work, origin):
    workflow = readme_yaml_after("**GitHub Actions**")
    job = next(iter(workflow["jobs"].values()))
    cache = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/cache"))
    home = os.path.join(work, "home")
    os.makedirs(home)
    cache_path = os.path.expanduser(cache["with"]["path"].replace("~", home, 1))
    first = github_run(job, origin, home, workspace(work, "github-1"), cache_path)
    print("github: cold run built SeamLint and annotated")
    # A new runner: only the cache is restored.
    kept = os.path.join(work, "cache-kept")
    shutil.move(cache_path, kept)
    shutil.rmtree(home)
    os.makedirs(os.path.dirname(cache_path), exist_ok=True)
    shutil.move(kept, cache_path)
    second = github_run(job, origin, home, workspace(work, "github-2"), cache_path)
    if os.path.exists(os.path.join(home, "seamlint-src")):
        fail("the second run rebuilt SeamLint although the cache was restored")
    if second != first:
        fail("the second run's annotations differ from the first's")
    print("github: second run used the cache and printed the same annotations")


def check_gitlab(work, origin):
    job = readme_yaml_after("**GitLab CI**")["seamlint"]
    folder = workspace(work, "gitlab")
    clone = os.path.join(work, "gitlab-tmp", "seamlint")
    for line in job["script"]:
        run_shell(line.replace(UPSTREAM, origin).replace("/tmp/seamlint", clone), folder, dict(os.environ), "gitlab script")
    report = json.load(open(os.path.join(folder, job["artifacts"]["reports"]["codequality"])))
    if not report or not all("fingerprint" in issue and "location" in issue for issue in report):
        fail(f"the Code Quality report is empty or malformed: {report!r}")
    print(f"gitlab: the script wrote a Code Quality report with {len(report)} issues")


def main():
    with tempfile.TemporaryDirectory() as work:
        origin = local_release(work)
        check_github(work, origin)
        check_gitlab(work, origin)
    print("ci-snippets: ok")


if __name__ == "__main__":
    main()
