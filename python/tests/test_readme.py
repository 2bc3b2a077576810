"""The README's example runs, and prints what the README says it prints."""

import contextlib
import io
import os
import pathlib
import re

from conftest import EXAMPLES, TESTDATA

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_readme_example_runs():
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(TESTDATA.parent)  # the example names testdata/examples/... from the repository's root
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(README), "exec"), {})
    finally:
        os.chdir(cwd)
    text = out.getvalue()
    plan_txt = (EXAMPLES / "plan.txt").read_text()
    assert text.startswith(plan_txt)
    rest = text[len(plan_txt):].splitlines()
    assert re.fullmatch(r"\d+ bytes of Markdown", rest[0])
    assert rest[-1].startswith("1 planview: <stdin>:1:2: unexpected end of input: ")
    assert "update tfcoremock_simple_resource.base_after" in rest
