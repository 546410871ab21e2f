#!/usr/bin/env bash
# make mutants: one-line bugs in behaviours the SPEC fixes, each applied to
# a scratch copy of HEAD, built, and tested with the suites that should
# catch it. Prints killed/survived; exits 1 if any mutant survives or no
# longer applies (its line changed: update the list). Not part of CI.
#   MUTANTS=span-centre,csv-quotes make mutants    # run a subset
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d /tmp/rangepipe-mutants.XXXXXX)
logs="$root/.build/mutants"
rm -rf "$logs" && mkdir -p "$logs"
trap 'cp "$scratch"/*.log "$logs"/ 2>/dev/null; rm -rf "$scratch"' EXIT
git -C "$root" archive HEAD | tar -x -C "$scratch"
cd "$scratch"
echo "building a clean copy of HEAD in $scratch"
swift build --build-tests >build.log 2>&1 || { tail -20 build.log; echo "the unmutated copy does not build"; exit 1; }

# name | file | sed expression (one line) | test filter
mutants=(
  "span-centre|Sources/RangePipeKit/Simulation/WindowConstraints.swift|s/if w.span < lo { return Window(c - lo \/ 2, c + lo \/ 2) }/if w.span < lo { return Window(w.lower, w.lower + lo) }/|GestureTests|SpecPointTests"
  "points-max-span|Sources/RangePipeKit/Simulation/WindowConstraints.swift|s/halfWidthHolding(k + 1, about: c).nextDown/halfWidthHolding(k + 2, about: c).nextDown/|SpecPointTests"
  "points-handle|Sources/RangePipeKit/Simulation/WindowConstraints.swift|s/let i = x.lowerBound(of: e) + k - 1/let i = x.lowerBound(of: e) + k/|SpecPointTests"
  "default-min-span|Sources/RangePipeKit/Simulation/ScriptPlan.swift|s/if gap > 0, gap < smallestGap { smallestGap = gap }/if gap > 0, gap < smallestGap { smallestGap = 2 * gap }/|SpecPointTests|PlayPropertyTests"
  "release-velocity|Sources/RangePipeKit/Model/PointerPath.swift|s/let from = max(end - window, start)/let from = start/|SpecPointTests"
  "rest-ignores-speed|Sources/RangePipeKit/Simulation/FieldSpring.swift|s/if abs(p) < threshold \/ 2, abs(v) < 5 \* threshold {/if abs(p) < threshold \/ 2 {/|SpringTests"
  "spring-no-interpolation|Sources/RangePipeKit/Simulation/SpringResponse.swift|s/if frac <= 0 { return (a0.p, a0.v, b0.p, b0.v) }/if frac >= 0 { return (a0.p, a0.v, b0.p, b0.v) }/|SpringTests"
  "csv-quotes|Sources/RangePipeKit/Support/ByteSink+CSV.swift|s/if b == UInt8(ascii: \"\\\\\"\") { append(byte: b) }/_ = b/|CLISpecTests|FrameEncoderTests"
  "y-fit-edge-cut|Sources/RangePipeKit/Simulation/FrameQuery.swift|s/let v = values.lineValue(at: w.upper) { take((v, v)) }/let v = values.lineValue(at: w.upper) { _ = v }/|PlayPropertyTests"
  "include-zero|Sources/RangePipeKit/Simulation/FrameQuery.swift|s/lo = min(lo, 0); hi = max(hi, 0)/lo = min(lo, 0)/|PlayPropertyTests"
  "decay-rest|Sources/RangePipeKit/Simulation/MomentumPhysics.swift|s/public static let restThreshold = 0.5/public static let restThreshold = 0.25/|PhysicsTests|GestureTests|SpecPointTests"
  "decay-rate|Sources/RangePipeKit/Simulation/MomentumPhysics.swift|s/return v \* (pow(d, 1000 \* tau) - 1) \/ l/return v * (pow(d, 999 * tau) - 1) \/ l/|PhysicsTests|SpecPointTests"
  "rubber-band|Sources/RangePipeKit/Simulation/RubberBand.swift|s/(1 - 1 \/ (o \* 0.55 \/ w + 1)) \* w/(1 - 1 \/ (o * 0.5 \/ w + 1)) * w/|PhysicsTests"
)

only=",${MUTANTS:-},"
# A mutant counts as killed only if its tests pass without it.
filters=$(for entry in "${mutants[@]}"; do IFS='|' read -r name file expr _ <<<"$entry"; echo "${entry#"$name|$file|$expr|"}"; done | tr '\n' '|')
echo "baseline: the chosen suites pass on the unmutated copy"
swift test --skip-build --filter "${filters%|}" >baseline.test.log 2>&1 || { grep -E '✘' baseline.test.log | head; echo "baseline fails"; exit 1; }
results=()
failed=0
for entry in "${mutants[@]}"; do
  IFS='|' read -r name file expr filter <<<"$entry"
  filter=${entry#"$name|$file|$expr|"}
  [ "$only" = ",," ] || [[ "$only" == *",$name,"* ]] || continue
  # The original is kept outside Sources/ and restored with a fresh mtime:
  # the incremental build skips files whose mtime predates the last build.
  cp "$file" "$name.orig"
  sed -i -e "$expr" "$file"
  if cmp -s "$file" "$name.orig"; then
    results+=("$name|NOT APPLIED (the line changed)|$filter"); failed=1
    continue
  fi
  echo "== $name: $(diff "$name.orig" "$file" | grep '^>' | sed 's/^> *//')"
  start=$(date +%s)
  if ! swift build --build-tests >"$name.build.log" 2>&1; then
    outcome="BUILD FAILED (fix the mutant)"; failed=1
  elif swift test --skip-build --filter "$filter" >"$name.test.log" 2>&1; then
    outcome="SURVIVED"; failed=1
  else
    outcome="killed"
  fi
  results+=("$name|$outcome ($(( $(date +%s) - start )) s)|$filter")
  cat "$name.orig" >"$file"
  touch "$file"
done

printf '\n%-24s %-36s %s\n' mutant outcome tests
echo "(logs: $logs)"
for r in "${results[@]}"; do
  IFS='|' read -r name outcome _ <<<"$r"
  printf '%-24s %-36s %s\n' "$name" "$outcome" "${r#"$name|$outcome|"}"
done
exit $failed
