#!/usr/bin/env bash
# Renders plans with `planview --format html` and loads the pages in headless Chromium
# (Debian's `chromium`, installed by tools/setup.sh): the DOM after the page's script ran
# must list every resource, and the filter box, set from the URL, must hide the resources
# it does not match. testdata/html/plan.json (every risk class, two modules) must render
# as testdata/html/page.html byte for byte; with testdata/html/probe.js appended, the page
# reports the computed border colour and position of each resource in the light and the
# dark theme (Chromium's --force-dark-mode sets prefers-color-scheme: dark), and
# screenshots of both themes must show those colours at those positions (pixels read by
# testdata/html/png_pixel.py), the background included. Fails when Chromium is missing.
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

browser() {  # chromium flags...
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --hide-scrollbars --window-size=900,700 --user-data-dir="$tmp/profile" "$@" 2>/dev/null
}
dump() { browser --dump-dom "file://$page$1"; }

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

# Risk order, per-action colours, themes, expand/collapse.
html=testdata/html
risky=$tmp/risky.html
"$bin" "$html/plan.json" --format html 2>/dev/null >"$risky"
check "page.html golden" diff -u "$html/page.html" "$risky"
probed=$tmp/probed.html
{ cat "$risky"; echo "<script>"; cat "$html/probe.js"; echo "</script>"; } >"$probed"

order="module.db.test_database.main module.net.test_network.old module.db.test_user.app test_bucket.assets test_bucket.logs module.net.test_network.vpc"
for theme in light dark; do
  flags=()
  if [[ $theme == light ]]; then
    bg="rgb(255, 255, 255)" red="rgb(207,34,46)" yellow="rgb(154,103,0)" green="rgb(26,127,55)"
  else
    flags=(--force-dark-mode)
    bg="rgb(30, 30, 30)" red="rgb(241,76,76)" yellow="rgb(245,245,67)" green="rgb(35,209,139)"
  fi
  probe=$(browser "${flags[@]}" --dump-dom "file://$probed" | sed -n '/<pre id="probe">/,/<\/pre>/p' |
    sed -e 's/.*<pre id="probe">//' -e 's/<\/pre>.*//')
  check "$theme: background" grep -qxF "body $bg" <<<"$probe"
  check "$theme: deletes, then replaces, then updates, then creates" \
    test "$(awk '$1 == "res" {printf "%s%s", sep, $2; sep = " "}' <<<"$probe")" = "$order"
  check "$theme: expand all opens every resource" grep -qx "expanded 6" <<<"$probe"
  check "$theme: collapse all closes them" grep -qx "collapsed 0" <<<"$probe"
  points=(2,2)
  want=("${bg//[ rgb()]/}")
  while read -r _ address actions colour left middle; do
    case $actions in
      delete | replace) expected=$red ;;
      update) expected=$yellow ;;
      create) expected=$green ;;
    esac
    check "$theme: $address ($actions) border colour" test "$colour" = "$expected"
    points+=("$((left + 1)),$middle")
    want+=("${expected//[rgb()]/}")
  done < <(grep '^res ' <<<"$probe")
  browser "${flags[@]}" --screenshot="$tmp/$theme.png" "file://$probed" >/dev/null
  got=$(python3 "$html/png_pixel.py" "$tmp/$theme.png" "${points[@]}" | tr '\n' ' ')
  check "$theme: screenshot pixels (background, then each border) are ${want[*]}" test "$got" = "${want[*]} "
done

if ((failures > 0)); then
  echo "html_browser_test: $failures checks failed"
  exit 1
fi
echo "html_browser_test: all checks passed"
