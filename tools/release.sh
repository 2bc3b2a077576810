#!/usr/bin/env bash
# Builds the release files into dist/ (offline, from Debian packages only):
#   planview-VERSION-linux-x86_64[.sha256]   static, stripped; any x86-64 CPU
#   planview-VERSION-linux-aarch64[.sha256]  static, stripped; cross-compiled
#   planview_VERSION_amd64.deb, planview_VERSION_arm64.deb
#   libplanview0_VERSION_{amd64,arm64}.deb, libplanview-dev_VERSION_{amd64,arm64}.deb
#                                            the C library (capi/README.md), --config=lib
#   planview-VERSION-py3-none-manylinux_*_{x86_64,aarch64}.whl
#                                            the Python package with the library inside
#   planview-VERSION.tgz                     the npm package (js/, WebAssembly): `npm pack`
#   planview-web-VERSION.zip                 the offline web viewer (web/): open index.html
# then checks them (tools/release_check.sh: qemu on Westmere, Haswell and AArch64; each
# .deb unpacked into a scratch root and run). VERSION comes from the file VERSION; the
# binaries print it with the git commit (`planview --version`).
#
#   bash tools/release.sh [--no-check]
#
# Environment: BAZEL (default bazel), BAZEL_FLAGS (extra build flags, e.g. a disk cache).
set -euo pipefail
cd "$(dirname "$0")/.."
check=1
[ "${1:-}" = "--no-check" ] && check=0

bash tools/setup.sh
bash tools/release_setup.sh

BAZEL=${BAZEL:-bazel}
read -r -a extra <<<"${BAZEL_FLAGS:-}"
version=$(tr -d '[:space:]' <VERSION)
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  commit="$commit+changes"
fi
stamp=(--per_file_copt="cmd/planview_cli.cc@-DPLANVIEW_COMMIT=\"$commit\"")
mkdir -p dist
rm -f dist/planview-"$version"-linux-* dist/planview_"$version"_*.deb dist/libplanview*_"$version"_*.deb dist/planview-"$version"-py3-*.whl
rm -f dist/planview-"$version".tgz dist/planview-web-"$version".zip

# build CONFIG STRIP OUT: one static binary, stripped, with its checksum.
build() {
  local config=$1 strip=$2 out=$3 bin
  "$BAZEL" build "${extra[@]}" --config="$config" "${stamp[@]}" //cmd:planview
  bin=$("$BAZEL" info "${extra[@]}" --config="$config" "${stamp[@]}" bazel-bin 2>/dev/null)/cmd/planview
  "$strip" -o "dist/$out" "$bin"
  chmod 755 "dist/$out"
  (cd dist && sha256sum "$out" >"$out.sha256")
}
build release strip "planview-$version-linux-x86_64"
build release_aarch64 aarch64-linux-gnu-strip "planview-$version-linux-aarch64"

bash tools/release/make_deb.sh "dist/planview-$version-linux-x86_64" amd64 "$version" "dist/planview_${version}_amd64.deb"
bash tools/release/make_deb.sh "dist/planview-$version-linux-aarch64" arm64 "$version" "dist/planview_${version}_arm64.deb"

# lib CONFIG ARCH WHEEL_ARCH STRIP: libplanview.so and .a, packaged as the two library
# .debs, and the Python wheel with that libplanview.so inside.
lib() {
  local config=$1 arch=$2 wheel_arch=$3 strip=$4 dir
  "$BAZEL" build "${extra[@]}" --config="$config" //capi:libplanview.so //capi:libplanview.a
  dir=$("$BAZEL" info "${extra[@]}" --config="$config" bazel-bin 2>/dev/null)/capi
  bash tools/release/make_lib_debs.sh "$dir" "$arch" "$version" "$strip" dist
  bash python/build_wheel.sh "$dir/libplanview.so" "$wheel_arch" dist >/dev/null
}
lib lib amd64 x86_64 strip
lib lib_aarch64 arm64 aarch64 aarch64-linux-gnu-strip

# The npm package: one for every machine (WebAssembly), packed offline from the layout
# //js:npm builds (its package.json carries VERSION).
# The web viewer: the page //web:site assembles, zipped under planview-web-VERSION/.
"$BAZEL" build "${extra[@]}" //js:npm //web:site
bin_dir=$("$BAZEL" info "${extra[@]}" bazel-bin 2>/dev/null)
npm pack --offline --ignore-scripts --cache "$(mktemp -d)" --pack-destination dist "$bin_dir/js/npm" >/dev/null
[ -f "dist/planview-$version.tgz" ] || { echo "release: npm pack made no dist/planview-$version.tgz" >&2; exit 1; }
python3 - "$bin_dir/web/site" "dist/planview-web-$version.zip" "planview-web-$version" <<'PY'
import os, sys, zipfile
site, out, top = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in sorted(os.listdir(site)):
        z.write(os.path.join(site, name), f"{top}/{name}")
PY

ls -l dist/planview-"$version".tgz dist/planview-web-"$version".zip dist/planview-"$version"-linux-* dist/planview_"$version"_*.deb dist/libplanview*_"$version"_*.deb dist/planview-"$version"-py3-*.whl
if [ "$check" = 1 ]; then bash tools/release_check.sh; fi
