#!/usr/bin/env bash
# The Go binding as a user gets it, without Bazel: the Bazel-built library installed into
# a scratch root, found with pkg-config, and `go test` of the go/ module (a copy) against
# it, offline (GOPROXY=off, no requirements). The test binary must not need libplanview.so
# (libplanview.a is linked in).
#
#   go_binding_test.sh HEADER LIB_SO LIB_A
set -euo pipefail
header=$1 so=$2 a=$3
src=$PWD
tmp=${TEST_TMPDIR:-$(mktemp -d)}
root=$tmp/root
bash python/testing/install_root.sh "$root" "$header" "$so" "$a" "$(tr -d '[:space:]' <VERSION)"
cp -rL go "$tmp/go"

export HOME=$tmp GOPATH=$tmp/gopath GOCACHE=$tmp/gocache GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
export CGO_ENABLED=1 PKG_CONFIG_PATH=$root/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PLANVIEW_TESTDATA=$src/testdata
flags=()
# A library built with AddressSanitizer (--config=asan): the Go side is built with -asan too.
if nm "$a" 2>/dev/null | grep -q __asan_init; then flags+=(-asan); fi
cd "$tmp/go"
go test -c -o "$tmp/planview.test" "${flags[@]}" .
if readelf -d "$tmp/planview.test" | grep -q 'libplanview'; then
  echo "FAIL: the test binary needs libplanview.so:" >&2
  readelf -d "$tmp/planview.test" | grep NEEDED >&2
  exit 1
fi
"$tmp/planview.test" -test.count=1 -test.v

# The README's example is example/main.go, and it prints what the README says.
sed -n '/^```go$/,/^```$/p' README.md | sed '1d;$d' | cmp - example/main.go
go build -o "$tmp/example" ./example
ex=$src/testdata/examples
"$tmp/example" "$ex/plan.json" "$ex/schemas.json" >"$tmp/example.out"
head -c "$(stat -c %s "$ex/plan.txt")" "$tmp/example.out" | cmp - "$ex/plan.txt"
grep -Eqx '[0-9]+ bytes of Markdown' "$tmp/example.out"
grep -qx 'update tfcoremock_simple_resource.base_after' "$tmp/example.out"
tail -1 "$tmp/example.out" | grep -q '^1 planview: <stdin>:1:2: unexpected end of input: '
echo "example: ok"
