"""Shared fixtures: where the golden data is, and the CLI that is the reference.

PLANVIEW_TESTDATA: the repository's testdata/ (default: ../../testdata from here).
PLANVIEW_CLI: the planview binary; tests that compare with it are skipped without it
(the Bazel test //python:python_binding_test always sets it and fails on a skip).
"""

import os
import pathlib
import subprocess
import tempfile

import pytest

TESTDATA = pathlib.Path(os.environ.get("PLANVIEW_TESTDATA")
                        or pathlib.Path(__file__).resolve().parent.parent.parent / "testdata")
EQUIVALENCE = TESTDATA / "conformance" / "equivalence"
FORMATS = TESTDATA / "formats"
EXAMPLES = TESTDATA / "examples"


def equivalence_cases():
    return sorted(d.name for d in EQUIVALENCE.iterdir() if (d / "plan.json").is_file())


def mode_of(case):
    return (EQUIVALENCE / case / "mode").read_text().strip()


def run_cli(cli, data, schemas=None, args=(), env=None):
    """(stdout, stderr, status) of `planview [args] [--schemas '<schemas>'] -` with data on
    stdin: what the C API's contract says a render equals (the schemas file is named as the
    library names them, so that messages match too)."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [cli, *args]
        if schemas is not None:
            pathlib.Path(tmp, "<schemas>").write_bytes(schemas)
            argv += ["--schemas", "<schemas>"]
        argv.append("-")
        p = subprocess.run(argv, input=data, capture_output=True, cwd=tmp, env=env, timeout=120)
        return p.stdout, p.stderr, p.returncode


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("PLANVIEW_CLI")
    if not path:
        pytest.skip("PLANVIEW_CLI (the planview binary) is not set")
    return path
