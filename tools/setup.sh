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
  libicu-dev           # NFC normalisation of wire-format strings (as go-cty does)
  protobuf-compiler    # generates C++ for the tfplugin5 messages
  libprotobuf-dev      # runtime for the generated tfplugin5 messages
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
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- WebAssembly build and the JavaScript package (js/; issue #41) ---
wasm_packages=(
  emscripten     # em++ 3.1.6 (clang-14, its prebuilt libc++/libc): compiles the library to WebAssembly (js/build_wasm.sh)
  nodejs         # runs the JavaScript package's tests (node --test js/) and emscripten's optimizer
  dpkg-dev       # dpkg-source: unpacks the Debian source packages the wasm build compiles (js/wasm_sources.sh)
  unicode-data   # the Unicode tables re2's generators read (Debian's source package has no generated tables)
  python3-six    # imported by re2's table generators (re2/unicode.py)
)
missing=()
for p in "${wasm_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# re2, zlib, minizip, libdeflate and fmt sources for the wasm build (the installed versions).
if [ "$(id -u)" = 0 ]; then
  "$(dirname "$0")/../js/wasm_sources.sh"
else
  sudo "$(dirname "$0")/../js/wasm_sources.sh"
fi
