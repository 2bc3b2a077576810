"""Byte-for-byte output against the repository's golden files (the CLI's own goldens)."""

import pytest

import planview
from conftest import EQUIVALENCE, EXAMPLES, FORMATS, TESTDATA, equivalence_cases, mode_of


def test_example_plan_text():
    r = planview.render(EXAMPLES / "plan.json", EXAMPLES / "schemas.json")
    assert r.status == 0
    assert r.output_bytes == (EXAMPLES / "plan.txt").read_bytes()
    assert r.messages == ""


def test_example_plan_from_str_and_bytes_alike():
    text = (EXAMPLES / "plan.json").read_text()
    schemas = (EXAMPLES / "schemas.json").read_bytes()
    a = planview.render(text, schemas)
    b = planview.render(bytearray(text.encode()), memoryview(schemas))
    assert a.output_bytes == b.output_bytes == (EXAMPLES / "plan.txt").read_bytes()


@pytest.mark.parametrize("case", equivalence_cases())
def test_equivalence_plan(case):
    d = EQUIVALENCE / case
    schemas = (d / "schemas.json").read_bytes()
    plan = (d / "plan.json").read_bytes()
    r = planview.render(plan, schemas, mode=mode_of(case), width=78, color="never")
    assert r.output_bytes == (d / "plan.txt").read_bytes()
    assert r.status == 0
    c = planview.render(plan, schemas, mode=mode_of(case), width=78, color="always")
    assert c.output_bytes == (d / "plan.color.txt").read_bytes()
    if (d / "state.txt").is_file():
        s = planview.render(d / "state.json", schemas, no_color=True)
        assert s.output_bytes == (d / "state.txt").read_bytes()
    if (d / "apply.txt").is_file():
        log = planview.render(d / "apply.jsonl", no_color=True)
        assert log.output_bytes == (d / "apply.txt").read_bytes()


# testdata/formats/CASE/FILE and the options renderer/formats/update_golden.sh made it with.
FORMAT_GOLDENS = {
    "summary.txt": dict(summary_only=True),
    "filtered.txt": dict(summary=True, action="delete,replace,update"),
    "verbose.txt": dict(verbose=True),
    "markdown.md": dict(format="markdown"),
    "json.json": dict(format="json"),
    "page.html": dict(format="html"),
    "github.txt": dict(format="github"),
}


@pytest.mark.parametrize("case", equivalence_cases())
def test_formats(case):
    d = EQUIVALENCE / case
    for golden, options in FORMAT_GOLDENS.items():
        width = 78 if "format" not in options else None  # --width is refused beside other formats
        r = planview.render(d / "plan.json", d / "schemas.json", mode=mode_of(case), color="never",
                            width=width, **options)
        assert r.output_bytes == (FORMATS / case / golden).read_bytes(), golden


def test_show_sensitive_flag():
    r = TESTDATA / "redaction"
    common = dict(color="never", width=78)
    hidden = planview.render(r / "plan.json", r / "schemas.json", verbose=True, **common)
    shown = planview.render(r / "plan.json", r / "schemas.json", verbose=True, show_sensitive=True, **common)
    assert hidden.output_bytes == (r / "verbose.txt").read_bytes()
    assert shown.output_bytes == (r / "verbose_show_sensitive.txt").read_bytes()
    off = planview.render(r / "plan.json", r / "schemas.json", verbose=True, show_sensitive=False, **common)
    assert off.output_bytes == hidden.output_bytes
    j = planview.render(r / "plan.json", r / "schemas.json", format="json", show_sensitive=True, color="never")
    assert j.output_bytes == (r / "json_show_sensitive.json").read_bytes()


def test_repeated_mask_and_mask_env(monkeypatch):
    m = TESTDATA / "mask"
    monkeypatch.setenv("SECRET", 'pa"ss\\word')
    masks = dict(mask=["AKIA[A-Z0-9]{16}", "tok-[0-9a-f]+", "(?s)-----BEGIN KEY-----.*?-----END KEY-----"],
                 mask_env="SECRET")
    for golden, options in {"masked.txt": dict(summary=True), "masked.md": dict(format="markdown"),
                            "masked.json": dict(format="json"), "masked.html": dict(format="html")}.items():
        r = planview.render(m / "plan.json", m / "schemas.json", **masks, **options)
        assert r.output_bytes == (m / golden).read_bytes(), golden
    log = planview.render(m / "log.jsonl", **masks)
    assert log.output_bytes == (m / "masked_log.txt").read_bytes()


def test_markdown_budget():
    b = TESTDATA / "budget"
    for size in (1024, 4000, 12000):
        r = planview.render(b / "plan.json", b / "schemas.json", color="never", format="markdown",
                            max_bytes=size)
        assert r.output_bytes == (b / f"markdown-{size}.md").read_bytes()
