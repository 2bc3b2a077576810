#!/usr/bin/env bash
# make_lib_debs.sh LIBDIR_BUILT ARCH VERSION STRIP OUTDIR: the Debian packages of the
# library, from libplanview.so and libplanview.a built with --config=lib(_aarch64):
#   OUTDIR/libplanview0_VERSION_ARCH.deb     /usr/lib/TRIPLET/libplanview.so.VERSION, .so.0
#   OUTDIR/libplanview-dev_VERSION_ARCH.deb  planview.h, the .so link, libplanview.a,
#                                            planview.pc, the CMake package
# laid out by capi/install_lib.sh (multiarch LIBDIR); STRIP strips the shared library.
set -euo pipefail
built=$1 arch=$2 version=$3 strip=$4 outdir=$5
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case "$arch" in
  amd64) triplet=x86_64-linux-gnu ;;
  arm64) triplet=aarch64-linux-gnu ;;
  *) echo "make_lib_debs.sh: unknown architecture $arch" >&2; exit 2 ;;
esac
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tree=$stage/tree
LIBDIR=lib/$triplet bash "$root/capi/install_lib.sh" "$tree" /usr --prebuilt "$built" >/dev/null
lib=usr/lib/$triplet
"$strip" --strip-unneeded "$tree/$lib/libplanview.so.$version"

# package NAME DESCRIPTION-LINES DEPENDS FILES...: one package from the tree.
package() {
  local name=$1 description=$2 depends=$3 f
  shift 3
  local pkg=$stage/$name
  for f in "$@"; do
    mkdir -p "$pkg/$(dirname "$f")"
    cp -a "$tree/$f" "$pkg/$f"
  done
  local doc=$pkg/usr/share/doc/$name
  install -D -m 644 "$root/LICENSE" "$doc/LICENSE"
  bash "$here/notices.sh" >"$doc/copyright"
  chmod 644 "$doc/copyright"
  mkdir -p "$pkg/DEBIAN"
  local size
  size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
  {
    echo "Package: $name"
    echo "Source: planview"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Multi-Arch: same"
    echo "Maintainer: planview developers <planview@localhost>"
    echo "Installed-Size: $size"
    [ -z "$depends" ] || echo "Depends: $depends"
    echo "Section: libs"
    echo "Priority: optional"
    printf '%s\n' "$description"
  } >"$pkg/DEBIAN/control"
  if [ "$name" = libplanview0 ]; then
    echo "libplanview 0 libplanview0 (>= $version)" >"$pkg/DEBIAN/shlibs"
    echo "activate-noawait ldconfig" >"$pkg/DEBIAN/triggers"
  fi
  dpkg-deb --root-owner-group -Zxz --build "$pkg" "$outdir/${name}_${version}_$arch.deb" >/dev/null
}

package libplanview0 "Description: render Terraform/OpenTofu plans as tofu show does (C library)
 libplanview renders the JSON of a Terraform or OpenTofu plan, state or JSON log, or a
 saved plan file, byte for byte as the planview command does, through a small C API
 (planview.h). Its dependencies are linked in: it needs only the C library." \
  "libc6" "$lib/libplanview.so.$version" "$lib/libplanview.so.0"
package libplanview-dev "Description: render Terraform/OpenTofu plans as tofu show does (C development files)
 The header planview.h, the static library libplanview.a, and the pkg-config (planview)
 and CMake (find_package(planview)) files for programs that use libplanview." \
  "libplanview0 (= $version)" usr/include/planview.h "$lib/libplanview.so" "$lib/libplanview.a" \
  "$lib/pkgconfig/planview.pc" "$lib/cmake/planview/planviewConfig.cmake" "$lib/cmake/planview/planviewConfigVersion.cmake"
