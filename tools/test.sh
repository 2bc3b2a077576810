#!/usr/bin/env bash
# Runs the whole test suite: installs what is missing, then every Bazel test.
#
#   bash tools/test.sh [--asan] [bazel test flags...]
#
# With --asan a second pass runs the tests again (all but those tagged no_asan) under AddressSanitizer and
# UndefinedBehaviorSanitizer (`--config=asan` in .bazelrc; its outputs live beside the
# normal ones, so neither pass evicts the other's cache). Each pass prints its own line;
# the closing line "tests: N passed, M failed" counts the tests of both passes. The exit
# status is the first failing pass's Bazel status, 0 when every pass passed.
# BAZEL="bazel --output_base=DIR" runs another Bazel command.
set -uo pipefail
cd "$(dirname "$0")/.."

asan=0
flags=()
for arg in "$@"; do
  if [ "$arg" = "--asan" ]; then asan=1; else flags+=("$arg"); fi
done

bash tools/setup.sh || exit 1
read -r -a bazel <<<"${BAZEL:-bazel}"

total_passed=0
total_failed=0
status=0

# run_pass NAME [bazel flags...]: one `bazel test //...`, its conformance summaries and
# its own count.
run_pass() {
  local name=$1
  shift
  local log start pass_status passed failed
  log=$(mktemp)
  start=$(date +%s)
  "${bazel[@]}" test //... "$@" 2>&1 | tee "$log"
  pass_status=${PIPESTATUS[0]}
  # Conformance suites print "SUITE: N passed, M failed" into their test logs; show them.
  for f in bazel-testlogs/*/*conformance*/test.log bazel-testlogs/*/*/*conformance*/test.log; do
    [ -f "$f" ] && grep -E "^[A-Za-z_/.0-9-]+: [0-9]+ passed, [0-9]+ failed" "$f"
  done 2>/dev/null | sort -u | sed 's/^/  /'
  passed=$(grep -cE "^//[^ ]+ +(\(cached\) )?PASSED" "$log")
  failed=$(grep -cE "^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)" "$log")
  # A build that breaks before any test runs reports no test lines at all.
  if [ "$pass_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  rm -f "$log"
  echo "${name} pass: ${passed} passed, ${failed} failed ($(($(date +%s) - start)) s)"
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  if [ "$status" -eq 0 ] && [ "$pass_status" -ne 0 ]; then status=$pass_status; fi
}

run_pass normal "${flags[@]}"
# Only the tests and what they need: the benchmarks gain nothing from the sanitizers, and
# tests tagged no_asan repeat another test's code paths at a cost the sanitizers multiply.
if [ "$asan" = 1 ]; then
  run_pass asan --config=asan --build_tests_only --test_tag_filters=-no_asan "${flags[@]}"
fi

echo "tests: ${total_passed} passed, ${total_failed} failed"
exit "$status"
