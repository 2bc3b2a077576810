#!/usr/bin/env bash
# Builds libplanview (--config=lib) and installs it as a package would:
#   DESTDIR/PREFIX/include/planview.h
#   DESTDIR/PREFIX/LIBDIR/libplanview.so.VERSION, libplanview.so.0 -> it, libplanview.so -> .so.0
#   DESTDIR/PREFIX/LIBDIR/libplanview.a
#   DESTDIR/PREFIX/LIBDIR/pkgconfig/planview.pc
#   DESTDIR/PREFIX/LIBDIR/cmake/planview/planviewConfig.cmake, planviewConfigVersion.cmake
#
#   bash capi/install_lib.sh DESTDIR PREFIX [--arch aarch64] [--prebuilt DIR]
#
# LIBDIR (environment) defaults to lib; the .debs use lib/<multiarch triplet>. --arch aarch64
# cross-compiles (--config=lib_aarch64). --prebuilt DIR takes libplanview.so and
# libplanview.a from DIR instead of building (a test that has them from Bazel).
# Environment: BAZEL (default bazel), BAZEL_FLAGS (extra flags, e.g. an output base is a
# startup flag: BAZEL="bazel --output_base=..."; a disk cache goes in BAZEL_FLAGS).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 DESTDIR PREFIX [--arch aarch64] [--prebuilt DIR]" >&2; exit 2; }
destdir=$1 prefix=$2
shift 2
config=lib prebuilt=""
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) [ "$2" = aarch64 ] && config=lib_aarch64; shift 2 ;;
    --prebuilt) prebuilt=$2; shift 2 ;;
    *) echo "$0: unknown option $1" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) echo "$0: PREFIX must be absolute: $prefix" >&2; exit 2 ;; esac
libdir=${LIBDIR:-lib}
version=$(tr -d '[:space:]' <"$root/VERSION")

if [ -z "$prebuilt" ]; then
  read -r -a bazel <<<"${BAZEL:-bazel}"
  read -r -a extra <<<"${BAZEL_FLAGS:-}"
  (cd "$root" && "${bazel[@]}" build "${extra[@]}" --config="$config" //capi:libplanview.so //capi:libplanview)
  prebuilt=$(cd "$root" && "${bazel[@]}" info "${extra[@]}" --config="$config" bazel-bin 2>/dev/null)/capi
fi

dest="$destdir$prefix"
install -d "$dest/include" "$dest/$libdir/pkgconfig" "$dest/$libdir/cmake/planview"
install -m 644 "$root/capi/planview.h" "$dest/include/planview.h"
install -m 755 "$prebuilt/libplanview.so" "$dest/$libdir/libplanview.so.$version"
ln -sfn "libplanview.so.$version" "$dest/$libdir/libplanview.so.0"
ln -sfn libplanview.so.0 "$dest/$libdir/libplanview.so"
install -m 644 "$prebuilt/libplanview.a" "$dest/$libdir/libplanview.a"

# pkg-config: paths from the prefix (PKG_CONFIG_SYSROOT_DIR adds a DESTDIR).
cat >"$dest/$libdir/pkgconfig/planview.pc" <<PC
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/$libdir

Name: planview
Description: Renders Terraform/OpenTofu plans, states and logs as tofu show does (C API)
URL: https://github.com/planview/planview
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lplanview
Libs.private: -lstdc++ -lm -lpthread
PC

# CMake: relocatable (the prefix from where this file is), imported targets
# planview::planview (libplanview.so.0) and planview::planview_static (libplanview.a).
up=$(echo "$libdir/cmake/planview" | tr '/' '\n' | sed 's/.*/../' | paste -sd/)
cat >"$dest/$libdir/cmake/planview/planviewConfig.cmake" <<CMAKE
# planview's CMake package: find_package(planview) gives planview::planview (shared) and
# planview::planview_static.
get_filename_component(_planview_prefix "\${CMAKE_CURRENT_LIST_DIR}/$up" ABSOLUTE)
if(NOT TARGET planview::planview)
  add_library(planview::planview SHARED IMPORTED)
  set_target_properties(planview::planview PROPERTIES
    IMPORTED_LOCATION "\${_planview_prefix}/$libdir/libplanview.so.0"
    IMPORTED_SONAME "libplanview.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "\${_planview_prefix}/include")
endif()
if(NOT TARGET planview::planview_static)
  find_package(Threads REQUIRED)
  add_library(planview::planview_static STATIC IMPORTED)
  set_target_properties(planview::planview_static PROPERTIES
    IMPORTED_LOCATION "\${_planview_prefix}/$libdir/libplanview.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_planview_prefix}/include"
    INTERFACE_LINK_LIBRARIES "stdc++;m;Threads::Threads")
endif()
unset(_planview_prefix)
set(planview_VERSION "$version")
CMAKE
cat >"$dest/$libdir/cmake/planview/planviewConfigVersion.cmake" <<CMAKE
# Compatible within the major version (libplanview.so.0: 0.x).
set(PACKAGE_VERSION "$version")
string(REGEX MATCH "^[0-9]+" _have_major "\${PACKAGE_VERSION}")
string(REGEX MATCH "^[0-9]+" _want_major "\${PACKAGE_FIND_VERSION}")
if(PACKAGE_FIND_VERSION AND PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(PACKAGE_FIND_VERSION AND NOT _have_major STREQUAL _want_major)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
CMAKE
echo "installed libplanview $version into $dest ($libdir)"
