#!/usr/bin/env bash
# The Go binding as a user gets it, without Bazel: the released library
# (//capi:released_lib) installed into a scratch root by capi/install_lib.sh, found with
# pkg-config (PKG_CONFIG_SYSROOT_DIR), and `go test` of a copy of the go/ module against it,
# offline (GOPROXY=off, no requirements). The test binary must not need libplanview.so
# (libplanview.a is linked in). Runs in the runfiles' workspace directory.
set -euo pipefail
src=$PWD
tmp=${TEST_TMPDIR:-$(mktemp -d)}
root=$tmp/root
lib_dir=$(dirname "$(find -L capi -name libplanview.so | head -n 1)")
bash capi/install_lib.sh "$root" /usr --prebuilt "$lib_dir" >/dev/null
cp -rL go "$tmp/go"

export HOME=$tmp GOPATH=$tmp/gopath GOCACHE=$tmp/gocache GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
export CGO_ENABLED=1 PKG_CONFIG_PATH=$root/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PLANVIEW_TESTDATA=$src/testdata
cd "$tmp/go"
go test -c -o "$tmp/planview.test" .
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
head -c "$(stat -L -c %s "$ex/plan.txt")" "$tmp/example.out" | cmp - "$ex/plan.txt"
grep -Eqx '[0-9]+ bytes of Markdown' "$tmp/example.out"
grep -qx 'update tfcoremock_simple_resource.base_after' "$tmp/example.out"
tail -1 "$tmp/example.out" | grep -q '^1 planview: <stdin>:1:2: unexpected end of input: '
echo "example: ok"
