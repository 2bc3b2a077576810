#!/usr/bin/env bash
# A WebAssembly test program (js/BUILD) run by node: it must exit 0 and say "ok".
set -uo pipefail
out=$(node "$1" 2>&1)
status=$?
echo "$out"
[[ $status == 0 && $(tail -n 1 <<<"$out") == ok:* ]]
