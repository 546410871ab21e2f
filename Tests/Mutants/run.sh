#!/usr/bin/env bash
# make mutants: one-line bugs in behaviours the docs fix, each applied to
# a scratch copy of HEAD, built, and tested with the suites that should
# catch it. Prints killed/survived; exits 1 if any mutant survives or no
# longer applies (its line changed: update the list). Not part of CI.
#   MUTANTS=span-centre,csv-quotes make mutants    # run a subset
#   MUTANTS_SCRATCH=/tmp/m make mutants            # keep the scratch build between runs
#
# The rule: one mutant (at least) per documented rule, constant and
# threshold — the SPEC's physics and every feature since (raw pointer
# input, hit zones, notches, the axis lock, the x scales at and beyond the
# ends, presets, append, diff, elastic rest, the Plotly and Bokeh profiles,
# box zoom, the crosshair). A mutant is named after the doc section that
# states the rule (docs/scripts.md, README.md, docs/profiles.md, SPEC.md),
# is one sed expression on one Sources file, and lists the suites that
# must kill it. A new documented rule comes with its mutant and a test on
# both sides of its boundary (Tests/*Tests/*/DocumentedBoundary*).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
logs="$root/.build/mutants"
rm -rf "$logs" && mkdir -p "$logs"
if [ -n "${MUTANTS_SCRATCH:-}" ]; then
  # A kept scratch copy: only files whose bytes changed are replaced, so
  # the build stays incremental (mtimes of unchanged files are kept).
  scratch=$MUTANTS_SCRATCH
  mkdir -p "$scratch"
  fresh=$(mktemp -d /tmp/rangepipe-mutants-head.XXXXXX)
  git -C "$root" archive HEAD | tar -x -C "$fresh"
  (cd "$fresh" && find . -type f) | while read -r f; do
    cmp -s "$fresh/$f" "$scratch/$f" || { mkdir -p "$(dirname "$scratch/$f")"; cp "$fresh/$f" "$scratch/$f"; }
  done
  (cd "$fresh" && find . -type l) | while read -r f; do
    [ "$(readlink "$fresh/$f")" = "$(readlink "$scratch/$f" 2>/dev/null)" ] || { rm -rf "$scratch/$f"; cp -P "$fresh/$f" "$scratch/$f"; }
  done
  (cd "$scratch" && find . -path ./.build -prune -o \( -type f -o -type l \) ! -name '*.log' ! -name '*.orig' -print) | while read -r f; do
    [ -e "$fresh/$f" ] || [ -L "$fresh/$f" ] || rm -f "$scratch/$f"
  done
  rm -rf "$fresh"
  trap 'cp "$scratch"/*.log "$logs"/ 2>/dev/null; rm -f "$scratch"/*.log "$scratch"/*.orig' EXIT
else
  scratch=$(mktemp -d /tmp/rangepipe-mutants.XXXXXX)
  trap 'cp "$scratch"/*.log "$logs"/ 2>/dev/null; rm -rf "$scratch"' EXIT
  git -C "$root" archive HEAD | tar -x -C "$scratch"
fi
cd "$scratch"
echo "building a clean copy of HEAD in $scratch"
swift build --build-tests >build.log 2>&1 || { tail -20 build.log; echo "the unmutated copy does not build"; exit 1; }

# name | file | sed expression (one line) | test filter
mutants=(
  "span-centre|Sources/RangePipeKit/Simulation/Plan/WindowConstraints.swift|s/if w.span < lo { return Window(c - lo \/ 2, c + lo \/ 2) }/if w.span < lo { return Window(w.lower, w.lower + lo) }/|GestureTests|SpecPointTests"
  "points-max-span|Sources/RangePipeKit/Simulation/Plan/WindowConstraints.swift|s/halfWidthHolding(k + 1, about: c).nextDown/halfWidthHolding(k + 2, about: c).nextDown/|SpecPointTests"
  "points-handle|Sources/RangePipeKit/Simulation/Plan/WindowConstraints.swift|s/let i = x.lowerBound(of: e) + k - 1/let i = x.lowerBound(of: e) + k/|SpecPointTests"
  "default-min-span|Sources/RangePipeKit/Simulation/Plan/ScriptPlan.swift|s/if gap > 0, gap < smallestGap { smallestGap = gap }/if gap > 0, gap < smallestGap { smallestGap = 2 * gap }/|SpecPointTests|PlayPropertyTests"
  "release-velocity|Sources/RangePipeKit/Model/PointerPath.swift|s/let from = max(end - window, start)/let from = start/|SpecPointTests"
  "rest-ignores-speed|Sources/RangePipeKit/Simulation/Physics/FieldSpring.swift|s/if abs(p) < threshold \/ 2, abs(v) < 5 \* threshold {/if abs(p) < threshold \/ 2 {/|SpringTests"
  "spring-no-interpolation|Sources/RangePipeKit/Simulation/Physics/SpringResponse.swift|s/if frac <= 0 { return (a0.p, a0.v, b0.p, b0.v) }/if frac >= 0 { return (a0.p, a0.v, b0.p, b0.v) }/|SpringTests"
  "csv-quotes|Sources/RangePipeKit/Support/ByteSink+CSV.swift|s/if b == UInt8(ascii: \"\\\\\"\") { append(byte: b) }/_ = b/|CLISpecTests|FrameEncoderTests"
  "y-fit-edge-cut|Sources/RangePipeKit/Simulation/Queries/FrameQuery.swift|s/let v = values.lineValue(at: w.upper) { take((v, v)) }/let v = values.lineValue(at: w.upper) { _ = v }/|PlayPropertyTests"
  "include-zero|Sources/RangePipeKit/Simulation/Queries/FrameQuery.swift|s/lo = min(lo, 0); hi = max(hi, 0)/lo = min(lo, 0)/|PlayPropertyTests"
  "decay-rest|Sources/RangePipeKit/Simulation/Physics/MomentumPhysics.swift|s/public static let restThreshold = 0.5/public static let restThreshold = 0.25/|PhysicsTests|GestureTests|SpecPointTests"
  "decay-rate|Sources/RangePipeKit/Simulation/Physics/MomentumPhysics.swift|s/return v \* (pow(d, 1000 \* tau) - 1) \/ l/return v * (pow(d, 999 * tau) - 1) \/ l/|PhysicsTests|SpecPointTests"
  "rubber-band|Sources/RangePipeKit/Simulation/Physics/RubberBand.swift|s/(1 - 1 \/ (o \* 0.55 \/ w + 1)) \* w/(1 - 1 \/ (o * 0.5 \/ w + 1)) * w/|PhysicsTests"
  "raw-input-tap-timeout|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let tapTimeout = 0.3/static let tapTimeout = 0.4/|DocumentedBoundary|PointerInputTests"
  "raw-input-tap-slop|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let tapSlop = 10.0/static let tapSlop = 12.0/|DocumentedBoundary|PointerInputTests|MainChartGestureTests"
  "raw-input-double-tap-timeout|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let doubleTapTimeout = 0.3/static let doubleTapTimeout = 0.4/|DocumentedBoundary|PointerInputTests"
  "raw-input-double-tap-slop|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let doubleTapSlop = 40.0/static let doubleTapSlop = 60.0/|DocumentedBoundary|PointerInputTests"
  "raw-input-release-fling|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let flingThreshold = 50.0/static let flingThreshold = 60.0/|DocumentedBoundary|PointerInputTests|RecordingRoundTripTests"
  "raw-input-wheel-notch|Sources/RangePipeKit/Simulation/Script/PointerRecognizer.swift|s/static let pixelsPerNotch = 100.0/static let pixelsPerNotch = 120.0/|DocumentedBoundary|PointerInputTests"
  "raw-input-handle-zone|Sources/RangePipeKit/Simulation/Simulator/ViewSimulator+Press.swift|s/public static let handleZone = 22.0/public static let handleZone = 24.0/|DocumentedBoundary|PointerInputTests"
  "raw-input-handle-tie|Sources/RangePipeKit/Simulation/Simulator/ViewSimulator+Press.swift|s/.handle(toMin <= toMax ? .min : .max)/.handle(toMin < toMax ? .min : .max)/|DocumentedBoundary|PointerInputTests"
  "box-zoom-min-width|Sources/RangePipeKit/Simulation/Gestures/BoxZoomGesture.swift|s/b - a >= Self.minWidth else/b - a > Self.minWidth else/|MainChartGestureTests"
  "wheel-notch-factor|Sources/RangePipeKit/Simulation/Gestures/WheelGesture.swift|s/let s = pow(1.1, notches)/let s = pow(1.12, notches)/|DocumentedBoundary|MainChartGestureTests"
  "y-lock-slop|Sources/RangePipeKit/Simulation/Gestures/LockDecision.swift|s/static let slop = 10.0/static let slop = 12.0/|YZoomTests"
  "y-lock-tie|Sources/RangePipeKit/Simulation/Gestures/LockDecision.swift|s/let x = dx\[k\] >= dy\[k\]/let x = dx[k] > dy[k]/|YZoomTests"
  "crosshair-tie|Sources/RangePipeKit/Simulation/Queries/FrameQuery.swift|s/pick = x - index.x\[b\] <= index.x\[a\] - x ? b : a/pick = x - index.x[b] < index.x[a] - x ? b : a/|DocumentedBoundary|MainChartGestureTests"
  "ordinal-map-after-last|Sources/RangePipeKit/Model/XScale.swift|s/return Double(n - 1) + (x - xs\[n - 1\]) \/ (xs\[n - 1\] - xs\[n - 2\])/return Double(n - 1) + (x - xs[n - 1]) \/ (xs[1] - xs[0])/|DocumentedBoundary|OrdinalScaleTests"
  "ordinal-map-after-last-inverse|Sources/RangePipeKit/Model/XScale.swift|s/return xs\[n - 1\] + (u - Double(n - 1)) \* (xs\[n - 1\] - xs\[n - 2\])/return xs[n - 1] + (u - Double(n - 1)) * (xs[1] - xs[0])/|DocumentedBoundary|OrdinalScaleTests"
  "ordinal-map-before-first|Sources/RangePipeKit/Model/XScale.swift|s/if x <= xs\[0\] { return (x - xs\[0\]) \/ (xs\[1\] - xs\[0\]) }/if x <= xs[0] { return (x - xs[0]) \/ (xs[n - 1] - xs[n - 2]) }/|DocumentedBoundary|OrdinalScaleTests"
  "ordinal-map-before-first-inverse|Sources/RangePipeKit/Model/XScale.swift|s/if u <= 0 { return xs\[0\] + u \* (xs\[1\] - xs\[0\]) }/if u <= 0 { return xs[0] + u * (xs[n - 1] - xs[n - 2]) }/|DocumentedBoundary|OrdinalScaleTests"
  "log-map-points-exact|Sources/RangePipeKit/Model/XScale.swift|s/if j < us.count, us\[j\] == u { return xs\[j\] }/if j < us.count, us[j] == u, false { return xs[j] }/|DocumentedBoundary|LogScaleTests"
  "preset-month-end-clamp|Sources/RangePipeKit/Model/RangePreset+Calendar.swift|s/day: min(date.day, CivilTime.daysInMonth(year: year, month: month)))/day: date.day)/|DocumentedBoundary|PresetTests"
  "preset-ytd-midnight|Sources/RangePipeKit/Model/RangePreset+Calendar.swift|s/timeOfDay = 0$/timeOfDay += 0/|DocumentedBoundary|PresetTests"
  "preset-days-keep-time|Sources/RangePipeKit/Model/RangePreset+Calendar.swift|s/startDay = day - n$/startDay = day - n; timeOfDay = 0/|DocumentedBoundary|PresetTests"
  "preset-leap-400|Sources/RangePipeKit/Support/CivilTime.swift|s/y % 400 == 0/y % 400 == 1/|DocumentedBoundary|PresetTests|TimeParserTests"
  "preset-tie-first|Sources/RangePipeKit/Simulation/Plan/ScriptPlan+Presets.swift|s/presetButtons.first { \$0.offered \&\& \$0.window == w }/presetButtons.last { \$0.offered \&\& \$0.window == w }/|DocumentedBoundary|PresetTests|PresetCLITests"
  "preset-offered|Sources/RangePipeKit/Simulation/Plan/ScriptPlan+Presets.swift|s/offered: scale.u(start) >= c.lower)/offered: scale.u(start) > c.lower)/|DocumentedBoundary|PresetTests|PresetCLITests"
  "append-follow|Sources/RangePipeKit/Simulation/Simulator/ViewSimulator+Append.swift|s/guard window.upper >= batch.lastBefore else/guard window.upper > batch.lastBefore else/|AppendTests"
  "diff-tolerance-floor|Sources/RangePipeKit/Compare/TrackValue.swift|s/<= tolerance \* max(1, abs(a), abs(b))/<= tolerance * max(abs(a), abs(b))/|DocumentedBoundary|DiffCLITests"
  "diff-tolerance-inclusive|Sources/RangePipeKit/Compare/TrackValue.swift|s/<= tolerance \* max(1, abs(a), abs(b))/< tolerance * max(1, abs(a), abs(b))/|DocumentedBoundary|DiffCLITests"
  "diff-time-tolerance|Sources/RangePipeKit/Compare/TrackValue.swift|s/(fa - fb)) <= tolerance/(fa - fb)) < tolerance/|DocumentedBoundary|DiffCLITests"
  "elastic-rest|Sources/RangePipeKit/Simulation/Physics/ElasticReturn.swift|s/abs(p) < threshold \/ 2 \&\& abs(pv)/abs(p) < threshold * 2 \&\& abs(pv)/|DocumentedBoundary|PhysicsTests"
  "elastic-rest-speed|Sources/RangePipeKit/Simulation/Physics/ElasticReturn.swift|s/abs(pv) < 5 \* threshold)/abs(pv) < 20 * threshold)/|DocumentedBoundary|PhysicsTests"
  "elastic-threshold|Sources/RangePipeKit/Simulation/Simulator/ViewSimulator.swift|s/let threshold = 0.01 \* constraints.extent/let threshold = 0.04 * constraints.extent/|DocumentedBoundary|PhysicsTests"
  "elastic-spring|Sources/RangePipeKit/Simulation/Physics/ElasticReturn.swift|s/SpringParameters(bounciness: 0, speed: 12)/SpringParameters(bounciness: 0, speed: 11)/|PhysicsTests"
  "profiles-plotly-wheel-clamp|Sources/RangePipeKit/Simulation/Profiles/Plotly/PlotlyProfile.swift|s/static let wheelClamp = 20.0/static let wheelClamp = 25.0/|PlotlyProfileTests|PlotlyProfileGroundTruthTests"
  "profiles-plotly-wheel-scale|Sources/RangePipeKit/Simulation/Profiles/Plotly/PlotlyProfile.swift|s/static let wheelScale = 200.0/static let wheelScale = 250.0/|PlotlyProfileTests|PlotlyProfileGroundTruthTests"
  "profiles-plotly-min-drag|Sources/RangePipeKit/Simulation/Profiles/Plotly/PlotlyProfile.swift|s/static let minDrag = 8.0/static let minDrag = 9.0/|PlotlyProfileTests|PlotlyProfileGroundTruthTests"
  "profiles-plotly-double-click|Sources/RangePipeKit/Simulation/Profiles/Plotly/PlotlyProfile.swift|s/static let doubleClickDelay = 500.0/static let doubleClickDelay = 400.0/|PlotlyProfileTests|PlotlyProfileGroundTruthTests"
  "profiles-bokeh-wheel-speed|Sources/RangePipeKit/Simulation/Profiles/Bokeh/BokehProfile.swift|s/static let wheelSpeed = 1.0 \/ 600/static let wheelSpeed = 1.0 \/ 500/|BokehProfileTests"
  "profiles-bokeh-wheel-clamp|Sources/RangePipeKit/Simulation/Profiles/Bokeh/BokehProfile.swift|s/static let maxWheelFactor = 0.95/static let maxWheelFactor = 0.9/|BokehProfileTests"
  "profiles-bokeh-move-threshold|Sources/RangePipeKit/Simulation/Profiles/Bokeh/BokehProfile+Gestures.swift|s/static let moveThreshold = 5.0/static let moveThreshold = 6.0/|BokehProfileTests"
  "profiles-echarts-touch-suppression|Sources/RangePipeKit/Simulation/Profiles/ECharts/EChartsProfile+Touch.swift|s/static let touchMouseSuppression = 700.0/static let touchMouseSuppression = 690.0/|EChartsProfileTests|EChartsProfileGroundTruthTests"
  "shortest-few-places-reads-back|Sources/RangePipeKit/Export/Text/ShortestDecimal+FewPlaces.swift|s/if n >= 1, n \/ scale == v {/if n >= 1, n \/ scale == v.nextUp {/|ShortestDecimalTests"
  "shortest-few-places-bound|Sources/RangePipeKit/Export/Text/ShortestDecimal+FewPlaces.swift|s/guard scaled < 0x1p52 else/guard scaled < 0x1p62 else/|ShortestDecimalTests"
  "store-scan-field-lookup|Sources/RangePipeKit/Store/SeriesScan.swift|s/fieldLookup.bind(1, id)/fieldLookup.bind(1, id + 1)/|FleetScanOrderTests"
  "store-scan-field-integer-ids|Sources/RangePipeKit/Store/SeriesScan.swift|s/ WHERE typeof(series_id) = 'integer'//|FleetScanOrderTests"
  "store-scan-field-passed-over|Sources/RangePipeKit/Store/SeriesScan.swift|s/passedOver?.insert(fields.int(0))/_ = fields.int(0)/|FleetScanOrderTests"
  "store-first-field-migrated|Sources/RangePipeKit/Store/StoreSchema.swift|s/    DELETE FROM field WHERE (series_id, ordinal) IN .*;//|FirstFieldStoreTests"
  "store-first-field-written-once|Sources/RangePipeKit/Store/SeriesStore+Batch.swift|s/for (k, f) in info.fields.enumerated().dropFirst() {/for (k, f) in info.fields.enumerated() {/|FirstFieldStoreTests|StoreFormatTests"
  "store-insert-thread-order|Sources/RangePipeKit/Store/InsertWriter.swift|s/            jobs.append(job)/            jobs.insert(job, at: 0)/|IngestInsertThreadTests/sameStoreForEveryN|IngestInsertThreadTests/fullDiskOnTheInsertThread"
  "store-insert-thread-error|Sources/RangePipeKit/Store/InsertWriter.swift|s/            return failure$/            return nil/|IngestInsertThreadTests/sameStoreForEveryN|IngestInsertThreadTests/fullDiskOnTheInsertThread"
  "store-insert-thread-error-first|Sources/RangePipeKit/Jobs/IngestJob.swift|s/            let first = store.firstError(before: error)/            let first = error/|IngestInsertThreadTests/fullDiskOnTheInsertThread"
  "store-scan-passed-over-limit|Sources/RangePipeKit/Store/SeriesScan.swift|s/passedOver == nil \&\& !here/passedOver == nil \&\& here/|FleetScanOrderTests"
  "store-first-field-lowest-ordinal|Sources/RangePipeKit/Store/StoreSchema.swift|s/ORDER BY ordinal LIMIT 1/ORDER BY ordinal DESC LIMIT 1/|FirstFieldStoreTests"
  "support-trimming-fast-path|Sources/RangePipeKit/Support/String+Trimming.swift|s/tail == 0x20 /tail == 0x21 /|StringTrimmingTests"
  "store-scan-field-names-reused|Sources/RangePipeKit/Store/SeriesScan.swift|s/statement.text(column, is: last\[matched\])/true/|FleetScanOrderTests"
  "profiles-chromium-touch-slop|Sources/RangePipeKit/Simulation/Script/ChromiumTouch.swift|s/static let slop = 15.05/static let slop = 17.05/|PlotlyProfileTests|PlotlyProfileGroundTruthTests|BokehProfileTests|EChartsProfileTests"
  "profiles-lwc-kinetic-start-delay|Sources/RangePipeKit/Simulation/Profiles/LightweightCharts/LightweightChartsProfile+Kinetic.swift|s/positions\[0\].time <= Self.maxStartDelay/positions[0].time < Self.maxStartDelay/|LightweightChartsProfileGroundTruthTests"
  "profiles-lwc-kinetic-min-move|Sources/RangePipeKit/Simulation/Profiles/LightweightCharts/LightweightChartsProfile+Kinetic.swift|s/static let scrollMinMove = 15.0/static let scrollMinMove = 12.0/|LightweightChartsProfileGroundTruthTests"
  "profiles-lwc-long-tap|Sources/RangePipeKit/Simulation/Script/SecondFinger.swift|s/static let lightweightChartsLongTap = 240.0/static let lightweightChartsLongTap = 250.0/|LightweightChartsProfileGroundTruthTests"
  "profiles-lwc-tracking-exit|Sources/RangePipeKit/Simulation/Profiles/LightweightCharts/LightweightChartsProfile+Touch.swift|s/if exitTrackingAtLift { tracking = false }/if exitTrackingAtLift { tracking = true }/|LightweightChartsProfileGroundTruthTests"
  "profiles-echarts-pinch-step|Sources/RangePipeKit/Simulation/Profiles/ECharts/EChartsProfile+Pinch.swift|s/scale > 1 ? 1.1 : 1 \/ 1.1/scale >= 1 ? 1.1 : 1 \/ 1.1/|EChartsProfileGroundTruthTests"
  "profiles-echarts-pinch-edge|Sources/RangePipeKit/Simulation/Script/SecondFinger.swift|s/p.x < width \&\& p.y >= 0 \&\& p.y < height/p.x <= width \&\& p.y >= 0 \&\& p.y <= height/|EChartsProfileTests"
  "profiles-dygraphs-touch-clip|Sources/RangePipeKit/Simulation/Profiles/Dygraphs/DygraphsProfile+Touch.swift|s/xScale = min(8, max(0.125, xScale))/xScale = min(8, max(0.1, xScale))/|DygraphsProfileGroundTruthTests"
  "profiles-dygraphs-double-tap|Sources/RangePipeKit/Simulation/Profiles/Dygraphs/DygraphsProfile+Touch.swift|s/now - tap.t < 500/now - tap.t <= 500/|DygraphsProfileGroundTruthTests"
  "profiles-lwc-pinch-factor|Sources/RangePipeKit/Simulation/Profiles/LightweightCharts/LightweightChartsProfile+Pinch.swift|s/let zoom = (ratio - p.scale) \* 5/let zoom = (ratio - p.scale) * 4/|LightweightChartsProfileGroundTruthTests"
  "profiles-lwc-double-tap|Sources/RangePipeKit/Simulation/Profiles/LightweightCharts/LightweightChartsProfile+TouchHandler.swift|s/static let doubleTapDistance = 30.0/static let doubleTapDistance = 31.0/|LightweightChartsProfileGroundTruthTests"
  "profiles-bokeh-min-box|Sources/RangePipeKit/Simulation/Profiles/Bokeh/BokehProfile.swift|s/static let minBoxWidth = 5.0/static let minBoxWidth = 6.0/|BokehProfileTests"
  "profiles-bokeh-double-tap|Sources/RangePipeKit/Simulation/Profiles/Bokeh/BokehProfile+Gestures.swift|s/static let doubletapThreshold = 300.0/static let doubletapThreshold = 400.0/|BokehProfileTests"
)

only=",${MUTANTS:-},"
# A mutant counts as killed only if its tests pass without it (the suites
# of the mutants chosen).
filters=$(for entry in "${mutants[@]}"; do
  IFS='|' read -r name file expr _ <<<"$entry"
  [ "$only" = ",," ] || [[ "$only" == *",$name,"* ]] || continue
  echo "${entry#"$name|$file|$expr|"}"
done | tr '|' '\n' | sort -u | tr '\n' '|')
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

printf '\n%-34s %-36s %s\n' mutant outcome tests
echo "(logs: $logs)"
for r in "${results[@]}"; do
  IFS='|' read -r name outcome _ <<<"$r"
  printf '%-34s %-36s %s\n' "$name" "$outcome" "${r#"$name|$outcome|"}"
done
exit $failed
