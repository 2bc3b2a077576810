#!/usr/bin/env bash
# Drives the real `planview browse` in a detached tmux session: sends keys, captures the
# screen (capture-pane) and compares each capture with testdata/browse/screens/NAME.txt.
# With UPDATE_BROWSE_GOLDEN=DIR the captures are written to DIR instead of compared.
# Timeouts are generous so the test also passes under --config=asan on a busy machine.
set -euo pipefail

PLANVIEW=${PLANVIEW:-cmd/planview}
DATA=testdata/browse
SCREENS=$DATA/screens
TIMEOUT=${BROWSE_TIMEOUT:-90}
UPDATE=${UPDATE_BROWSE_GOLDEN:-}
failures=0
checks=0

command -v tmux >/dev/null || { echo "tmux is not installed (tools/setup.sh installs it)"; exit 1; }
PLANVIEW=$(cd "$(dirname "$PLANVIEW")" && pwd)/$(basename "$PLANVIEW")
HERE=$(pwd)

# A private server: its own socket directory (short: socket paths are limited to ~100 bytes).
export TMUX_TMPDIR
TMUX_TMPDIR=$(mktemp -d /tmp/pvbrowse.XXXXXX)
CONF=$TMUX_TMPDIR/tmux.conf
echo "set -g status off" >"$CONF"
SESSIONS=0
SOCKET=browse-$$-0
unset TMUX
tm() { tmux -L "$SOCKET" -f "$CONF" "$@"; }
cleanup() {
  local n
  for ((n = 0; n <= SESSIONS; n++)); do tmux -L "browse-$$-$n" kill-server 2>/dev/null || true; done
  rm -rf "$TMUX_TMPDIR"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# Waits until the pane contains $1 and shows the same thing twice in a row.
settle() {
  local want=$1 deadline=$((SECONDS + TIMEOUT)) last="" now
  while ((SECONDS < deadline)); do
    now=$(tm capture-pane -p -t browse 2>/dev/null || true)
    if [[ "$now" == *"$want"* && "$now" == "$last" ]]; then
      return 0
    fi
    last=$now
    sleep 0.2
  done
  echo "timed out waiting for: $want"
  echo "$now"
  return 1
}

# Compares the pane with screens/$1.txt once it shows $2.
check() {
  local name=$1 want=$2
  checks=$((checks + 1))
  if ! settle "$want"; then
    fail "$name: the screen never showed \"$want\""
    return
  fi
  local actual
  actual=$(tm capture-pane -p -t browse)
  if [[ -n "$UPDATE" ]]; then
    printf '%s\n' "$actual" >"$UPDATE/$name.txt"
    return
  fi
  if ! diff -u "$SCREENS/$name.txt" <(printf '%s\n' "$actual"); then
    fail "$name: screen differs from $SCREENS/$name.txt"
  fi
}

keys() { tm send-keys -t browse "$@"; }

# Starts planview browse in a new tmux server (a session of $1 x $2, the environment in $3).
start() {
  local cols=$1 lines=$2 env=$3
  shift 3
  tm kill-server 2>/dev/null || true
  SESSIONS=$((SESSIONS + 1))
  SOCKET=browse-$$-$SESSIONS
  tm new-session -d -s browse -x "$cols" -y "$lines" \
    "cd '$HERE' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 $env '$PLANVIEW' browse $*; echo \"[exit \$?]\"; sleep 600"
  # Keys typed before the screen is up would be dropped when curses starts.
  settle "? keys" || fail "the screen never opened ($cols x $lines, $env $*)"
}

PLAN="--schemas $DATA/mixed_schemas.json $DATA/mixed_plan.json"

# --- a 100x30 terminal without colour: the whole tour -----------------------------------
start 100 30 NO_COLOR=1 "$PLAN"
check 01_open "? keys"
keys j j j Enter
check 02_expand_replace 'resource "tfcoremock_object" "object"'
keys j j Enter
check 03_fold_block '"object" { ... }'
keys u
check 04_unchanged_shown "unchanged attributes shown"
keys u g
check 05_unchanged_hidden " 1/12 | destroy/replace first | action: all | unchanged: hidden"
keys / "Hello, change" Enter
check 06_search "match 1 of 2"
keys n
check 07_search_next "match 2 of 2"
keys a a a
check 08_filter_delete "action: delete"
keys a a a a o g
check 09_plan_order " 1/12 | plan order"
keys ']'
check 10_jump_next " 3/12 | plan order"
keys ']' ']' '['
check 11_jump_prev " 4/12 | plan order"
keys '?'
check 12_help "this help"
keys x
check 13_help_closed "? keys  q quit"
keys q
check 14_quit "[exit 0]"

# --- colour: on without NO_COLOR, off with it --------------------------------------------
start 100 30 "" "$PLAN"
keys Enter
settle "local_file" || true
if ! tm capture-pane -p -e -t browse | grep -q $'\e\\[3[1-3]m'; then fail "no colour without NO_COLOR"; fi
checks=$((checks + 1))
start 100 30 NO_COLOR=1 "$PLAN"
keys Enter
settle "local_file" || true
if tm capture-pane -p -e -t browse | grep -q $'\e\\[3[1-7]m'; then fail "colour despite NO_COLOR"; fi
checks=$((checks + 1))

# --- 80x24, then resized to 300 columns ---------------------------------------------------
start 80 24 NO_COLOR=1 "$PLAN"
keys e
check 15_80x24_expanded "tfcoremock_map"
tm resize-window -t browse -x 300 -y 24
check 16_300_columns "Plan: 5 to add, 3 to change, 4 to destroy."
keys G
check 17_300_columns_end "12/12"

# --- an equivalence plan as tofu captured it -----------------------------------------------
EQ=testdata/conformance/equivalence/moved_with_drift
start 100 30 NO_COLOR=1 "--schemas $EQ/schemas.json $EQ/plan.json"
keys e
check 18_equivalence_moved_with_drift "base_before"
keys q
check 19_equivalence_quit "[exit 0]"

# --- no terminal, bad input --------------------------------------------------------------
checks=$((checks + 1))
set +e
message=$("$PLANVIEW" browse $PLAN 2>&1 >/dev/null)
status=$?
set -e
expected='planview: browse needs a terminal (standard output is not one); `planview testdata/browse/mixed_plan.json` prints the plan as text'
[[ $status == 2 && "$message" == "$expected" ]] || fail "not a terminal: exit $status, \"$message\""

bad=$TMUX_TMPDIR/bad.json
printf '{"resource_changes": [{"address": 3}]}' >"$bad"
for input in "$bad" "$TMUX_TMPDIR/missing.json" "$DATA/make_mixed_plan.py"; do
  checks=$((checks + 1))
  set +e
  plain=$("$PLANVIEW" "$input" 2>&1 >/dev/null)
  plain_status=$?
  browse=$("$PLANVIEW" browse "$input" 2>&1 </dev/null >/dev/null)
  browse_status=$?
  set -e
  [[ $plain_status == 1 && $browse_status == 1 && "$plain" == "$browse" && -n "$plain" ]] ||
    fail "bad input $input: plain (exit $plain_status) \"$plain\", browse (exit $browse_status) \"$browse\""
done

echo "browse_tmux_test: $((checks - failures)) passed, $failures failed"
((failures == 0))
