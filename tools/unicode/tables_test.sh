#!/usr/bin/env bash
# Regenerates wire/internal/unicode_tables.inc from /usr/share/unicode (Debian's
# unicode-data) and compares it with the committed file byte for byte.
set -euo pipefail
ucd=/usr/share/unicode
if [ ! -f "$ucd/UnicodeData.txt" ]; then
  echo "tables_test: $ucd/UnicodeData.txt missing: install unicode-data (tools/setup.sh)" >&2
  exit 1
fi
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
python3 tools/unicode/gen_unicode_tables.py "$ucd" >"$generated"
if ! cmp -s "$generated" wire/internal/unicode_tables.inc; then
  echo "tables_test: wire/internal/unicode_tables.inc differs from the generator's output:" >&2
  diff "$generated" wire/internal/unicode_tables.inc | head -20 >&2
  echo "regenerate: tools/unicode/gen_unicode_tables.py > wire/internal/unicode_tables.inc" >&2
  exit 1
fi
echo "tables_test: 1 passed, 0 failed"
