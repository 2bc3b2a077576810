#!/usr/bin/env bash
# Renders generated 1, 10 and 100 MB plans with the planview binary and reports the wall
# time and peak RSS of each run (the plans come from //bench:gen_plan).
#
#   bash cmd/bench/render_bench.sh [SIZE_MB...]       (default: 1 10 100)
#
# BAZEL="bazel --output_base=..." picks the Bazel command; WORK=DIR keeps the plans.
set -euo pipefail
cd "$(dirname "$0")/../.."
BAZEL=${BAZEL:-bazel}
WORK=${WORK:-$(mktemp -d)}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 10 100)

$BAZEL build //bench:gen_plan //cmd:planview >/dev/null 2>&1
bin=$($BAZEL info bazel-bin 2>/dev/null)
mkdir -p "$WORK"
printf '%-8s %12s %10s %12s %10s %12s\n' size_mb bytes wall_s peak_rss_mb MB/s output_bytes
for size in "${sizes[@]}"; do
  plan="$WORK/plan-$size.json"
  schemas="$WORK/schemas-$size.json"
  [ -f "$plan" ] || "$bin/bench/gen_plan" --size-mb "$size" --seed 1 --out "$plan" --schemas-out "$schemas" 2>/dev/null
  bytes=$(stat -c %s "$plan")
  # Best of three runs; /usr/bin/time reports the peak resident set in KiB.
  best=""
  for _ in 1 2 3; do
    stats=$(/usr/bin/time -f '%e %M' "$bin/cmd/planview" "$plan" --schemas "$schemas" -no-color \
              2>&1 >"$WORK/out-$size.txt" | tail -1)
    if [ -z "$best" ] || awk -v a="${stats%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$stats; fi
  done
  wall=${best%% *}
  rss_kb=${best##* }
  awk -v s="$size" -v b="$bytes" -v w="$wall" -v r="$rss_kb" -v o="$(stat -c %s "$WORK/out-$size.txt")" \
    'BEGIN { printf "%-8s %12d %10.2f %12.1f %10.1f %12d\n", s, b, w, r / 1024, (w > 0 ? b / 1e6 / w : 0), o }'
done
