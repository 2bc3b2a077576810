"""Keyword options into CLI arguments, and the wrong types refused before any call."""

import pathlib

import pytest

import planview
from conftest import EXAMPLES

PLAN = (EXAMPLES / "plan.json").read_bytes()


def test_mapping():
    assert planview.to_args(dict(format="markdown", product="terraform", show_sensitive=True,
                                 color="never", mode="destroy")) == [
        "--format=markdown", "--product=terraform", "--show-sensitive", "--color=never", "--mode=destroy"]
    assert planview.to_args(dict(mask=["a", "-b"], width=78, max_bytes=4000)) == [
        "--mask=a", "--mask=-b", "--width=78", "--max-bytes=4000"]
    assert planview.to_args(dict(verbose=False, summary=None, address=("x", "y"))) == [
        "--address=x", "--address=y"]
    assert planview.to_args(dict(mask=[])) == []
    assert planview.to_args(dict(address="")) == ["--address="]


def test_a_value_that_looks_like_an_option_is_a_value():
    # `--mask=-x` is the regex "-x", not an option; the CLI refuses the empty address itself.
    assert planview.render(PLAN, mask="-x").status == 0
    with pytest.raises(planview.UsageError) as e:
        planview.render(PLAN, address="")
    assert e.value.message == "planview: --address: empty pattern"


@pytest.mark.parametrize("options", [
    dict(width=78.0), dict(format=b"json"), dict(mask=[None]), dict(mask=["a", 1.5]), dict(mask=[True]),
    dict(mask={"a": 1}), dict(format=object()), dict(mask=[["nested"]]), dict(color=pathlib.Path("x")),
])
def test_wrong_value_types_are_type_errors(options):
    with pytest.raises(TypeError) as e:
        planview.render(PLAN, **options)
    assert str(e.value).startswith("planview: option " + next(iter(options)) + ": expected ")


@pytest.mark.parametrize("name", ["--format", "format=json", "", "1x", "with space", "mask\0"])
def test_names_that_are_not_options_are_type_errors(name):
    with pytest.raises(TypeError) as e:
        planview.render(PLAN, **{name: True})
    assert "is not an option name" in str(e.value)


@pytest.mark.parametrize("data", [None, 42, 1.0, ["plan"], {"a": 1}, object()])
def test_wrong_document_types_are_type_errors(data):
    with pytest.raises(TypeError) as e:
        planview.render(data)
    assert str(e.value).startswith("planview: data: expected bytes, str, a bytes-like object, a file object "
                                   "or a path-like object, got ")
    with pytest.raises(TypeError) as e:
        planview.render(PLAN, data if data is not None else 0)
    assert str(e.value).startswith("planview: schemas: expected ")


def test_args_must_be_a_list_of_str():
    for args in ("--summary", b"--summary", [b"--summary"], [1]):
        with pytest.raises(TypeError):
            planview.render(PLAN, args=args)


def test_nul_in_an_option_is_a_usage_error():
    # A C string ends at NUL: the library could only see a cut value, so it is refused whole.
    with pytest.raises(planview.UsageError) as e:
        planview.render(PLAN, mask="a\0b")
    assert e.value.status == 2
    assert e.value.message == "planview: argument '--mask' holds a NUL character"
    with pytest.raises(planview.UsageError):
        planview.render(PLAN, args=["--summary\0"])


def test_unencodable_str_is_an_input_error():
    # Its bytes (surrogatepass) are not UTF-8: the library says so, as the CLI does for them.
    with pytest.raises(planview.InputError):
        planview.render("\ud800")


def test_path_like_documents(tmp_path):
    assert planview.render(EXAMPLES / "plan.json", EXAMPLES / "schemas.json").output_bytes == \
        (EXAMPLES / "plan.txt").read_bytes()
    with pytest.raises(planview.InputError) as e:
        planview.render(tmp_path / "missing.json")
    assert isinstance(e.value, OSError)
    assert e.value.message == f"planview: {tmp_path / 'missing.json'}: cannot open: No such file or directory"
    # a str is the document's text, never a file name
    with pytest.raises(planview.InputError):
        planview.render(str(EXAMPLES / "plan.json"))
