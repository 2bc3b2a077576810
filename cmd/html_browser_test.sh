#!/usr/bin/env bash
# Renders an equivalence plan with `planview --format html` and loads the page in headless
# Chromium (Debian's `chromium`, installed by tools/setup.sh): the DOM after the page's
# script ran must list every resource, and the filter box, set from the URL, must hide the
# resources it does not match. Fails when Chromium is missing.
set -euo pipefail

bin=cmd/planview
case_dir=testdata/conformance/equivalence/data_read
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$chromium" ]]; then
  echo "FAIL: chromium is not installed (tools/setup.sh installs it)"
  exit 1
fi
tmp=${TEST_TMPDIR:-$(mktemp -d)}
page=$tmp/plan.html
"$bin" "$case_dir/plan.json" --schemas "$case_dir/schemas.json" --format html >"$page"

dump() {
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$tmp/profile" --dump-dom "file://$page$1" 2>/dev/null
}

failures=0
check() {  # description, command...
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failures=$((failures + 1)); fi
}

all=$(dump "")
for address in data.tfcoremock_simple_resource.read tfcoremock_simple_resource.create \
  module.create.local_file.data_file module.create.random_integer.random; do
  check "$address listed" grep -q "data-address=\"$address\" data-actions=\"[a-z ]*\">" <<<"$all"
done
check "plan line" grep -q 'Plan:</span> 3 to add, 0 to change, 0 to destroy.' <<<"$all"
check "script counted all" grep -q '<span id="shown">4 of 4 shown</span>' <<<"$all"
check "colours" grep -q '<span class="c32">+</span>' <<<"$all"

filtered=$(dump "#q=module.create")
check "filter by address hides the others" grep -q 'data-address="tfcoremock_simple_resource.create" data-actions="create" hidden=""' <<<"$filtered"
check "filter by address keeps matches" grep -q 'data-address="module.create.random_integer.random" data-actions="create">' <<<"$filtered"
check "filter count" grep -q '<span id="shown">2 of 4 shown</span>' <<<"$filtered"

by_action=$(dump "#action=read")
check "filter by action" grep -q '<span id="shown">1 of 4 shown</span>' <<<"$by_action"
check "filter by action keeps the read" grep -q 'data-address="data.tfcoremock_simple_resource.read" data-actions="read">' <<<"$by_action"

if ((failures > 0)); then
  echo "html_browser_test: $failures checks failed"
  exit 1
fi
echo "html_browser_test: all checks passed"
