"""Which library is loaded, and the package as installed."""

import os
import pathlib

import pytest

import planview
from planview import _library


def test_version_is_the_clis():
    v = planview.version()
    assert v and v == planview.render(b"", version=True).output.split()[1]


@pytest.mark.skipif(not os.environ.get("PLANVIEW_EXPECT_BUNDLED"), reason="not an installed wheel")
def test_installed_wheel_uses_its_bundled_library():
    planview.version()
    package = pathlib.Path(planview.__file__).resolve().parent
    assert "site-packages" in package.parts
    assert pathlib.Path(_library.loaded_from) == package / "libplanview.so.0"


def test_lookup_order(monkeypatch, tmp_path):
    monkeypatch.setenv(_library.ENV_VAR, str(tmp_path / "nowhere.so"))
    where = [w for w, _ in _library._candidates()]
    assert where[-2:] == [_library.ENV_VAR, "the system's"]
