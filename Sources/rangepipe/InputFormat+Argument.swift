// Public: the conformance of a public type is public.
public import ArgumentParser
import RangePipeKit

/// `--format` and `--input-format` (auto, csv, tsv, ndjson, json, arrow): --help lists the values,
/// completions offer them, and any other is a usage error (exit 64).
extension InputFormat: ExpressibleByArgument {}
