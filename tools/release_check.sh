#!/usr/bin/env bash
# Checks the release files in dist/ as users run them (tools/release.sh runs it last):
#   - each binary is static, stripped, under 15 MB, and matches its .sha256;
#   - the x86-64 binary under `qemu-x86_64 -cpu Westmere` (no AVX at all: the scalar
#     kernel), `-cpu Haswell` (the AVX2 kernel) and the AArch64 one under qemu-aarch64
#     (NEON, then scalar forced) render the example plan and every plan of
#     testdata/conformance/equivalence byte-identically to the expected text;
#   - each .deb, unpacked into a scratch root with `dpkg -x`, holds the binary, man page,
#     completions and notices, and its binary runs (through qemu for arm64);
#   - the library .debs (libplanview0, libplanview-dev) unpacked the same way: the
#     SONAME, only libc/libm/libstdc++/libgcc needed, only planview_* exported, and
#     examples/c built against the unpacked root with pkg-config (the arm64 one with the
#     cross compiler) renders the example plan (through qemu for arm64).
# Prints one line per check and `release check: N passed, M failed`; exit 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
version=$(tr -d '[:space:]' <VERSION)
x86=dist/planview-$version-linux-x86_64
arm=dist/planview-$version-linux-aarch64
passed=0 failed=0
ok() { echo "ok   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for f in "$x86" "$arm"; do
  [ -f "$f" ] || { bad "$f missing"; continue; }
  description=$(file -b "$f")
  size=$(stat -c %s "$f")
  if [[ $description == *"statically linked"* && $description == *", stripped"* ]] && ((size < 15 * 1024 * 1024)); then
    ok "$f: static, stripped, $size bytes"
  else
    bad "$f: $description, $size bytes"
  fi
  (cd dist && sha256sum --quiet -c "$(basename "$f").sha256") && ok "$f.sha256" || bad "$f.sha256"
done

# render NAME KERNEL RUNNER...: every plan renders as expected, and --version names KERNEL.
render() {
  local name=$1 kernel=$2 failures=0 count=0 dir mode
  shift 2
  local version_line
  version_line=$("$@" --version 2>/dev/null)
  if [[ $version_line == "planview $version (commit "*", $kernel kernel;"* ]]; then
    ok "$name: $version_line"
  else
    bad "$name: --version said: $version_line"
  fi
  if "$@" testdata/examples/plan.json --schemas testdata/examples/schemas.json -no-color 2>/dev/null |
    cmp -s - testdata/examples/plan.txt; then
    count=$((count + 1))
  else
    failures=$((failures + 1))
    echo "     $name: testdata/examples/plan.json differs"
  fi
  for dir in testdata/conformance/equivalence/*/; do
    [ -f "$dir/plan.txt" ] || continue
    mode=$(tr -d '[:space:]' <"$dir/mode")
    if "$@" "$dir/plan.json" --schemas "$dir/schemas.json" --mode "$mode" --width 78 -no-color 2>/dev/null |
      cmp -s - "$dir/plan.txt"; then
      count=$((count + 1))
    else
      failures=$((failures + 1))
      echo "     $name: ${dir}plan.json differs"
    fi
  done
  if ((failures == 0)); then ok "$name: $count plans byte-identical"; else bad "$name: $failures plans differ"; fi
}

render "x86_64 on qemu Westmere" scalar qemu-x86_64 -cpu Westmere "$x86"
render "x86_64 on qemu Haswell" avx2 qemu-x86_64 -cpu Haswell "$x86"
render "x86_64 on this machine" "$(grep -qw avx2 /proc/cpuinfo && echo avx2 || echo scalar)" "$x86"
render "aarch64 on qemu" neon qemu-aarch64 "$arm"
render "aarch64 on qemu, scalar forced" scalar env PLANVIEW_KERNEL=scalar qemu-aarch64 "$arm"

for arch in amd64 arm64; do
  deb=dist/planview_${version}_$arch.deb
  [ -f "$deb" ] || { bad "$deb missing"; continue; }
  root=$scratch/$arch
  dpkg -x "$deb" "$root"
  [ "$(dpkg-deb -f "$deb" Architecture)" = "$arch" ] && [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] &&
    ok "$deb: control says $arch $version" || bad "$deb: control fields"
  missing=()
  for f in usr/bin/planview usr/share/man/man1/planview.1.gz usr/share/bash-completion/completions/planview \
    usr/share/zsh/vendor-completions/_planview usr/share/doc/planview/README.md \
    usr/share/doc/planview/LICENSE usr/share/doc/planview/copyright; do
    [ -s "$root/$f" ] || missing+=("$f")
  done
  ((${#missing[@]} == 0)) && ok "$deb: every file there" || bad "$deb: missing ${missing[*]}"
  runner=()
  [ "$arch" = arm64 ] && runner=(qemu-aarch64)
  if "${runner[@]}" "$root/usr/bin/planview" testdata/examples/plan.json --schemas testdata/examples/schemas.json \
    -no-color 2>/dev/null | cmp -s - testdata/examples/plan.txt; then
    ok "$deb: the installed binary renders the example plan"
  else
    bad "$deb: the installed binary's output differs"
  fi
done
# The library .debs.
for arch in amd64 arm64; do
  root=$scratch/lib-$arch
  triplet=x86_64-linux-gnu cc=cc runner=(env "LD_LIBRARY_PATH=$root/usr/lib/$triplet")
  if [ "$arch" = arm64 ]; then
    triplet=aarch64-linux-gnu cc=aarch64-linux-gnu-gcc
    runner=(qemu-aarch64 -L /usr/aarch64-linux-gnu -E "LD_LIBRARY_PATH=$root/usr/lib/$triplet")
  fi
  for pkg in libplanview0 libplanview-dev; do
    deb=dist/${pkg}_${version}_$arch.deb
    [ -f "$deb" ] || { bad "$deb missing"; continue; }
    dpkg -x "$deb" "$root"
    [ "$(dpkg-deb -f "$deb" Architecture)" = "$arch" ] && [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] &&
      ok "$deb: control says $arch $version" || bad "$deb: control fields"
  done
  so=$root/usr/lib/$triplet/libplanview.so.$version
  [ -f "$so" ] || { bad "libplanview $arch: no $so"; continue; }
  [ "$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')" = libplanview.so.0 ] &&
    ok "libplanview $arch: SONAME libplanview.so.0" || bad "libplanview $arch: SONAME"
  needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | grep -vxE 'libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux.*' | tr '\n' ' ')
  [ -z "$needed" ] && ok "libplanview $arch: needs only libc, libm, libstdc++, libgcc" || bad "libplanview $arch: needs $needed"
  nm -D --defined-only "$so" | awk '{print $3}' | sed 's/@.*//' | grep -v '^PLANVIEW_0$' | sort | cmp -s - capi/exported_symbols.txt &&
    ok "libplanview $arch: exports capi/exported_symbols.txt" || bad "libplanview $arch: exports other symbols"
  pc=(env "PKG_CONFIG_PATH=$root/usr/lib/$triplet/pkgconfig" "PKG_CONFIG_SYSROOT_DIR=$root" pkg-config)
  flags=$("${pc[@]}" --cflags --libs planview)
  static_flags=$("${pc[@]}" --cflags --libs --static planview)
  example=(testdata/examples/plan.json testdata/examples/schemas.json)
  # The example linked to libplanview.so (every symbol resolves) and, fully static, to
  # libplanview.a; both render the example plan. On arm64 only the static one runs:
  # Debian 12's qemu-aarch64 (7.2) spins forever in pthread_create of any dynamically
  # linked AArch64 program here (glibc's mutex CAS loop; a six-line C program that starts
  # one thread shows it), while static programs run.
  if ! $cc -std=c11 examples/c/render_plan.c $flags -o "$scratch/render_plan_$arch"; then
    bad "libplanview $arch: examples/c does not link to libplanview.so"
  elif [ "$arch" = arm64 ]; then
    ok "libplanview $arch: examples/c links to libplanview.so with pkg-config"
  elif "${runner[@]}" "$scratch/render_plan_$arch" "${example[@]}" 2>/dev/null | cmp -s - testdata/capi/render_plan.txt; then
    ok "libplanview $arch: examples/c built with pkg-config renders the example plan"
  else
    bad "libplanview $arch: examples/c against libplanview.so"
  fi
  [ "$arch" = arm64 ] && runner=(qemu-aarch64)
  if $cc -std=c11 -static examples/c/render_plan.c $static_flags -o "$scratch/render_plan_static_$arch" &&
    timeout 120 "${runner[@]}" "$scratch/render_plan_static_$arch" "${example[@]}" 2>/dev/null | cmp -s - testdata/capi/render_plan.txt; then
    ok "libplanview $arch: examples/c linked statically (pkg-config --static) renders the example plan"
  else
    bad "libplanview $arch: examples/c linked statically against libplanview.a"
  fi
done
# The npm tarball: installed offline into a fresh project, imported as "planview", renders
# the example byte for byte.
tgz=dist/planview-$version.tgz
if [ -f "$tgz" ]; then
  mkdir -p "$scratch/npm"
  echo '{"name": "consumer", "private": true, "type": "module"}' >"$scratch/npm/package.json"
  if (cd "$scratch/npm" && npm install --offline --no-audit --no-fund --ignore-scripts --cache "$scratch/npm-cache" "$OLDPWD/$tgz" >/dev/null 2>&1) &&
    (cd "$scratch/npm" && node --input-type=module -e '
      import { readFileSync } from "node:fs";
      import { render } from "planview";
      const [plan, schemas] = process.argv.slice(1).map((f) => readFileSync(f));
      const r = await render(plan, { schemas, color: "never" });
      process.stdout.write(r.output);
      process.exitCode = r.status;' "$OLDPWD/testdata/examples/plan.json" "$OLDPWD/testdata/examples/schemas.json") |
    cmp -s - testdata/examples/plan.txt; then
    ok "$tgz: npm install --offline, import \"planview\": renders the example"
  else
    bad "$tgz: installed offline, it does not render the example"
  fi
else
  bad "$tgz missing"
fi
# The web viewer's zip: the page's four files under planview-web-VERSION/, its engine
# holding the same .wasm as the npm package.
webzip=dist/planview-web-$version.zip
if [ -f "$webzip" ] && python3 - "$webzip" "planview-web-$version" "$tgz" <<'PY'
import base64, re, sys, tarfile, zipfile
zip_path, top, tgz = sys.argv[1:]
z = zipfile.ZipFile(zip_path)
names = sorted(z.namelist())
want = sorted(f"{top}/{n}" for n in ("index.html", "planview-engine.js", "viewer.css", "viewer.js"))
assert names == want, names
engine = z.read(f"{top}/planview-engine.js").decode()
wasm = tarfile.open(tgz).extractfile("package/build/planview_wasm.wasm").read()
assert base64.b64encode(wasm).decode() in engine, "engine lacks the package's wasm"
assert 'id="plan-output"' in z.read(f"{top}/index.html").decode()
PY
then
  ok "$webzip: the page's files, the npm package's .wasm inside"
else
  bad "$webzip: missing or not the page"
fi
zcat "$scratch/amd64/usr/share/man/man1/planview.1.gz" | grep -q '^\.TH PLANVIEW 1' && ok "man page" || bad "man page"
bash -c "source '$scratch/amd64/usr/share/bash-completion/completions/planview' && complete -p planview" >/dev/null 2>&1 &&
  ok "bash completion loads" || bad "bash completion"

echo "release check: $passed passed, $failed failed"
((failed == 0))
