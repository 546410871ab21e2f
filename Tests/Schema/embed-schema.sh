#!/usr/bin/env bash
# Writes the Swift copy of docs/script.schema.json (`make schema-source`)
# in two files: ScriptSchema+Settings.swift (the top level and the
# settings' definitions, up to the `pathXOrXY` definition) and
# ScriptSchema+Events.swift (paths, gestures, actions, raw pointer input).
# `rangepipe script schema` prints them joined; `make test-schema` fails
# when that differs from the JSON file, so edit the JSON file and run this.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=docs/script.schema.json
dir=Sources/RangePipeKit/Export/Reports
if grep -q '"""##' "$src"; then echo "$src contains the Swift string's delimiter" >&2; exit 1; fi
split=$(grep -n '^    "pathXOrXY": {' "$src" | cut -d: -f1)
[ -n "$split" ] || { echo "$src has no \"pathXOrXY\" definition to split at" >&2; exit 1; }
piece() { # name, doc, first line, last line (or $)
  {
    echo '// Generated from docs/script.schema.json by Tests/Schema/embed-schema.sh: edit the JSON file.'
    echo 'extension ScriptSchema {'
    echo "    /// $2"
    echo "    static let $1 = ##\"\"\""
    sed -n "$3,$4p" "$src"
    echo '"""##'
    echo '}'
  } > "$dir/ScriptSchema+$5.swift.tmp"
  mv "$dir/ScriptSchema+$5.swift.tmp" "$dir/ScriptSchema+$5.swift"
}
piece settingsPart "The schema's lines up to the path definitions: the top level and the settings." 1 $((split - 1)) Settings
piece eventsPart "The schema's lines from the path definitions on: paths, gestures, actions, raw pointer input." "$split" '$' Events
