"""Python's side of the per-call overhead (python/bench/overhead.sh): renders PLAN with
SCHEMAS N times through planview.render and prints the mean microseconds per call."""

import sys
import time

import planview

plan_path, schemas_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
plan = open(plan_path, "rb").read()
schemas = open(schemas_path, "rb").read()
planview.render(plan, schemas)  # load the library outside the timing
t0 = time.perf_counter()
for _ in range(n):
    r = planview.render(plan, schemas)
elapsed = time.perf_counter() - t0
print(f"python {n} calls: {elapsed / n * 1e6:.1f} us/call ({len(r.output_bytes)} bytes out)")
