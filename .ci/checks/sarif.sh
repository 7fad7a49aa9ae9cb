#!/usr/bin/env bash
# SARIF for the Samples (every rule on) validates against the official SARIF 2.1.0 JSON schema,
# from the shared folder CI places beside the clone; so does SARIF for a sample copied under a
# hostile folder name, linted with an explicit --sarif-root. Then checks that what GitHub code
# scanning relies on is there: one result per diagnostic, fingerprints, related locations, fixes.
set -euo pipefail
shared="$(pwd)/../shared"
[ -d "$shared" ] || shared=/work/shared
schema="$shared/schemas/sarif-schema-2.1.0.json"
if [ ! -f "$schema" ]; then
  echo "sarif: the SARIF 2.1.0 schema is missing: looked for $(pwd)/../shared/schemas/sarif-schema-2.1.0.json and /work/shared/schemas/sarif-schema-2.1.0.json"
  exit 1
fi
# .ci/run has just built everything.
lint="${SEAMLINT_LINT_BINARY:-$(swift build --show-bin-path)/lint}"
[ -x "$lint" ] || { echo "sarif: $lint is not built (run swift build first)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Exit status 1 means error diagnostics, which the buggy samples have; 2 would be a failure.
lint_to() {
  local status=0
  "$lint" --quiet "$@" || status=$?
  [ "$status" -le 1 ] || { echo "sarif: lint $* exited with status $status"; exit 1; }
}

lint_to --enable-all-rules --reporter sarif --output "$work/samples.sarif" Samples
lint_to --enable-all-rules --reporter json --output "$work/samples.json" Samples
python3 scripts/validate-sarif.py "$work/samples.sarif" "$schema"

hostile="$work/a dir, with: 100% \"odd\" <names> & ünïcode #1"
mkdir -p "$hostile"
cp -R Samples/SceneDelegateApp "$hostile/App"
(cd "$work" && lint_to --enable-all-rules --reporter sarif --sarif-root "$work" --output "$work/hostile.sarif" "$hostile")
python3 scripts/validate-sarif.py "$work/hostile.sarif" "$schema"

python3 - "$work/samples.sarif" "$work/samples.json" "$work/hostile.sarif" <<'CHECK'
import json, sys
sarif, diagnostics, hostile = (json.load(open(path, encoding="utf-8")) for path in sys.argv[1:])
run = sarif["runs"][0]
results = run["results"]
assert len(results) == len(diagnostics) > 0, (len(results), len(diagnostics))
assert all(r["partialFingerprints"]["seamlintFingerprint/v2"] for r in results), "a result lacks its fingerprint"
assert len({r["partialFingerprints"]["seamlintFingerprint/v2"] for r in results}) == len(results), "fingerprints collide"
assert any(r.get("relatedLocations") for r in results), "no project rule result has related locations"
assert any(r.get("fixes") for r in results), "no fixable result has a fix"
assert all("endColumn" in r["locations"][0]["physicalLocation"]["region"] for r in results), "regions lack end columns"
helps = sorted(d["help"] for d in diagnostics if d["help"])
assert helps and sorted(r["properties"]["help"] for r in results if "properties" in r) == helps, "results lack their help"
fired = {d["rule"] for d in diagnostics}
declared = {rule["id"] for rule in run["tool"]["driver"]["rules"]}
assert fired <= declared, fired - declared
uris = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in hostile["runs"][0]["results"]]
assert uris and all(u["uriBaseId"] == "%SRCROOT%" and u["uri"].startswith("a%20dir%2C%20with%3A%20100%25%20%22odd%22%20%3Cnames%3E%20%26%20%C3%BCn%C3%AFcode%20%231/App/") for u in uris), uris[:2]
print(f"sarif: {len(results)} results, {len(declared)} rules; hostile folder names percent-encoded")
CHECK
echo "sarif: ok"
