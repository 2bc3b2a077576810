#!/usr/bin/env bash
# Rewrites the masked goldens of //cmd:mask_gate_cli_test from the binary (read the diff
# before committing): bash testdata/mask/update_golden.sh [PLANVIEW]
set -euo pipefail
cd "$(dirname "$0")/../.."
P=${1:-bazel-bin/cmd/planview}
D=testdata/mask
export SECRET='pa"ss\word'
M=(--mask 'AKIA[A-Z0-9]{16}' --mask 'tok-[0-9a-f]+' --mask '(?s)-----BEGIN KEY-----.*?-----END KEY-----' --mask-env SECRET)
S=("$D/plan.json" --schemas "$D/schemas.json")
"$P" "${S[@]}" "${M[@]}" --summary > "$D/masked.txt"
"$P" "${S[@]}" "${M[@]}" --format markdown > "$D/masked.md"
"$P" "${S[@]}" "${M[@]}" --format json > "$D/masked.json"
"$P" "${S[@]}" "${M[@]}" --format html > "$D/masked.html"
"$P" "$D/log.jsonl" "${M[@]}" > "$D/masked_log.txt"
W=(wire decode --type '["map","string"]' --input json)
"$P" "${W[@]}" "${M[@]}" "$D/wire_value.json" > "$D/masked_wire.txt"
"$P" "${W[@]}" --format json "${M[@]}" "$D/wire_value.json" > "$D/masked_wire.json"
