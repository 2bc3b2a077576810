#!/bin/sh
# Rewrites testdata/formats/CASE/* from the planview binary for every equivalence plan.
# Run from the repository root after `bazel build //cmd:planview`; PLANVIEW overrides the
# binary. Read the diff before committing: the goldens must be right, not just current.
set -eu
bin=${PLANVIEW:-bazel-bin/cmd/planview}
# "NAME GOLDEN_FILE" for each output format with a golden file: the rows of the table in
# renderer/formats/output_format.cc, one a line.
formats=$(sed -n 's/^ *{"\([a-z0-9_-]*\)", "\([a-z0-9_.-]\{1,\}\)",.*/\1 \2/p' renderer/formats/output_format.cc)
[ -n "$formats" ] || { echo "update_golden.sh: no formats in renderer/formats/output_format.cc" >&2; exit 1; }
for dir in testdata/conformance/equivalence/*/; do
  name=$(basename "$dir")
  [ -f "$dir/plan.json" ] || continue
  out=testdata/formats/$name
  mkdir -p "$out"
  set -- "$dir/plan.json" --mode "$(cat "$dir/mode")" --color never --width 78
  [ -f "$dir/schemas.json" ] && set -- "$@" --schemas "$dir/schemas.json"
  "$bin" "$@" --summary-only >"$out/summary.txt"
  "$bin" "$@" --summary --action delete,replace,update >"$out/filtered.txt"
  "$bin" "$@" --verbose >"$out/verbose.txt"
  echo "$formats" | while read -r format file; do
    "$bin" "$@" --format "$format" >"$out/$file" </dev/null
  done
  # The --drift choices, for the plans with a drift section (FormatsGolden.DriftChoices).
  grep -q "Objects have changed outside of OpenTofu" "$dir/plan.txt" || continue
  "$bin" "$@" --drift summary >"$out/drift_summary.txt"
  "$bin" "$@" --drift hide >"$out/drift_hide.txt"
  "$bin" "$@" --drift hide --summary-only >"$out/summary_drift_hide.txt"
  "$bin" "$@" --action delete >"$out/drift_filtered.txt"
  "$bin" "$@" --drift summary --format markdown >"$out/drift_summary.md"
  "$bin" "$@" --drift summary --format json >"$out/drift_summary.json"
  "$bin" "$@" --drift summary --format html >"$out/drift_summary.html"
  "$bin" "$@" --drift hide --format json >"$out/drift_hide.json"
done
# The sensitivity shapes (//renderer/formats:redaction_test).
r=testdata/redaction
set -- "$r/plan.json" --schemas "$r/schemas.json" --color never --width 78
"$bin" "$@" >"$r/text.txt"
"$bin" "$@" --verbose >"$r/verbose.txt"
"$bin" "$@" --verbose --show-sensitive >"$r/verbose_show_sensitive.txt"
"$bin" "$@" --summary-only --action update,replace >"$r/summary.txt"
"$bin" "$@" --format markdown >"$r/markdown.md"
"$bin" "$@" --format github >"$r/github.txt"
"$bin" "$@" --format html >"$r/page.html"
"$bin" "$@" --format json >"$r/json.json"
"$bin" "$@" --format json --show-sensitive >"$r/json_show_sensitive.json"
# Hostile names (//renderer/formats:markdown_text_test).
m=testdata/markdown_injection
"$bin" "$m/plan.json" --color never --width 78 --format markdown >"$m/markdown.md" 2>/dev/null
"$bin" "$m/plan.json" --color never --width 78 --format html >"$m/page.html" 2>/dev/null
# Risk order and per-action colours (//cmd:html_browser_test).
"$bin" testdata/html/plan.json --format html >testdata/html/page.html 2>/dev/null
# Hostile addresses and values in workflow commands (//renderer/formats:github_test).
g=testdata/github_injection
"$bin" "$g/plan.json" --color never --width 78 --format github >"$g/github.txt" 2>/dev/null
# Budgets and --split (//renderer/formats:markdown_budget_test).
b=testdata/budget
set -- "$b/plan.json" --schemas "$b/schemas.json" --color never --width 78 --format markdown
for bytes in 1024 4000 12000; do "$bin" "$@" --max-bytes "$bytes" >"$b/markdown-$bytes.md"; done
c=testdata/conformance/equivalence/fully_populated_complex_update
"$bin" "$c/plan.json" --schemas "$c/schemas.json" --color never --width 78 --format markdown --max-bytes 1024 \
  >"$b/complex-1024.md"
for bytes in 2048 8000; do "$bin" "$@" --max-bytes "$bytes" --split "$b/split-$bytes" >/dev/null; done
