"""Statuses 0-3, errors with their exact messages, and the CLI as the reference."""

import pytest

import planview
from conftest import EQUIVALENCE, EXAMPLES, TESTDATA, run_cli

PLAN = (EXAMPLES / "plan.json").read_bytes()
SCHEMAS = (EXAMPLES / "schemas.json").read_bytes()
DESTROY = EQUIVALENCE / "fully_populated_complex_destroy"


def test_status_0_with_a_warning():
    r = planview.render(PLAN)
    assert r.status == 0 and not r.gate_failed
    assert r.messages == ("planview: warning: no provider schemas given (--schemas): block layout is inferred "
                          "from the values; pass the output of `tofu providers schema -json` for exact rendering\n")


def test_status_1_empty_input():
    for empty in (b"", ""):
        with pytest.raises(planview.InputError) as e:
            planview.render(empty)
        assert e.value.status == 1
        assert str(e.value) == "planview: <stdin>:1:1: empty input: no JSON value (byte 0)"
        assert e.value.messages == "planview: <stdin>:1:1: empty input: no JSON value (byte 0)\n"


def test_status_1_truncated_input():
    with pytest.raises(planview.InputError) as e:
        planview.render(b"{\n")
    assert e.value.message == "planview: <stdin>:2:1: unexpected end of input: an object is not closed at $ (byte 2)"


def test_status_1_bad_schemas_are_named_schemas():
    with pytest.raises(planview.InputError) as e:
        planview.render(PLAN, b"[1,")
    assert e.value.status == 1
    assert "<schemas>" in e.value.message


def test_status_2_unknown_option_and_bad_value():
    with pytest.raises(planview.UsageError) as e:
        planview.render(PLAN, bogus=True)
    assert e.value.status == 2
    assert e.value.message == "planview: unknown option --bogus"
    assert e.value.messages == "planview: unknown option --bogus\nRun 'planview --help' for usage.\n"
    with pytest.raises(planview.UsageError) as e:
        planview.render(PLAN, format="nope")
    assert e.value.message == ('planview: --format: unknown format "nope" '
                               "(want text, markdown, json, html or github)")
    with pytest.raises(planview.UsageError) as e:
        planview.render(PLAN, show_sensitive="yes")
    assert e.value.message == "planview: --show-sensitive takes no value"


def test_status_2_for_what_the_library_refuses():
    # A FILE argument, --schemas and --split are the library's to refuse (capi/planview.h).
    for args in (["plan.json"], ["--schemas", "x.json"], ["--split", "out"]):
        with pytest.raises(planview.UsageError):
            planview.render(PLAN, args=args)
    with pytest.raises(planview.UsageError):
        planview.render(PLAN, split="out")


def test_errors_are_one_family():
    assert issubclass(planview.InputError, planview.Error)
    assert issubclass(planview.UsageError, planview.Error)
    with pytest.raises(planview.Error):
        planview.render(b"not json")


def test_status_3_is_a_result():
    plan = DESTROY / "plan.json"
    r = planview.render(plan, DESTROY / "schemas.json", mode="destroy", fail_on="delete")
    assert r.status == 3 and r.gate_failed
    assert r.output_bytes == (DESTROY / "plan.txt").read_bytes()
    assert r.messages.endswith("planview: gate failed: 1 resource (exit status 3)\n")
    assert "planview: gate: tfcoremock_complex_resource.complex is deleted (--fail-on delete)\n" in r.messages
    passed = planview.render(plan, DESTROY / "schemas.json", mode="destroy", protect=["nothing.*"])
    assert passed.status == 0


def test_help_and_version():
    h = planview.render(b"", help=True)
    assert h.status == 0 and h.output.startswith("Usage: planview [options] FILE\n")
    v = planview.render(b"", version=True)
    assert v.status == 0 and v.output.startswith("planview " + planview.version() + " ")


# (input, schemas, args): the library must say exactly what the CLI says, on every stream.
def _reference_cases():
    mask = TESTDATA / "mask"
    return [
        (PLAN, SCHEMAS, []),
        (PLAN, None, ["--format", "markdown"]),
        (PLAN, SCHEMAS, ["--summary", "--action", "update", "--address", "*.base_*"]),
        (PLAN, SCHEMAS, ["--product", "terraform", "--color", "always"]),
        (PLAN, SCHEMAS, ["--format", "json", "--drift", "summary"]),
        (PLAN, SCHEMAS, ["--format", "json", "--summary"]),
        (PLAN, SCHEMAS, ["--kind", "state"]),
        (PLAN, b"{}", []),
        (PLAN, b"[", []),
        (PLAN, SCHEMAS, ["--max-input-bytes", "100"]),
        (PLAN, SCHEMAS, ["--mask-env", "PLANVIEW_TEST_UNSET_VARIABLE"]),
        (PLAN, SCHEMAS, ["--mask", "("]),
        (PLAN, SCHEMAS, ["--width", "0"]),
        (PLAN, SCHEMAS, ["--protect", "*base*", "--fail-on", "drift"]),
        ((mask / "log.jsonl").read_bytes(), None, ["--summary"]),
        ((mask / "log.jsonl").read_bytes(), None, []),
        (b"\x00\xff\x1b[31m", None, []),
        (b'{"format_version":"1.2","resource_changes":[{"address":"a.b","change":{"actions":["update"]}}]}',
         None, []),
        (b"PK\x03\x04 truncated zip", None, []),
    ]


@pytest.mark.parametrize("case", range(len(_reference_cases())))
def test_same_as_the_cli(cli, case, monkeypatch):
    monkeypatch.delenv("PLANVIEW_TEST_UNSET_VARIABLE", raising=False)
    data, schemas, args = _reference_cases()[case]
    out, err, status = run_cli(cli, data, schemas, args)
    try:
        r = planview.render(data, schemas, args=args)
        got = (r.output_bytes, r.messages_bytes, r.status)
    except planview.Error as e:
        got = (b"", e.messages.encode("utf-8", "surrogateescape"), e.status)
        assert e.message in e.messages.splitlines()
    assert got == (out if status not in (1, 2) else b"", err, status)
