#!/usr/bin/env bash
# The Python binding as a user gets it, without Bazel: the Bazel-built library installed
# into a scratch root, the wheel built from it (tools/build_wheel.sh), installed with
# `pip install --no-index` into a fresh venv, and python/tests run by pytest against the
# installed package, with the CLI as the reference (no test may be skipped).
#
#   python_binding_test.sh HEADER LIB_SO LIB_A CLI
set -euo pipefail
header=$1 so=$2 a=$3 cli=$4
src=$PWD
tmp=${TEST_TMPDIR:-$(mktemp -d)}
export HOME=$tmp PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PYTHONDONTWRITEBYTECODE=1
python=/usr/bin/python3

bash python/testing/install_root.sh "$tmp/root" "$header" "$so" "$a" "$(tr -d '[:space:]' <VERSION)"
wheel=$(bash tools/build_wheel.sh "$tmp/root/usr/lib/libplanview.so.0" "$(uname -m)" "$tmp/dist")
echo "wheel: $(basename "$wheel")"
"$python" -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/pip" install -q --no-index "$wheel"

# A library built with AddressSanitizer (--config=asan) needs its runtime loaded first.
if nm -D --undefined-only "$so" | grep -q __asan_init; then
  export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1  # CPython keeps its objects at exit
fi
cd "$tmp"
PLANVIEW_TESTDATA=$src/testdata PLANVIEW_CLI=$src/$cli PLANVIEW_EXPECT_BUNDLED=1 \
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider -rfEs "$src/python/tests" | tee "$tmp/pytest.log"
if grep -q skipped "$tmp/pytest.log"; then
  echo "FAIL: pytest skipped tests" >&2
  exit 1
fi
