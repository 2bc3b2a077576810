#!/usr/bin/env python3
"""Writes the crafted plan pair review/old.json, review/new.json from equivalence plans.

Run from the repository root: python3 testdata/diff/craft.py. The old plan gathers real
`tofu show -json` resource changes; the new plan edits a copy of it the way a configuration
or the world changes between review and apply (each edit below says what it exercises).
"""
import copy
import json
import os

EQ = "testdata/conformance/equivalence"
OUT = "testdata/diff/review"


def load(case):
    with open(os.path.join(EQ, case, "plan.json")) as f:
        return json.load(f)


def first(case, section="resource_changes"):
    return copy.deepcopy(load(case)[section][0])


old = load("drift_simple")  # format_version, the drifted resource and its update
old["resource_changes"] += [
    first("basic_map_update"),
    first("simple_object_update"),
    first("local_provider_basic"),
    first("moved_with_update"),
    first("fully_populated_complex_update"),
]
old["output_changes"] = load("variables_and_outputs")["output_changes"]
for key in ("planned_values", "prior_state", "configuration"):
    old.pop(key, None)

# A sensitive map element (the same in both plans' before, another secret in each after)
# and an attribute unknown in the old plan.
m = old["resource_changes"][1]["change"]
m["before"]["map"]["two"] = "SECRET-BEFORE-0000"
m["after"]["map"]["two"] = "SECRET-OLD-1111"
m["before_sensitive"] = {"map": {"two": True}}
m["after_sensitive"] = {"map": {"two": True}}
old["resource_changes"][0]["change"]["after_unknown"] = {"integer": True}

new = copy.deepcopy(old)
rc = new["resource_changes"]
new["resource_changes"][1]["change"]["after"]["map"]["two"] = "SECRET-NEW-2222"  # sensitive changed
new["resource_changes"][1]["change"]["after"]["map"]["four"] = "changed-after-review"  # attribute differs
new["resource_changes"][0]["change"]["after_unknown"] = {}  # unknown -> known
new["resource_changes"][0]["change"]["after"]["integer"] = 7
rc[2] = first("simple_object_replace")  # update -> replace
del rc[3]  # local_file.local_file: gone from the plan
rc.append(copy.deepcopy(load("data_read")["resource_changes"][1]))  # added
deposed = copy.deepcopy(load("basic_map_update")["resource_changes"][0])  # a deposed object
deposed["deposed"] = "00000001"
deposed["change"]["actions"] = ["delete"]
deposed["change"]["after"] = None
deposed["change"]["after_sensitive"] = False
rc.append(deposed)
complex_after = rc[4]["change"]["after"]  # fully_populated_complex_update
complex_after["list"][2]["list"][1]["number"] = 2  # a change deep in a nested list
complex_after["map"]["key with spaces"] = {"string": "new \"quoted\" key"}  # a key shown quoted
new["resource_drift"][0]["change"]["after"]["string"] = "Hello, more drift!"  # drift differs
new["output_changes"]["nested_optional_object_with_default"]["after"]["nested_object"]["flag"] = True

os.makedirs(OUT, exist_ok=True)
for name, plan in (("old.json", old), ("new.json", new)):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(plan, f, indent=1, sort_keys=True)
        f.write("\n")
