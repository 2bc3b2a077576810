#!/usr/bin/env bash
# em++ or emcc (the first argument) as Bazel's WebAssembly actions run them (js/wasm.bzl):
# Debian's emscripten with its prebuilt system libraries as a frozen cache (nothing is
# written or downloaded), and the node modules its optimizer takes from Debian's node-*
# packages. --exported-symbols-file=F (one C name a line, capi/exported_symbols.txt)
# becomes -sEXPORTED_FUNCTIONS with the allocator added, and setenv/unsetenv: planview.mjs
# gives each call the environment variables the CLI would read (TF_IN_AUTOMATION, the
# --mask-env names) from the process's.
set -euo pipefail
tool=$1
shift
export EM_CACHE=/usr/share/emscripten/cache EM_FROZEN_CACHE=1
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
args=()
for arg in "$@"; do
  case "$arg" in
    --exported-symbols-file=*)
      list=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)$/_\1/p' "${arg#*=}" | tr '\n' ',')
      args+=("-sEXPORTED_FUNCTIONS=${list}_malloc,_free,_setenv,_unsetenv")
      ;;
    *) args+=("$arg") ;;
  esac
done
exec "$tool" "${args[@]}"
