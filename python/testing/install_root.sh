#!/usr/bin/env bash
# Installs the Bazel-built library into a scratch root as a package would (DESTDIR=ROOT,
# prefix /usr): ROOT/usr/include/planview.h, ROOT/usr/lib/libplanview.so.0 (and the .so
# link), ROOT/usr/lib/libplanview.a, ROOT/usr/lib/pkgconfig/planview.pc. For the bindings'
# tests (//python:python_binding_test, //go:go_binding_test): a consumer then finds it with
#   PKG_CONFIG_PATH=ROOT/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=ROOT
#
#   bash python/testing/install_root.sh ROOT HEADER LIB_SO LIB_A VERSION
set -euo pipefail
root=$1 header=$2 so=$3 a=$4 version=$5
install -d "$root/usr/include" "$root/usr/lib/pkgconfig"
install -m 644 "$header" "$root/usr/include/planview.h"
install -m 755 "$so" "$root/usr/lib/libplanview.so.0"
ln -sf libplanview.so.0 "$root/usr/lib/libplanview.so"
install -m 644 "$a" "$root/usr/lib/libplanview.a"
cat >"$root/usr/lib/pkgconfig/planview.pc" <<PC
prefix=/usr
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: planview
Description: Renders Terraform/OpenTofu plans as tofu show does (C API)
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lplanview
Libs.private: -lstdc++ -lm
PC
