#!/usr/bin/env bash
# Runs one fuzz target built by fuzz/build.sh:
#
#   bash fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]
#
# Starts from the seeds (fuzz/out/seeds/TARGET) and the target's saved inputs
# (testdata/fuzz/TARGET); new interesting inputs go to fuzz/out/corpus/TARGET, crashes,
# leaks, timeouts and out-of-memory inputs to fuzz/out/artifacts/TARGET/, the log to
# fuzz/out/logs/TARGET.log. A hang is an input taking over 5 s (the sanitizers slow
# planview down about fivefold, so this is the "1 s on a 1 MB input" budget); inputs go
# up to 1 MB. Default run time: 600 s.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${FUZZ_OUT:-$PWD/fuzz/out}
target=${1:?usage: fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]}
seconds=${2:-600}
shift $(($# < 2 ? $# : 2))
[ -x "$out/$target" ] || { echo "fuzz/run.sh: build it first: bash fuzz/build.sh $target" >&2; exit 1; }
mkdir -p "$out/corpus/$target" "$out/artifacts/$target" "$out/logs"
dirs=("$out/corpus/$target")
# make_seeds writes seeds for some targets only (compare and mask start from their saved inputs).
[ -d "$out/seeds/$target" ] && dirs+=("$out/seeds/$target")
[ -d "testdata/fuzz/$target" ] && dirs+=("testdata/fuzz/$target")
export PLANVIEW_FUZZ_ROOT=$PWD
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
"$out/$target" "${dirs[@]}" -max_total_time="$seconds" -timeout=5 -max_len=1048576 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/$target/" "$@" > "$out/logs/$target.log" 2>&1 || status=$?
grep -E "^(#[0-9]+ +(INITED|DONE)|==[0-9]+==|SUMMARY|stat::|Done|artifact_prefix|fuzz:)" "$out/logs/$target.log" || true
exit "$status"
