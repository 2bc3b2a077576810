#!/usr/bin/env bash
# The performance benchmark of issue #21: planview's whole run against the parse floor.
# For each generated plan size it renders the plan with `planview PLAN --schemas FILE
# -no-color > OUT` and prints the median wall time, CPU time (user+sys), peak RSS and
# RSS / plan size; beside it the time of a simdjson DOM parse of the same file
# (//bench:simdjson_parse, warm parser) and the ratio planview wall / simdjson parse.
#
#   bash bench/perf_bench.sh [--sizes "1 10 100 1000"] [--runs N] [--base OTHER_PLANVIEW]
#                            [--format "markdown html json"] [--planview BIN] [--plan-file]
#                            [--state] [--product P] [--reference BIN]
#
#   --sizes "…"    plan sizes in MB (default: 1 10 100 1000; 1000 needs 1 GB of disk in
#                  WORK plus the outputs, and about 3 GB of memory for simdjson's DOM)
#   --state        render states instead of plans: state-SIZE.json, made once by
#                  `gen_plan --state` (the generated plan's prior_state alone, sized by
#                  itself: outputs and resources in nested modules, `tofu show -json` of a
#                  state), rendered with `planview STATE --schemas FILE -no-color`; default
#                  sizes 10 100 118 1000 (118: issue #38's state). Not with --format or
#                  --plan-file (plan-only).
#   --product P    pass `--product P` (opentofu, terraform) to planview and the base
#   --reference BIN  also time BIN, another program that renders the same input when
#                  called as `BIN INPUT --schemas FILE -no-color` (e.g. a harness over
#                  upstream's own renderer; this repository builds none), interleaved
#                  like the base: a row "reference" (its `same` column: output identical
#                  to ours) and a "# text: ours / reference" line with the ratios
#   --runs N       runs of every command per size (default 3); the medians are reported
#   --base BIN     also render with BIN (another planview build), interleaved with ours in
#                  the same rounds: a row "… base" after ours, `vs_base` = ours / base
#                  (wall and CPU), `same` = the two outputs are byte-identical (cmp)
#   --format "F…"  also render with `--format F` for each F (markdown, html, json, ...);
#                  `vs_text` = that row / the text row of the same binary (wall and CPU)
#   --planview BIN measure BIN instead of building //cmd:planview from this checkout
#   --logs "…"     also render JSON logs of these sizes in MB (log_bench at the end: the
#                  real Terraform logs of testdata/logs/terraform repeated), from the file
#                  and down a pipe (`cat LOG | planview`), with --base too when given, and
#                  --reference too (called `BIN LOG -no-color` and `cat LOG | BIN -no-color`,
#                  e.g. a harness over Terraform's Renderer.RenderLog, bench/README.md):
#                  its `same` column compares with our file output, and a "# log SIZE HOW:
#                  reference / ours" line gives the ratios; `--sizes "" --logs "100"` runs
#                  the logs alone
#   --plan-file    also render the plan as a saved plan file: plan-SIZE.bin, written once
#                  from plan-SIZE.json by //planfile:make_plan_file (with the schemas),
#                  rendered with `planview plan-SIZE.bin --schemas FILE` (row "planfile").
#                  Its `show -json` equivalent, plan-SIZE.bin.json (`planview convert
#                  --schemas`: no configuration or planned_values, so smaller than
#                  plan-SIZE.json), gets its own simdjson parse (row "simdjson planfile").
#                  The planfile row's vs_parse is over the parse of plan-SIZE.json (the
#                  `show -json` the plan file was made from), its vs_text over the text
#                  row; a "# planfile" line after it gives its wall over the parse of
#                  plan-SIZE.bin.json too.
#
# Environment: BAZEL (default `bazel`), BAZEL_FLAGS (extra flags for `bazel build`, e.g.
# a --disk_cache), WORK (plans, schemas and outputs, kept between runs so the plans are
# generated once; default a new temporary directory).
#
# Every round runs each command once (ours, base, each format), alternating the order
# between rounds, then one simdjson_parse process (a cold parse and a warm one; the warm
# one is the floor, as the parser a long-lived reader would keep). Columns:
#   wall_s, cpu_s  median wall and user+sys seconds of the whole process (bash `time`)
#   rss_mb, x      median peak RSS (%M) and its ratio to the input's size (plan or state)
#   vs_parse       wall_s / the median warm simdjson parse of the same file
#   vs_text        this format's wall / CPU over the text render's (same binary)
#   vs_base        ours / base, wall and CPU (the medians' ratio)
# The "simdjson" row of each size shows the warm parse (wall_s), the process's CPU for
# load + cold + warm parse (cpu_s) and its peak RSS. Where simdjson runs its AVX-512
# kernel (icelake), each round also parses with its AVX2 kernel (haswell, forced through
# SIMDJSON_FORCE_IMPLEMENTATION): a "simdjson avx2" row (its vs_parse column is its time
# over the AVX-512 parse's) and a "# ROW: wall / simdjson AVX2 (haswell) parse" line after
# each row, for comparing with machines without AVX-512 (vs_parse stays over the CPU's
# best kernel). The load average is printed before and after each size: on a shared
# machine wall time swings, CPU time is steadier.
set -euo pipefail
TIMEFORMAT='%3R %3U %3S'
cd "$(dirname "$0")/.."
BAZEL=${BAZEL:-bazel}
read -r -a bazel_flags <<<"${BAZEL_FLAGS:-}"
WORK=${WORK:-$(mktemp -d)}
sizes=()
sizes_given=
runs=3
state=
product=
reference=
base=
formats=()
planview=
plan_file=
log_sizes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) read -r -a sizes <<<"$2"; sizes_given=1; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --base) base=$(realpath "$2"); shift 2 ;;
    --format) read -r -a formats <<<"$2"; shift 2 ;;
    --planview) planview=$(realpath "$2"); shift 2 ;;
    --plan-file) plan_file=1; shift ;;
    --state) state=1; shift ;;
    --product) product=$2; shift 2 ;;
    --reference) reference=$(realpath "$2"); shift 2 ;;
    --logs) read -r -a log_sizes <<<"$2"; shift 2 ;;
    -h|--help) sed -n '2,67p' "$0"; exit 0 ;;
    *) echo "perf_bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "perf_bench.sh: --runs wants a positive number" >&2; exit 2; }
if [ -n "$state" ]; then
  [ ${#formats[@]} -eq 0 ] && [ -z "$plan_file" ] ||
    { echo "perf_bench.sh: --format and --plan-file are for plans, not with --state" >&2; exit 2; }
  [ -n "$sizes_given" ] || sizes=(10 100 118 1000)
fi
[ -n "$sizes_given" ] || sizes=(1 10 100 1000)
doc=plan gen_flags=()
[ -z "$state" ] || { doc=state gen_flags=(--state); }

mkdir -p "$WORK"
targets=(//bench:gen_plan //bench:simdjson_parse)
[ -n "$planview" ] || targets+=(//cmd:planview)
[ -z "$plan_file" ] || targets+=(//planfile:make_plan_file)
$BAZEL build -c opt "${bazel_flags[@]}" "${targets[@]}" >"$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log" >&2; exit 1; }
bin=$($BAZEL info -c opt "${bazel_flags[@]}" bazel-bin 2>/dev/null)
planview=${planview:-$bin/cmd/planview}
# Copies, so a rebuild during a long run cannot change what is measured.
cp "$bin/bench/gen_plan" "$bin/bench/simdjson_parse" "$WORK/"
[ -z "$plan_file" ] || cp "$bin/planfile/make_plan_file" "$WORK/"
cp "$planview" "$WORK/planview"
[ -z "$base" ] || cp "$base" "$WORK/planview.base"
[ -z "$reference" ] || cp "$reference" "$WORK/reference"

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD 2>/dev/null || echo '?') $(nproc) cores, load $(load); runs $runs; WORK=$WORK"
echo "# planview: $planview${base:+; base: $base}${reference:+; reference: $reference}${product:+; --product $product}"

# The commands of one size: label, binary, extra arguments, input (default the plan).
labels=() binaries=() extra=() inputs=()
add_variant() { labels+=("$1"); binaries+=("$2"); extra+=("$3"); inputs+=("${4:-}"); }

median() {  # FILE COLUMN: the median of that column (the lower middle for an even count)
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

printf '%-16s %8s %7s %7s %8s %5s %8s %13s %13s %-7s %9s\n' \
  size "${doc}_MB" wall_s cpu_s rss_mb x vs_parse vs_text:w/c vs_base:w/c same out_MB

schemas="$WORK/schemas.json"
[ -f "$schemas" ] || "$WORK/gen_plan" --size-mb 0.01 --out /dev/null --schemas-out "$schemas" 2>/dev/null
for size in "${sizes[@]}"; do
  plan="$WORK/$doc-$size.json"  # the input: a plan, or a state with --state
  [ -f "$plan" ] || "$WORK/gen_plan" "${gen_flags[@]}" --size-mb "$size" --seed 1 --out "$plan" 2>/dev/null
  bytes=$(stat -L -c %s "$plan")  # -L: WORK may link to plans elsewhere
  labels=() binaries=() extra=() inputs=()
  for format in text "${formats[@]}"; do
    args=-no-color${product:+ --product $product}
    [ "$format" = text ] || args="$args --format $format"
    add_variant "$format" "$WORK/planview" "$args"
    [ -z "$base" ] || add_variant "$format base" "$WORK/planview.base" "$args"
  done
  [ -z "$reference" ] || add_variant reference "$WORK/reference" -no-color
  if [ -n "$plan_file" ]; then
    pfile="$WORK/plan-$size.bin" pjson="$WORK/plan-$size.bin.json"
    [ -f "$pfile" ] || "$WORK/make_plan_file" "$plan" --schemas "$schemas" "$pfile" >"$WORK/make_plan_file.log"
    [ -f "$pjson" ] || "$WORK/planview" convert --schemas "$schemas" "$pfile" >"$pjson" 2>/dev/null
    add_variant planfile "$WORK/planview" -no-color "$pfile"
    [ -z "$base" ] || add_variant "planfile base" "$WORK/planview.base" -no-color "$pfile"
  fi
  n=${#labels[@]}
  rm -f "$WORK/res-$size-"*
  echo "# size $size: load $(load)"
  for ((round = 0; round < runs; round++)); do
    for ((k = 0; k < n; k++)); do
      i=$((round % 2 == 0 ? k : n - 1 - k))  # A B … then … B A
      key=${labels[$i]// /.}
      read -r -a a <<<"${extra[$i]}"
      # bash's `time` for wall and CPU to the millisecond, /usr/bin/time for the peak RSS.
      { time /usr/bin/time -o "$WORK/time" -f '%M' "${binaries[$i]}" "${inputs[$i]:-$plan}" --schemas "$schemas" "${a[@]}" \
          >"$WORK/out-$size-$key" 2>"$WORK/err-$size-$key"; } 2>"$WORK/times" ||
        { echo "perf_bench.sh: ${binaries[$i]} failed on ${inputs[$i]:-$plan}:" >&2; head -3 "$WORK/err-$size-$key" >&2; exit 1; }
      awk -v r="$(cat "$WORK/time")" '{ printf "%s %.3f %s\n", $1, $2 + $3, r }' "$WORK/times" >>"$WORK/res-$size-$key"
    done
    /usr/bin/time -o "$WORK/time" -f '%U %S %M' "$WORK/simdjson_parse" "$plan" --repeat 1 >"$WORK/simdjson.out"
    read -r _ _ rss_kb <"$WORK/time"
    sed 's/[a-z_]*=//g' "$WORK/simdjson.out" | awk -v r="$rss_kb" '{ print $3, $4, r, $2, $1 }' >>"$WORK/res-$size-simdjson"
    simdjson_impl=$(sed -n 's/.*impl=//p' "$WORK/simdjson.out")
    if [ "$simdjson_impl" = icelake ]; then
      # The AVX-512 kernel, whose CPUs all run the AVX2 one: that one too, the yardstick
      # of machines without AVX-512 (and of planview's own best x86-64 kernel, AVX2).
      SIMDJSON_FORCE_IMPLEMENTATION=haswell /usr/bin/time -o "$WORK/time" -f '%U %S %M' "$WORK/simdjson_parse" \
        "$plan" --repeat 1 >"$WORK/simdjson.out"
      read -r _ _ rss_kb <"$WORK/time"
      sed 's/[a-z_]*=//g' "$WORK/simdjson.out" | awk -v r="$rss_kb" '{ print $3, $4, r, $2, $1 }' \
        >>"$WORK/res-$size-simdjson.haswell"
    fi
    if [ -n "$plan_file" ]; then
      /usr/bin/time -o "$WORK/time" -f '%U %S %M' "$WORK/simdjson_parse" "$pjson" --repeat 1 >"$WORK/simdjson.out"
      read -r _ _ rss_kb <"$WORK/time"
      sed 's/[a-z_]*=//g' "$WORK/simdjson.out" | awk -v r="$rss_kb" '{ print $3, $4, r, $2, $1 }' \
        >>"$WORK/res-$size-simdjson.planfile"
    fi
  done

  parse=$(median "$WORK/res-$size-simdjson" 1)
  parse_avx2=
  [ -s "$WORK/res-$size-simdjson.haswell" ] && parse_avx2=$(median "$WORK/res-$size-simdjson.haswell" 1)
  for ((i = 0; i < n; i++)); do
    key=${labels[$i]// /.}
    res="$WORK/res-$size-$key"
    wall=$(median "$res" 1) cpu=$(median "$res" 2) rss=$(median "$res" 3)
    text_key=text${key#"${key%%.*}"}            # the text row of the same binary
    vs_text=- vs_base=- same=-
    if [ "${labels[$i]%% *}" != text ]; then
      vs_text=$(awk -v w="$wall" -v c="$cpu" -v tw="$(median "$WORK/res-$size-$text_key" 1)" \
        -v tc="$(median "$WORK/res-$size-$text_key" 2)" 'BEGIN { printf "%.2f/%.2f", w / tw, c / tc }')
    fi
    if [ "$key" = reference ]; then
      same=differs
      cmp -s "$WORK/out-$size-text" "$WORK/out-$size-reference" && same=same
    elif [ -n "$base" ] && [ "${key%.base}" = "$key" ]; then
      bres="$WORK/res-$size-$key.base"
      vs_base=$(awk -v w="$wall" -v c="$cpu" -v bw="$(median "$bres" 1)" -v bc="$(median "$bres" 2)" \
        'BEGIN { printf "%.2f/%.2f", (bw > 0 ? w / bw : 0), (bc > 0 ? c / bc : 0) }')
      same=differs
      cmp -s "$WORK/out-$size-$key" "$WORK/out-$size-$key.base" && same=same
    fi
    awk -v l="$size ${labels[$i]}" -v b="$bytes" -v w="$wall" -v c="$cpu" -v r="$rss" -v p="$parse" \
        -v vt="$vs_text" -v vb="$vs_base" -v s="$same" -v o="$(stat -c %s "$WORK/out-$size-$key")" '
      BEGIN { printf "%-16s %8.1f %7.3f %7.3f %8.1f %5.2f %8.2f %13s %13s %-7s %9.1f\n",
              l, b / 1e6, w, c, r / 1024, r * 1024 / b, (p > 0 ? w / p : 0), vt, vb, s, o / 1e6 }'
    if [ "$key" = reference ]; then
      awk -v w="$wall" -v c="$cpu" -v tw="$(median "$WORK/res-$size-text" 1)" -v tc="$(median "$WORK/res-$size-text" 2)" \
        'BEGIN { printf "# text: ours / reference = %.3f wall, %.3f CPU (reference %.1fx slower in wall)\n", tw / w, tc / c, w / tw }'
    fi
    if [ "${labels[$i]%% *}" = planfile ]; then
      awk -v l="${labels[$i]}" -v w="$wall" -v p="$(median "$WORK/res-$size-simdjson.planfile" 1)" \
        'BEGIN { printf "# %s: wall / simdjson parse of plan-%s.bin.json = %.2f\n", l, "'"$size"'", (p > 0 ? w / p : 0) }'
    fi
    if [ -n "$parse_avx2" ]; then
      awk -v l="${labels[$i]}" -v w="$wall" -v p="$parse_avx2" \
        'BEGIN { printf "# %s: wall / simdjson AVX2 (haswell) parse = %.2f\n", l, (p > 0 ? w / p : 0) }'
    fi
  done
  sres="$WORK/res-$size-simdjson"
  awk -v l="$size simdjson" -v b="$bytes" -v w="$parse" -v c="$(median "$sres" 2)" -v r="$(median "$sres" 3)" \
      -v cold="$(median "$sres" 4)" -v ld="$(median "$sres" 5)" '
    BEGIN { printf "%-16s %8.1f %7.3f %7.3f %8.1f %5.2f %8s   (cold parse %.3f s, load %.3f s)\n",
            l, b / 1e6, w, c, r / 1024, r * 1024 / b, "1.00", cold, ld }'
  if [ -n "$parse_avx2" ]; then
    sres="$WORK/res-$size-simdjson.haswell"
    awk -v l="$size simdjson avx2" -v b="$bytes" -v w="$parse_avx2" -v c="$(median "$sres" 2)" \
        -v r="$(median "$sres" 3)" -v p="$parse" '
      BEGIN { printf "%-16s %8.1f %7.3f %7.3f %8.1f %5.2f %8.2f   (simdjson forced to its AVX2 kernel, haswell)\n",
              l, b / 1e6, w, c, r / 1024, r * 1024 / b, (p > 0 ? w / p : 0) }'
  fi
  if [ -n "$plan_file" ]; then
    sres="$WORK/res-$size-simdjson.planfile"
    awk -v l="$size simdjson planfile" -v b="$(stat -L -c %s "$pjson")" -v w="$(median "$sres" 1)" \
        -v c="$(median "$sres" 2)" -v r="$(median "$sres" 3)" -v f="$(stat -L -c %s "$pfile")" '
      BEGIN { printf "%-16s %8.1f %7.3f %7.3f %8.1f %5.2f %8s   (plan-SIZE.bin.json; the plan file: %.1f MB)\n",
              l, b / 1e6, w, c, r / 1024, r * 1024 / b, "-", f / 1e6 }'
  fi
  echo "# size $size done: load $(load)"
done

# Logs (issue #39): `planview LOG -no-color` and `cat LOG | planview -no-color`, the
# log the real Terraform logs of testdata/ repeated to SIZE MB (whole lines). Columns:
# median wall and CPU seconds, median peak RSS (MB), and for --base and --reference
# their output compared with ours (the file render). Each round runs every binary and way
# once, the order reversed every other round, so a load change hits them alike.
log_bench() {
  local seed=$WORK/log-seed.jsonl f
  for f in testdata/logs/terraform/real_*.jsonl; do cat "$f"; [ -z "$(tail -c1 "$f")" ] || echo; done >"$seed"
  printf '%-22s %8s %7s %7s %8s %-7s\n' log log_MB wall_s cpu_s rss_mb same
  local size log bin how key res r
  for size in "${log_sizes[@]}"; do
    log=$WORK/log-$size.jsonl
    if [ ! -f "$log" ]; then
      cp "$seed" "$log.tmp"
      while [ "$(stat -c %s "$log.tmp")" -lt $((size * 1000000)) ]; do cat "$log.tmp" "$log.tmp" >"$log.tmp2"; mv "$log.tmp2" "$log.tmp"; done
      head -c $((size * 1000000)) "$log.tmp" | sed '$d' >"$log" && rm -f "$log.tmp"
    fi
    rm -f "$WORK/logres-$size-"*
    echo "# log $size: load $(load)"
    local variants=() v k i
    for bin in planview ${base:+planview.base} ${reference:+reference}; do
      for how in file pipe; do variants+=("$how.$bin"); done
    done
    for ((r = 0; r < runs; r++)); do
      for ((k = 0; k < ${#variants[@]}; k++)); do
        i=$((r % 2 == 0 ? k : ${#variants[@]} - 1 - k))
        key=${variants[$i]} how=${variants[$i]%%.*} bin=${variants[$i]#*.}
        # bash's `time` for wall and CPU to the millisecond (the pipe's: cat's too, as
        # for every binary), /usr/bin/time for the peak RSS.
        if [ "$how" = file ]; then
          { time /usr/bin/time -o "$WORK/time" -f '%M' "$WORK/$bin" "$log" -no-color \
              >"$WORK/logout-$size-$key" 2>"$WORK/logerr-$size-$key"; } 2>"$WORK/times"
        else
          { time /usr/bin/time -o "$WORK/time" -f '%M' sh -c 'cat "$1" | "$2" -no-color' _ "$log" "$WORK/$bin" \
              >"$WORK/logout-$size-$key" 2>"$WORK/logerr-$size-$key"; } 2>"$WORK/times"
        fi
        awk -v r="$(cat "$WORK/time")" '{ printf "%s %.3f %s\n", $1, $2 + $3, r }' "$WORK/times" >>"$WORK/logres-$size-$key"
      done
    done
    for key in "${variants[@]}"; do
      how=${key%%.*} bin=${key#*.} res=$WORK/logres-$size-$key same=-
      [ "$key" = file.planview ] ||
        { same=differs; cmp -s "$WORK/logout-$size-file.planview" "$WORK/logout-$size-$key" && same=same; }
      v=${bin#planview}
      printf '%-22s %8.1f %7.3f %7.3f %8.1f %-7s\n' "$size $how${v:+ ${v#.}}" \
        "$(awk -v b="$(stat -L -c %s "$log")" 'BEGIN { print b / 1e6 }')" "$(median "$res" 1)" "$(median "$res" 2)" \
        "$(awk -v k="$(median "$res" 3)" 'BEGIN { print k / 1024 }')" "$same"
    done
    if [ -n "$reference" ]; then
      for how in file pipe; do
        awk -v l="$size $how" -v ow="$(median "$WORK/logres-$size-$how.planview" 1)" \
            -v oc="$(median "$WORK/logres-$size-$how.planview" 2)" -v rw="$(median "$WORK/logres-$size-$how.reference" 1)" \
            -v rc="$(median "$WORK/logres-$size-$how.reference" 2)" \
          'BEGIN { printf "# log %s: reference / ours = %.1fx wall, %.1fx CPU\n", l, (ow > 0 ? rw / ow : 0), (oc > 0 ? rc / oc : 0) }'
      done
    fi
    echo "# log $size done: load $(load)"
  done
}
[ ${#log_sizes[@]} -eq 0 ] || log_bench
