"""The contract's edges a caller meets first: every document type that is accepted works
as its bytes do, every type that is not is a TypeError that is also a planview.Error, the
output written before a failure is kept, and render()'s Result has its changes too."""

import array
import io
import mmap

import pytest

import planview
from conftest import EQUIVALENCE, EXAMPLES, TESTDATA, run_cli

PLAN = (EXAMPLES / "plan.json").read_bytes()
SCHEMAS = (EXAMPLES / "schemas.json").read_bytes()
WANT = (EXAMPLES / "plan.txt").read_bytes()


@pytest.mark.parametrize("make", [
    lambda p: array.array("B", p),
    lambda p: io.BytesIO(p),
    lambda p: io.StringIO(p.decode("utf-8")),
    lambda p: io.BufferedReader(io.BytesIO(p)),
], ids=["array", "BytesIO", "StringIO", "BufferedReader"])
def test_bytes_like_and_file_objects_render_as_their_bytes(make):
    assert planview.render(make(PLAN), make(SCHEMAS)).output_bytes == WANT


def test_open_files_and_mmap(tmp_path):
    with open(EXAMPLES / "plan.json", "rb") as p, open(EXAMPLES / "schemas.json") as s:
        assert planview.render(p, s).output_bytes == WANT
    with open(EXAMPLES / "plan.json", "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        assert planview.render(m, SCHEMAS).output_bytes == WANT


def test_a_file_object_reading_neither_bytes_nor_str():
    class Odd:
        def read(self):
            return 42
    with pytest.raises(planview.DocumentTypeError) as e:
        planview.render(Odd())
    assert str(e.value) == "planview: data: read() gave int, expected bytes or str"


@pytest.mark.parametrize("data", [None, 42, 1.0, ["plan"], {"a": 1}, object()])
def test_wrong_document_types_are_type_errors_and_input_errors(data):
    with pytest.raises(TypeError) as e:
        planview.render(data)
    assert isinstance(e.value, planview.InputError) and e.value.status == 1
    assert str(e.value) == ("planview: data: expected bytes, str, a bytes-like object, a file object or "
                            f"a path-like object, got {type(data).__name__}")


@pytest.mark.parametrize("options", [dict(width=78.0), dict(mask={"a": 1}), dict(mask=[None]), {"with space": 1}])
def test_wrong_option_types_are_type_errors_and_usage_errors(options):
    with pytest.raises(TypeError) as e:
        planview.render(PLAN, **options)
    assert isinstance(e.value, planview.UsageError) and e.value.status == 2
    with pytest.raises(planview.UsageError):
        planview.render(PLAN, args=[1])


def test_option_names_with_dashes_are_the_same_flags():
    assert planview.to_args({"show-sensitive": True, "max-bytes": 100}) == ["--show-sensitive", "--max-bytes=100"]
    assert planview.render(PLAN, SCHEMAS, **{"show-sensitive": True}).output_bytes == \
        planview.render(PLAN, SCHEMAS, show_sensitive=True).output_bytes


def test_str_and_int_subclasses_give_their_values():
    import enum

    class Format(str, enum.Enum):
        MARKDOWN = "markdown"

    class Width(enum.IntEnum):
        NARROW = 60

    assert planview.to_args(dict(format=Format.MARKDOWN, width=Width.NARROW, mask=[Format.MARKDOWN])) == [
        "--format=markdown", "--width=60", "--mask=markdown"]
    assert planview.render(PLAN, SCHEMAS, format=Format.MARKDOWN).output_bytes == \
        planview.render(PLAN, SCHEMAS, format="markdown").output_bytes


def test_repeated_options_from_any_collection():
    want = planview.render(PLAN, SCHEMAS, mask=["after", "base"]).output_bytes
    assert want != WANT
    assert planview.render(PLAN, SCHEMAS, mask={"base", "after"}).output_bytes == want
    assert planview.render(PLAN, SCHEMAS, mask=frozenset(["base", "after"])).output_bytes == want
    assert planview.render(PLAN, SCHEMAS, mask=(m for m in ["after", "base"])).output_bytes == want
    assert planview.render(PLAN, SCHEMAS, args=iter(["--mask", "after", "--mask=base"])).output_bytes == want


def test_str_with_lone_surrogates_is_judged_as_its_bytes(cli):
    # "\udcff" is how Result.output keeps the byte 0xff: it goes back as that byte.
    for text, data in (('{"a":"\udcff"}', b'{"a":"\xff"}'), ('{"a":"\ud800"}', b'{"a":"\xed\xa0\x80"}')):
        out, err, status = run_cli(cli, data)
        with pytest.raises(planview.InputError) as e:
            planview.render(text)
        assert (e.value.messages.encode("utf-8", "surrogateescape"), e.value.status) == (err, status)


def test_a_path_that_cannot_be_read_is_worded_as_the_cli_words_it(cli, tmp_path):
    import subprocess
    for path in (tmp_path / "missing.json", tmp_path):
        p = subprocess.run([cli, str(path)], capture_output=True)
        with pytest.raises(planview.InputError) as e:
            planview.render(path)
        assert isinstance(e.value, OSError)
        assert (e.value.messages.encode(), e.value.status) == (p.stderr, p.returncode)
    with pytest.raises(FileNotFoundError):
        planview.render(PLAN, tmp_path / "missing.json")


def test_an_error_keeps_what_was_written_before_it(cli):
    # A log renders line by line: the CLI prints the lines before a bad one, then fails.
    log = (TESTDATA / "mask" / "log.jsonl").read_bytes() + b'{"@level": "i'
    out, err, status = run_cli(cli, log)
    assert status == 1 and out
    with pytest.raises(planview.InputError) as e:
        planview.render(log)
    assert (e.value.output_bytes, e.value.messages.encode(), e.value.status) == (out, err, status)
    assert e.value.output == out.decode()
    with pytest.raises(planview.InputError) as e:
        planview.render(b"{")
    assert e.value.output_bytes == b"" and e.value.output == ""


def test_render_results_have_their_changes():
    d = EQUIVALENCE / "basic_list"
    with_changes = planview.render_changes(d / "plan.json", d / "schemas.json", color="always")
    r = planview.render(d / "plan.json", d / "schemas.json", color="always")
    assert r.output_bytes == with_changes.output_bytes
    assert with_changes.changes and r.changes == with_changes.changes
    assert r == with_changes  # the output, the messages and the status
    gate = planview.render(d / "plan.json", d / "schemas.json", fail_on="replace,delete,drift", protect="*")
    assert gate.status in (0, 3) and [c.address for c in gate.changes] == [c.address for c in with_changes.changes]
    assert planview.render(d / "state.json", d / "schemas.json").changes == ()
    assert planview.render(d / "apply.jsonl").changes == ()


def test_errors_survive_pickling(tmp_path):
    # As multiprocessing and concurrent.futures' process pools send them back.
    import pickle
    for call in (lambda: planview.render(b"{"), lambda: planview.render(PLAN, bogus=True),
                 lambda: planview.render(1.0), lambda: planview.render(PLAN, width=1.5),
                 lambda: planview.render(tmp_path / "missing.json"), lambda: planview.render(tmp_path)):
        with pytest.raises(planview.Error) as e:
            call()
        back = pickle.loads(pickle.dumps(e.value))
        assert type(back).__mro__[1:] == type(e.value).__mro__[1:]
        assert (back.status, back.message, back.messages, back.output_bytes, str(back)) == \
            (e.value.status, e.value.message, e.value.messages, e.value.output_bytes, str(e.value))
        if isinstance(e.value, OSError):
            assert (back.errno, back.filename) == (e.value.errno, e.value.filename) and back.errno
