#!/usr/bin/env bash
# Writes Sources/RangePipeKit/Export/ScriptSchema+Text.swift from
# docs/script.schema.json (`make schema-source`). The Swift string is what
# `rangepipe script schema` prints; `make test-schema` fails when the two
# differ, so edit the JSON file and run this.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=docs/script.schema.json
out=Sources/RangePipeKit/Export/ScriptSchema+Text.swift
if grep -q '"""##' "$src"; then echo "$src contains the Swift string's delimiter" >&2; exit 1; fi
{
  echo '// Generated from docs/script.schema.json by Tests/Schema/embed-schema.sh: edit the JSON file.'
  echo 'extension ScriptSchema {'
  echo '    /// The schema document without its final newline.'
  echo '    static let body = ##"""'
  cat "$src"
  echo '"""##'
  echo '}'
} > "$out.tmp"
mv "$out.tmp" "$out"
