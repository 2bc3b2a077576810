#!/usr/bin/env bash
# The plan-file benchmark (issue #18): a saved plan file of 10,000 resource changes, written
# with our own encoder (//planfile:make_plan_file: wire/ msgpack + planproto +
# libzip) from a plan of //bench:gen_plan, rendered by `planview PLANFILE` without and with
# schemas and converted by `planview convert`; beside them the same plan's `show -json`
# (what convert wrote) rendered by `planview plan.json`. Prints the median wall time, CPU
# time (user+sys) and peak RSS (/usr/bin/time %M) of --runs runs, colour off, output to a
# file.
#
#   bash planfile/bench/plan_file_bench.sh [--resources N] [--runs N] [--rt]
#
# --rt runs the measured commands at real-time priority (`chrt -f 20`, as root), which keeps
# other work on a shared machine from stretching the wall times.
#
# Environment: BAZEL (default `bazel`), WORK (default a new temporary directory).
set -euo pipefail
cd "$(dirname "$0")/../.."
BAZEL=${BAZEL:-bazel}
WORK=${WORK:-$(mktemp -d)}
resources=10000
runs=3
prio=()
while [ $# -gt 0 ]; do
  case "$1" in
    --resources) resources=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --rt) prio=(chrt -f 20); shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "plan_file_bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
$BAZEL build -c opt //bench:gen_plan //planfile:make_plan_file //cmd:planview >"$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log" >&2; exit 1; }
bin=$($BAZEL info -c opt bazel-bin 2>/dev/null)
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); WORK=$WORK"

# Enough resource blocks for N resource changes (count/for_each give several each).
"$bin/bench/gen_plan" --resource-blocks $((resources * 7 / 10)) --seed 1 --out "$WORK/source.json" \
  --schemas-out "$WORK/schemas.json" >/dev/null
"$bin/planfile/make_plan_file" "$WORK/source.json" --schemas "$WORK/schemas.json" --resources "$resources" \
  "$WORK/plan.bin"
"$bin/cmd/planview" convert "$WORK/plan.bin" >"$WORK/plan.json" 2>/dev/null

# measure LABEL ARGS...: the median run (by wall time) as "wall cpu rss_kb".
measure() {
  local label=$1 out=$WORK/out.${1// /_} i median
  shift
  median=$(for ((i = 0; i < runs; i++)); do
    "${prio[@]}" /usr/bin/time -f '%e %U %S %M' "$bin/cmd/planview" "$@" 2>&1 >"$out" | tail -1
  done | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' | sort -n | awk -v k=$(((runs + 1) / 2)) 'NR == k')
  awk -v l="$label" -v s="$(stat -c %s "$out")" -v m="$median" \
    'BEGIN { split(m, f, " "); printf "%-26s %7.2f %7.2f %8.1f %10d\n", l, f[1], f[2], f[3] / 1024, s }'
}

printf "%-26s %7s %7s %8s %10s\n" run wall_s cpu_s rss_mb out_bytes
measure "planview plan.bin" "$WORK/plan.bin" -no-color
measure "planview plan.bin schemas" "$WORK/plan.bin" --schemas "$WORK/schemas.json" -no-color
measure "planview convert plan.bin" convert "$WORK/plan.bin"
measure "planview plan.json" "$WORK/plan.json" -no-color
if cmp -s "$WORK/out.planview_plan.bin" "$WORK/out.planview_plan.json"; then
  echo "planview plan.bin and planview plan.json print the same bytes"
else
  echo "planview plan.bin and planview plan.json differ" >&2
  exit 1
fi
