#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time/number of runs.
#   FUZZ_SECONDS (default 60) and FUZZ_RUNS (default 1000000) bound each target.
# Crashes land in Fuzz/findings/; each becomes a regression test with its input.
# Short malloc stacks (ASAN_OPTIONS) keep the simulator target near 450 runs/s.
# Do not SIGSTOP a run: libFuzzer's timeout counts wall time and reports the
# paused input as a (false) timeout.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:-1000000}
swift build -c release -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -vE 'Cannot export local symbol' | tail -1
mkdir -p findings corpus/{csv,ndjson,json,script,sim,store}
cp -n seeds/csv/* corpus/csv/ 2>/dev/null || true
cp -n seeds/ndjson/* corpus/ndjson/ 2>/dev/null || true
cp -n seeds/json/* corpus/json/ 2>/dev/null || true
cp -n ../samples/scripts/*.json corpus/script/ 2>/dev/null || true
cp -n seeds/sim/* corpus/sim/ 2>/dev/null || true
for pair in FuzzCSV:csv FuzzNDJSON:ndjson FuzzJSON:json FuzzScript:script FuzzSimulator:sim FuzzStore:store; do
  target=${pair%%:*}; corpus=${pair##*:}
  echo "== $target ($seconds s or $runs runs)"
  ASAN_OPTIONS=malloc_context_size=2 .build/release/$target -max_total_time="$seconds" -runs="$runs" -max_len=4096 -timeout=10 \
    -artifact_prefix=findings/$target- corpus/$corpus 2>&1 | grep -E '^Done|ERROR|SUMMARY' || true
done
