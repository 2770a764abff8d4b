#!/usr/bin/python3
"""Checks every server frame logged by the integration tests against protocol/schema/.

The Catch2 integration tests append each frame they receive, one per line, to the file named
by SKIRMISH_FRAME_LOG; this script validates each line against the JSON Schema of its
`type` (protocol/schema/server/<type>.json) and fails, naming the line and the schema
error, when one does not match, when a type has no schema, or when a server message type
or an error code never occurred (the tests would then not cover it).

Runs under Debian's /usr/bin/python3 (python3-jsonschema 4.10).
"""
import argparse
import collections
import json
import pathlib
import sys

import jsonschema

# Every error code the integration tests must provoke (`internal` is a server bug, never
# provoked on purpose).
ERROR_CODES = ["bad_json", "bad_message", "unknown_type", "hello_required", "unsupported_version",
               "bad_options", "no_such_match", "match_full", "already_in_match",
               "spectators_not_allowed", "not_in_match", "not_a_player", "not_started", "game_over",
               "not_your_turn", "illegal_move", "wrong_turn", "unauthorized", "rate_limited", "too_large",
               "server_full", "too_many_open_matches"]
SERVER_TYPES = ["welcome", "games", "match_created", "matches", "joined", "watching", "state",
                "submitted", "presence", "left", "pong", "error"]


def load_schemas(root):
    """Every schema under `root`, checked against its meta-schema, keyed by $id."""
    store = {}
    by_path = {}
    for path in sorted(pathlib.Path(root).rglob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        store[schema["$id"]] = schema
        by_path[path.relative_to(root).as_posix()] = schema
    return store, by_path


def validator_for(schema, store):
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schemas", required=True, help="protocol/schema directory")
    parser.add_argument("--frames", required=True, help="the frame log (one JSON text per line)")
    parser.add_argument("--allow-missing-types", action="store_true",
                        help="do not require every server message type and error code to occur")
    args = parser.parse_args()

    store, by_path = load_schemas(args.schemas)
    validators = {}
    for name in SERVER_TYPES:
        key = f"server/{name}.json"
        if key not in by_path:
            print(f"missing schema {key}", file=sys.stderr)
            return 1
        validators[name] = validator_for(by_path[key], store)
    for key, schema in by_path.items():  # client schemas must at least resolve their refs
        if key.startswith("client/"):
            validator_for(schema, store)

    counts = collections.Counter()
    codes = collections.Counter()
    failures = 0
    try:
        lines = pathlib.Path(args.frames).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        print(f"{args.frames}: no frame log (did the integration tests run?)", file=sys.stderr)
        return 1
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{args.frames}:{number}"
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            print(f"{where}: not JSON ({error}): {line[:200]}", file=sys.stderr)
            failures += 1
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind not in validators:
            print(f"{where}: no schema for type {kind!r}: {line[:200]}", file=sys.stderr)
            failures += 1
            continue
        counts[kind] += 1
        if kind == "error":
            codes[message.get("code")] += 1
        errors = sorted(validators[kind].iter_errors(message), key=lambda e: list(e.path))
        for error in errors[:3]:
            path = "/".join(str(p) for p in error.absolute_path) or "(top)"
            print(f"{where}: {kind} at {path}: {error.message}\n  frame: {line[:300]}",
                  file=sys.stderr)
        if errors:
            failures += 1

    total = sum(counts.values())
    print(f"{total} frames checked: " + ", ".join(f"{k} {counts[k]}" for k in SERVER_TYPES))
    if total == 0:
        print("no frames at all", file=sys.stderr)
        return 1
    missing = [k for k in SERVER_TYPES if counts[k] == 0]
    if missing and not args.allow_missing_types:
        print("never received: " + ", ".join(missing), file=sys.stderr)
        failures += 1
    missing_codes = [c for c in ERROR_CODES if codes[c] == 0]
    if missing_codes and not args.allow_missing_types:
        print("error codes never received: " + ", ".join(missing_codes), file=sys.stderr)
        failures += 1
    if failures:
        print(f"{failures} problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
