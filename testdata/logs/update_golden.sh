#!/bin/sh
# Rewrites the expected texts of the log fixtures (CASE.txt, CASE.color.txt and, when the
# renderer writes on standard error, CASE.err.txt) from the planview binary at its default
# flags. Run from the repository root after `bazel build //cmd:planview`; PLANVIEW
# overrides the binary. Read the diff against the product's RenderLog before committing:
# the goldens must be right, not just current.
set -eu
bin=${PLANVIEW:-bazel-bin/cmd/planview}
for log in testdata/logs/*/*.jsonl; do
  base=${log%.jsonl}
  "$bin" "$log" --color never >"$base.txt" 2>"$base.err.txt"
  "$bin" "$log" --color always >"$base.color.txt" 2>/dev/null
  [ -s "$base.err.txt" ] || rm -f "$base.err.txt"
done
