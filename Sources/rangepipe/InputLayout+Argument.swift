// Public: the conformance of a public type is public.
public import ArgumentParser
import RangePipeKit

/// `--layout columns|rows`: --help lists the values, completions offer
/// them, and any other is a usage error (exit 64).
extension InputLayout: ExpressibleByArgument {}
