#!/usr/bin/env bash
# Builds planview's C API (capi/planview.h) for WebAssembly with Debian's emscripten 3.1.6:
# js/build/planview_wasm.mjs (the module factory) and js/build/planview_wasm.wasm, which
# js/planview.mjs loads. Offline: the dependencies (re2, minizip, zlib, libdeflate, fmt's
# format.cc) are compiled from Debian's source packages that tools/debian_sources.sh unpacked at
# setup; the headers of fmt, msgpack-c and CLI11 come from /usr/include. emscripten's
# ports (which download) are not used; its system libraries are Debian's prebuilt ones.
#
# A script over em++ for now, not a Bazel toolchain: the library's sources are those Bazel
# builds //capi:capi from (bazel query), compiled by js/wasm.mk.
#   js/build_wasm.sh                 # BAZEL="bazel --output_base=..." to choose the server
# Environment: JOBS (default: the number of cores), PLANVIEW_WASM_OUT (js/build),
# PLANVIEW_DEBIAN_SRC (/usr/local/src/planview).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${PLANVIEW_WASM_OUT:-$root/js/build}
depsrc=${PLANVIEW_DEBIAN_SRC:-/usr/local/src/planview}
jobs=${JOBS:-$(nproc)}
bazel=${BAZEL:-bazel}

command -v em++ >/dev/null || { echo "build_wasm: em++ not found (apt-get install emscripten; tools/setup.sh)" >&2; exit 1; }
for d in re2 zlib minizip libdeflate fmtlib; do
  [ -d "$depsrc/$d" ] || { echo "build_wasm: $depsrc/$d missing: run tools/debian_sources.sh" >&2; exit 1; }
done

# Debian's emscripten: its prebuilt system libraries (a frozen cache), and the node
# modules its optimizer needs from Debian's node-* packages.
export EM_CACHE=${EM_CACHE:-/usr/share/emscripten/cache}
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
export EM_FROZEN_CACHE=1

mkdir -p "$out/include" "$out/gen/cmd"
# Header-only libraries from Debian's -dev packages, and nothing else of /usr/include
# (glibc's headers must not reach emscripten's libc).
for h in fmt CLI msgpack msgpack.hpp; do
  ln -sfn "/usr/include/$h" "$out/include/$h"
done
ln -sfn "$depsrc/minizip" "$out/include/minizip"

# cmd/version.h as //cmd:version generates it.
version=$(tr -d '[:space:]' <"$root/VERSION")
cat >"$out/gen/cmd/version.h.tmp" <<EOF
// Generated from VERSION by js/build_wasm.sh (as //cmd:version does).
#ifndef PLANVIEW_CMD_VERSION_H_
#define PLANVIEW_CMD_VERSION_H_
namespace planview::cmd {
inline constexpr char kVersion[] = "$version";
}  // namespace planview::cmd
#endif
EOF
cmp -s "$out/gen/cmd/version.h.tmp" "$out/gen/cmd/version.h" || mv "$out/gen/cmd/version.h.tmp" "$out/gen/cmd/version.h"
rm -f "$out/gen/cmd/version.h.tmp"

# The library's sources: what //capi:capi is built from in this checkout (headers too).
(cd "$root" && $bazel query --noshow_progress 'kind("source file", deps(//capi:capi))' 2>/dev/null) |
  sed -n 's|^//\([^:]*\):\(.*\)$|\1/\2|p' | sed 's|^/||' | sort >"$out/files.txt"
grep '\.cc$' "$out/files.txt" >"$out/sources.txt" || true
[ -s "$out/sources.txt" ] || { echo "build_wasm: bazel query gave no sources" >&2; exit 1; }

# Bazel compiles //structured:read_input with -std=c++2b (structured/BUILD).
cxx2b="structured/input_text.cc structured/internal/mapped_file.cc structured/internal/page_size.cc structured/read_input.cc"

make -s -j"$jobs" -f "$root/js/wasm.mk" ROOT="$root" OUT="$out" DEPSRC="$depsrc" \
  LIB_SRCS="$(tr '\n' ' ' <"$out/sources.txt")" CXX2B_SRCS="$cxx2b"
ls -l "$out/planview_wasm.mjs" "$out/planview_wasm.wasm"
