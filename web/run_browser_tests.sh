#!/usr/bin/env bash
# The viewer's browser tests: builds the page (web/build_web.sh) into a temporary directory
# and runs web/browser_tests.mjs in headless Chromium through playwright-core.
#
#   web/run_browser_tests.sh [PLANVIEW_BIN]
#
# Needs: the planview CLI (argument, $PLANVIEW_BIN, or bazel-bin/cmd/planview), the wasm
# build (js/build/planview_wasm.{mjs,wasm}: js/build_wasm.sh), Debian's chromium ($CHROMIUM
# to use another), and web/node_modules (`npm ci --prefix web`: playwright-core, exact
# version in web/package-lock.json). PLANVIEW_SCREENSHOT=docs/web-viewer.png also writes
# the screenshot there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bin=${1:-${PLANVIEW_BIN:-$root/bazel-bin/cmd/planview}}
if [[ ! -x $bin ]]; then
  echo "run_browser_tests: no planview binary at $bin (bazel build //cmd:planview, or pass its path)" >&2
  exit 2
fi
if [[ ! -d $here/node_modules/playwright-core ]]; then
  echo "run_browser_tests: playwright-core is not installed: npm ci --prefix web" >&2
  exit 2
fi
chromium=${CHROMIUM:-$(command -v chromium || true)}
if [[ -z $chromium ]]; then
  echo "run_browser_tests: chromium is not installed (tools/setup.sh installs it)" >&2
  exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
node "$here/build_web.mjs" "$out"
if [[ -n ${PLANVIEW_SCREENSHOT:-} ]]; then PLANVIEW_SCREENSHOT=$(realpath -m "$PLANVIEW_SCREENSHOT"); fi
PLANVIEW_BIN=$(realpath "$bin") PLANVIEW_WEB=$out CHROMIUM=$chromium PLANVIEW_SCREENSHOT=${PLANVIEW_SCREENSHOT:-} \
  node --test --test-reporter=spec "$here/render_model.test.mjs" "$here/browser_tests.mjs"
