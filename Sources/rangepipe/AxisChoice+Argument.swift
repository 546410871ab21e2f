// Public: the conformance of a public type is public.
public import ArgumentParser
import RangePipeKit

/// `--axis auto|time|category|number`: --help lists the values,
/// completions offer them, and any other is a usage error (exit 64).
extension AxisChoice: ExpressibleByArgument {}
