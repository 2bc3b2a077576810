#!/usr/bin/env bash
# Installs every Debian package planview needs to build, test and benchmark.
# Idempotent, non-interactive, run as root (or through sudo). Installs nothing else.
set -euo pipefail

packages=(
  bazel-bootstrap      # Bazel 4.2.3, the build system
  bazel-rules-cc       # rules_cc, adapted for Bazel 4 by bazel/debian_rules_cc.bzl
  bazel-rules-java     # Bazel registers Java toolchains even for C++-only builds
  g++                  # the C++20 compiler
  nlohmann-json3-dev   # small documents and JSON writing
  libfmt-dev           # fmt::format for all text output
  libgtest-dev         # unit and golden tests
  libbenchmark-dev     # Google Benchmark for the bench binaries
  libsimdjson-dev      # the parse floor of bench/perf_bench.sh (//bench:simdjson_parse only; planview does not link it)
  libmsgpack-cxx-dev   # msgpack byte level for the wire-format decoder/encoder
  unicode-data         # Unicode 15.0 data: tools/unicode/gen_unicode_tables.py regenerates planview's NFC/grapheme tables from it
  zlib1g-dev           # zlib: //wire:nfc_test reads the gzipped Unicode normalisation vectors
  protobuf-compiler    # tests only: generated C++ writes test plan files and checks base/proto_reader's decode
  libprotobuf-dev      # tests only: runtime of that generated C++ (the library does not link it)
  libcli11-dev         # command-line parsing for the planview binary
  libminizip-dev       # reads saved plan files (ZIP archives) for `planview PLANFILE` and `convert`
  libdeflate-dev       # inflates plan files' members in one call (about 3x zlib's speed)
  libzip-dev           # writes plan files in tests and benchmarks (planfile:plan_file_writer)
  chromium             # headless browser for //cmd:html_browser_test (planview --format html)
  python3              # reads the browser test's PNG screenshots (testdata/html/png_pixel.py); the fake GitHub API of //tools/action:action_test
  curl                 # the GitHub Action's REST calls and release download (tools/action/*.sh; on every GitHub runner)
  jq                   # the GitHub Action's JSON (tools/action/run.sh; on every GitHub runner)
  libncurses-dev       # ncursesw for `planview browse`
  tmux                 # drives `planview browse` in //cmd/browse:browse_tmux_test
  libre2-dev           # RE2 for --mask: linear time, no recursion on long values (std::regex has both problems)
  cmake                # builds the CMake example against the installed libplanview (//capi:install_test)
  pkg-config           # builds the C example with `pkg-config --cflags --libs planview` (//capi:install_test)
  dpkg-dev             # dpkg-source: unpacks the Debian sources planview compiles itself (tools/debian_sources.sh)
  # WebAssembly and the JavaScript package (js/):
  emscripten           # em++ 3.1.6 (clang-14, its own libc++/libc): compiles the library to WebAssembly (//js:planview_wasm, js/wasm.bzl)
  nodejs               # runs the JavaScript package's tests (node --test js/) and emscripten's optimizer
  python3-six          # imported by re2's Unicode table generators, run by the wasm build (re2/unicode.py)
  # The Python and Go bindings (python/, go/; //python:python_binding_test, //go:go_binding_test):
  python3-pytest       # runs python/tests against the installed wheel
  python3-setuptools   # setup.py bdist_wheel for python/build_wheel.sh
  python3-wheel        # the wheel format for python/build_wheel.sh (bdist_wheel)
  python3-venv         # the fresh venv the wheel is installed into with pip --no-index
  golang-go            # go test of the cgo module go/ (standard library only)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm: packs the npm package (tools/release.sh) and installs web/'s test driver (below).
# Debian's, unless the installed node brings its own (NodeSource's nodejs ships npm, and
# Debian's npm package would collide with it).
command -v npm >/dev/null || missing+=(npm)

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Debian source packages planview compiles itself (re2 for libplanview; re2, zlib,
# minizip and libdeflate for the WebAssembly build): unpacked once, offline afterwards.
$SUDO bash "$(dirname "$0")/debian_sources.sh"

# playwright-core from npm (the exact version of web/package-lock.json), which drives
# Debian's chromium in web/'s browser tests (//web:browser_test); installed into
# web/node_modules unless that version is there already.
web=$(cd "$(dirname "$0")/../web" && pwd)
want=$(sed -n 's/.*"playwright-core": "\(.*\)".*/\1/p' "$web/package.json")
have=$(sed -n 's/^  "version": "\(.*\)",*$/\1/p' "$web/node_modules/playwright-core/package.json" 2>/dev/null || true)
if [ "$want" != "$have" ]; then
  npm ci --prefix "$web" --no-audit --no-fund --ignore-scripts >/dev/null
fi
