#!/usr/bin/env bash
# Assembles the offline web viewer into OUT_DIR (default web/dist): index.html, viewer.js,
# viewer.css and planview-engine.js (the render worker with the .wasm inlined). Needs node
# and the wasm build (js/build/planview_wasm.{mjs,wasm}, from js/build_wasm.sh; another
# directory holding build/ with PLANVIEW_JS_DIR). Open OUT_DIR/index.html from disk or serve
# OUT_DIR from any static host.
set -euo pipefail
exec node "$(dirname "$0")/build_web.mjs" "$@"
