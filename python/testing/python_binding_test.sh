#!/usr/bin/env bash
# The Python binding as a user gets it, without Bazel: the released library
# (//capi:released_lib) installed into a scratch root by capi/install_lib.sh, the wheel
# built from it (python/build_wheel.sh), installed with `pip install --no-index` into a
# fresh venv, and python/tests run by pytest against the installed package, with the CLI
# as the reference (no test may be skipped). Runs in the runfiles' workspace directory.
set -euo pipefail
src=$PWD
tmp=${TEST_TMPDIR:-$(mktemp -d)}
export HOME=$tmp PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PYTHONDONTWRITEBYTECODE=1
python=/usr/bin/python3

lib_dir=$(dirname "$(find -L capi -name libplanview.so | head -n 1)")
bash capi/install_lib.sh "$tmp/root" /usr --prebuilt "$lib_dir" >/dev/null
wheel=$(bash python/build_wheel.sh "$tmp/root/usr/lib/libplanview.so.0" "$(uname -m)" "$tmp/dist")
echo "wheel: $(basename "$wheel")"
"$python" -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/pip" install -q --no-index "$wheel"

cd "$tmp"
PLANVIEW_TESTDATA=$src/testdata PLANVIEW_CLI=$src/cmd/planview PLANVIEW_EXPECT_BUNDLED=1 \
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider -rfEs "$src/python/tests" | tee "$tmp/pytest.log"
if grep -q skipped "$tmp/pytest.log"; then
  echo "FAIL: pytest skipped tests" >&2
  exit 1
fi
