#!/usr/bin/env python3
"""Validate a SARIF log against the SARIF 2.1.0 JSON schema.

Usage: validate-sarif.py LOG.sarif SCHEMA.json

Besides the schema (Draft 4, with format checks where jsonschema can do them), checks what the
schema cannot express: every result's ruleIndex points at a rule with the same id, and
relatedLocations ids are unique within a result.

Exit status: 0 valid; 1 invalid (one line per error on stdout); 2 usage or unreadable input;
3 the jsonschema module is missing (pip install jsonschema).
"""
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def location(error_path):
    return "/".join(str(part) for part in error_path) or "(root)"


def consistency_errors(log):
    for run_index, run in enumerate(log.get("runs", [])):
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        for result_index, result in enumerate(run.get("results", []) or []):
            where = f"runs/{run_index}/results/{result_index}"
            index = result.get("ruleIndex")
            if index is not None:
                if not 0 <= index < len(rules):
                    yield f"{where}/ruleIndex: {index} is not an index into tool.driver.rules"
                elif "ruleId" in result and rules[index].get("id") != result["ruleId"]:
                    yield f"{where}/ruleIndex: rule {index} is {rules[index].get('id')!r}, not {result['ruleId']!r}"
            ids = [related.get("id") for related in result.get("relatedLocations", []) if "id" in related]
            if len(ids) != len(set(ids)):
                yield f"{where}/relatedLocations: duplicate ids {ids}"


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import jsonschema
    except ImportError:
        print("validate-sarif: the jsonschema module is missing: pip install jsonschema", file=sys.stderr)
        return 3
    log_path, schema_path = argv[1], argv[2]
    try:
        log = load(log_path)
        schema = load(schema_path)
    except (OSError, ValueError) as error:
        print(f"validate-sarif: {error}", file=sys.stderr)
        return 2

    validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft4Validator)
    validator_class.check_schema(schema)
    format_checker = getattr(validator_class, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
    validator = validator_class(schema, format_checker=format_checker)

    problems = []
    for error in sorted(validator.iter_errors(log), key=lambda error: list(map(str, error.absolute_path))):
        # For anyOf/oneOf failures the useful message is in the closest sub-error.
        detail = jsonschema.exceptions.best_match(error.context) if error.context else None
        message = error.message if detail is None else f"{error.message} ({detail.message})"
        problems.append(f"{location(error.absolute_path)}: {message}")
    problems.extend(consistency_errors(log))

    for problem in problems:
        print(f"{log_path}: {problem}")
    if problems:
        print(f"{log_path}: {len(problems)} error(s) against {schema_path}", file=sys.stderr)
        return 1
    print(f"{log_path}: valid SARIF 2.1.0")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
