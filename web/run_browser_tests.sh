#!/usr/bin/env bash
# The viewer's browser tests: builds the page (web/build_web.mjs) into a temporary
# directory unless given one, and runs web/render_model.test.mjs and web/browser_tests.mjs
# in headless Chromium through playwright-core.
#
#   web/run_browser_tests.sh [PLANVIEW_BIN [JS_DIR_OR_SITE]]
#
# PLANVIEW_BIN: the planview CLI (default $PLANVIEW_BIN, or bazel-bin/cmd/planview). The
# second argument: the npm package's directory as //js:npm lays it out (default
# bazel-bin/js/npm), or a page already built (a directory holding planview-engine.js, or
# a file in it: //web:site). Needs Debian's chromium ($CHROMIUM to use another) and web/node_modules
# (`npm ci --prefix web`, done by tools/setup.sh: playwright-core, exact version in
# web/package-lock.json). PLANVIEW_SCREENSHOT=docs/web-viewer.png also writes the
# screenshot there. `bazel test //web:browser_test` runs it with both built.
set -euo pipefail
# The checkout's web/ (through Bazel's runfiles links too): node_modules and testdata.
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
root=$(dirname "$here")
bin=${1:-${PLANVIEW_BIN:-$root/bazel-bin/cmd/planview}}
from=${2:-$root/bazel-bin/js/npm}
[[ -f $from ]] && from=$(dirname "$from")  # a file of the page or package names its directory
if [[ ! -x $bin ]]; then
  echo "run_browser_tests: no planview binary at $bin (bazel build //cmd:planview, or pass its path)" >&2
  exit 2
fi
if [[ ! -d $here/node_modules/playwright-core ]]; then
  echo "run_browser_tests: playwright-core is not installed: npm ci --prefix web (tools/setup.sh)" >&2
  exit 2
fi
chromium=${CHROMIUM:-$(command -v chromium || true)}
if [[ -z $chromium ]]; then
  echo "run_browser_tests: chromium is not installed (tools/setup.sh installs it)" >&2
  exit 2
fi
if [[ -f $from/planview-engine.js ]]; then
  site=$(realpath "$from")
else
  site=$(mktemp -d)
  trap 'rm -rf "$site"' EXIT
  PLANVIEW_JS_DIR=$from node "$here/build_web.mjs" "$site"
fi
if [[ -n ${PLANVIEW_SCREENSHOT:-} ]]; then PLANVIEW_SCREENSHOT=$(realpath -m "$PLANVIEW_SCREENSHOT"); fi
PLANVIEW_BIN=$(realpath "$bin") PLANVIEW_WEB=$site CHROMIUM=$chromium PLANVIEW_SCREENSHOT=${PLANVIEW_SCREENSHOT:-} \
  node --test --test-reporter=spec "$here/render_model.test.mjs" "$here/browser_tests.mjs"
