"""Builds the planview wheel: the pure-Python package plus libplanview.so.0, platform-tagged.

Run by python/build_wheel.sh, which puts the library at planview/libplanview.so.0 in a
scratch copy of this directory and passes the version and the platform tag:
    PLANVIEW_VERSION=0.1.0 python3 setup.py bdist_wheel --plat-name manylinux_2_36_x86_64
Without a bundled library (a source checkout) the package finds one through
PLANVIEW_LIBRARY or the system's libplanview.so.0.
"""

import os

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel


class BinaryDistribution(Distribution):
    """Holds a shared library: the package goes to platlib, the wheel's root."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """A wheel for one platform (it holds a shared library) and any Python 3 (ctypes only)."""

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "README.md"), encoding="utf-8") as f:
    readme = f.read()

setup(
    name="planview",
    version=os.environ.get("PLANVIEW_VERSION", "0.0.0"),
    description="Render Terraform/OpenTofu plans, states and logs as `tofu show` does (libplanview)",
    long_description=readme,
    long_description_content_type="text/markdown",
    license="MPL-2.0",
    python_requires=">=3.7",
    packages=["planview"],
    package_data={"planview": ["libplanview.so.0"]},
    cmdclass={"bdist_wheel": PlatformWheel},
    distclass=BinaryDistribution,
    zip_safe=False,
)
