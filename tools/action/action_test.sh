#!/usr/bin/env bash
# Runs the Action's script (tools/action/run.sh) against tools/action/fake_github.py, a
# stand-in for GitHub's REST API on 127.0.0.1 that records every request, with the real
# planview binary, and checks the recorded requests: the first run creates one comment
# (after paging through 105 others), the second updates that comment, a smaller limit splits
# the plan into two comments, a larger one shrinks it back to one and deletes the stale
# part, a failing gate (--fail-on delete) still comments then exits 3, masks reach the
# comment, and a refused token fails with the method, path and HTTP status. No network
# beyond 127.0.0.1.
set -euo pipefail

here=tools/action
bin=$PWD/cmd/planview
plan=$PWD/testdata/html/plan.json
tmp=${TEST_TMPDIR:-$(mktemp -d)}
log=$tmp/requests.jsonl
: >"$log"

# A release to download: this binary as planview-9.9.9-linux-ARCH with its checksum.
release=$tmp/release
mkdir -p "$release"
arch=$(uname -m | sed -e 's/^amd64$/x86_64/' -e 's/^arm64$/aarch64/')
cp "$bin" "$release/planview-9.9.9-linux-$arch"
(cd "$release" && sha256sum "planview-9.9.9-linux-$arch" >"planview-9.9.9-linux-$arch.sha256")
cp "$bin" "$release/planview-6.6.6-linux-$arch"
echo "0000000000000000000000000000000000000000000000000000000000000000  planview-6.6.6-linux-$arch" \
  >"$release/planview-6.6.6-linux-$arch.sha256"

python3 "$here/fake_github.py" "$tmp/port" "$log" --seed 105 --token test-token --files "$release" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [[ -s $tmp/port ]] && break; sleep 0.1; done
[[ -s $tmp/port ]] || { echo "FAIL: the fake server did not start"; exit 1; }

failures=0
check() {  # description, command...
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failures=$((failures + 1)); fi
}

echo '{"pull_request": {"number": 7}}' >"$tmp/event.json"
seen=0
# run NAME [VAR=VALUE...]: runs the Action's script; its exit status in $status, stdout and
# stderr in $out and $err, and the requests it made (one JSON object a line) in $requests.
run() {
  local name=$1
  shift
  status=0
  : >"$tmp/summary.md"
  env -i PATH="$PATH" HOME="$tmp" PLANVIEW="$bin" PV_PLAN="$plan" PV_TOKEN=test-token \
    GITHUB_API_URL="http://127.0.0.1:$(cat "$tmp/port")" GITHUB_REPOSITORY=acme/infra \
    GITHUB_EVENT_PATH="$tmp/event.json" GITHUB_STEP_SUMMARY="$tmp/summary.md" \
    SECRET_NAME=postgres "$@" bash "$here/run.sh" >"$tmp/$name.out" 2>"$tmp/$name.err" || status=$?
  out=$(cat "$tmp/$name.out")
  err=$(cat "$tmp/$name.err")
  requests=$(tail -n +"$((seen + 1))" "$log")
  seen=$(wc -l <"$log")
}
# The requests as "METHOD PATH" lines.
calls() { jq -r '"\(.method) \(.path)"' <<<"$requests"; }
# The comment bodies sent, as one JSON string each.
bodies() { jq -c 'select(.body != "") | .body | fromjson | .body' <<<"$requests"; }

list="GET /repos/acme/infra/issues/7/comments?per_page=100"

run first
check "first run exits 0 (stderr: $err)" test "$status" = 0
check "first run pages through 105 comments, then creates one" test "$(calls)" = "$list&page=1
$list&page=2
POST /repos/acme/infra/issues/7/comments"
check "every request carries the token" test "$(jq -r .auth <<<"$requests" | sort -u)" = "Bearer test-token"
check "the comment starts with the marker" grep -q '^"<!-- planview:plan:1 -->\\n## OpenTofu plan' <<<"$(bodies)"
check "the comment shows the plan" grep -q 'module.db.test_database.main' <<<"$(bodies)"
check "step summary written" grep -q '^\*\*Plan:\*\* 3 to add, 1 to change, 3 to destroy.$' "$tmp/summary.md"
first_id=$(grep -o 'created comment [0-9]*' <<<"$out" | grep -o '[0-9]*$' || true)
check "first run says which comment it created" test -n "$first_id"

run second
check "second run exits 0" test "$status" = 0
check "second run updates the same comment, creates none" test "$(calls)" = "$list&page=1
$list&page=2
PATCH /repos/acme/infra/issues/comments/$first_id"

run split PV_MAX_BYTES=1500
check "split run exits 0 (stderr: $err)" test "$status" = 0
second_id=$(grep -o 'created comment [0-9]*' <<<"$out" | grep -o '[0-9]*$' || true)
check "split into two: part 1 updated, part 2 created" test "$(calls)" = "$list&page=1
$list&page=2
PATCH /repos/acme/infra/issues/comments/$first_id
POST /repos/acme/infra/issues/7/comments"
check "part 2 has its own marker" grep -q '^"<!-- planview:plan:2 -->\\n' <<<"$(bodies)"
check "each part within the limit" test "$(bodies | jq -s 'map(utf8bytelength) | max')" -le 1500

run shrink
check "shrinking back to one part: part 1 updated, part 2 deleted" test "$(calls)" = "$list&page=1
$list&page=2
PATCH /repos/acme/infra/issues/comments/$first_id
DELETE /repos/acme/infra/issues/comments/$second_id"

run gate PV_FAIL_ON=delete
check "a failed gate exits 3" test "$status" = 3
check "a failed gate still comments" test "$(calls | tail -1)" = "PATCH /repos/acme/infra/issues/comments/$first_id"
check "a failed gate says why" grep -q 'delete' <<<"$err"
check "a failed gate is an error annotation" grep -q '^::error::planview: a gate failed' <<<"$out"

run mask PV_MASK=$'10\\.1\\.0\\.0/16' PV_MASK_ENV=SECRET_NAME
check "masked run exits 0 (stderr: $err)" test "$status" = 0
check "masked values are not in the comment" test -z "$(bodies | grep -e '10.1.0.0/16' -e postgres || true)"
check "masked values say (masked)" grep -q '(masked)' <<<"$(bodies)"
check "masked values are not in the step summary" test -z "$(grep -e '10.1.0.0/16' -e postgres "$tmp/summary.md" || true)"

run refused PV_TOKEN=wrong
check "a refused token exits 1" test "$status" = 1
check "a refused token names the request and status" test "$(tail -1 <<<"$err")" = \
  "planview action: GET /repos/acme/infra/issues/7/comments?per_page=100&page=1: HTTP 401: Bad credentials"

run other PV_ID=staging
check "another id gets its own comment" test "$(calls | tail -1)" = "POST /repos/acme/infra/issues/7/comments"
check "with its own marker" grep -q '^"<!-- planview:staging:1 -->' <<<"$(bodies)"

# action.yml and run.sh agree: every input it uses is declared, every variable the
# scripts read is set.
declared=$(sed -n '/^inputs:/,/^outputs:/p' action.yml | grep -oE '^  [a-z-]+:' | tr -d ' :' | sort)
for input in $(grep -oE 'inputs\.[a-z-]+' action.yml | cut -d. -f2 | sort -u); do
  check "action.yml declares input $input" grep -qx "$input" <<<"$declared"
done
for var in $(grep -ohE '\$\{?PV_[A-Z_]+' "$here/run.sh" "$here/install.sh" | tr -d '${' | sort -u); do
  check "action.yml sets $var" grep -qE "^ +$var: " action.yml
done

# install.sh: download, checksum, cache.
base="http://127.0.0.1:$(cat "$tmp/port")/files"
installed=$(env -i PATH="$PATH" RUNNER_TOOL_CACHE="$tmp/cache" PV_VERSION=9.9.9 PV_DOWNLOAD_URL="$base" \
  bash "$here/install.sh" 2>"$tmp/install.err") || true
check "install.sh puts the release binary in the tool cache" test "$installed" = "$tmp/cache/planview/9.9.9/planview"
check "the installed binary runs" "$installed" --version
status=0
env -i PATH="$PATH" RUNNER_TOOL_CACHE="$tmp/cache" PV_VERSION=6.6.6 PV_DOWNLOAD_URL="$base" \
  bash "$here/install.sh" >/dev/null 2>"$tmp/install.err" || status=$?
check "install.sh refuses a binary whose checksum differs" test "$status" != 0
check "and keeps no binary" test ! -e "$tmp/cache/planview/6.6.6/planview"

if ((failures > 0)); then
  echo "action_test: $failures checks failed"
  exit 1
fi
echo "action_test: all checks passed"
