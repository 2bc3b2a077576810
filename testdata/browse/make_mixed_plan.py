#!/usr/bin/env python3
"""Writes mixed_plan.json and mixed_schemas.json: the resource changes, drift and schemas of
several real `tofu` captures in testdata/conformance/equivalence joined into one plan, so the
browse tests see every action (read, create, update, delete, replace), a move and drift."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
EQ = os.path.join(HERE, "..", "conformance", "equivalence")
CASES = ["data_read", "local_provider_delete", "simple_object_replace", "fully_populated_complex_update",
         "null_provider_delete", "moved_with_drift", "replace_within_map"]

plan = {"format_version": "1.2", "resource_changes": [], "resource_drift": [], "relevant_attributes": [],
        "errored": False}
schemas = {"format_version": "1.0", "provider_schemas": {}}
for case in CASES:
    with open(os.path.join(EQ, case, "plan.json")) as f:
        p = json.load(f)
    with open(os.path.join(EQ, case, "schemas.json")) as f:
        s = json.load(f)
    for key in ("resource_changes", "resource_drift", "relevant_attributes"):
        plan[key] += p.get(key, [])
    for provider, body in s["provider_schemas"].items():
        merged = schemas["provider_schemas"].setdefault(provider, {"provider": body.get("provider", {})})
        for kind in ("resource_schemas", "data_source_schemas"):
            for name, schema in body.get(kind, {}).items():
                have = merged.setdefault(kind, {}).get(name)
                if have is not None and have != schema:
                    raise SystemExit(f"{case}: {provider} {name} has another schema elsewhere")
                merged[kind][name] = schema
addresses = [r["address"] for r in plan["resource_changes"]]
assert len(addresses) == len(set(addresses)), "duplicate addresses"
with open(os.path.join(HERE, "mixed_plan.json"), "w") as f:
    json.dump(plan, f, indent=1, sort_keys=True)
    f.write("\n")
with open(os.path.join(HERE, "mixed_schemas.json"), "w") as f:
    json.dump(schemas, f, indent=1, sort_keys=True)
    f.write("\n")
