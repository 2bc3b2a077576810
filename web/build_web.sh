#!/usr/bin/env bash
# Assembles the offline web viewer into OUT_DIR (default web/dist): index.html, viewer.js,
# viewer.css and planview-engine.js (the render worker with the .wasm inlined). Needs node
# and the npm package as `bazel build //js:npm` lays it out (bazel-bin/js/npm; another
# directory with PLANVIEW_JS_DIR). `bazel build //web:site` runs it into bazel-bin/web/site. Open OUT_DIR/index.html from disk or serve
# OUT_DIR from any static host.
set -euo pipefail
exec node "$(dirname "$0")/build_web.mjs" "$@"
