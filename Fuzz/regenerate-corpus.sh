#!/usr/bin/env bash
# Minimises the committed seeds (Fuzz/seeds/<kind>) with libFuzzer's merge:
# the smallest set of inputs that covers what all the seeds cover (and, with
# WITH_CORPUS=1, what the local corpus that `make fuzz` grows covers too:
# Fuzz/corpus/<kind>, untracked; use it after a long run, not a short one). Hand-written seeds (any name that is not a 40-hex SHA-1, such
# as seeds/csv/a) are always kept, under their names; the rest are replaced
# by the merge's picks, named by content SHA-1. Review `git status`, then
# commit the seeds.
#   MERGE (default -merge=1; -set_cover_merge=1 keeps fewer files).
set -euo pipefail
cd "$(dirname "$0")"
merge=${MERGE:--merge=1}
swift build -c release -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -vE 'Cannot export local symbol' | tail -1
for pair in FuzzCSV:csv FuzzNDJSON:ndjson FuzzJSON:json FuzzSimulator:sim; do
  target=${pair%%:*}; kind=${pair##*:}
  [ -d "seeds/$kind" ] || continue
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir "$work/keep" "$work/old"
  for f in seeds/"$kind"/*; do
    [ -f "$f" ] || continue
    if [[ $(basename "$f") =~ ^[0-9a-f]{40}$ ]]; then cp "$f" "$work/old/"; else cp "$f" "$work/keep/"; fi
  done
  sources=("$work/old")
  if [ "${WITH_CORPUS:-0}" = 1 ] && [ -d "corpus/$kind" ]; then sources+=("corpus/$kind"); fi
  # The hand-written seeds are in the output directory from the start, so
  # the merge only adds inputs that cover something they do not.
  ASAN_OPTIONS=malloc_context_size=2 .build/release/$target "$merge" "$work/keep" "${sources[@]}" 2>&1 \
    | grep -E '^MERGE-OUTER: [0-9]+ new files' || true
  find "seeds/$kind" -maxdepth 1 -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}' -delete
  cp -n "$work/keep"/* "seeds/$kind/"
  echo "== $target: $(ls "seeds/$kind" | wc -l) seeds in seeds/$kind"
  rm -rf "$work"
  trap - EXIT
done
