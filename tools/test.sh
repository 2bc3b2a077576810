#!/usr/bin/env bash
# Runs the whole test suite: installs what is missing, then every Bazel test.
# Prints one closing line "tests: N passed, M failed". Exit status is Bazel's.
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh || exit 1
log=$(mktemp)
bazel test //... "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Conformance suites print "SUITE: N passed, M failed" into their test logs; show them.
for f in bazel-testlogs/*/*conformance*/test.log bazel-testlogs/*/*/*conformance*/test.log; do
  [ -f "$f" ] && grep -E "^[A-Za-z_/.0-9-]+: [0-9]+ passed, [0-9]+ failed" "$f"
done 2>/dev/null | sort -u | sed 's/^/  /'
passed=$(grep -cE "^//[^ ]+ +(\(cached\) )?PASSED" "$log")
failed=$(grep -cE "^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log")
rm -f "$log"
echo "tests: ${passed} passed, ${failed} failed"
exit "$status"
