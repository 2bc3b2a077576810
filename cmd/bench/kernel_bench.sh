#!/usr/bin/env bash
# The render of a generated plan with each SIMD kernel, side by side in one run, and
# optionally against another planview binary (say, a build from before a change):
#
#   bash cmd/bench/kernel_bench.sh [--size-mb N] [--runs N] [--base /path/to/planview]
#
# Runs are interleaved (base, then each kernel, round after round) so that the shared
# machine's changing load falls on all alike; prints each one's median wall and CPU time.
# Environment: BAZEL (default bazel), WORK (plans and outputs; default a new temporary dir).
set -euo pipefail
cd "$(dirname "$0")/../.."
BAZEL=${BAZEL:-bazel}
WORK=${WORK:-$(mktemp -d)}
size=100 runs=7 base=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size-mb) size=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    *) echo "kernel_bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
$BAZEL build -c opt //bench:gen_plan //cmd:planview >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
bin=$($BAZEL info -c opt bazel-bin 2>/dev/null)
plan=$WORK/plan_$size.json schemas=$WORK/schemas.json
[ -f "$schemas" ] || "$bin/bench/gen_plan" --size-mb 0.01 --out /dev/null --schemas-out "$schemas" 2>/dev/null
[ -f "$plan" ] || "$bin/bench/gen_plan" --size-mb "$size" --seed 1 --out "$plan" 2>/dev/null
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) ${size} MB plan, $runs interleaved runs, load $(cut -d' ' -f1-3 /proc/loadavg)"

names=() commands=()
if [ -n "$base" ]; then names+=(base); commands+=("$base"); fi
for kernel in avx2 neon scalar; do
  if PLANVIEW_KERNEL=$kernel "$bin/cmd/planview" --version >/dev/null 2>&1; then
    names+=("$kernel"); commands+=("env PLANVIEW_KERNEL=$kernel $bin/cmd/planview")
  fi
done
for ((r = 0; r < runs; r++)); do
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "${names[$i]} %e %U %S" ${commands[$i]} "$plan" --schemas "$schemas" -no-color \
      2>>"$WORK/times" >"$WORK/out.${names[$i]}"
  done
done
for name in "${names[@]}"; do
  cmp -s "$WORK/out.${names[0]}" "$WORK/out.$name" || echo "$name: output differs from ${names[0]}'s"
  grep "^$name " "$WORK/times" | awk '{ printf "%s %.2f\n", $2, $3 + $4 }' | sort -n |
    awk -v k=$(((runs + 1) / 2)) -v n="$name" 'NR == k { printf "%-8s median wall %s s, cpu %s s\n", n, $1, $2 }'
done
rm -f "$WORK/times"
