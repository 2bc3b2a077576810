#!/usr/bin/env bash
# Per-call overhead of the Python and Go bindings against the C API called directly: each
# renders the same small plan N times (default 1000) in one process, ROUNDS times
# interleaved (C, Python, Go, C, ...), and prints microseconds per call.
#
#   PKG_CONFIG_PATH=ROOT/usr/lib/pkgconfig LD_LIBRARY_PATH=ROOT/usr/lib \
#     bash python/bench/overhead.sh VENV_PYTHON [N] [ROUNDS]
#
# VENV_PYTHON is a python with the planview wheel installed; pkg-config must find the
# installed library (planview.pc) for the C loop and the Go benchmark.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
python=$1 n=${2:-1000} rounds=${3:-3}
plan=$root/testdata/conformance/equivalence/basic_list/plan.json
schemas=$root/testdata/conformance/equivalence/basic_list/schemas.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046
cc -O2 -std=c11 "$root/python/bench/render_loop.c" $(pkg-config --cflags --libs planview) -o "$work/render_loop"
cp -r "$root/go" "$work/go"
(cd "$work/go" && GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local go test -c -o "$work/go.test" .)
for _ in $(seq "$rounds"); do
  "$work/render_loop" "$plan" "$schemas" "$n"
  "$python" "$root/python/bench/overhead.py" "$plan" "$schemas" "$n"
  (cd "$root/go" && PLANVIEW_TESTDATA="$root/testdata" "$work/go.test" -test.run '^$' -test.bench RenderSmallPlan -test.benchtime "${n}x" |
    sed -n 's/^BenchmarkRenderSmallPlan[^ ]* *\([0-9]*\) *\([0-9.]*\) ns\/op.*/go \1 calls: \2 ns\/call/p' |
    awk '{ printf "go %s calls: %.1f us/call\n", $2, $4 / 1000 }')
done
