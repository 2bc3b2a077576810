"""The resource changes as objects, against the --format json goldens and the text."""

import json

import pytest

import planview
from conftest import EQUIVALENCE, EXAMPLES, FORMATS, equivalence_cases, mode_of


@pytest.mark.parametrize("case", equivalence_cases())
def test_changes_match_the_json_golden_and_the_text(case):
    d = EQUIVALENCE / case
    r = planview.render_changes(d / "plan.json", d / "schemas.json", mode=mode_of(case), color="never")
    assert r.output_bytes == (d / "plan.txt").read_bytes()
    golden = json.loads((FORMATS / case / "json.json").read_bytes())["resource_changes"]
    shown = [c for c in r.changes if c.diff]
    assert [(c.address, c.previous_address, c.action, c.action_reason, c.deposed) for c in shown] == [
        (g["address"], g.get("previous_address", ""), g["action"], g.get("action_reason", ""),
         g.get("deposed", "")) for g in golden]
    # every diff is in the text, in the order of the text
    pos = 0
    for c in shown:
        at = r.output.find(c.diff + "\n", pos)
        assert at >= 0, c.address
        pos = at + len(c.diff)
    for c in r.changes:
        assert isinstance(c, planview.Change)
        if not c.diff:
            assert c.action == "no-op"


def test_example_changes():
    r = planview.render_changes(EXAMPLES / "plan.json", EXAMPLES / "schemas.json")
    moved = [c for c in r.changes if c.previous_address]
    assert moved and all(c.address != c.previous_address for c in moved)
    assert r.changes[0].diff.startswith("  # ")


def test_colour_diffs_and_no_changes_for_render_state_or_log():
    d = EQUIVALENCE / "basic_list"
    coloured = planview.render_changes(d / "plan.json", d / "schemas.json", color="always")
    assert any("\x1b[" in c.diff for c in coloured.changes)
    assert planview.render(d / "plan.json", d / "schemas.json").changes == \
        planview.render_changes(d / "plan.json", d / "schemas.json").changes != ()
    assert planview.render_changes(d / "state.json", d / "schemas.json").changes == ()
    assert planview.render_changes(d / "apply.jsonl").changes == ()


def test_a_failed_render_changes_raises():
    with pytest.raises(planview.InputError):
        planview.render_changes(b"{")
